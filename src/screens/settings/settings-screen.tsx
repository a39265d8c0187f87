import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { z } from 'zod/mini';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { fieldA11y, FormField } from '../../components/form-field';
import { LanguageSwitcher, nativeNames } from '../../components/language-switcher';
import { useLayoutContext } from '../../components/layout-context';
import { LoadState } from '../../components/load-state';
import { FailureNotice } from '../../components/failure-notice';
import { usePageTitle } from '../../components/use-page-title';
import {
  invalidateAccount,
  useAccountInfo,
  useChangePassword,
  useOfferEmails,
  useSetAccountLanguage,
  useSetNickname,
  type AccountIdentity,
} from '../../queries/account-queries';
import { useServices } from '../../queries/services-context';
import { useTheme } from '../../queries/site-queries';
import { useKept } from '../../queries/use-polling';
import { useRequestEmailBinding } from '../../queries/account-email-queries';
import { EMAIL_LINK_HOURS } from '../../../core/config/email-links';
import { changePasswordSchema, emailSchema, nicknameSchema } from '../../../core/validation/schemas';
import { AccountDeletionSection } from './account-deletion-section';
import { DataExportSection } from './data-export-section';
import './settings.css';

const m = defineMessages({
  title: { id: 'settings.title', defaultMessage: 'Settings', description: 'Title of the settings page' },
  profile: { id: 'settings.profile', defaultMessage: 'Your account', description: 'Heading of the account identity section of settings' },
  nickname: { id: 'settings.nickname', defaultMessage: 'Name', description: 'Label of the nickname shown in settings' },
  account: { id: 'settings.account', defaultMessage: 'Email or phone', description: 'Label of the account (email or phone) shown in settings' },
  password: { id: 'settings.password', defaultMessage: 'Change your password', description: 'Heading of the change-password section' },
  oldPassword: { id: 'settings.oldPassword', defaultMessage: 'Current password', description: 'Label of the current password field' },
  newPassword: {
    id: 'settings.newPassword',
    defaultMessage: 'New password (at least 6 characters)',
    description: 'Label of the new password field in settings',
  },
  confirmPassword: {
    id: 'settings.confirmPassword',
    defaultMessage: 'Repeat the new password',
    description: 'Label of the new password confirmation in settings',
  },
  saveNickname: { id: 'settings.saveNickname', defaultMessage: 'Save name', description: 'Button that saves the nickname' },
  savePassword: { id: 'settings.savePassword', defaultMessage: 'Change password', description: 'Button that changes the password' },
  passwordChanged: {
    id: 'settings.passwordChanged',
    defaultMessage: 'Your password was changed. Your other devices were signed out; this one stays signed in.',
    description: 'Shown after the password was changed',
  },
  email: { id: 'settings.email', defaultMessage: 'Email', description: 'Label of the email bound to a phone account, shown in settings' },
  addEmail: {
    id: 'settings.addEmail',
    defaultMessage: 'Add an email',
    description: 'Label of the field where a phone account types an email to add (for receipts and password recovery)',
  },
  addEmailHint: {
    id: 'settings.addEmailHint',
    defaultMessage: 'Receipts and password recovery can then go to it as well. We send it a link; the email is added when you open it.',
    description: 'Explains adding an email to a phone account in settings',
  },
  sendLink: { id: 'settings.sendLink', defaultMessage: 'Send the link', description: 'Button that sends the link that adds an email to a phone account' },
  offers: { id: 'settings.offers', defaultMessage: 'Offer emails', description: 'Heading of the offer-email subscription section' },
  offersLabel: {
    id: 'settings.offersLabel',
    defaultMessage: 'Send me emails about offers and new plans',
    description: 'Checkbox that subscribes to offer emails',
  },
  offersSaved: { id: 'settings.offersSaved', defaultMessage: 'Saved.', description: 'Shown after the offer-email choice was saved' },
  language: { id: 'settings.language', defaultMessage: 'Language', description: 'Heading of the language section of settings' },
  languageHint: {
    id: 'settings.languageHint',
    defaultMessage: 'The portal shows itself in this language on this browser.',
    description: 'Explains what the language setting changes',
  },
  messagesLanguage: {
    id: 'settings.messagesLanguage',
    defaultMessage: 'Language of emails and messages',
    description: "Label of the language the account's e-mails and text messages are written in, shown in settings",
  },
  messagesLanguageHint: {
    id: 'settings.messagesLanguageHint',
    defaultMessage: 'Receipts, reminders and account notices are written in it. Choosing a language above while signed in changes it too.',
    description: "Explains the language of the account's e-mails and text messages in settings",
  },
});

const useForMessages = defineMessage<{ readonly language: string }>({
  id: 'settings.useForMessages',
  defaultMessage: 'Send them in {language}',
  description: "Button in settings that makes the page's language (named in itself) the language of the account's e-mails and text messages",
});

