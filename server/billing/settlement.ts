import type { Queryable } from '../db/database';
import type { Fulfil } from './fulfilment';
import { transition, type OrderRow } from './orders';
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

/**
 * Settles an open order whose pending attempt the provider reports paid (a webhook, a PayPal
 * capture, a mobile-money code): the attempt and the order succeed and the order gives what it
 * sells, in the caller's transaction, under the order's row lock. An order that gave its code's
 * use back meanwhile (declined, then paid late) takes it again, beyond the code's limit if the
 * last use went meanwhile (recorded and logged: `takeUseAtSettlement`).
 */
export async function settlePending(
  tx: Queryable,
  order: OrderRow,
  attemptId: number,
  deps: { fulfil: Fulfil; redeem: (q: Queryable, code: string) => Promise<boolean>; log?: IncidentLog | undefined },
  reason: string,
  now: number,
): Promise<OrderRow> {
  if (order.discount_code && !holdsDiscountUse(order)) await takeUseAtSettlement(tx, order, deps, now);
  await tx.query("UPDATE payment_attempts SET status = 'succeeded', updated_at = $2 WHERE id = $1", [attemptId, new Date(now)]);
  const paid = await transition(tx, order, 'PAYMENT_SUCCEEDED', reason, now);
  await deps.fulfil(tx, paid, { now, cardId: null });
  return paid;
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
