import type { FastifyBaseLogger } from 'fastify';
import type { RefundResult } from '../payments/provider';
import { latestRefund, nextRefundAttemptAt, REFUND_MAX_ATTEMPTS, refundById, refundedAttempt, type RefundRow } from '../repositories/refund-repository';
import type { ServerServices } from '../services';
import { recordIncident } from './payment-incidents';
import { applyRefundAnswer, refunderOf } from './withdrawal';

/**
 * Refunds whose provider call got no answer, and payments returned (docs/decisions/069, asked here
 * first): withdrawal refunds whose provider call got no answer (a timeout, a network error, a 5xx), asked
 * again by the payment jobs (docs/decisions/058, amended): under the refund's own idempotency key,
 * so a provider that did make the refund answers it instead of making a second one; after the
 * delays of REFUND_RETRY_DELAYS_MS; at most REFUND_MAX_ATTEMPTS calls in all. When they run out the
 * refund stays pending (REFUND_PENDING: money may have moved, nobody can say) and is reported to
 * support as a `refund_unanswered` incident, logged as an error.
 */

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type Services = Pick<ServerServices, 'db' | 'clock' | 'payments' | 'outbox'>;

export interface RefundRetrySummary {
  answered: number;
  retrying: number;
  gaveUp: number;
}

/** One pass: every unanswered refund whose next call is due is asked again, or given up. */
export async function retryUnansweredRefunds(services: Services, log?: Log, limit = 100): Promise<RefundRetrySummary> {
  const { db, clock } = services;
  const due = await db.query<{ id: number }>(
    "SELECT id FROM refunds WHERE status = 'pending' AND refund_ref IS NULL AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2",
    [new Date(clock.now()), limit],
  );
  const summary: RefundRetrySummary = { answered: 0, retrying: 0, gaveUp: 0 };
  for (const { id } of due) {
    const outcome = await retryOne(services, Number(id), log);
    if (outcome) summary[outcome]++;
  }
  return summary;
}

/**
 * Asks at once for the returns of payments that arrived for `orderId` and could not pay it
 * (settlement.ts `returnPayment`), rather than at the jobs' next pass: called once the
 * transaction that booked them has committed. What gets no answer waits for the jobs.
 */
export async function askReturnedRefunds(services: Services, orderId: string, log?: Log): Promise<void> {
  const due = await services.db.query<{ id: number }>(
    "SELECT id FROM refunds WHERE order_id = $1 AND kind = 'returned' AND status = 'pending' AND refund_ref IS NULL AND next_attempt_at <= $2",
    [orderId, new Date(services.clock.now())],
  );
  for (const { id } of due) await retryOne(services, Number(id), log);
}

async function retryOne(services: Services, id: number, log?: Log): Promise<keyof RefundRetrySummary | undefined> {
  const { db, clock, payments } = services;
  const now = clock.now();
  // Claimed by moving its next call on by the longest delay first, so another process's pass does
  // not ask at once too (it could: the key makes it harmless), and a process that dies mid-call
  // leaves it due again then; a call that fails sets the real next one below.
  const [claimed] = await db.query<{ attempts: number; idempotency_key: string }>(
    `UPDATE refunds SET attempts = attempts + 1, next_attempt_at = $3
      WHERE id = $1 AND status = 'pending' AND refund_ref IS NULL AND next_attempt_at <= $2 AND attempts < $4
      RETURNING attempts, idempotency_key`,
    [id, new Date(now), nextRefundAttemptAt(REFUND_MAX_ATTEMPTS - 1, now), REFUND_MAX_ATTEMPTS],
  );
  const row = await refundById(db, id);
  // A withdrawal's refund is its order's newest; a payment returned is its own.
  const pending = row && (row.kind === 'returned' ? row : await latestRefund(db, row.order_id));
  if (!pending || pending.id !== id || pending.status !== 'pending' || pending.refund_ref) return undefined;
  if (!claimed) {
    // Not claimed: another pass has it, or its calls ran out while a process died in the last one.
    const [spent] = await db.query<{ attempts: number; next_attempt_at: Date | null }>('SELECT attempts, next_attempt_at FROM refunds WHERE id = $1', [id]);
    const over = spent && spent.attempts >= REFUND_MAX_ATTEMPTS && spent.next_attempt_at !== null && new Date(spent.next_attempt_at).getTime() <= now;
    return over ? giveUp(services, pending, log) : undefined;
  }

  const attempt = await refundedAttempt(db, pending);
  const provider = attempt?.provider_ref ? refunderOf(payments, attempt.method, pending.provider) : undefined;
  if (!provider || !attempt?.provider_ref) return giveUp(services, pending, log);
  let result: RefundResult;
  try {
    result = await provider.refund!(db, {
      providerRef: attempt.provider_ref,
      amount: pending.amount,
      // A payment returned is money the customer sent for nothing: Stripe's reason for it is `duplicate`.
      reason: pending.kind === 'returned' ? 'duplicate' : 'requested_by_customer',
      idempotencyKey: claimed.idempotency_key,
      ...(pending.destination ? { destination: pending.destination } : {}),
      now: clock.now(),
    });
  } catch (error) {
    const next = nextRefundAttemptAt(claimed.attempts, clock.now());
    if (!next) return giveUp(services, pending, log, claimed.attempts);
    await db.query("UPDATE refunds SET next_attempt_at = $2 WHERE id = $1 AND status = 'pending' AND refund_ref IS NULL", [id, next]);
    log?.warn({ err: error, orderId: pending.order_id, attempts: claimed.attempts }, 'a refund got no answer again; asked again later');
    return 'retrying';
  }
  await applyRefundAnswer(services, pending, provider.name, result);
  return 'answered';
}

/** No call left: the refund stays pending, no longer asked, and support is told once. */
async function giveUp(services: Services, refund: RefundRow, log?: Log, attempts?: number): Promise<'gaveUp'> {
  const { db, clock } = services;
  await db.query("UPDATE refunds SET next_attempt_at = NULL WHERE id = $1 AND status = 'pending' AND refund_ref IS NULL", [refund.id]);
  const [row] = await db.query<{ attempts: number; idempotency_key: string }>('SELECT attempts, idempotency_key FROM refunds WHERE id = $1', [refund.id]);
  const detail = { provider: refund.provider, amount: refund.amount, currency: refund.currency, attempts: attempts ?? row?.attempts };
  if (
    await recordIncident(db, {
      kind: 'refund_unanswered',
      orderId: refund.order_id,
      subject: row?.idempotency_key ?? String(refund.id),
      detail,
      now: clock.now(),
    })
  )
    log?.error({ orderId: refund.order_id, ...detail }, 'a withdrawal refund never got an answer; it stays pending for support');
  return 'gaveUp';
}
