import { createHmac } from 'node:crypto';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { ApiRefusal } from '../errors';

/**
 * Brute-force protection per account (docs/decisions/006). The numbers are the policy; tests and
 * the decision record read them from here.
 */
export const LockoutPolicy = {
  /** This many failures within `windowMs` lock the account. */
  threshold: 5,
  windowMs: 15 * 60_000,
  /** The first lockout lasts this long… */
  baseLockMs: 15 * 60_000,
  /** …and each further one within `escalationWindowMs` twice as long as the one before, up to `maxLockMs`. */
  escalationWindowMs: 24 * 3_600_000,
  maxLockMs: 4 * 3_600_000,
} as const;

/** Spec section 8: 17 "Maximum failed attempts reached". */
export const LOCKED = 17;

export type FailureKind = 'password' | 'code';

export interface LockState {
  /** When the current lockout ends, or null when the account is not locked. */
  lockedUntil: number | null;
  /** Failures since the window opened (and since the last lockout ended), checks under way included. */
  failures: number;
  /** Of those, the ones whose check has ended: only these lock the account. */
  settled: number;
  /** Lockouts that began within the escalation window. */
  recentLockouts: number;
}

/**
 * A captcha is due once an account that was locked within the last 24 hours fails again: the
 * first burst of mistakes meets the lock (17), a second burst after it meets a captcha on every
 * try, so guessing cannot go on at the pace of the lock window.
 */
export const captchaDue = (s: LockState) => s.recentLockouts > 0 && s.failures > 0;

/** How long the lockout after `previous` lockouts within the escalation window lasts. */
export const lockDuration = (previous: number) => Math.min(LockoutPolicy.baseLockMs * 2 ** Math.min(previous, 16), LockoutPolicy.maxLockMs);

/**
 * Failed log-ins are rows of `auth_failures` and lockouts rows of `account_lockouts`, so several
 * processes agree. Changes for one account are serialised by locking its `accounts` row, and a
 * password check reserves its failure row *before* the (slow) hash comparison: a burst of parallel
 * guesses cannot get more than `threshold` comparisons in.
 */
