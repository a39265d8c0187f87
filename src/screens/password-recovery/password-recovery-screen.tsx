import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useController, useForm } from 'react-hook-form';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import type { PasswordRecoveryView } from '../../../machines/password-recovery/password-recovery.selectors';
import type { PasswordRecoveryEvent, PasswordRecoveryInput } from '../../../machines/password-recovery/password-recovery.types';
import { CaptchaField } from '../../components/captcha-field';
import { fieldA11y, FormField } from '../../components/form-field';
import { FailureNotice } from '../../components/failure-notice';
import { RefusalNotice } from '../../components/refusal-notice';
import { ResendCountdown } from '../../components/resend-countdown';
import { usePageTitle } from '../../components/use-page-title';
import { accountFields } from '../../../core/validation/helpers';
import { returnPath } from '../../../core/routing/return-path';
import { useServices } from '../../queries/services-context';
import {
  areaCodeInputSchema,
  captchaSchema,
  emailOrPhoneSchema,
  emailSchema,
  newPasswordPairSchema,
  V,
  verificationCodeSchema,
} from '../../../core/validation/schemas';
import { usePasswordRecovery } from '../../queries/flows/password-recovery-flow';

const m = defineMessages({
  title: { id: 'recovery.title', defaultMessage: 'Reset your password', description: 'Title of the password recovery pages' },
  intro: {
    id: 'recovery.intro',
    defaultMessage: 'We can email you a link to set a new password, or send you a 4-digit code by email or SMS.',
    description: 'Introduction of the password recovery form',
  },
  account: { id: 'recovery.account', defaultMessage: 'Email or phone number', description: 'Label of the account field of password recovery' },
  areaCode: {
    id: 'recovery.areaCode',
    defaultMessage: 'Country code (phone numbers only)',
    description: 'Label of the phone country code field of password recovery',
  },
  sendLink: { id: 'recovery.sendLink', defaultMessage: 'Email me a link', description: 'Button that asks for a password reset link by email' },
  sendCode: { id: 'recovery.sendCode', defaultMessage: 'Send me a code', description: 'Button that asks for a 4-digit password reset code' },
  resendLink: { id: 'recovery.resendLink', defaultMessage: 'Send a new link', description: 'Button that asks for another reset link after the countdown' },
  resendCode: { id: 'recovery.resendCode', defaultMessage: 'Send a new code', description: 'Button that asks for another reset code after the countdown' },
  restart: { id: 'recovery.restart', defaultMessage: 'Use another email or phone', description: 'Button that goes back to the password recovery form' },
  code: { id: 'recovery.code', defaultMessage: '4-digit code', description: 'Label of the reset code field' },
  password: { id: 'recovery.password', defaultMessage: 'New password (at least 6 characters)', description: 'Label of the new password field' },
  confirmPassword: { id: 'recovery.confirmPassword', defaultMessage: 'Repeat the new password', description: 'Label of the new password confirmation field' },
  submit: { id: 'recovery.submit', defaultMessage: 'Set the new password', description: 'Button that sets the new password' },
  checking: { id: 'recovery.checking', defaultMessage: 'Checking the link…', description: 'Shown while a reset link is checked' },
  unavailable: {
    id: 'recovery.unavailable',
    defaultMessage: 'This link cannot be used. Ask for a new one.',
    description: 'Shown when a reset link could not be checked',
  },
  newLink: {
    id: 'recovery.newLink',
    defaultMessage: 'Ask for a new link',
    description: 'Button that goes back to the password recovery form after a dead link',
  },
  done: { id: 'recovery.done', defaultMessage: 'Your password was changed. Log in with the new one.', description: 'Shown when the new password is set' },
  logIn: { id: 'recovery.logIn', defaultMessage: 'Back to log-in', description: 'Link from password recovery to the login page' },
});
const linkSent = defineMessage<{ readonly email: string }>({
  id: 'recovery.linkSent',
  defaultMessage: 'If an account uses {email}, we sent it a link to set a new password. The link works once, for 30 minutes.',
  description: 'Shown after a reset link was asked for (unknown addresses get the same answer)',
});
const codeSent = defineMessage<{ readonly account: string }>({
  id: 'recovery.codeSent',
  defaultMessage: 'If an account uses {account}, we sent it a 4-digit code. It works once, for 10 minutes.',
  description: 'Shown after a reset code was asked for (unknown accounts get the same answer)',
});
const resendWait = defineMessage<{ readonly seconds: number }>({
  id: 'recovery.resendWait',
  defaultMessage: 'You can ask for another one in {seconds, plural, one {# second} other {# seconds}}.',
  description: 'Shown while the resend countdown of a reset link or code runs',
});
const newPasswordFor = defineMessage<{ readonly email: string }>({
  id: 'recovery.newPasswordFor',
  defaultMessage: 'Choose a new password for {email}.',
  description: 'Shown above the new password form opened from a reset link',
});

