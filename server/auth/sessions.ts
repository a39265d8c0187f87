import type { components } from '../../openapi/schema';
import type { Clock } from '../clock';
import { createChangeCache } from '../db/change-cache';
import type { Database, Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { RequestContext } from '../openapi/bind';
import { randomToken, tokenHash } from '../security/tokens';
import { DEVICE_ID_SQL } from '../repositories/account-info-repository';
import { describeDevice } from './devices';

type LoginType = components['schemas']['AccountLoginType'];

/** Spec section 4: a session stays open 10 days after log-in. */
export const SESSION_TTL_MS = 10 * 86_400_000;

/**
 * Spec section 8's session codes, each with what the client does: -24010 (ran out) and -24020
 * (unknown, or ended by a logout) reset silently; -24030 (ended by a password change or reset,
 * elsewhere) resets with a warning and sends to /login; -1112 (the account was blocked or may no
 * longer log in) resets with an error message.
 */
export const SessionError = { expired: -24010, invalid: -24020, endedElsewhere: -24030, accountUnavailable: -1112 } as const;

export interface AuthenticatedSession {
  sessionId: number;
  accountUid: number;
}

/** What a lookup decides on; the decision is made again on every call, against the clock. */
interface SessionFacts {
  id: number;
  accountUid: number;
  expiresAt: number;
  revoked: boolean;
  revokedReason: string | null;
  status: string;
}

export function createSessionService(db: Database, clock: Clock) {
  // Every signed-in call looks its session up. On the embedded database that query is work on the
  // event loop, so the facts are kept until the account's sessions or the account change
  // (docs/decisions/027); only there, because on PostgreSQL another process's logout or password
  // change would reach this one milliseconds late, and an ended session must end at once.
  const known = createChangeCache<SessionFacts>(db.changes, ['sessions', 'accounts'], { localOnly: true, maxEntries: 10_000 });

  async function lookUp(hash: Buffer): Promise<SessionFacts> {
    const rows = await db.query<{ id: number; account_uid: number; expires_at: Date; revoked_at: Date | null; revoked_reason: string | null; status: string }>(
      `SELECT s.id, s.account_uid, s.expires_at, s.revoked_at, s.revoked_reason, a.status
       FROM sessions s JOIN accounts a ON a.uid = s.account_uid WHERE s.token_hash = $1`,
      [hash],
    );
    const s = rows[0];
    // Unknown tokens are not kept: anyone can send any number of them.
    if (!s) throw new ApiRefusal(SessionError.invalid, 401);
    return {
      id: Number(s.id),
      accountUid: Number(s.account_uid),
      expiresAt: new Date(s.expires_at).getTime(),
      revoked: s.revoked_at !== null,
      revokedReason: s.revoked_reason,
      status: s.status,
    };
  }

  return {
    /** Opens a session and records the device it came from; returns the token, never stored. */
    async open(q: Queryable, { accountUid, loginType, ctx, userAgent }: { accountUid: number; loginType: LoginType; ctx: RequestContext; userAgent?: string }) {
      const token = randomToken(32);
      const now = clock.now();
      const expiresAt = now + SESSION_TTL_MS;
      const { device, model } = describeDevice(userAgent, ctx.scene);
      // The lockout serialises an account's log-ins on its row with FOR UPDATE (lockout.ts). Taking
      // the same lock here, first, keeps every log-in in one order: the session row's foreign-key
      // check and the app mark below would otherwise take weaker locks on that row one after the
      // other, and PostgreSQL once found those in a deadlock with a parallel log-in's lockout.
      await q.query('SELECT 1 FROM accounts WHERE uid = $1 FOR UPDATE', [accountUid]);
      // Only the first log-in from an app writes the account: a new row version per log-in would be
      // churn for the change feed and the caches it clears.
      if (ctx.scene !== 'WEB') await q.query('UPDATE accounts SET login_app = true WHERE uid = $1 AND NOT login_app', [accountUid]);
      await q.query(
        `INSERT INTO sessions (token_hash, account_uid, login_type, created_at, expires_at, scene, client_type, device, model, ip, fingerprint)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [tokenHash(token), accountUid, loginType, new Date(now), new Date(expiresAt), ctx.scene, ctx.clientType, device, model, ctx.ip, ctx.fingerprint],
      );
      return { token, expiresAt };
    },

    /**
     * The caller's session, or a refusal the client turns into a session reset (HTTP 401): -24020
     * unknown or logged out, -24030 ended by a password change or reset, -1112 the account is
     * blocked or may no longer log in, -24010 ran out.
     */
    async authenticate(ctx: RequestContext): Promise<AuthenticatedSession> {
      if (!ctx.token) throw new ApiRefusal(SessionError.invalid, 401);
      const hash = tokenHash(ctx.token);
      const key = hash.toString('base64url');
      const s =
        known.peek(key) ??
        (await known.get(
          key,
          () => lookUp(hash),
          (facts) => String(facts.accountUid),
        ));
      if (s.revoked) {
        const code =
          s.revokedReason === 'password_changed' || s.revokedReason === 'password_reset'
            ? SessionError.endedElsewhere
            : s.revokedReason === 'blocked'
              ? SessionError.accountUnavailable
              : SessionError.invalid;
        throw new ApiRefusal(code, 401, `session revoked: ${s.revokedReason ?? 'unknown'}`);
      }
      if (s.status !== 'active') throw new ApiRefusal(SessionError.accountUnavailable, 401, `account is ${s.status}`);
      if (s.expiresAt <= clock.now()) throw new ApiRefusal(SessionError.expired, 401);
      return { sessionId: s.id, accountUid: s.accountUid };
    },

    async revoke(q: Queryable, sessionId: number, reason: 'logout') {
      await q.query('UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [
        sessionId,
        new Date(clock.now()),
        reason,
      ]);
    },

    /**
     * Ends one running session of the account, named by its device list id (docs/decisions/054);
     * false when no running session of this account has that id: another account's, ended, or none.
     */
    async revokeDevice(q: Queryable, accountUid: number, deviceId: string): Promise<boolean> {
      const rows = await q.query(
        `UPDATE sessions SET revoked_at = $2, revoked_reason = 'signed_out_remotely'
         WHERE account_uid = $1 AND revoked_at IS NULL AND expires_at > $2 AND ${DEVICE_ID_SQL('token_hash')} = $3 RETURNING id`,
        [accountUid, new Date(clock.now()), deviceId],
      );
      return rows.length > 0;
    },

    /** Ends every running session of the account but the caller's; answers how many ended (docs/decisions/054). */
    async revokeOthers(q: Queryable, accountUid: number, callerSessionId: number): Promise<number> {
      const rows = await q.query(
        `UPDATE sessions SET revoked_at = $2, revoked_reason = 'signed_out_remotely'
         WHERE account_uid = $1 AND revoked_at IS NULL AND expires_at > $2 AND id <> $3 RETURNING id`,
        [accountUid, new Date(clock.now()), callerSessionId],
      );
      return rows.length;
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
