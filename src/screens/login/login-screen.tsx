import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useController, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import type { LoginView } from '../../../machines/login/login.selectors';
import type { EntranceToken, LoginEvent, LoginInput } from '../../../machines/login/login.types';
import { useAccountSuggestions } from '../../components/account-suggestions';
import { CaptchaField, type CaptchaFormField } from '../../components/captcha-field';
import { fieldA11y, FormField } from '../../components/form-field';
import { messages } from '../../../core/i18n/error-messages';
import { RefusalNotice } from '../../components/refusal-notice';
import { ResendCountdown } from '../../components/resend-countdown';
import { usePageTitle } from '../../components/use-page-title';
import { useLogin } from '../../queries/flows/login-flow';
import { useServices } from '../../queries/services-context';
import { accountFields } from '../../../core/validation/helpers';
import { areaCodeInputSchema, captchaSchema, emailOrPhoneSchema, passwordSchema, verificationCodeSchema } from '../../../core/validation/schemas';
import { GoogleSignIn } from './google-sign-in';
import { GoogleSignupOffer } from './google-signup-offer';
import { m, reasonMessages, resendWait } from './login-messages';
import { returnPath } from '../../../core/routing/return-path';
import { loginReasons, type LoginReason } from '../../../core/routing/paths';
import { Dialog } from '../../components/dialog';

type Send = (event: LoginEvent) => void;

function entranceToken(query: URLSearchParams): EntranceToken | null {
  const appToken = query.get('appToken') ?? query.get('t');
  const accountId = query.get('accountId') ?? query.get('a');
  const loginId = query.get('loginId') ?? query.get('e');
  return appToken && accountId && loginId ? { appToken, accountId, loginId } : null;
}

