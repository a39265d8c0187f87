import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerServices } from '../services';
import { cancelOpenOrder, createFulfilment, failPending, loadOrder, settlePending } from './orders';
import { redeemDiscountCode, valuate } from './pricing';

/**
 * The payment jobs every server process runs: pending orders whose window closed are cancelled,
 * and orders whose charge got no answer (NETWORK_ERROR) are reconciled with their provider.
 */

/** A charge without an answer is asked about once this much time has passed (in-flight answers land first). */
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
  const due = await db.query<{ id: string }>(
    "SELECT id FROM orders WHERE status = 'PAYMENT_PENDING' AND pay_by IS NOT NULL AND pay_by <= $1 ORDER BY pay_by LIMIT $2",
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
 * Runs `expireOverdue` and `reconcileUnknown` every `intervalMs` while the server runs, one pass
 * at a time; stopped (and awaited) on close. Several processes may run them: each order is
 * handled under its row lock, and re-checked once locked.
 */
export function registerPaymentJobs(app: FastifyInstance, services: ServerServices, intervalMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = running
        .then(() => expireOverdue(services))
        .then(() => reconcileUnknown(services, app.log))
        .catch((error: unknown) => app.log.error({ err: error }, 'payment jobs failed'));
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
 * order is paid and fulfilled (taking its discount code's use again); declined or never received
 * → PAYMENT_FAILED, repayable. A provider that cannot be asked leaves the order for an operator.
 */
export async function reconcileUnknown(services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>, log?: FastifyBaseLogger, limit = 100): Promise<{ paid: number; failed: number }> {
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
      const [attempt] = await tx.query<{ id: number; method: string }>("SELECT id, method FROM payment_attempts WHERE order_id = $1 AND status = 'unknown' ORDER BY id DESC LIMIT 1", [id]);
      const provider = attempt ? payments.forMethod(attempt.method) : undefined;
      if (!attempt || !provider?.lookup) {
        log?.warn({ orderId: id }, 'an unanswered charge cannot be reconciled automatically');
        return undefined;
      }
      const found = await provider.lookup(tx, order.id);
      if (found.status === 'succeeded') {
        await tx.query('UPDATE payment_attempts SET provider_ref = $2 WHERE id = $1', [attempt.id, found.providerRef]);
        await settlePending(tx, order, attempt.id, { fulfil, redeem: redeemDiscountCode }, `${provider.name}: reconciled, charged`, now);
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
