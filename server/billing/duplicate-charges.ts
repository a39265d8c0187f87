import type { FastifyBaseLogger } from 'fastify';
import type { NetworkCharge } from '../payments/provider';
import type { ServerServices } from '../services';
import { recordCharge, recordReturn } from './ledger';
import { loadOrder } from './orders';
import { recordIncident } from './payment-incidents';

/**
 * One order, one charge. Two successful charges filed under one order's reference mean the
 * customer paid twice: a repay raced a charge whose answer was lost, a process died between the
 * network's answer and its commit and a retry charged again, two servers charged at once. The
 * payment jobs refund every charge of an order after its first through the network, and record
 * each (payment_incidents, docs/decisions/036).
 */

/** As far back as the network's charges are compared (the same window as unaccountedCharges). */
export const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * The refund of a duplicate is asked with a key of the charge's own: a pass that dies after the
 * network refunded and before it recorded, or two processes finding the same charge, get the
 * same refund back, never a second one.
 */
export const duplicateRefundKey = (providerRef: string) => `duplicate:${providerRef}`;

/**
 * Refunds, for each order of the portal's, every successful network charge after the first
 * one (the earliest stands: it is the one the customer was charged first, and later ones are
 * the repeats), and records it with a warning. The network call runs outside any portal
 * transaction (docs/decisions/032: the network is another system) and is idempotent by key; a
 * charge already recorded is skipped, so each pass only acts on what it has not settled yet.
 * A refund the network rejects is recorded too, as an error, for an operator. Answers how many
 * charges were refunded by this pass.
 */
export async function refundDuplicateCharges(services: Pick<ServerServices, 'db' | 'clock' | 'payments'>, log?: Log): Promise<number> {
  const { db, clock, payments } = services;
  const network = payments.card;
  if (!network) return 0;
  const now = clock.now();
  const succeeded = (await network.charges(db, now - DUPLICATE_WINDOW_MS)).filter((c) => c.status === 'succeeded');
  const byOrder = new Map<string, NetworkCharge[]>();
  for (const c of succeeded) byOrder.set(c.reference, [...(byOrder.get(c.reference) ?? []), c]);
  const repeated = [...byOrder].filter(([, charges]) => charges.length > 1);
  if (repeated.length === 0) return 0;

  // Orphans (a reference that is no order) are unaccountedCharges' to report.
  const orders = new Set((await db.query<{ id: string }>('SELECT id FROM orders WHERE id = ANY($1)', [repeated.map(([id]) => id)])).map((r) => r.id));
  const recorded = new Set(
    (await db.query<{ subject: string }>("SELECT subject FROM payment_incidents WHERE kind = 'duplicate_charge' AND order_id = ANY($1)", [[...orders]])).map(
      (r) => r.subject,
    ),
  );

  let refunded = 0;
  for (const [orderId, charges] of repeated) {
    if (!orders.has(orderId)) continue;
    // `charges` lists oldest first (created_at, then id): every process keeps the same one.
    const [kept, ...later] = charges as [NetworkCharge, ...NetworkCharge[]];
    for (const charge of later) {
      if (recorded.has(charge.providerRef)) continue;
      let result;
      try {
        result = await network.refund(db, {
          providerRef: charge.providerRef,
          amount: charge.amount,
          reason: 'duplicate',
          idempotencyKey: duplicateRefundKey(charge.providerRef),
          now: clock.now(),
        });
      } catch (error) {
        // Nothing recorded: the next pass asks again with the same key.
        log?.error({ err: error, orderId, providerRef: charge.providerRef }, 'refunding a duplicate charge failed; retried on the next pass');
        continue;
      }
      const detail = {
        provider: network.name,
        keptRef: kept.providerRef,
        refundedRef: charge.providerRef,
        refundRef: result.refundRef,
        refundStatus: result.status,
        amount: charge.amount,
        currency: charge.currency,
      };
      const fresh = await db.transaction(async (tx) => {
        const order = await loadOrder(tx, orderId, { forUpdate: true });
        const recorded = await recordIncident(tx, { kind: 'duplicate_charge', orderId, subject: charge.providerRef, detail, now: clock.now() });
        if (!order || !recorded) return recorded;
        // The ledger has both movements: the second charge, and its refund once made (docs/decisions/069).
        const money = { amount: charge.amount, currency: charge.currency, provider: network.name, now: clock.now() };
        const entry = await recordCharge(tx, order, { ...money, providerRef: charge.providerRef, attemptId: null, reason: 'a second charge of one order' });
        if (result.status === 'succeeded' && result.refundRef)
          await recordReturn(tx, 'refund', order, {
            ...money,
            providerRef: result.refundRef,
            returnsEntryId: entry,
            reason: 'a second charge of one order, refunded',
          });
        return recorded;
      });
      if (!fresh) continue;
      if (result.status === 'rejected') {
        log?.error({ orderId, ...detail }, 'a duplicate charge could not be refunded: an operator must (payment_incidents)');
        continue;
      }
      refunded++;
      log?.warn({ orderId, ...detail }, 'refunded a second charge of one order (payment_incidents)');
    }
  }
  return refunded;
}
