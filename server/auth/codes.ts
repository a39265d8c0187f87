import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { randomDigits } from '../security/tokens';

export type CodePurpose = 'login' | 'resetPassword';
export type CodeChannel = 'email' | 'sms';

/** The 4-digit codes of fast log-in and password reset (spec sections 5 and 9; docs/decisions/006). */
export const CodePolicy = {
  digits: 4,
  ttlMs: 10 * 60_000,
  /** Guesses one code takes before it is burned. */
  maxGuesses: 5,
  /** Codes one account may be sent per 24 hours, all purposes together. */
  dailyCap: 10,
  /** From this many codes within the last hour on, sending another needs a captcha. */
  captchaAfterPerHour: 3,
  /** The countdown when the site's userConfig has no `caffeineRegionVerify`. */
  defaultCountdownSeconds: 60,
  /** The shortest countdown the server enforces, whatever the site configures. */
  minCountdownSeconds: 60,
} as const;

/** Spec section 8. */
export const CodeError = {
  /** Expired, burned by wrong guesses, or already used. */
  expired: 10,
  incorrect: 11,
  notSent: 4597,
} as const;

export type CodeCheck = { status: 'ok'; codeId: number; channel: CodeChannel } | { status: 'notSent' } | { status: 'expired' } | { status: 'incorrect' };

export interface RecentCodes {
  /** When the newest code of this purpose was made (the countdown runs from it). */
  lastAt: number | null;
  lastHour: number;
  lastDay: number;
}

/**
 * Codes are kept as HMAC-SHA256 under a key of their own (argon2 would be far too slow for a
 * 4-digit secret and no safer: the key is what keeps 10 000 candidates out of reach), bound to the
 * account and purpose. Only the newest code of an account and purpose works.
 */
export function createCodes(db: Database, clock: Clock, key: Buffer) {
  const codeHash = (accountUid: number, purpose: CodePurpose, code: string) =>
    createHmac('sha256', key).update(`${accountUid}\u0000${purpose}\u0000${code}`, 'utf8').digest('hex');

  return {
    async recent(q: Queryable, accountUid: number, purpose: CodePurpose): Promise<RecentCodes> {
      const now = clock.now();
      const rows = await q.query<{ last_at: Date | null; last_hour: number; last_day: number }>(
        `SELECT max(created_at) FILTER (WHERE purpose = $2) AS last_at,
                count(*) FILTER (WHERE created_at > $3)::int AS last_hour,
                count(*)::int AS last_day
         FROM verification_codes WHERE account_uid = $1 AND created_at > $4`,
        [accountUid, purpose, new Date(now - 3_600_000), new Date(now - 86_400_000)],
      );
      const r = rows[0];
      return {
        lastAt: r?.last_at ? new Date(r.last_at).getTime() : null,
        lastHour: Number(r?.last_hour ?? 0),
        lastDay: Number(r?.last_day ?? 0),
      };
    },

    /** A new code; earlier ones of the account and purpose stop working. The code itself is never stored. */
    async issue(q: Queryable, { accountUid, purpose, channel }: { accountUid: number; purpose: CodePurpose; channel: CodeChannel }) {
      const now = clock.now();
      const code = randomDigits(CodePolicy.digits);
      const expiresAt = now + CodePolicy.ttlMs;
      await q.query(
        `INSERT INTO verification_codes (account_uid, purpose, channel, code_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [accountUid, purpose, channel, codeHash(accountUid, purpose, code), new Date(now), new Date(expiresAt)],
      );
      return { code, expiresAt };
    },

    /**
     * Checks a guess against the newest code without spending it (`consume` does, in the
     * transaction that acts on it). Each guess is booked atomically before it is compared, so
     * parallel guesses cannot exceed `maxGuesses`.
     */
    async check(accountUid: number, purpose: CodePurpose, guess: string): Promise<CodeCheck> {
      const now = clock.now();
      const rows = await db.query<{ id: number; channel: CodeChannel; code_hash: string; expires_at: Date; attempts: number; used_at: Date | null }>(
        `SELECT id, channel, code_hash, expires_at, attempts, used_at FROM verification_codes
         WHERE account_uid = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [accountUid, purpose],
      );
      const row = rows[0];
      if (!row) return { status: 'notSent' };
      if (row.used_at || new Date(row.expires_at).getTime() <= now || row.attempts >= CodePolicy.maxGuesses) return { status: 'expired' };
      const booked = await db.query(
        'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND used_at IS NULL RETURNING attempts',
        [row.id, CodePolicy.maxGuesses],
      );
      if (booked.length === 0) return { status: 'expired' };
      const given = codeHash(accountUid, purpose, guess);
      const match = given.length === row.code_hash.length && timingSafeEqual(Buffer.from(given), Buffer.from(row.code_hash));
      return match ? { status: 'ok', codeId: Number(row.id), channel: row.channel } : { status: 'incorrect' };
    },

    /** Spends a checked code; false when a parallel request spent it first. */
    async consume(q: Queryable, codeId: number): Promise<boolean> {
      const rows = await q.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [codeId, new Date(clock.now())]);
      return rows.length > 0;
    },

    /** Every live code of the account stops working (its password just changed). */
    async burnAll(q: Queryable, accountUid: number): Promise<void> {
      await q.query('UPDATE verification_codes SET used_at = $2 WHERE account_uid = $1 AND used_at IS NULL', [accountUid, new Date(clock.now())]);
    },
  };
}
export type Codes = ReturnType<typeof createCodes>;