/** /login: the two tabs, the 4-digit code dialog, the captcha and the token entrance. */
export function LoginScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { store } = useServices();
  const [query] = useSearchParams();
  const location = useLocation();
  // Read once: the machine starts with what the page was opened with.
  const input = useMemo<LoginInput>(
    () => ({
      tab: store.get('loginActiveTab'),
      scene: store.get('scene'),
      returnTo: returnPath(query.get('redirect'), (location.state as { from?: unknown } | null)?.from),
      entranceToken: entranceToken(query),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const { view, send } = useLogin(input);
  const reason = loginReasons.find((r) => r === query.get('reason'));
  return <LoginPage view={view} send={send} tokenEntrance={input.entranceToken !== null} reason={reason} />;
}

/** Why the customer is on the login page, when another page sent them (spec section 6: "log in to continue"). */
function ReasonNotice({ reason }: { reason: LoginReason }) {
  const intl = useIntl();
  return (
    <p className={reason === 'signInRequired' ? 'notice' : 'notice notice-success'} role="status">
      {reason === 'signInRequired' ? intl.formatMessage(messages.loginToContinue) : intl.formatMessage(reasonMessages[reason])}
    </p>
  );
}

function LoginPage({ view, send, tokenEntrance, reason }: { view: LoginView; send: Send; tokenEntrance: boolean; reason: LoginReason | undefined }) {
  const intl = useIntl();
  const starting = (
    <p className="load-state" role="status" aria-live="polite">
      {intl.formatMessage(m.starting)}
    </p>
  );
  // While the log-in settings load, the form is already drawn in its remembered tab (typing may
  // start; sending waits, the button is busy): the card does not grow under the reader when they
  // arrive. A token entrance has no form to show until it is answered.
  const loadingConfig = view.starting && !view.loggedIn && !tokenEntrance;
  return (
    <section className="form-page login-page" aria-labelledby="login-title" aria-busy={view.busy}>
      <h1 id="login-title">{intl.formatMessage(m.title)}</h1>
      {reason && !view.loggedIn && !tokenEntrance && <ReasonNotice reason={reason} />}
      {view.loggedIn || (view.starting && tokenEntrance) ? (
        starting
      ) : view.notice ? (
        <LoginNotice view={view} send={send} />
      ) : (
        <>
          <div className="tabs" role="tablist" aria-label={intl.formatMessage(m.tabs)} onKeyDown={moveBetweenTabs}>
            <Tab selected={view.tab === 'email'} controls="login-panel" onSelect={() => send({ type: 'TAB_CHOSEN', tab: 'email' })}>
              {intl.formatMessage(m.emailTab)}
            </Tab>
            {view.codeLoginEnabled && (
              <Tab selected={view.tab === 'code'} controls="login-panel" onSelect={() => send({ type: 'TAB_CHOSEN', tab: 'code' })}>
                {intl.formatMessage(m.codeTab)}
              </Tab>
            )}
          </div>
          <div id="login-panel" role="tabpanel" className="stack">
            {/* The offer to sign up with Google says itself why (no account, 1) and what next. */}
            {!view.codeDialog.open && !view.googleSignup.open && <RefusalNotice code={view.errCode} />}
            {view.failed && !view.codeDialog.open && (
              <p className="notice notice-warning" role="alert">
                {intl.formatMessage(messages.loginFailedRefresh)}
              </p>
            )}
            {view.googleSignup.open && <GoogleSignupOffer view={view} send={send} />}
            {(view.passwordForm || (loadingConfig && view.tab === 'email')) && <PasswordForm view={view} send={send} />}
            {(view.codeForm || (loadingConfig && view.tab === 'code')) && <CodeRequestForm view={view} send={send} />}
          </div>
          {view.codeDialog.open && <CodeDialog view={view} send={send} />}
          {view.googleClientId && (
            <GoogleSignIn
              clientId={view.googleClientId}
              label={<p className="muted">{intl.formatMessage(m.google)}</p>}
              onCredential={(credential) => send({ type: 'GOOGLE_CREDENTIAL_RECEIVED', credential })}
            />
          )}
          <p className="login-links small">
            <Link to="/forgot-password">{intl.formatMessage(m.forgot)}</Link> · <Link to="/register">{intl.formatMessage(m.register)}</Link>
          </p>
          {loadingConfig && starting}
        </>
      )}
    </section>
  );
}

/**
 * WAI-ARIA's tabs pattern: left and right (and Home, End) move to the neighbouring tab and open it,
 * so a keyboard and a TV remote reach the code tab without Tab.
 */
function moveBetweenTabs(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (at < 0 || next === undefined) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length]!;
  tab.focus();
  tab.click();
}

function Tab({ selected, controls, onSelect, children }: { selected: boolean; controls: string; onSelect(): void; children: ReactNode }) {
  return (
    <button type="button" role="tab" className="tab" aria-selected={selected} aria-controls={controls} tabIndex={selected ? 0 : -1} onClick={onSelect}>
      {children}
    </button>
  );
}

function LoginNotice({ view, send }: { view: LoginView; send: Send }) {
  const intl = useIntl();
  // Spec section 8 gives 197 and 7004 a message each.
  const text = view.notice === 'notVerified' ? m.notVerified : view.notice === 'locked' ? m.locked : view.errCode === 197 ? m.typeNotAllowed : m.blocked;
  return (
    <div className="stack">
      <p className="notice notice-warning" role="alert">
        {intl.formatMessage(text)}
      </p>
      <div className="actions">
        {view.notice === 'notVerified' && (
          <Link className="button" to="/resend-confirm">
            {intl.formatMessage(m.resendConfirmation)}
          </Link>
        )}
        {view.notice === 'blocked' && (
          <Link className="button" to="/help">
            {intl.formatMessage(m.contactSupport)}
          </Link>
        )}
        <button type="button" className="button button-secondary" onClick={() => send({ type: 'NOTICE_DISMISSED' })}>
          {intl.formatMessage(m.back)}
        </button>
      </div>
    </div>
  );
}

const passwordFormSchema = z.object({ account: emailOrPhoneSchema, areaCode: areaCodeInputSchema, password: passwordSchema(), captcha: z.string() });
const withCaptcha = { captcha: captchaSchema };

function PasswordForm({ view, send }: { view: LoginView; send: Send }) {
  const intl = useIntl();
  const needsCaptcha = view.captcha !== null;
  const schema = needsCaptcha ? z.extend(passwordFormSchema, withCaptcha) : passwordFormSchema;
  const form = useForm<z.input<typeof passwordFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { account: '', areaCode: '', password: '', captcha: '' },
  });
  const captcha = useController({ control: form.control, name: 'captcha' });
  const suggest = useAccountSuggestions('login', form.watch('account'));
  const e = form.formState.errors;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        send({
          type: 'PASSWORD_SUBMITTED',
          fields: accountFields(v.account, v.areaCode),
          password: v.password,
          ...(needsCaptcha ? { captchaCode: v.captcha } : {}),
        }),
      )}
    >
      <AccountFields
        prefix="login"
        suggest={suggest}
        errors={e}
        account={form.register('account')}
        areaCode={form.register('areaCode')}
        areaCodeAutoComplete="tel-country-code"
      />
      <FormField id="login-password" label={intl.formatMessage(m.password)} error={e.password?.message}>
        <input type="password" autoComplete="current-password" {...fieldA11y('login-password', e.password?.message)} {...form.register('password')} />
      </FormField>
      <CaptchaAndSubmit
        id="login-captcha"
        view={view}
        error={e.captcha?.message}
        field={captcha.field}
        reset={() => form.resetField('captcha')}
        label={intl.formatMessage(m.submit)}
      />
    </form>
  );
}

const codeRequestSchema = z.object({ account: emailOrPhoneSchema, areaCode: areaCodeInputSchema, captcha: z.string() });

