import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerServices } from '../services';
import { lockChargingAttempt, outcomeOfLookup, recordChargeOutcome } from './charging';
import { refundDuplicateCharges } from './duplicate-charges';
import { retryUnansweredRefunds } from './refund-retry';
import { redeemDiscountCode } from './discount-codes';
import { createFulfilment } from './fulfilment';
import { loadOrder, transition } from './orders';
import { valuate } from './pricing';
import { cancelOpenOrder, failPending, settlePending } from './settlement';

/**
 * The payment jobs every server process runs: pending orders whose window closed are cancelled,
 * charges a dead process left `charging` and orders whose charge got no answer (NETWORK_ERROR)
 * are reconciled with their provider, charges no order accounts for are reported, and refunds
 * whose provider did not answer are asked again.
 */

/**
 * A charge without an answer is asked about once this much time has passed (in-flight answers
 * land first). A card network's call must time out well within it: an attempt is taken for
 * abandoned only when no live process can still be waiting for the network (docs/decisions/032).
 */
export const RECONCILE_AFTER_MS = 60_000;

/**
 * Cancels the pending orders whose payment window closed (pay_by passed: a PIX code, a slip, a
 * PayPal or wallet approval, a crypto quote, a transfer, a mobile-money code): the order becomes
 * PAYMENT_CANCELLED, its pending attempts cancelled, its discount code's use given back. A
 * transfer whose proof was attached is SUBMITTED, not pending, and waits for the bank.
 * Answers how many were cancelled.
 */
export async function expireOverdue(services: Pick<ServerServices, 'db' | 'clock'>, limit = 100): Promise<number> {
  const { db, clock } = services;
  const now = clock.now();
  // An order being charged by card (a PIX order repaid by card) waits for that charge's outcome.
  const due = await db.query<{ id: string }>(
    `SELECT id FROM orders o WHERE status = 'PAYMENT_PENDING' AND pay_by IS NOT NULL AND pay_by <= $1
       AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'charging')
     ORDER BY pay_by LIMIT $2`,
    [new Date(now), limit],
  );
  let cancelled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await loadOrder(tx, id, { forUpdate: true });
      if (!order || order.status !== 'PAYMENT_PENDING' || !order.pay_by || new Date(order.pay_by).getTime() > now) return false;
      await cancelOpenOrder(tx, order, 'payment window expired', now);
      return true;
    });
    if (done) cancelled++;
  }
  return cancelled;
}

/**
 * One pass of the payment jobs, in order: overdue pending orders cancelled, charges left
 * `charging` and charges without an answer settled with their network, then the network's
 * charges checked against the orders: a second charge of one order refunded, a charge of no
 * order reported; last, the withdrawal refunds that got no answer asked again (refund-retry.ts).
 */
export async function runPaymentJobs(services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>, log: Log) {
  const expired = await expireOverdue(services);
  const charging = await reconcileCharging(services, log);
  const unknown = await reconcileUnknown(services, log);
  const duplicatesRefunded = await refundDuplicateCharges(services, log);
  const orphans = await unaccountedCharges(services, log);
  const refundsRetried = await retryUnansweredRefunds(services, log);
  return { expired, charging, unknown, duplicatesRefunded, orphans, refundsRetried };
}

/**
 * Runs `runPaymentJobs` every `intervalMs` while the server runs, one pass at a time; stopped
 * (and awaited) on close. Several processes may run them: each order is handled under its row
 * lock, and re-checked once locked; a duplicate's refund is idempotent by its key.
 */
export function registerPaymentJobs(app: FastifyInstance, services: ServerServices, intervalMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    // At start-up, before serving: what this or another process left charging when it died.
    const settled = await reconcileCharging(services, app.log);
    const duplicates = await refundDuplicateCharges(services, app.log);
    const orphans = await unaccountedCharges(services, app.log);
    if (settled.paid + settled.failed + duplicates + orphans > 0) app.log.info({ ...settled, duplicates, orphans }, 'start-up payment reconciliation');
    timer = setInterval(() => {
      running = running.then(() => runPaymentJobs(services, app.log)).catch((error: unknown) => app.log.error({ err: error }, 'payment jobs failed'));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/**
 * Settles the orders whose charge got no answer (NETWORK_ERROR, an `unknown` attempt) by asking
 * the provider what it did for the order (`lookup`, by the merchant reference): charged → the
 * order is paid and fulfilled, keeping the discount code's use it held meanwhile; declined or
 * never received → PAYMENT_FAILED, repayable, the use given back. Until then the order cannot be
 * paid again (docs/decisions/036). A provider that cannot be asked and moves no money during its
 * call (PIX, boleto, redirects: the payer never got the instructions that were lost) collected
 * nothing: failed likewise. Any other leaves the order for an operator.
 */
export async function reconcileUnknown(
  services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>,
  log?: Log,
  limit = 100,
): Promise<{ paid: number; failed: number }> {
  const { db, clock, payments } = services;
  const fulfil = createFulfilment({ outbox: services.outbox, valuate });
  const now = clock.now();
  const due = await db.query<{ id: string }>("SELECT id FROM orders WHERE status = 'NETWORK_ERROR' AND updated_at <= $1 ORDER BY updated_at LIMIT $2", [
    new Date(now - RECONCILE_AFTER_MS),
    limit,
  ]);
  const summary = { paid: 0, failed: 0 };
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const order = await loadOrder(tx, id, { forUpdate: true });
      if (!order || order.status !== 'NETWORK_ERROR') return undefined;
      const [attempt] = await tx.query<{ id: number; method: string }>(
        "SELECT id, method FROM payment_attempts WHERE order_id = $1 AND status = 'unknown' ORDER BY id DESC LIMIT 1",
        [id],
      );
      const provider = attempt ? payments.forMethod(attempt.method) : undefined;
      if (attempt && provider && !provider.lookup && !provider.chargesAtOnce) {
        await failPending(tx, order, attempt.id, 2003, `${provider.name}: reconciled, nothing collected`, now);
        return 'failed' as const;
      }
      if (!attempt || !provider?.lookup) {
        log?.warn({ orderId: id }, 'an unanswered charge cannot be reconciled automatically');
        return undefined;
      }
      const found = await provider.lookup(tx, order.id);
      if (found.status === 'succeeded') {
        await tx.query('UPDATE payment_attempts SET provider_ref = $2 WHERE id = $1', [attempt.id, found.providerRef]);
        await settlePending(tx, order, attempt.id, { fulfil, redeem: redeemDiscountCode, log }, `${provider.name}: reconciled, charged`, now);
        return 'paid' as const;
      }
      const errCode = found.status === 'failed' ? found.errCode : 2003;
      await failPending(tx, order, attempt.id, errCode, `${provider.name}: reconciled, ${found.status === 'failed' ? 'declined' : 'never charged'}`, now);
      return 'failed' as const;
    });
    if (outcome) summary[outcome]++;
  }
  return summary;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Settles one attempt left `charging` (docs/decisions/032) by asking its network what it did for
 * the order's reference since the attempt began: charged → the order is paid and fulfilled (with
 * the card it used or the network kept); declined or never received → PAYMENT_FAILED, repayable,
 * its discount code's use given back. A renewal not charged is closed (PAYMENT_CANCELLED) and the
 * subscription stays due for the next pass; no decline is counted against it.
 * Answers undefined when the attempt is no longer charging (settled meanwhile) or cannot be asked.
 */