type Send = (event: PasswordRecoveryEvent) => void;

/**
 * /forgot-password and /lost-password (spec section 2): ask for a link or a code. A checkout that
 * needs a new password first (-2500) opens it with `?account=` to fill in and `?redirect=` to
 * come back to after the new log-in.
 */
export function ForgotPasswordScreen() {
  const [query] = useSearchParams();
  const { store } = useServices();
  const redirect = query.get('redirect');
  const input = useMemo<PasswordRecoveryInput>(
    () => {
      const returnTo = redirect ? returnPath(redirect, null) : undefined;
      // A link is opened from the mailbox, on a page of its own: it finds the way back here.
      if (returnTo) store.set('returnAfterReset', returnTo);
      else store.remove('returnAfterReset');
      return { token: null, returnTo };
    },
    // Read once: the machine starts with what the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return <RecoveryScreen input={input} />;
}

/** /reset-password?token=… (spec section 2): the mailed link; without a token, the request form. */
export function ResetPasswordScreen() {
  const [query, setQuery] = useSearchParams();
  const { store } = useServices();
  const token = query.get('token');
  const input = useMemo<PasswordRecoveryInput>(
    () => {
      // Where the request for this link came from, when a checkout asked for it (-2500).
      const back = store.get('returnAfterReset');
      return { token: token || null, returnTo: back ? returnPath(back, null) : undefined };
    },
    // Read once: the machine starts with what the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  // Once read, the token leaves the address bar (replacing the entry, not adding one): it is not
  // kept in the history, shown over a shoulder, or copied with the address.
  useEffect(() => {
    if (token === null) return;
    setQuery(
      (current) => {
        const rest = new URLSearchParams(current);
        rest.delete('token');
        return rest;
      },
      { replace: true },
    );
  }, [token, setQuery]);
  return <RecoveryScreen input={input} />;
}

function RecoveryScreen({ input }: { input: PasswordRecoveryInput }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { view, send } = usePasswordRecovery(input);
  return (
    <section className="form-page recovery-page" aria-labelledby="recovery-title" aria-busy={view.busy}>
      <h1 id="recovery-title">{intl.formatMessage(m.title)}</h1>
      <RecoveryStep view={view} send={send} />
      <Link to="/login" className="small">
        {intl.formatMessage(m.logIn)}
      </Link>
    </section>
  );
}

function RecoveryStep({ view, send }: { view: PasswordRecoveryView; send: Send }) {
  const intl = useIntl();
  switch (view.step) {
    case 'checking':
      return (
        <p className="load-state" role="status" aria-live="polite">
          {intl.formatMessage(m.checking)}
        </p>
      );
    case 'done':
      return (
        <p className="notice notice-success" role="status">
          {intl.formatMessage(m.done)}
        </p>
      );
    case 'linkUnavailable':
      return (
        <div className="stack">
          {view.errCode !== null ? (
            <RefusalNotice code={view.errCode} />
          ) : (
            <p className="notice notice-warning" role="alert">
              {intl.formatMessage(m.unavailable)}
            </p>
          )}
          <button type="button" className="button" onClick={() => send({ type: 'RESTART' })}>
            {intl.formatMessage(m.newLink)}
          </button>
        </div>
      );
    case 'request':
      return <RequestForm view={view} send={send} />;
    case 'linkSent':
      return (
        <div className="stack">
          <RefusalNotice code={view.errCode} />
          <FailureNotice error={view.failure} />
          <p className="notice notice-success" role="status">
            {intl.formatMessage(linkSent, { email: view.sentTo ?? '' })}
          </p>
          <Resend view={view} send={send} label={intl.formatMessage(m.resendLink)} />
        </div>
      );
    case 'codeSent':
      return (
        <div className="stack">
          <RefusalNotice code={view.errCode} />
          <FailureNotice error={view.failure} />
          <p className="notice notice-success" role="status">
            {intl.formatMessage(codeSent, { account: view.sentTo ?? '' })}
          </p>
          <NewPasswordForm
            prefix="recovery-code"
            withCode
            busy={view.busy}
            onSubmit={(v) => send({ type: 'CODE_RESET_SUBMITTED', code: v.code, password: v.password })}
          />
          <Resend view={view} send={send} label={intl.formatMessage(m.resendCode)} />
        </div>
      );
    case 'newPassword':
      return (
        <div className="stack">
          <RefusalNotice code={view.errCode} />
          <FailureNotice error={view.failure} />
          <p>{intl.formatMessage(newPasswordFor, { email: view.linkEmail ?? '' })}</p>
          <NewPasswordForm prefix="recovery-link" busy={view.busy} onSubmit={(v) => send({ type: 'LINK_RESET_SUBMITTED', password: v.password })} />
        </div>
      );
  }
}

/** Another link or code after the countdown (spec section 9), or back to the form. */
function Resend({ view, send, label }: { view: PasswordRecoveryView; send: Send; label: string }) {
  const intl = useIntl();
  return (
    <>
      {view.countingDown && <ResendCountdown until={view.resendAt} message={resendWait} />}
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={!view.canResend || view.busy} onClick={() => send({ type: 'RESEND_REQUESTED' })}>
          {label}
        </button>
        <button type="button" className="button button-secondary" disabled={view.busy} onClick={() => send({ type: 'RESTART' })}>
          {intl.formatMessage(m.restart)}
        </button>
      </div>
    </>
  );
}

/** An email, or phone digits (spec section 5); a link needs an email. */
const requestSchema = z.object({ account: emailOrPhoneSchema, areaCode: areaCodeInputSchema, captcha: z.string() });
const withCaptcha = z.object({ captcha: captchaSchema });
const linkRequestSchema = z.object({ account: emailSchema(), areaCode: z.string(), captcha: z.string() });
type RequestValues = z.input<typeof requestSchema>;

function RequestForm({ view, send }: { view: PasswordRecoveryView; send: Send }) {
  const intl = useIntl();
  const [query] = useSearchParams();
  const needsCaptcha = view.captcha !== null;
  const code = useForm<RequestValues>({
    resolver: zodResolver(needsCaptcha ? z.extend(requestSchema, withCaptcha.shape) : requestSchema),
    defaultValues: { account: view.requested?.account ?? query.get('account') ?? '', areaCode: view.requested?.areaCode ?? '', captcha: '' },
  });
  const captcha = useController({ control: code.control, name: 'captcha' });
  const e = code.formState.errors;
  const captchaCode = (v: RequestValues) => (needsCaptcha ? { captchaCode: v.captcha } : {});
  const asLink = async () => {
    // The link goes by email only: the same field, checked as an address.
    const parsed = (needsCaptcha ? z.extend(linkRequestSchema, withCaptcha.shape) : linkRequestSchema).safeParse(code.getValues());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) code.setError(issue.path[0] === 'captcha' ? 'captcha' : 'account', { message: issue.message ?? V.invalidEmail });
      return;
    }
    send({ type: 'LINK_REQUESTED', email: parsed.data.account, ...captchaCode(parsed.data) });
  };
  const a11y = (name: keyof RequestValues) => fieldA11y(`recovery-${name}`, e[name]?.message);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={code.handleSubmit((v) => send({ type: 'CODE_REQUESTED', fields: accountFields(v.account, v.areaCode), ...captchaCode(v) }))}
    >
      <p className="muted">{intl.formatMessage(m.intro)}</p>
      <RefusalNotice code={view.errCode} />
      <FailureNotice error={view.failure} />
      <FormField id="recovery-account" label={intl.formatMessage(m.account)} error={e.account?.message}>
        <input type="text" autoComplete="username" {...a11y('account')} {...code.register('account')} />
      </FormField>
      <FormField id="recovery-areaCode" label={intl.formatMessage(m.areaCode)} error={e.areaCode?.message}>
        <input type="text" inputMode="numeric" autoComplete="tel-country-code" {...a11y('areaCode')} {...code.register('areaCode')} />
      </FormField>
      {view.captcha && (
        <CaptchaField
          id="recovery-captcha"
          challenge={view.captcha}
          busy={view.busy}
          error={e.captcha?.message}
          field={captcha.field}
          reset={() => code.resetField('captcha')}
        />
      )}
      <div className="actions">
        <button type="button" className="button" disabled={view.busy} onClick={() => void asLink()}>
          {intl.formatMessage(m.sendLink)}
        </button>
        <button type="submit" className="button button-secondary" disabled={view.busy}>
          {intl.formatMessage(m.sendCode)}
        </button>
      </div>
    </form>
  );
}