function CodeRequestForm({ view, send }: { view: LoginView; send: Send }) {
  const intl = useIntl();
  const needsCaptcha = view.captcha !== null;
  const schema = needsCaptcha ? z.extend(codeRequestSchema, withCaptcha) : codeRequestSchema;
  // A resend that met a captcha comes back here: the account it was for is already filled in.
  const form = useForm<z.input<typeof codeRequestSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { account: view.codeAccount?.account ?? '', areaCode: view.codeAccount?.areaCode ?? '', captcha: '' },
  });
  const captcha = useController({ control: form.control, name: 'captcha' });
  const suggest = useAccountSuggestions('code', form.watch('account'));
  const e = form.formState.errors;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        send({ type: 'CODE_REQUESTED', fields: accountFields(v.account, v.areaCode), ...(needsCaptcha ? { captchaCode: v.captcha } : {}) }),
      )}
    >
      <p className="muted">{intl.formatMessage(m.codeHint)}</p>
      <AccountFields prefix="code" suggest={suggest} errors={e} account={form.register('account')} areaCode={form.register('areaCode')} />
      <CaptchaAndSubmit
        id="code-captcha"
        view={view}
        error={e.captcha?.message}
        field={captcha.field}
        reset={() => form.resetField('captcha')}
        label={intl.formatMessage(m.sendCode)}
      />
    </form>
  );
}

/**
 * The account both tabs' forms start with: an email or phone number, and a phone's country code,
 * with the site's suggestions under them (useAccountSuggestions, whose ids start with `prefix`).
 */
function AccountFields({
  prefix,
  suggest,
  errors,
  account,
  areaCode,
  areaCodeAutoComplete,
}: {
  prefix: string;
  suggest: ReturnType<typeof useAccountSuggestions>;
  errors: Partial<Record<'account' | 'areaCode', { message?: string }>>;
  account: UseFormRegisterReturn;
  areaCode: UseFormRegisterReturn;
  /** The password form's country code is one the browser may fill from a saved log-in. */
  areaCodeAutoComplete?: string;
}) {
  const intl = useIntl();
  const accountError = errors.account?.message;
  const areaCodeError = errors.areaCode?.message;
  return (
    <>
      <FormField id={`${prefix}-account`} label={intl.formatMessage(m.account)} error={accountError}>
        <input type="text" autoComplete="username" list={suggest.emailList} {...fieldA11y(`${prefix}-account`, accountError)} {...account} />
      </FormField>
      <FormField id={`${prefix}-areaCode`} label={intl.formatMessage(m.areaCode)} error={areaCodeError}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete={areaCodeAutoComplete}
          list={suggest.areaCodeList}
          {...fieldA11y(`${prefix}-areaCode`, areaCodeError)}
          {...areaCode}
        />
      </FormField>
      {suggest.lists}
    </>
  );
}

/** The challenge, once the server asks for one (docs/decisions/037), then the form's button. */
function CaptchaAndSubmit({
  id,
  view,
  error,
  field,
  reset,
  label,
}: {
  id: string;
  view: LoginView;
  error: string | undefined;
  field: CaptchaFormField;
  reset(): void;
  label: string;
}) {
  return (
    <>
      {view.captcha && <CaptchaField id={id} challenge={view.captcha} busy={view.busy} error={error} field={field} reset={reset} />}
      <button type="submit" className="button" disabled={view.busy}>
        {label}
      </button>
    </>
  );
}

const codeSchema = z.object({ code: verificationCodeSchema });

/** The 4-digit code dialog (spec section 2), with the resend countdown of section 9. */
function CodeDialog({ view, send }: { view: LoginView; send: Send }) {
  const intl = useIntl();
  const form = useForm<z.input<typeof codeSchema>>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  return (
    <Dialog labelledBy="code-dialog-title" busy={view.codeDialog.verifying} onEscape={() => send({ type: 'CODE_DIALOG_CLOSED' })}>
      <h2 id="code-dialog-title">{intl.formatMessage(m.codeDialogTitle)}</h2>
      <RefusalNotice code={view.errCode} />
      {view.failed && (
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(messages.loginFailedRefresh)}
        </p>
      )}
      <form className="stack" noValidate onSubmit={form.handleSubmit((v) => send({ type: 'CODE_SUBMITTED', code: v.code }))}>
        <FormField id="login-code" label={intl.formatMessage(m.code)} error={error}>
          <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={4} {...fieldA11y('login-code', error)} {...form.register('code')} />
        </FormField>
        <button type="submit" className="button" disabled={view.codeDialog.verifying}>
          {intl.formatMessage(m.confirmCode)}
        </button>
      </form>
      {view.codeDialog.countingDown && <ResendCountdown until={view.codeDialog.resendAt} message={resendWait} />}
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={!view.codeDialog.canResend} onClick={() => send({ type: 'CODE_RESEND_REQUESTED' })}>
          {intl.formatMessage(m.resend)}
        </button>
        <button type="button" className="button button-secondary" onClick={() => send({ type: 'CODE_DIALOG_CLOSED' })}>
          {intl.formatMessage(m.close)}
        </button>
      </div>
    </Dialog>
  );
}
