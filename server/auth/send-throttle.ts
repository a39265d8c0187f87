import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/database';
import { deriveKey } from '../security/secrets';

/**
 * "At most once per `intervalMs` for this key", across processes: true when the caller may go
 * ahead (and the time is recorded), false when it is too soon. Keys are HMAC'd, never stored.
 */
export function createSendThrottle(secret: string) {
  const key = deriveKey(secret, 'send-throttle');
  const keyHash = (value: string) => createHmac('sha256', key).update(value, 'utf8').digest();
  return {
    async take(q: Queryable, bucket: string, value: string, now: number, intervalMs: number): Promise<boolean> {
      const rows = await q.query(
        `INSERT INTO send_throttle (bucket, key_hash, last_at) VALUES ($1, $2, $3)
         ON CONFLICT (bucket, key_hash) DO UPDATE SET last_at = EXCLUDED.last_at WHERE send_throttle.last_at <= $4
         RETURNING 1`,
        [bucket, keyHash(value), new Date(now), new Date(now - intervalMs)],
      );
      return rows.length > 0;
    },
    /** Records a send the caller made anyway (the first link at sign-up). */
    async touch(q: Queryable, bucket: string, value: string, now: number): Promise<void> {
      await q.query(
        `INSERT INTO send_throttle (bucket, key_hash, last_at) VALUES ($1, $2, $3)
         ON CONFLICT (bucket, key_hash) DO UPDATE SET last_at = GREATEST(send_throttle.last_at, EXCLUDED.last_at)`,
        [bucket, keyHash(value), new Date(now)],
      );
    },
  };
}
