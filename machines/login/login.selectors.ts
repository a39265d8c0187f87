import type { SnapshotFrom } from 'xstate';
import type { LoginMachine } from './login.machine';
import type { CaptchaChallenge } from '../captcha';
import type { AccountFields, LoginTab } from './login.types';

export type LoginNotice = 'notVerified' | 'locked' | 'blocked' | null;

export interface LoginView {
  /** The token entrance or the configuration is loading, or the page is being left: nothing to fill in. */
  starting: boolean;
  tab: LoginTab;
  busy: boolean;
  /** The password form (phone-or-email tab) is shown. */
  passwordForm: boolean;
  /** The captcha challenge to solve with the password form or the code form, when the server asked for one. */
  captcha: CaptchaChallenge | null;
  /** The code-request form (fast-login tab) is shown. */
  codeForm: boolean;
  /** The account the last code went to: the code form starts with it (a resend that met a captcha). */
  codeAccount: AccountFields | null;
  /** The 4-digit code dialog; the countdown shows while it runs (not while a code is checked). */
  codeDialog: { open: boolean; canResend: boolean; countingDown: boolean; countdownSeconds: number; resendAt: number; verifying: boolean };
  notice: LoginNotice;
  /** The last refusal's catalogue code, shown as its message. */
  errCode: number | null;
  /** The last try failed unexpectedly (network, -2499): spec section 8's "Log in failed. Refresh the page and try again." */
  failed: boolean;
  /** The site offers the fast-login tab (siteConfig.login.codeLogin). */
  codeLoginEnabled: boolean;
  /** Google sign-in is configured: its client id. */
  googleClientId: string | null;
  /**
   * The offer to create an account with Google (ADR 047): shown while it is open and while the
   * account is being created; `credential` is the token it is for (its address is shown).
   */
  googleSignup: { open: boolean; creating: boolean; credential: string | null };
  loggedIn: boolean;
  /** Where the user goes back to (the resend-confirmation link keeps it). */
  returnTo: string;
}

function noticeOf(snapshot: SnapshotFrom<LoginMachine>): LoginNotice {
  if (snapshot.matches({ form: 'notVerified' })) return 'notVerified';
  if (snapshot.matches({ form: 'locked' })) return 'locked';
  if (snapshot.matches({ form: 'blocked' })) return 'blocked';
  return null;
}

export function selectLoginView(snapshot: SnapshotFrom<LoginMachine>): LoginView {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  const inDialog = m({ form: { codeTab: 'codeDialog' } });
  const verifying = m({ form: { codeTab: 'verifyingCode' } });
  return {
    starting: m('entering') || m('loggingInWithToken') || m('loadingConfig') || m('leftForNotice'),
    // A remembered fast-login tab the site no longer offers: the password tab is the one shown.
    tab: snapshot.context.codeLoginEnabled ? snapshot.context.tab : 'email',
    busy: snapshot.hasTag('busy'),
    passwordForm: m({ form: 'passwordTab' }),
    // A challenge is shown while it can be solved, and while its solution is being checked.
    captcha:
      m({ form: { passwordTab: 'captchaShown' } }) ||
      m({ form: { passwordTab: 'loggingIn' } }) ||
      m({ form: { codeTab: 'captchaShown' } }) ||
      m({ form: { codeTab: 'sendingCode' } })
        ? (snapshot.context.captcha?.challenge ?? null)
        : null,
    codeForm: (['editing', 'sendingCode', 'loadingCaptcha', 'captchaShown'] as const).some((s) => m({ form: { codeTab: s } })),
    codeAccount: snapshot.context.codeAccount,
    codeDialog: {
      open: inDialog || verifying,
      canResend: snapshot.can({ type: 'CODE_RESEND_REQUESTED' }),
      countingDown: m({ form: { codeTab: { codeDialog: 'countingDown' } } }),
      countdownSeconds: snapshot.context.countdownSeconds,
      resendAt: snapshot.context.resendAt,
      verifying,
    },
    notice: noticeOf(snapshot),
    errCode: snapshot.context.errCode,
    // Any call of the page that failed unexpectedly; the next try clears it (clearRefusal).
    failed: snapshot.context.error !== undefined && !snapshot.hasTag('busy'),
    googleClientId: snapshot.context.googleClientId,
    googleSignup: {
      open: m({ form: 'offeringGoogleSignup' }) || m({ form: 'signingUpWithGoogle' }),
      creating: m({ form: 'signingUpWithGoogle' }),
      credential: snapshot.context.googleCredential,
    },
    codeLoginEnabled: snapshot.context.codeLoginEnabled,
    loggedIn: m('loggedIn'),
    returnTo: snapshot.context.returnTo,
  };
}
