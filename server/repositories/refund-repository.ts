import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { RefundDestination } from '../payments/provider';

/** The portal's refunds of withdrawn orders (`refunds`, migration 027, docs/decisions/058). */

export type Refund = components['schemas']['Refund'];

export interface RefundRow {
  id: number;
  order_id: string;
  /** A withdrawal the customer asked for, or a payment returned (docs/decisions/069). */
  kind: 'withdrawal' | 'returned';
  /** The payment attempt it returns money of. */
  attempt_id: number | null;
  /** A returned payment: the ledger row of the money it returns. */
  charge_entry_id: number | null;
  provider: string;
  refund_ref: string | null;
  amount: number;
  currency: string;
  status: Refund['status'];
  reject_reason: string | null;
  destination: RefundDestination | null;
  requested_at: Date;
  settled_at: Date | null;
}

const columns =
  'id::int AS id, order_id, kind, attempt_id::int AS attempt_id, charge_entry_id::int AS charge_entry_id, provider, refund_ref, amount::int AS amount, currency, status, reject_reason, destination, requested_at, settled_at';

export async function insertRefund(
  tx: Queryable,
  r: { orderId: string; provider: string; amount: number; currency: string; attemptId: number; destination: RefundDestination | undefined; now: number },
): Promise<RefundRow> {
  // Due for a retry from the start, as if its first call had gone unanswered (docs/decisions/058):
  // the provider is asked only after this commits, so a process that died before recording the
  // answer left a refund nobody would ask again. Once answered it is no longer picked (its
  // reference recorded, or settled); a retry while the first call is still out gets the same
  // refund, under the same key.
  const [row] = await tx.query<RefundRow>(
    `INSERT INTO refunds (order_id, provider, idempotency_key, amount, currency, status, destination, requested_at, attempt_id, next_attempt_at)
     VALUES ($1, $2, 'withdrawal:' || $1 || ':' || (SELECT count(*) FROM refunds WHERE order_id = $1 AND kind = 'withdrawal'), $3, $4, 'pending', $5, $6, $7, $8)
     RETURNING ${columns}`,
    [r.orderId, r.provider, r.amount, r.currency, r.destination ?? null, new Date(r.now), r.attemptId, nextRefundAttemptAt(1, r.now)],
  );
  return row!;
}

/**
 * A payment returned (docs/decisions/069): money that arrived for an order that could no longer
 * be paid goes back by its own provider, under a key of its charge row, asked by the payment jobs
 * (refund-retry.ts) from `now` on. Once per charge row: answers undefined when it was recorded already.
 */
export async function insertReturnedRefund(
  tx: Queryable,
  r: { orderId: string; provider: string; amount: number; currency: string; attemptId: number | null; chargeEntryId: number; now: number },
): Promise<RefundRow | undefined> {
  const [row] = await tx.query<RefundRow>(
    `INSERT INTO refunds (order_id, kind, provider, idempotency_key, amount, currency, status, requested_at, attempt_id, charge_entry_id, next_attempt_at)
     VALUES ($1, 'returned', $2, $8, $3, $4, 'pending', $5, $6, $7, $5)
     ON CONFLICT DO NOTHING RETURNING ${columns}`,
    [r.orderId, r.provider, r.amount, r.currency, new Date(r.now), r.attemptId, r.chargeEntryId, `returned:${r.chargeEntryId}`],
  );
  return row;
}

export async function refundById(q: Queryable, id: number): Promise<RefundRow | undefined> {
  const [row] = await q.query<RefundRow>(`SELECT ${columns} FROM refunds WHERE id = $1`, [id]);
  return row;
}

export async function idempotencyKeyOf(q: Queryable, id: number): Promise<string> {
  const [row] = await q.query<{ idempotency_key: string }>('SELECT idempotency_key FROM refunds WHERE id = $1', [id]);
  return row!.idempotency_key;
}

