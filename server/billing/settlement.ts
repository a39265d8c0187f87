import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import { insertReturnedRefund } from '../repositories/refund-repository';
import { lockedState, settlementRefusal } from './billing-rules';
import type { Fulfil } from './fulfilment';
import { recordCharge } from './ledger';
import { openStatuses } from './order-status';
import { loadOrder, transition, type OrderRow } from './orders';
import { recordIncident, type IncidentLog } from './payment-incidents';

/**
 * How an open order's payment ends: settled paid, failed (to be paid again), or the order
 * cancelled; and the discount code's use each of these takes or gives back.
 */

/** The order's pending attempts stop counting: the order closes, or a new payment replaces them. */
export async function cancelPendingAttempts(tx: Queryable, orderId: string, now: number): Promise<void> {
  await tx.query("UPDATE payment_attempts SET status = 'cancelled', updated_at = $2 WHERE order_id = $1 AND status = 'pending'", [orderId, new Date(now)]);
}

/**
 * Gives back a discount code's use when the charge it was taken for failed. The use is taken
 * before any money moves, with discount-codes.ts's `redeemDiscountCode` (a conditional UPDATE ... WHERE
 * used_count < max_uses): two orders paying at once with a one-use code both read "1 left", but
 * only one UPDATE finds it (the other waits for the row lock, then finds none), so the loser is
 * refused with 9003 before its card is charged.
 */
export async function releaseDiscountUse(tx: Queryable, code: string): Promise<void> {
  await tx.query('UPDATE discount_codes SET used_count = used_count - 1 WHERE code = $1 AND used_count > 0', [code.toUpperCase()]);
}

/**
 * Whether an open order already holds its discount code's use. The use is taken when a payment
 * starts; an order waiting for its payment (pending, or a transfer whose proof is under review)
 * keeps it until the payment settles or the order closes. So does an order whose charge got no
 * answer (NETWORK_ERROR): the card may have been charged with the discount, so the use stays
 * taken until reconciliation says (given back if it was not charged), and nobody else can take
 * a one-use code meanwhile (docs/decisions/036). A new or declined order holds none.
 */
export const holdsDiscountUse = (o: Pick<OrderRow, 'status' | 'proof_key'>) =>
  o.status === 'PAYMENT_PENDING' || o.status === 'NETWORK_ERROR' || (o.status === 'SUBMITTED' && o.proof_key !== null);

/**
 * The code's use of an order paid without holding one (paid late, after it had given it back).
 * The money has moved with the discount the customer was shown, so a code found used up does not
 * undo it: the use is counted beyond the limit and recorded for an operator, with a warning.
 */
async function takeUseAtSettlement(
  tx: Queryable,
  order: OrderRow,
  deps: { redeem: (q: Queryable, code: string) => Promise<boolean>; log?: IncidentLog | undefined },
  now: number,
): Promise<void> {
  const code = order.discount_code!.toUpperCase();
  if (await deps.redeem(tx, code)) return;
  const [counted] = await tx.query<{ used_count: number; max_uses: number | null }>(
    'UPDATE discount_codes SET used_count = used_count + 1 WHERE code = $1 RETURNING used_count, max_uses',
    [code],
  );
  if (!counted) return;
  const detail = { maxUses: counted.max_uses, usedCount: counted.used_count, discount: order.discount, currency: order.currency };
  if (await recordIncident(tx, { kind: 'discount_over_limit', orderId: order.id, subject: code, detail, now })) {
    // The code itself stays out of the log (a personal code is its owner's); the row names it.
    deps.log?.warn({ orderId: order.id, ...detail }, "a settled payment counted its discount code beyond the code's limit (payment_incidents)");
  }
}

/**
 * Closes an open order that will not be paid (its payment window passed, its code was unbound):
 * its pending attempts are cancelled, so a late payment finds nothing to settle, and the
 * discount code's use it held is given back.
 */
export async function cancelOpenOrder(tx: Queryable, order: OrderRow, reason: string, now: number): Promise<OrderRow> {
  await cancelPendingAttempts(tx, order.id, now);
  if (order.discount_code && holdsDiscountUse(order)) await releaseDiscountUse(tx, order.discount_code);
  return transition(tx, order, 'PAYMENT_CANCELLED', reason, now);
}

export interface AcceptDeps {
  fulfil: Fulfil;
  /** Takes the discount code's use (discount-codes.ts); a payment whose order holds its use already needs none. */
  redeem?: (q: Queryable, code: string) => Promise<boolean>;
  log?: (IncidentLog & Pick<FastifyBaseLogger, 'warn'>) | undefined;
}

/** The money that arrived: its attempt, and the provider's reference of this movement. */
export interface ArrivedMoney {
  attemptId: number;
  provider: string;
  /** The card network's charge id, or the event that told of a payment (a second payment of one code is an event of its own). */
  providerRef: string;
  amount: number;
  currency: string;
}

/**
 * Money arrived for `order` (a card's answer, a webhook, a capture, a code confirmed, a
 * reconciliation): the one place that decides what it does (docs/decisions/069). The account is
 * locked and its billing state read; when the rules let it (billing-rules.ts `settlementRefusal`)
 * the attempt and the order succeed and the order gives what it sells (`fulfil`), taking its
 * discount code's use if it had given it back (`takeUseAtSettlement`); otherwise the money is
 * booked and returned (`returnPayment`). Answers the paid order, or the order as the return left
 * it with the code the payer is told. `deps.redeem` is for payments whose order gave its code's
 * use back meanwhile (a pending one paid late); a card charge's order holds it from its first phase.
 */
