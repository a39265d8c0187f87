import { createHmac } from 'node:crypto';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { PayResult } from '../payments/provider';
import { PayErr } from './pay-errors';

/** Idempotency-Key (docs/decisions/002 and 009): a key answers the same for 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/**
 * How long a claimed key may stay "in progress": longer than any payment transaction and the
 * client's 60 s timeout, so only a claim whose process died is ever taken over.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60_000;

/** What a key answered: the payment's result, or the business refusal it ended with. */
type StoredAnswer = { data: PayResult } | { refusal: number };

/** Ties an idempotency key to the order its request created, in that order's transaction. */
export type LinkOrder = (tx: Queryable, orderId: string) => Promise<void>;

/** JSON with object keys sorted, so a retried body hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What idempotency_keys keeps of a request: an HMAC under the server's idempotency key, never the body. */
export const idempotencyHash = (key: Buffer, operation: 'pay' | 'repay', body: unknown) =>
  createHmac('sha256', key)
    .update(`${operation}\n${canonicalJson(body)}`)
    .digest('base64url');

/** One payment request as the key sees it; `header` sets an answer header (Retry-After, Idempotent-Replayed). */
export interface IdempotentCall {
  accountUid: number;
  operation: 'pay' | 'repay';
  /** The request's Idempotency-Key; without one, the payment simply runs. */
  key: string | undefined;
  body: unknown;
  header: (name: string, value: string) => void;
}

/**
 * Runs a payment once per key. The key's row is written (and committed) before any work, so
 * every process sees it: a repeat with the same body gets the first answer (a success or a
 * business refusal such as a decline); another body is refused with 5000 (HTTP 400); a repeat
 * while the first still runs is refused with -3031 (HTTP 429, Retry-After 1). The body is kept
 * only as an HMAC: it may hold a card number, and a plain hash of a 16-digit number can be
 * reversed by trying every number. `answerOf` answers for an order a dead process left behind.
 */
export function createIdempotency(deps: { db: Database; clock: Clock; key: Buffer }) {
  const { db, clock } = deps;

  return async function idempotent(
    call: IdempotentCall,
    run: (link: LinkOrder) => Promise<PayResult>,
    answerOf: (orderId: string) => Promise<PayResult>,
  ): Promise<PayResult> {
    const { accountUid, operation, key } = call;
    if (!key) return run(async () => undefined);
    const hash = idempotencyHash(deps.key, operation, call.body);
    const now = clock.now();
    await db.query('DELETE FROM idempotency_keys WHERE account_uid = $1 AND key = $2 AND created_at <= $3', [
      accountUid,
      key,
      new Date(now - IDEMPOTENCY_TTL_MS),
    ]);
    const claimed = await db.query(
      `INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at)
       VALUES ($1, $2, $3, $4, 'in_progress', $5) ON CONFLICT (account_uid, key) DO NOTHING RETURNING key`,
      [accountUid, key, operation, hash, new Date(now)],
    );
    if (claimed.length === 0) {
      const [row] = await db.query<{
        operation: string;
        request_hash: string;
        state: 'in_progress' | 'done';
        response: StoredAnswer | null;
        order_id: string | null;
      }>('SELECT operation, request_hash, state, response, order_id FROM idempotency_keys WHERE account_uid = $1 AND key = $2', [accountUid, key]);
      if (!row) throw new ApiRefusal(PayErr.tooFrequent, 429, 'idempotency key vanished while being claimed');
      if (row.operation !== operation || row.request_hash !== hash)
        throw new ApiRefusal(PayErr.invalidRequest, 400, 'idempotency key reused with another request');
      if (row.state === 'in_progress' || !row.response) {
        // A claim older than the lease belongs to a process that died mid-payment: this retry
        // takes the key over instead of waiting 24 hours. If that process had committed an order
        // (and perhaps charged it), the answer is that order's, once reconciled: never a second one.
        const taken = await db.query<{ order_id: string | null }>(
          "UPDATE idempotency_keys SET created_at = $3 WHERE account_uid = $1 AND key = $2 AND state = 'in_progress' AND created_at <= $4 RETURNING order_id",
          [accountUid, key, new Date(now), new Date(now - IDEMPOTENCY_LEASE_MS)],
        );
        if (taken.length === 0) {
          call.header('Retry-After', '1');
          throw new ApiRefusal(PayErr.tooFrequent, 429, 'idempotent request still in progress');
        }
        const orderId = taken[0]!.order_id;
        if (orderId) return runClaimed(() => answerOf(orderId));
        return runClaimed(run);
      }
      call.header('Idempotent-Replayed', 'true');
      if ('refusal' in row.response) throw new ApiRefusal(row.response.refusal, 200, 'idempotent replay');
      return row.response.data;
    }
    return runClaimed(run);

    async function runClaimed(work: (link: LinkOrder) => Promise<PayResult>): Promise<PayResult> {
      const settle = (answer: StoredAnswer) =>
        db.query("UPDATE idempotency_keys SET state = 'done', response = $3 WHERE account_uid = $1 AND key = $2", [accountUid, key, JSON.stringify(answer)]);
      const link: LinkOrder = async (tx, orderId) => {
        await tx.query('UPDATE idempotency_keys SET order_id = $3 WHERE account_uid = $1 AND key = $2', [accountUid, key, orderId]);
      };
      try {
        const data = await work(link);
        await settle({ data });
        return data;
      } catch (error) {
        // A business refusal is an answer and is replayed; anything else frees the key for a retry.
        if (error instanceof ApiRefusal && error.httpStatus === 200) await settle({ refusal: error.errCode });
        else await db.query('DELETE FROM idempotency_keys WHERE account_uid = $1 AND key = $2', [accountUid, key]);
        throw error;
      }
    }
  };
}
