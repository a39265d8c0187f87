import type { Language } from '../../core/i18n/languages';
import type { UserInfo } from '../../core/session/store';

export interface SignupFields {
  /** An email address, or a phone number's digits (with `areaCode`). */
  account: string;
  areaCode?: string;
  password: string;
  nickname: string;
}

export interface SignupInput {
  /** The page's language: the confirmation email and later emails use it. */
  language: Language;
  /** Where a signed-up (phone) account goes back to. */
  returnTo: string;
}

export interface SignupContext extends SignupInput {
  /** The address a confirmation link went to, or the new account. */
  account: string | null;
  errCode: number | null;
  error: unknown;
  userInfo: UserInfo | null;
}

export type SignupEvent =
  /** The form was sent with the terms and privacy policy accepted (spec section 5). */
  { type: 'SIGNUP_SUBMITTED'; fields: SignupFields; acceptTerms: true } | { type: 'NOTICE_DISMISSED' };

export type SignupEventType = SignupEvent['type'];

/** The sign-up call's answer: a confirmation to follow, a session, or a refusal to route. */
export type SignupAnswer =
  { kind: 'confirmationSent'; account: string } | { kind: 'signedUp'; account: string; userInfo: UserInfo } | { kind: 'refused'; errCode: number };