export async function acceptPayment(
  tx: Queryable,
  order: OrderRow,
  money: ArrivedMoney,
  deps: AcceptDeps,
  options: { reason: string; cardId?: string | null; now: number },
): Promise<{ paid: OrderRow } | { returned: OrderRow; code: number }> {
  const { now } = options;
  const state = await lockedState(tx, order.account_uid, now);
  await tx.query("UPDATE payment_attempts SET status = 'succeeded', updated_at = $2 WHERE id = $1", [money.attemptId, new Date(now)]);
  const refusal = settlementRefusal(state, order);
  if (refusal !== null) {
    const closed = await returnPayment(tx, order, { ...money, why: refusal.why }, deps.log, now);
    return { returned: closed, code: refusal.code };
  }
  if (deps.redeem && order.discount_code && !holdsDiscountUse(order)) await takeUseAtSettlement(tx, order, { redeem: deps.redeem, log: deps.log }, now);
  const paid = await transition(tx, order, 'PAYMENT_SUCCEEDED', options.reason, now);
  await deps.fulfil(tx, paid, { now, cardId: options.cardId ?? null });
  return { paid };
}

/**
 * Money that arrived for an order that can no longer be paid (rule `money-needs-open-order`): the
 * order was cancelled meanwhile (a newer upgrade replaced it, the credit it was quoted with went
 * back, its window closed), was paid by another attempt, or is an upgrade of a plan that ended. A
 * card network or a bank cannot be told "no" once the money has moved, so the portal books it,
 * closes the order if it was still open, and gives it back the way it came: a refund of that
 * payment, asked by the payment jobs under a key of its ledger row (refund-retry.ts), and a
 * `payment_returned` incident for support. `closeOrder: false` when only the payment is stale (a
 * code the order replaced), not the order.
 */
export async function returnPayment(
  tx: Queryable,
  order: OrderRow,
  m: Omit<ArrivedMoney, 'attemptId'> & { attemptId: number | null; why: string },
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
  now: number,
  options: { closeOrder: boolean } = { closeOrder: true },
): Promise<OrderRow> {
  const chargeEntryId = await recordCharge(tx, order, { ...m, reason: `paid, but ${m.why}: returned`, now });
  const closed =
    options.closeOrder && openStatuses.includes(order.status) ? await cancelOpenOrder(tx, order, `paid, but ${m.why}: the money is returned`, now) : order;
  const refund = await insertReturnedRefund(tx, {
    orderId: order.id,
    provider: m.provider,
    amount: m.amount,
    currency: m.currency,
    attemptId: m.attemptId,
    chargeEntryId,
    now,
  });
  if (!refund) return closed;
  const detail = { provider: m.provider, amount: m.amount, currency: m.currency, why: m.why };
  if (await recordIncident(tx, { kind: 'payment_returned', orderId: order.id, subject: m.providerRef, detail, now }))
    log?.warn({ orderId: order.id, ...detail }, 'a payment arrived for an order that could no longer be paid; it is returned (payment_incidents)');
  return closed;
}

/** The account's declined orders, which nobody will pay again (the account is being deleted), closed. */
export async function cancelDeclinedOrders(tx: Queryable, accountUid: number, reason: string, now: number): Promise<void> {
  const failed = await tx.query<{ id: string }>("SELECT id FROM orders WHERE account_uid = $1 AND status = 'PAYMENT_FAILED'", [accountUid]);
  for (const { id } of failed) {
    const order = await loadOrder(tx, id, { forUpdate: true });
    if (order?.status === 'PAYMENT_FAILED') await cancelOpenOrder(tx, order, reason, now);
  }
}

/**
 * Settles an open order whose pending attempt the provider reports paid (a webhook, a PayPal
 * capture, a mobile-money code), under the account's lock: `acceptPayment` with the attempt's own
 * reference; the order takes its discount code's use again if it gave it back meanwhile.
 */
export async function settlePending(
  tx: Queryable,
  order: OrderRow,
  attemptId: number,
  deps: AcceptDeps,
  reason: string,
  now: number,
): ReturnType<typeof acceptPayment> {
  const [a] = await tx.query<{ provider: string; provider_ref: string | null; amount: string; currency: string }>(
    'SELECT provider, provider_ref, amount::text, currency FROM payment_attempts WHERE id = $1',
    [attemptId],
  );
  if (!a) throw new Error(`payment attempt ${attemptId} vanished`);
  const money = { attemptId, provider: a.provider, providerRef: a.provider_ref ?? `attempt:${attemptId}`, amount: Number(a.amount), currency: a.currency };
  return acceptPayment(tx, order, money, deps, { reason, now });
}

/**
 * Fails an open order's pending attempt (the payer cancelled at the provider, the wallet had no
 * funds, the code was wrong too often): the order becomes PAYMENT_FAILED and may be paid again
 * (repay); the discount code's use it held is given back until then.
 */
export async function failPending(tx: Queryable, order: OrderRow, attemptId: number, errCode: number, reason: string, now: number): Promise<OrderRow> {
  await tx.query("UPDATE payment_attempts SET status = 'failed', err_code = $2, updated_at = $3 WHERE id = $1", [attemptId, errCode, new Date(now)]);
  if (order.discount_code && holdsDiscountUse(order)) await releaseDiscountUse(tx, order.discount_code);
  return transition(tx, order, 'PAYMENT_FAILED', reason, now);
}
