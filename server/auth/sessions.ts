import type { components } from '../../openapi/schema';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { RequestContext } from '../openapi/bind';
import { randomToken, tokenHash } from '../security/tokens';
import { describeDevice } from './devices';

type LoginType = components['schemas']['AccountLoginType'];

/** Spec section 4: a session stays open 10 days after log-in. */
export const SESSION_TTL_MS = 10 * 86_400_000;

/** Spec section 8: the client resets the session silently on these. */
export const SessionError = { expired: -24010, invalid: -24020 } as const;

export interface AuthenticatedSession {
  sessionId: number;
  accountUid: number;
}

export function createSessionService(db: Queryable, clock: Clock) {
  return {
    /** Opens a session and records the device it came from; returns the token, never stored. */
    async open(
      q: Queryable,
      { accountUid, loginType, ctx, userAgent }: { accountUid: number; loginType: LoginType; ctx: RequestContext; userAgent?: string },
    ) {
      const token = randomToken(32);
      const now = clock.now();
      const expiresAt = now + SESSION_TTL_MS;
      const { device, model } = describeDevice(userAgent, ctx.scene);
      await q.query(
        `INSERT INTO sessions (token_hash, account_uid, login_type, created_at, expires_at, scene, client_type, device, model, ip, fingerprint)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [tokenHash(token), accountUid, loginType, new Date(now), new Date(expiresAt), ctx.scene, ctx.clientType, device, model, ctx.ip, ctx.fingerprint],
      );
      if (ctx.scene !== 'WEB') await q.query('UPDATE accounts SET login_app = true WHERE uid = $1', [accountUid]);
      return { token, expiresAt };
    },

    /**
     * The caller's session, or a refusal the client turns into a session reset: -24010 when it
     * ran out, -24020 when it is unknown or was revoked (HTTP 401 either way).
     */
    async authenticate(ctx: RequestContext): Promise<AuthenticatedSession> {
      if (!ctx.token) throw new ApiRefusal(SessionError.invalid, 401);
      const rows = await db.query<{ id: number; account_uid: number; expires_at: Date; revoked_at: Date | null }>(
        'SELECT id, account_uid, expires_at, revoked_at FROM sessions WHERE token_hash = $1',
        [tokenHash(ctx.token)],
      );
      const s = rows[0];
      if (!s || s.revoked_at) throw new ApiRefusal(SessionError.invalid, 401);
      if (new Date(s.expires_at).getTime() <= clock.now()) throw new ApiRefusal(SessionError.expired, 401);
      return { sessionId: Number(s.id), accountUid: Number(s.account_uid) };
    },

    async revoke(q: Queryable, sessionId: number, reason: 'logout') {
      await q.query('UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [sessionId, new Date(clock.now()), reason]);
    },

    /** After a password change or reset every other session of the account ends (ASVS 3.3). */
    async revokeAllOf(q: Queryable, accountUid: number, reason: 'password_changed' | 'password_reset' | 'blocked', exceptSessionId?: number) {
      await q.query(
        `UPDATE sessions SET revoked_at = $2, revoked_reason = $3
         WHERE account_uid = $1 AND revoked_at IS NULL AND ($4::bigint IS NULL OR id <> $4)`,
        [accountUid, new Date(clock.now()), reason, exceptSessionId ?? null],
      );
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
