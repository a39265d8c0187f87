import { cookieValue } from '../routing/cookie-value';
import type { SessionStore } from './store';

/**
 * A cookie by which the browser tells the server it holds a session, so the server can draw the
 * signed-in first frame (docs/decisions/034). It carries no credential: the session stays in local
 * storage (spec section 4) and every request still proves itself with its token. A forged or
 * stale cookie only gets a drawing of a signed-in frame that the app replaces with what the
 * storage holds.
 */
export const signedInCookie = 'signed_in';

/** Whether a Cookie header holds the hint. */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  return cookieValue(cookieHeader, signedInCookie) === '1';
}

/**
 * Keeps the cookie in step with the stored session, from now on: written with the session's own
 * expiry, cleared when it ends in this tab or another. Returns a function that stops.
 */
export function keepSignedInHint(doc: Pick<Document, 'cookie'>, store: SessionStore): () => void {
  const write = () => {
    const userInfo = store.get('userInfo');
    doc.cookie = userInfo
      ? `${signedInCookie}=1; path=/; expires=${new Date(userInfo.expiration).toUTCString()}; samesite=lax`
      : `${signedInCookie}=; path=/; max-age=0; samesite=lax`;
  };
  write();
  return store.subscribe((key) => {
    if (key === 'userInfo' || key === null) write();
  });
}
