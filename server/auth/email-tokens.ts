import type { Queryable } from '../db/database';
import { randomToken, tokenHash } from '../security/tokens';

export type EmailTokenPurpose = 'confirm' | 'resetPassword' | 'bindEmail';

/**
 * A single-use link token for `purpose`: 32 random bytes for the link, only its SHA-256 in the
 * database. Earlier unused links of the same account and purpose stop working.
 */
export async function createEmailToken(
  q: Queryable,
  { purpose, accountUid, email, now, ttlMs }: { purpose: EmailTokenPurpose; accountUid: number; email: string; now: number; ttlMs: number },
): Promise<string> {
  const token = randomToken(32);
  await retireEmailTokens(q, accountUid, purpose, now);
  await q.query(
    `INSERT INTO email_tokens (token_hash, purpose, account_uid, email, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [tokenHash(token), purpose, accountUid, email, new Date(now), new Date(now + ttlMs)],
  );
  return token;
}

/**
 * Uses a link token up: the account and address it was for, or null when it is unknown, used,
 * superseded or expired. Atomic, so two clicks at once cannot both succeed.
 */
export async function consumeEmailToken(
  q: Queryable,
  { token, purpose, now }: { token: string; purpose: EmailTokenPurpose; now: number },
): Promise<{ accountUid: number; email: string } | null> {
  const rows = await q.query<{ account_uid: number; email: string }>(
    `UPDATE email_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING account_uid, email`,
    [tokenHash(token), purpose, new Date(now)],
  );
  const row = rows[0];
  return row ? { accountUid: Number(row.account_uid), email: row.email } : null;
}

/** Retires every live link of `purpose` for the account (a password was set, a newer link went out). */
export async function retireEmailTokens(q: Queryable, accountUid: number, purpose: EmailTokenPurpose, now: number): Promise<void> {
  await q.query('UPDATE email_tokens SET used_at = $3 WHERE account_uid = $1 AND purpose = $2 AND used_at IS NULL', [accountUid, purpose, new Date(now)]);
}

/** The reset links sent to the account in the last 24 hours: the newest one's time, how many in the last hour and in all. */
export async function recentResetLinks(q: Queryable, accountUid: number, now: number): Promise<{ lastAt: number | null; lastHour: number; lastDay: number }> {
  const rows = await q.query<{ last_at: Date | null; last_hour: number; last_day: number }>(
    `SELECT max(created_at) AS last_at, count(*) FILTER (WHERE created_at > $2)::int AS last_hour, count(*)::int AS last_day
     FROM email_tokens WHERE account_uid = $1 AND purpose = 'resetPassword' AND created_at > $3`,
    [accountUid, new Date(now - 3_600_000), new Date(now - 86_400_000)],
  );
  const r = rows[0];
  return { lastAt: r?.last_at ? new Date(r.last_at).getTime() : null, lastHour: Number(r?.last_hour ?? 0), lastDay: Number(r?.last_day ?? 0) };
}

/** The live reset link of `token`, without spending it. */
export async function liveResetLink(q: Queryable, token: string, now: number): Promise<{ accountUid: number; email: string; expiresAt: number } | null> {
  const rows = await q.query<{ account_uid: number; email: string; expires_at: Date }>(
    `SELECT account_uid, email, expires_at FROM email_tokens
     WHERE token_hash = $1 AND purpose = 'resetPassword' AND used_at IS NULL AND expires_at > $2`,
    [tokenHash(token), new Date(now)],
  );
  const row = rows[0];
  return row ? { accountUid: Number(row.account_uid), email: row.email, expiresAt: new Date(row.expires_at).getTime() } : null;
}
