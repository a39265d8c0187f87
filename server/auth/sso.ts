import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { deriveKey } from '../security/secrets';
import { randomToken } from '../security/tokens';

/**
 * Token log-in from the TV and mobile apps (spec section 2; docs/decisions/007).
 *
 * The streaming platform and the portal share SSO_SECRET. The platform opens the portal with
 *   t = base64url(JSON {"uid","loginId","exp"}) "." base64url(HMAC-SHA256(SSO_SECRET, first part))
 *   a = uid, e = loginId
 * `exp` is in milliseconds since the epoch and at most 5 minutes ahead; each loginId logs in once.
 */

/** The longest a token may live, counted from the moment the portal checks it. */
export const SSO_TOKEN_MAX_TTL_MS = 5 * 60_000;
/** Tolerated clock difference between the platform and the portal when judging a token's lifetime. */
export const SSO_CLOCK_SKEW_MS = 30_000;

export interface SsoClaims {
  uid: string;
  loginId: string;
  /** Milliseconds since the epoch. */
  exp: number;
}

export type SsoCheck = { ok: true; claims: SsoClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'lifetime' | 'mismatch' };

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
const partPattern = /^[A-Za-z0-9_-]+$/;

/**
 * The HMAC key: SSO_SECRET's bytes when configured; outside production a key derived from the
 * app secret, so development and tests work without setup; in production without SSO_SECRET,
 * none (token log-in is off).
 */
export function resolveSsoKey(config: Pick<Config, 'ssoSecret' | 'env'>, appSecret: string): Buffer | null {
  if (config.ssoSecret) return Buffer.from(config.ssoSecret, 'utf8');
  if (config.env !== 'production') return deriveKey(appSecret, 'sso');
  return null;
}

const sign = (key: Buffer, payloadPart: string) => createHmac('sha256', key).update(payloadPart, 'ascii').digest();

/** What the platform does: mints a token for an account. Used by tests and the development link. */
export function mintSsoToken(
  key: Buffer,
  { uid, loginId = randomToken(18), now, ttlMs = SSO_TOKEN_MAX_TTL_MS }: { uid: string; loginId?: string; now: number; ttlMs?: number },
) {
  const claims: SsoClaims = { uid, loginId, exp: now + ttlMs };
  const payloadPart = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  const appToken = `${payloadPart}.${sign(key, payloadPart).toString('base64url')}`;
  return { appToken, accountId: uid, loginId, expiresAt: claims.exp };
}

/**
 * Checks a token against the URL's accountId and loginId: signature (constant time), lifetime and
 * that both ids are the token's own. Single use is the caller's part (it needs the database).
 */
export function checkSsoToken(key: Buffer, input: { appToken: string; accountId: string; loginId: string }, now: number): SsoCheck {
  const parts = input.appToken.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [payloadPart, signaturePart] = parts as [string, string];
  if (!partPattern.test(payloadPart) || !partPattern.test(signaturePart)) return { ok: false, reason: 'malformed' };

  const expected = sign(key, payloadPart);
  const given = Buffer.from(signaturePart, 'base64url');
  // The length is public (always 32 bytes); the comparison of the bytes is constant time.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };

  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= now) return { ok: false, reason: 'expired' };
  if (claims.exp > now + SSO_TOKEN_MAX_TTL_MS + SSO_CLOCK_SKEW_MS) return { ok: false, reason: 'lifetime' };
  if (claims.uid !== input.accountId || claims.loginId !== input.loginId) return { ok: false, reason: 'mismatch' };
  return { ok: true, claims };
}

function isClaims(x: unknown): x is SsoClaims {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  return (
    typeof c.uid === 'string' &&
    idPattern.test(c.uid) &&
    typeof c.loginId === 'string' &&
    idPattern.test(c.loginId) &&
    typeof c.exp === 'number' &&
    Number.isSafeInteger(c.exp)
  );
}

/**
 * The portal URL the platform would open: the pricing table with t, a and e (the web app sends
 * those to log-in), the scene as releaseId r, and the language la.
 */
export function ssoLink(
  publicUrl: string,
  token: { appToken: string; accountId: string; loginId: string },
  options: { scene?: 'WEB' | 'STB' | 'APP'; lang?: string } = {},
) {
  const query = new URLSearchParams({ t: token.appToken, a: token.accountId, e: token.loginId });
  if (options.scene) query.set('r', options.scene);
  if (options.lang) query.set('la', options.lang);
  return `${publicUrl}/pricing-table?${query.toString()}`;
}

/**
 * Spends a token's loginId, in the transaction that opens its session: false when it was spent
 * before (each loginId logs in once). Spent ids are kept until their token would have expired.
 */
export async function spendSsoLogin(tx: Queryable, login: { loginId: string; accountUid: number; now: number; expiresAt: number }): Promise<boolean> {
  await tx.query('DELETE FROM sso_logins WHERE expires_at < $1', [new Date(login.now)]);
  const spent = await tx.query(
    `INSERT INTO sso_logins (login_id, account_uid, used_at, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (login_id) DO NOTHING RETURNING login_id`,
    [login.loginId, login.accountUid, new Date(login.now), new Date(login.expiresAt)],
  );
  return spent.length > 0;
}