export function createLockout(db: Database, clock: Clock) {
  async function stateOf(q: Queryable, accountUid: number, now: number): Promise<LockState> {
    const locks = await q.query<{ locked_until: Date | null; recent: number }>(
      'SELECT max(locked_until) AS locked_until, count(*) FILTER (WHERE locked_at > $2)::int AS recent FROM account_lockouts WHERE account_uid = $1',
      [accountUid, new Date(now - LockoutPolicy.escalationWindowMs)],
    );
    const lastUntil = locks[0]?.locked_until ? new Date(locks[0].locked_until).getTime() : null;
    // Failures before the last lockout ended were paid for by that lockout.
    const rows = await q.query<{ n: number; settled: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE settled)::int AS settled FROM auth_failures WHERE account_uid = $1 AND failed_at > $2 AND failed_at >= $3',
      [accountUid, new Date(now - LockoutPolicy.windowMs), new Date(lastUntil ?? 0)],
    );
    return {
      lockedUntil: lastUntil !== null && lastUntil > now ? lastUntil : null,
      failures: Number(rows[0]?.n ?? 0),
      settled: Number(rows[0]?.settled ?? 0),
      recentLockouts: Number(locks[0]?.recent ?? 0),
    };
  }

  const lockRow = (q: Queryable, accountUid: number) => q.query('SELECT uid FROM accounts WHERE uid = $1 FOR UPDATE', [accountUid]);

  /** Locks the account when the settled failures reached the threshold; true when it is (now) locked. */
  async function settle(q: Queryable, accountUid: number, now: number): Promise<boolean> {
    const state = await stateOf(q, accountUid, now);
    if (state.lockedUntil !== null) return true;
    if (state.settled < LockoutPolicy.threshold) return false;
    const recent = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM account_lockouts WHERE account_uid = $1 AND locked_at > $2', [
      accountUid,
      new Date(now - LockoutPolicy.escalationWindowMs),
    ]);
    const until = now + lockDuration(Number(recent[0]?.n ?? 0));
    await q.query('INSERT INTO account_lockouts (account_uid, locked_at, locked_until) VALUES ($1, $2, $3)', [accountUid, new Date(now), new Date(until)]);
    return true;
  }

  return {
    async state(accountUid: number): Promise<LockState> {
      return stateOf(db, accountUid, clock.now());
    },

    /** The account's state, or 17 when it is locked. */
    async check(accountUid: number): Promise<LockState> {
      const state = await stateOf(db, accountUid, clock.now());
      if (state.lockedUntil !== null) throw new ApiRefusal(LOCKED, 200, { lockedUntil: state.lockedUntil });
      return state;
    },

    /**
     * Books a failure, unsettled, before a password is compared (17 when the account is locked or
     * has as many checks under way as it may still fail). Returns the row's id: `forgive` it when
     * the check could not run, `confirm` it when the password was wrong, clear it with
     * `clearFailures` on a success.
     */
    async reserve(accountUid: number, kind: FailureKind, ip: string): Promise<number> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockRow(tx, accountUid);
        const state = await stateOf(tx, accountUid, now);
        if (state.lockedUntil !== null || state.failures >= LockoutPolicy.threshold) throw new ApiRefusal(LOCKED, 200, 'locked or too many checks under way');
        const rows = await tx.query<{ id: number }>(
          'INSERT INTO auth_failures (account_uid, kind, failed_at, ip, settled) VALUES ($1, $2, $3, $4, false) RETURNING id',
          [accountUid, kind, new Date(now), ip.slice(0, 64)],
        );
        return Number(rows[0]!.id);
      });
    },

    /** A reserved check that did not run (the server was busy): it does not count. */
    async forgive(failureId: number): Promise<void> {
      await db.query('DELETE FROM auth_failures WHERE id = $1', [failureId]);
    },

    /** The reserved check `failureId` failed; true when the account is now locked. */
    async confirm(accountUid: number, failureId: number): Promise<boolean> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockRow(tx, accountUid);
        // A log-in that succeeded meanwhile cleared the row: then this failure no longer counts.
        await tx.query('UPDATE auth_failures SET settled = true WHERE id = $1 AND account_uid = $2', [failureId, accountUid]);
        return settle(tx, accountUid, now);
      });
    },

    /** Records a failure that needed no reservation (a wrong code); true when the account is now locked. */
    async fail(accountUid: number, kind: FailureKind, ip: string): Promise<boolean> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockRow(tx, accountUid);
        await tx.query('INSERT INTO auth_failures (account_uid, kind, failed_at, ip) VALUES ($1, $2, $3, $4)', [
          accountUid,
          kind,
          new Date(now),
          ip.slice(0, 64),
        ]);
        return settle(tx, accountUid, now);
      });
    },

    /** A successful log-in: the failure count starts again (earlier lockouts still count for escalation). */
    async clearFailures(q: Queryable, accountUid: number): Promise<void> {
      await q.query('DELETE FROM auth_failures WHERE account_uid = $1', [accountUid]);
    },

    /** A new password set through the email or a code: the failures and any lockout end. */
    async clear(q: Queryable, accountUid: number): Promise<void> {
      await q.query('DELETE FROM auth_failures WHERE account_uid = $1', [accountUid]);
      await q.query('DELETE FROM account_lockouts WHERE account_uid = $1', [accountUid]);
    },
  };
}
export type Lockout = ReturnType<typeof createLockout>;

/** An identifier (email or phone) no account has, as the unknown-identifier lockout keys it. */
export const identifierKey = (key: Buffer, id: { kind: 'email'; email: string } | { kind: 'phone'; areaCode: string; phone: string }) =>
  createHmac('sha256', key)
    .update(id.kind === 'email' ? `email\u0000${id.email}` : `phone\u0000${id.areaCode}\u0000${id.phone}`, 'utf8')
    .digest('base64url');

const UNKNOWN_FAILURES = 'loginFailure:unknown';
const UNKNOWN_LOCKOUTS = 'loginLockout:unknown';

/**
 * The same lockout for identifiers no account has (docs/decisions/006), so the 6th wrong try
 * answers 17 whether or not the account exists. They are kept in `request_counters` under a keyed
 * hash of the normalised identifier (never the identifier itself): a failure is a row at its
 * time, a lockout a row whose `count` is its length in seconds and whose `window_start` is the end
 * of the 24 hours it counts for escalation, so the table's hourly sweep (rows older than an hour)
 * never drops one that still matters. Changes for one key are serialised by an advisory lock,
 * which also gives this path the same round trips as an account's.
 */