const codeField = z.object({ code: verificationCodeSchema });
const withCodeSchema = z.intersection(codeField, newPasswordPairSchema);
const linkPasswordSchema = z.intersection(z.object({ code: z.string() }), newPasswordPairSchema);
type PasswordValues = z.output<typeof withCodeSchema>;

/** Spec section 5: the new password, at least 6 characters, typed twice ("Passwords do not match"). */
function NewPasswordForm({
  prefix,
  withCode = false,
  busy,
  onSubmit,
}: {
  prefix: string;
  withCode?: boolean;
  busy: boolean;
  onSubmit(v: PasswordValues): void;
}) {
  const intl = useIntl();
  // The same fields either way; without a code field its value stays empty and unchecked.
  const schema = (withCode ? withCodeSchema : linkPasswordSchema) as typeof withCodeSchema;
  const form = useForm<z.input<typeof withCodeSchema>, unknown, PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const e = form.formState.errors;
  const input = (name: 'code' | 'password' | 'confirmPassword', type: string, autoComplete: string) => (
    <input
      type={type}
      autoComplete={autoComplete}
      {...fieldA11y(`${prefix}-${name}`, e[name]?.message)}
      {...(name === 'code' ? { inputMode: 'numeric' as const, maxLength: 4 } : {})}
      {...form.register(name)}
    />
  );
  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit((v) => onSubmit(v))}>
      {withCode && (
        <FormField id={`${prefix}-code`} label={intl.formatMessage(m.code)} error={e.code?.message}>
          {input('code', 'text', 'one-time-code')}
        </FormField>
      )}
      <FormField id={`${prefix}-password`} label={intl.formatMessage(m.password)} error={e.password?.message}>
        {input('password', 'password', 'new-password')}
      </FormField>
      <FormField id={`${prefix}-confirmPassword`} label={intl.formatMessage(m.confirmPassword)} error={e.confirmPassword?.message}>
        {input('confirmPassword', 'password', 'new-password')}
      </FormField>
      <button type="submit" className="button" disabled={busy}>
        {intl.formatMessage(m.submit)}
      </button>
    </form>
  );
}
