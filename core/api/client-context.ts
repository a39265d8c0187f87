import type { SessionStore } from '../session/store';
import type { Scene } from '../session/store';

export type ClientType = 'WEB' | 'WAP';

/**
 * Where the client reads the five headers of every request (spec section 7). Read at each request,
 * so a login, a language switch or a resize is picked up by the next call.
 */
export interface ClientContext {
  /** The session token, or null when anonymous (sent as the literal string `null`). */
  getToken(): string | null;
  /** The language of messages; an empty value is sent as `en`. */
  getLanguage(): string;
  getClientType(): ClientType;
  getScene(): Scene;
  getFingerprint(): string;
}

export const DEFAULT_HEADER_LANGUAGE = 'en';

export interface SessionContextOptions {
  /** Computes a fingerprint when the store has none (e.g. `() => browserFingerprint(collectBrowserProps(window))`). */
  computeFingerprint: () => string;
}

/**
 * The context the app uses: every header comes from the session store. A missing fingerprint is
 * computed once and stored, so it stays the same across calls and reloads.
 */
export function createSessionClientContext(store: SessionStore, { computeFingerprint }: SessionContextOptions): ClientContext {
  return {
    getToken: () => store.get('userInfo')?.token ?? null,
    getLanguage: () => store.get('language') ?? DEFAULT_HEADER_LANGUAGE,
    getClientType: () => store.get('clientType'),
    getScene: () => store.get('scene'),
    getFingerprint: () => {
      const stored = store.get('fingerprint');
      if (stored) return stored;
      const computed = computeFingerprint();
      store.set('fingerprint', computed);
      return computed;
    },
  };
}
