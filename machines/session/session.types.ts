import type { SessionReset } from '../../core/api/error-rules';
import type { UserInfo } from '../../core/session/store';

export interface SessionInput {
  /** The userInfo the store holds when the page opens (null when signed out). */
  userInfo: UserInfo | null;
}

export interface SessionContext {
  userInfo: UserInfo | null;
  /** The last unexpected failure (a logout call that could not be made), for the record. */
  error: unknown;
}

export type SessionEvent =
  /** A log-in succeeded (any of the login machine's ways in). */
  | { type: 'SIGNED_IN'; userInfo: UserInfo }
  /** The user asked to log out. */
  | { type: 'LOGOUT_REQUESTED' }
  /** The API client met a refusal whose rule resets the session (spec section 8). */
  | { type: 'SESSION_REFUSED'; reset: SessionReset }
  /** Another tab stored login data with a different token, or signed out (spec section 4). */
  | { type: 'OTHER_TAB_CHANGED_LOGIN' };

export type SessionEventType = SessionEvent['type'];
