import type { Language } from '../../core/i18n/languages';
import type { Scene } from '../../core/session/store';
import type { UserInfo } from '../../core/session/store';
import type { Captcha } from '../captcha';

export type LoginTab = 'email' | 'code';

/** What the user typed in the account field: an email, or phone digits with their area code. */
export interface AccountFields {
  account: string;
  areaCode?: string;
}

/** The token the TV box or the app put in the URL (spec section 2: t, a, e). */
export interface EntranceToken {
  appToken: string;
  accountId: string;
  loginId: string;
}

export interface LoginInput {
  /** The remembered tab (session store loginActiveTab, default email). */
  tab: LoginTab;
  /** Where the user came from, to go back after logging in. */
  returnTo: string;
  scene: Scene;
  entranceToken: EntranceToken | null;
}

export type { Captcha } from '../captcha';

export interface LoginContext {
  tab: LoginTab;
  returnTo: string;
  scene: Scene;
  entranceToken: EntranceToken | null;
  /** Seconds before another code may be asked for (configuration, else 60; spec section 9). */
  countdownSeconds: number;
  /** When another code may be asked for (epoch ms; 0 before one was sent): the countdown's deadline. */
  resendAt: number;
  /** The Google client id when Google sign-in is configured. */
  googleClientId: string | null;
  /** The Google ID token last handed over, kept while the customer is offered a sign-up with it. */
  googleCredential: string | null;
  /** Whether the site offers the fast-login tab (siteConfig.login.codeLogin; on until known). */
  codeLoginEnabled: boolean;
  /** The account the last code went to, for the code log-in that follows. */
  codeAccount: AccountFields | null;
  /** The challenge shown with the password form or the code form, when the server asked for one. */
  captcha: Captcha | null;
  /** The last expected refusal, shown as its catalogue message (spec section 8). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
  userInfo: UserInfo | null;
}

export type LoginEvent =
  | { type: 'TAB_CHOSEN'; tab: LoginTab }
  /** `captchaCode`: the shown challenge's solution (src/components/captcha-solver.ts). */
  | { type: 'PASSWORD_SUBMITTED'; fields: AccountFields; password: string; captchaCode?: string }
  | { type: 'CODE_REQUESTED'; fields: AccountFields; captchaCode?: string }
  | { type: 'CODE_RESEND_REQUESTED' }
  | { type: 'CODE_SUBMITTED'; code: string }
  | { type: 'CODE_DIALOG_CLOSED' }
  | { type: 'GOOGLE_CREDENTIAL_RECEIVED'; credential: string }
  /** The terms of use accepted (the form requires the box); `language`: the page's, the account's language. */
  | { type: 'GOOGLE_SIGNUP_CONFIRMED'; acceptTerms: true; language: Language }
  | { type: 'GOOGLE_SIGNUP_CANCELLED' }
  | { type: 'NOTICE_DISMISSED' };

export type LoginEventType = LoginEvent['type'];

/** A log-in call's answer: the session, or a refusal the machine routes (spec section 8). */
export type LoginAnswer = { kind: 'loggedIn'; userInfo: UserInfo } | { kind: 'refused'; errCode: number };
export type CodeSendAnswer = { kind: 'sent'; resendAfter: number } | { kind: 'refused'; errCode: number };
export interface LoginConfig {
  countdownSeconds: number;
  googleClientId: string | null;
  /** siteConfig.login.codeLogin: whether the fast-login tab is offered (spec section 3). */
  codeLogin: boolean;
}

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type LoginInvokeId = 'tokenLogin' | 'loadConfig' | 'passwordLogin' | 'loadCaptcha' | 'sendCode' | 'codeLogin' | 'googleLogin' | 'googleSignup';