/** The order's newest withdrawal refund, if any (locked for the caller's transaction when asked). */
export async function latestRefund(q: Queryable, orderId: string, options: { forUpdate?: boolean } = {}): Promise<RefundRow | undefined> {
  const [row] = await q.query<RefundRow>(
    `SELECT ${columns} FROM refunds WHERE order_id = $1 AND kind = 'withdrawal' ORDER BY requested_at DESC, id DESC LIMIT 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return row;
}

export async function refundByRef(q: Queryable, provider: string, refundRef: string): Promise<RefundRow | undefined> {
  const [row] = await q.query<RefundRow>(`SELECT ${columns} FROM refunds WHERE provider = $1 AND refund_ref = $2`, [provider, refundRef]);
  return row;
}

export async function recordProviderRef(tx: Queryable, id: number, refundRef: string): Promise<void> {
  await tx.query('UPDATE refunds SET refund_ref = $2, next_attempt_at = NULL WHERE id = $1', [id, refundRef]);
}

/**
 * The retries of a refund whose provider call got no answer (docs/decisions/058, amended): after
 * the first call, the next ones wait these long, then the refund is given up to support. Their sum
 * (20 h 36 min) stays within the 24 hours a gateway such as Stripe keeps an idempotency key, past
 * which the same key could make a second refund.
 */
export const REFUND_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;
/** The calls a refund is asked in at most, the first one included. */
export const REFUND_MAX_ATTEMPTS = REFUND_RETRY_DELAYS_MS.length + 1;

/** After `attempts` calls without an answer, when the next is due; null when none is left. */
export function nextRefundAttemptAt(attempts: number, now: number): Date | null {
  const delay = REFUND_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now + delay);
}

/** The first call got no answer: the retry is due after the first delay. */
export async function scheduleRefundRetry(q: Queryable, id: number, attempts: number, now: number): Promise<void> {
  await q.query("UPDATE refunds SET next_attempt_at = $2 WHERE id = $1 AND status = 'pending' AND refund_ref IS NULL", [
    id,
    nextRefundAttemptAt(attempts, now),
  ]);
}

/** Settles a pending refund; false when it was no longer pending. */
export async function settleRefund(
  tx: Queryable,
  id: number,
  status: 'succeeded' | 'rejected' | 'cancelled',
  rejectReason: string | null,
  now: number,
): Promise<boolean> {
  const rows = await tx.query("UPDATE refunds SET status = $2, reject_reason = $3, settled_at = $4 WHERE id = $1 AND status = 'pending' RETURNING id", [
    id,
    status,
    rejectReason,
    new Date(now),
  ]);
  return rows.length > 0;
}

/** The contract's view: never the destination's details, only what kind it was. */
export function toRefund(row: RefundRow): Refund {
  return {
    orderId: row.order_id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    refundsTo: row.destination?.kind ?? 'payer',
    requestedAt: new Date(row.requested_at).getTime(),
    ...(row.settled_at ? { settledAt: new Date(row.settled_at).getTime() } : {}),
    ...(row.reject_reason ? { rejectReason: row.reject_reason } : {}),
  };
}

export interface PaidAttempt {
  id: number;
  method: string;
  provider: string;
  provider_ref: string | null;
  amount: number;
}

/** The attempt that paid the order: what a refund returns money of. */
export async function paidAttempt(q: Queryable, orderId: string): Promise<PaidAttempt | undefined> {
  const [row] = await q.query<PaidAttempt>(
    "SELECT id::int AS id, method, provider, provider_ref, amount::int AS amount FROM payment_attempts WHERE order_id = $1 AND status = 'succeeded' ORDER BY id DESC LIMIT 1",
    [orderId],
  );
  return row;
}

/** The attempt a refund returns money of: the one it names, else the one that paid its order. */
export async function refundedAttempt(q: Queryable, refund: Pick<RefundRow, 'order_id' | 'attempt_id'>): Promise<PaidAttempt | undefined> {
  if (refund.attempt_id === null) return paidAttempt(q, refund.order_id);
  const [row] = await q.query<PaidAttempt>('SELECT id::int AS id, method, provider, provider_ref, amount::int AS amount FROM payment_attempts WHERE id = $1', [
    refund.attempt_id,
  ]);
  return row;
}