/**
 * Settings (spec section 2, "other labelled screens"): nickname, password, offer emails and
 * language, in the main layout behind the login guard (ADR 020); the header's account area links
 * here and to /account.
 */
export function SettingsScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { session } = useServices();
  const identity = useSelector(session, (s) => selectSessionView(s).identity);
  return (
    <section className="page settings-page stack" aria-labelledby="settings-title">
      <h1 id="settings-title">{intl.formatMessage(m.title)}</h1>
      {identity && <AccountSettings identity={identity} />}
      <PasswordSection />
      <LanguageSection identity={identity} />
      <DataExportSection />
      <AccountDeletionSection />
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Offer emails: a checkbox showing the account's `unsubscribeEmail`; a change calls the
 * subscription, says "Saved." and drops the cached account reads, so /account shows the same choice.
 */
function AccountSettings({ identity }: { identity: AccountIdentity }) {
  const intl = useIntl();
  const { language } = useLayoutContext();
  const info = useAccountInfo(identity, language);
  const { queries } = useServices();
  const offers = useOfferEmails();
  // What was read stays on the page while a change makes it read again.
  const data = useKept(info);
  if (!data) return <LoadState status={info.status === 'error' ? 'error' : 'loading'} onRetry={info.retry} />;
  // The answer of the last change wins over the account read it changed.
  const subscribed = offers.status === 'success' ? offers.data.subscribeStatus === 1 : !data.unsubscribeEmail;
  return (
    <>
      <Section id="settings-profile-title" title={intl.formatMessage(m.profile)}>
        <dl className="facts">
          <dt>{intl.formatMessage(m.account)}</dt>
          <dd>{data.account}</dd>
          {data.email && (
            <>
              <dt>{intl.formatMessage(m.email)}</dt>
              <dd>{data.email}</dd>
            </>
          )}
        </dl>
        <NicknameForm nickname={data.nickname} uid={identity.uid} />
        {data.type === 'phone' && !data.email && <EmailBindingForm />}
      </Section>
      <Section id="settings-offers-title" title={intl.formatMessage(m.offers)}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={subscribed}
            disabled={offers.status === 'pending'}
            onChange={(e) => void offers.mutate(e.currentTarget.checked).then(() => invalidateAccount(queries, identity.uid))}
          />
          <span>{intl.formatMessage(m.offersLabel)}</span>
        </label>
        {offers.status === 'success' && (
          <p className="muted small" role="status">
            {intl.formatMessage(m.offersSaved)}
          </p>
        )}
      </Section>
    </>
  );
}

const nicknameFormSchema = z.object({ nickname: nicknameSchema });

/** The nickname (spec section 5: no special characters, full-width forms included), shown in the header too. */
function NicknameForm({ nickname, uid }: { nickname: string; uid: string }) {
  const intl = useIntl();
  const { queries } = useServices();
  const form = useForm<z.input<typeof nicknameFormSchema>>({ resolver: zodResolver(nicknameFormSchema), defaultValues: { nickname } });
  const save = useSetNickname();
  const error = form.formState.errors.nickname?.message;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit(async (v) => {
        await save.mutate(v.nickname);
        // The account screen and the header name the account by it.
        invalidateAccount(queries, uid);
        queries.invalidate('accountName');
      })}
    >
      <FormField id="settings-nickname" label={intl.formatMessage(m.nickname)} error={error}>
        <input type="text" autoComplete="nickname" maxLength={32} {...fieldA11y('settings-nickname', error)} {...form.register('nickname')} />
      </FormField>
      <FailureNotice error={save.status === 'error' ? save.error : undefined} />
      <div className="actions">
        <button type="submit" className="button" disabled={save.status === 'pending'}>
          {intl.formatMessage(m.saveNickname)}
        </button>
      </div>
      {save.status === 'success' && (
        <p className="muted small" role="status">
          {intl.formatMessage(m.offersSaved)}
        </p>
      )}
    </form>
  );
}

const linkSent = defineMessage<{ readonly email: string; readonly hours: number }>({
  id: 'settings.linkSent',
  defaultMessage: 'We sent a link to {email}. Open it within {hours} hours to add the email to your account.',
  description: 'Shown after the email-binding link was sent; email is masked (a***@example.com)',
});

const bindingSchema = z.object({ email: emailSchema() });

/**
 * A phone account adds an email (docs/decisions/042): the server sends the same binding link a
 * phone sign-up does, and the account shows the email once the link is followed. Refusals (12, 8,
 * 187, -3031) are said beside the button; what was typed stays.
 */
