import type { Queryable } from '../db/database';

/**
 * Per-key request counts in fixed windows, kept in the database so that every server process
 * counts together (the per-IP limits of routes/account.ts).
 */

/** Counts one request of `key` in the window starting at `windowStart`; answers the window's count so far. */
export async function countRequest(q: Queryable, bucket: string, key: string, windowStart: Date): Promise<number> {
  const rows = await q.query<{ count: number }>(
    `INSERT INTO request_counters (bucket, key, window_start, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = request_counters.count + 1
     RETURNING count`,
    [bucket, key, windowStart],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Forgets the windows that started before `before`. */
export async function sweepRequestCounters(q: Queryable, before: Date): Promise<void> {
  await q.query('DELETE FROM request_counters WHERE window_start < $1', [before]);
}
