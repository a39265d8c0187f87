import type { Captcha } from '../captcha';
import type { AccountFields } from '../login/login.types';

export type { AccountFields };

export interface PasswordRecoveryInput {
  /** The reset link's token (/reset-password?token=…), or null on /forgot-password. */
  token: string | null;
  /** A path of this site to come back to after logging in with the new password (a checkout that asked for it, -2500). */
  returnTo?: string | undefined;
}

export interface PasswordRecoveryContext {
  token: string | null;
  returnTo: string | undefined;
  /** The address a link was asked for (resends go to the same one). */
  email: string | null;
  /** The account a code was asked for (the reset by code that follows uses it). */
  codeAccount: AccountFields | null;
  /** Where the link or the code went, masked by the server for a link (a***@example.com). */
  sentTo: string | null;
  /** The address of a live reset link, shown above the new password. */
  linkEmail: string | null;
  /** The challenge shown with the request form, when the server asked for one (docs/decisions/006, 037). */
  captcha: Captcha | null;
  /** Seconds before another link or code may be asked for (the answer's resendAfter, else 60). */
  countdownSeconds: number;
  /** When another link or code may be asked for (epoch ms; 0 before one was sent): the countdown's deadline. */
  resendAt: number;
  /** The last expected refusal, shown as its catalogue message (spec section 8). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type PasswordRecoveryEvent =
  /** Recover by a link mailed to this address (spec section 7: resetPasswordByEmail). */
  | { type: 'LINK_REQUESTED'; email: string; captchaCode?: string }
  /** Recover by a 4-digit code by email or SMS (sendVerificationCode, purpose resetPassword). */
  | { type: 'CODE_REQUESTED'; fields: AccountFields; captchaCode?: string }
  /** Another link or code, once the countdown is over. */
  | { type: 'RESEND_REQUESTED' }
  /** The code and the new password (spec section 5: at least 6, confirmed by the form). */
  | { type: 'CODE_RESET_SUBMITTED'; code: string; password: string }
  /** The new password on the page the link opened. */
  | { type: 'LINK_RESET_SUBMITTED'; password: string }
  /** Back to the request form (another address, or a new link after a dead one). */
  | { type: 'RESTART' };

export type PasswordRecoveryEventType = PasswordRecoveryEvent['type'];

export type SendAnswer = { kind: 'sent'; sentTo: string; resendAfter: number } | { kind: 'refused'; errCode: number };
export type LinkAnswer = { kind: 'live'; email: string } | { kind: 'refused'; errCode: number };
export type ResetAnswer = { kind: 'reset' } | { kind: 'refused'; errCode: number };

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type PasswordRecoveryInvokeId = 'sendLink' | 'sendCode' | 'loadCaptcha' | 'resetByCode' | 'checkLink' | 'resetByLink';