function EmailBindingForm() {
  const intl = useIntl();
  const form = useForm<z.input<typeof bindingSchema>>({ resolver: zodResolver(bindingSchema), defaultValues: { email: '' } });
  const send = useRequestEmailBinding();
  const error = form.formState.errors.email?.message;
  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v.email))}>
      <FormField id="settings-email" label={intl.formatMessage(m.addEmail)} error={error}>
        <input type="email" autoComplete="email" maxLength={254} {...fieldA11y('settings-email', error)} {...form.register('email')} />
      </FormField>
      <p className="muted small">{intl.formatMessage(m.addEmailHint)}</p>
      <FailureNotice error={send.status === 'error' ? send.error : undefined} />
      <div className="actions">
        <button type="submit" className="button" disabled={send.status === 'pending'}>
          {intl.formatMessage(m.sendLink)}
        </button>
      </div>
      {send.status === 'success' && (
        <p className="notice notice-success" role="status">
          {intl.formatMessage(linkSent, { email: send.data.email, hours: EMAIL_LINK_HOURS })}
        </p>
      )}
    </form>
  );
}

type PasswordValues = z.input<typeof changePasswordSchema>;

/**
 * The current password and the new one typed twice (`changePasswordSchema`, spec section 5). The
 * refusals 3, 5 and 17 are shown once each and keep what was typed. On success the page says the
 * other devices were signed out, because the server ends every other session (ADR 006).
 */
function PasswordSection() {
  const intl = useIntl();
  const form = useForm<PasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: { oldPassword: '', password: '', confirmPassword: '' } });
  const change = useChangePassword();
  // A changed password leaves nothing typed behind; a refused one keeps the form to correct.
  const { reset } = form;
  useEffect(() => {
    if (change.status === 'success') reset();
  }, [change.status, reset]);
  const e = form.formState.errors;
  const field = (name: keyof PasswordValues, label: string, autoComplete: string) => (
    <FormField id={`settings-${name}`} label={label} error={e[name]?.message}>
      <input type="password" autoComplete={autoComplete} {...fieldA11y(`settings-${name}`, e[name]?.message)} {...form.register(name)} />
    </FormField>
  );
  return (
    <Section id="settings-password-title" title={intl.formatMessage(m.password)}>
      <form className="stack" noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))}>
        {change.status === 'success' && (
          <p className="notice notice-success" role="status">
            {intl.formatMessage(m.passwordChanged)}
          </p>
        )}
        {field('oldPassword', intl.formatMessage(m.oldPassword), 'current-password')}
        {field('password', intl.formatMessage(m.newPassword), 'new-password')}
        {field('confirmPassword', intl.formatMessage(m.confirmPassword), 'new-password')}
        {/* The refusals 3, 5 and 17 come back untold (expected), so this says them; anything else too. */}
        <FailureNotice error={change.status === 'error' ? change.error : undefined} />
        <div className="actions">
          <button type="submit" className="button" disabled={change.status === 'pending'}>
            {intl.formatMessage(m.savePassword)}
          </button>
        </div>
      </form>
    </Section>
  );
}

/**
 * The header's language picker with a sentence on what it changes; the choice is stored in the
 * browser (spec section 3, `language`) and, signed in, on the account for its messages.
 */
function LanguageSection({ identity }: { identity: AccountIdentity | null }) {
  const intl = useIntl();
  const { language, onLanguageChange } = useLayoutContext();
  const theme = useTheme();
  return (
    <Section id="settings-language-title" title={intl.formatMessage(m.language)}>
      <p className="muted">{intl.formatMessage(m.languageHint)}</p>
      <LanguageSwitcher value={language} available={theme.data?.langs ?? [language]} onChange={onLanguageChange} />
      {identity && <MessagesLanguage identity={identity} />}
    </Section>
  );
}

/**
 * The language the account's e-mails are written in, as the server holds it (docs/decisions/049):
 * a sign-in elsewhere, or a pick the server did not take, can leave it apart from the page's, and
 * then one button makes them the same.
 */
function MessagesLanguage({ identity }: { identity: AccountIdentity }) {
  const intl = useIntl();
  const { language } = useLayoutContext();
  const info = useAccountInfo(identity, language);
  const data = useKept(info);
  const save = useSetAccountLanguage(identity.uid);
  if (!data) return null;
  return (
    <div className="stack">
      <dl className="facts">
        <dt>{intl.formatMessage(m.messagesLanguage)}</dt>
        <dd lang={data.language}>{nativeNames[data.language]}</dd>
      </dl>
      <p className="muted small">{intl.formatMessage(m.messagesLanguageHint)}</p>
      <FailureNotice error={save.status === 'error' ? save.error : undefined} />
      {data.language !== language && (
        <div className="actions">
          <button type="button" className="button button-secondary" disabled={save.status === 'pending'} onClick={() => void save.mutate(language)}>
            {intl.formatMessage(useForMessages, { language: nativeNames[language] })}
          </button>
        </div>
      )}
      {save.status === 'success' && data.language === language && (
        <p className="muted small" role="status">
          {intl.formatMessage(m.offersSaved)}
        </p>
      )}
    </div>
  );
}