export function createUnknownLockout(db: Database, clock: Clock) {
  const serialise = (q: Queryable, key: string) => q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${UNKNOWN_FAILURES}:${key}`]);

  async function stateOf(q: Queryable, key: string, now: number): Promise<LockState> {
    const locks = await q.query<{ window_start: Date; count: number }>(
      'SELECT window_start, count FROM request_counters WHERE bucket = $1 AND key = $2 AND window_start > $3',
      [UNKNOWN_LOCKOUTS, key, new Date(now)],
    );
    const untils = locks.map((l) => new Date(l.window_start).getTime() - LockoutPolicy.escalationWindowMs + Number(l.count) * 1000);
    const lastUntil = untils.length > 0 ? Math.max(...untils) : null;
    const rows = await q.query<{ n: number }>(
      'SELECT coalesce(sum(count), 0)::int AS n FROM request_counters WHERE bucket = $1 AND key = $2 AND window_start > $3 AND window_start >= $4',
      [UNKNOWN_FAILURES, key, new Date(now - LockoutPolicy.windowMs), new Date(lastUntil ?? 0)],
    );
    const failures = Number(rows[0]?.n ?? 0);
    // No password can match here, so a check under way is as good as a failure already.
    return { lockedUntil: lastUntil !== null && lastUntil > now ? lastUntil : null, failures, settled: failures, recentLockouts: locks.length };
  }

  return {
    state: (key: string) => stateOf(db, key, clock.now()),

    /** As an account's `reserve`: 17 when locked or as many checks are under way as may still fail. */
    async reserve(key: string): Promise<{ key: string; at: Date }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await serialise(tx, key);
        const state = await stateOf(tx, key, now);
        if (state.lockedUntil !== null || state.failures >= LockoutPolicy.threshold) throw new ApiRefusal(LOCKED, 200, 'locked or too many checks under way');
        const at = new Date(now);
        await tx.query(
          `INSERT INTO request_counters (bucket, key, window_start, count) VALUES ($1, $2, $3, 1)
           ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = request_counters.count + 1`,
          [UNKNOWN_FAILURES, key, at],
        );
        return { key, at };
      });
    },

    async forgive({ key, at }: { key: string; at: Date }): Promise<void> {
      await db.query('UPDATE request_counters SET count = count - 1 WHERE bucket = $1 AND key = $2 AND window_start = $3', [UNKNOWN_FAILURES, key, at]);
    },

    /** The reserved check failed (it always does: there is no password); true when this failure locked the key. */
    async confirm(key: string): Promise<boolean> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await serialise(tx, key);
        const state = await stateOf(tx, key, now);
        if (state.lockedUntil !== null) return true;
        if (state.failures < LockoutPolicy.threshold) return false;
        const seconds = lockDuration(state.recentLockouts) / 1000;
        await tx.query('INSERT INTO request_counters (bucket, key, window_start, count) VALUES ($1, $2, $3, $4)', [
          UNKNOWN_LOCKOUTS,
          key,
          new Date(now + LockoutPolicy.escalationWindowMs),
          seconds,
        ]);
        return true;
      });
    },
  };
}
export type UnknownLockout = ReturnType<typeof createUnknownLockout>;

/** What the send limits read: the newest send, and the sends within the last hour and day. */
export interface RecentSends {
  lastAt: number | null;
  lastHour: number;
  lastDay: number;
}

const DAY_MS = 24 * 3_600_000;

/**
 * The send limits (countdown, daily cap, captcha from the 4th in an hour) for reset requests to
 * identifiers no account has, so they meet -3031 and -3034 exactly when an account would
 * (docs/decisions/006) though nothing is sent. Kept in `request_counters` like the unknown
 * lockout: a send is a row keyed by the identifier's keyed hash whose `window_start` is 23 hours
 * after it, so the table's sweep (rows older than an hour) drops it when it leaves the daily count.
 */
export function createUnknownSends(db: Database, clock: Clock) {
  const keep = DAY_MS - 3_600_000;
  const bucket = (kind: string) => `send:${kind}:unknown`;

  async function recent(q: Queryable, kind: string, key: string): Promise<RecentSends> {
    const now = clock.now();
    const rows = await q.query<{ last_at: Date | null; last_hour: number; last_day: number }>(
      `SELECT max(window_start) AS last_at,
              coalesce(sum(count) FILTER (WHERE window_start > $3), 0)::int AS last_hour,
              coalesce(sum(count), 0)::int AS last_day
       FROM request_counters WHERE bucket = $1 AND key = $2 AND window_start > $4`,
      [bucket(kind), key, new Date(now - 3_600_000 + keep), new Date(now - DAY_MS + keep)],
    );
    const r = rows[0];
    return { lastAt: r?.last_at ? new Date(r.last_at).getTime() - keep : null, lastHour: Number(r?.last_hour ?? 0), lastDay: Number(r?.last_day ?? 0) };
  }

  return {
    recent: (kind: string, key: string) => recent(db, kind, key),

    /** Books a send after `allowed` passed on the recent sends read under the key's lock (as an account's row lock). */
    async record(kind: string, key: string, allowed: (r: RecentSends) => void): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${bucket(kind)}:${key}`]);
        allowed(await recent(tx, kind, key));
        await tx.query(
          `INSERT INTO request_counters (bucket, key, window_start, count) VALUES ($1, $2, $3, 1)
           ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = request_counters.count + 1`,
          [bucket(kind), key, new Date(clock.now() + keep)],
        );
      });
    },
  };
}