export async function settleChargingAttempt(
  services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>,
  attemptId: number,
  log?: Log,
): Promise<'paid' | 'failed' | undefined> {
  const { db, clock, payments } = services;
  const fulfil = createFulfilment({ outbox: services.outbox, valuate });
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ order_id: string }>("SELECT order_id FROM payment_attempts WHERE id = $1 AND status = 'charging'", [attemptId]);
    if (!row) return undefined;
    // The order first, then its attempt: the same lock order as paying.
    const order = await loadOrder(tx, row.order_id, { forUpdate: true });
    const attempt = order && (await lockChargingAttempt(tx, attemptId));
    if (!order || !attempt) return undefined;
    const provider = payments.forMethod(attempt.method);
    if (!provider?.lookup) {
      log?.warn({ orderId: order.id, attemptId }, 'a charge left charging cannot be reconciled automatically');
      return undefined;
    }
    const outcome = outcomeOfLookup(await provider.lookup(tx, order.id, { since: new Date(attempt.created_at).getTime() }));
    const recorded = await recordChargeOutcome(tx, order, attempt, outcome, { fulfil }, now);
    if (!recorded.ok && order.kind === 'renewal') await transition(tx, recorded.order, 'PAYMENT_CANCELLED', 'renewal attempt closed', now);
    log?.info({ orderId: order.id, attemptId, outcome: outcome.status }, 'reconciled a charge left charging');
    return recorded.ok ? ('paid' as const) : ('failed' as const);
  });
}

/** Settles the attempts left `charging` for longer than `olderThanMs` (see settleChargingAttempt). */
export async function reconcileCharging(
  services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>,
  log?: Log,
  options: { olderThanMs?: number; limit?: number } = {},
): Promise<{ paid: number; failed: number }> {
  const { olderThanMs = RECONCILE_AFTER_MS, limit = 100 } = options;
  const due = await services.db.query<{ id: number }>(
    "SELECT id FROM payment_attempts WHERE status = 'charging' AND updated_at <= $1 ORDER BY updated_at LIMIT $2",
    [new Date(services.clock.now() - olderThanMs), limit],
  );
  const summary = { paid: 0, failed: 0 };
  for (const { id } of due) {
    const outcome = await settleChargingAttempt(services, Number(id), log);
    if (outcome) summary[outcome]++;
  }
  return summary;
}

/** How far back the network's charges are matched against orders on each pass. */
export const UNACCOUNTED_WINDOW_MS = 24 * 3_600_000;

/**
 * The successful network charges of the last day whose reference is no order of the portal's:
 * money taken that nothing delivers. The two phases make it impossible (the order commits
 * before the network is called); each one is logged as an error for an operator to refund.
 */
export async function unaccountedCharges(services: Pick<ServerServices, 'db' | 'clock' | 'payments'>, log?: Log): Promise<number> {
  const { db, clock, payments } = services;
  const network = payments.card;
  if (!network) return 0;
  const charges = (await network.charges(db, clock.now() - UNACCOUNTED_WINDOW_MS)).filter((c) => c.status === 'succeeded');
  if (charges.length === 0) return 0;
  const known = new Set(
    (await db.query<{ id: string }>('SELECT id FROM orders WHERE id = ANY($1)', [[...new Set(charges.map((c) => c.reference))]])).map((r) => r.id),
  );
  const orphans = charges.filter((c) => !known.has(c.reference));
  for (const c of orphans)
    log?.error(
      { provider: network.name, providerRef: c.providerRef, reference: c.reference, amount: c.amount, currency: c.currency },
      'a network charge has no order',
    );
  return orphans.length;
}
