import type { Queryable } from '../db/database';
import { chargeEntryOf, recordCharge, recordReturn, reverseAllCredit } from './ledger';
import type { OrderStatus } from './order-status';

interface OrderForMoney {
  id: string;
  account_uid: number;
  kind: string;
  currency: string;
  status: OrderStatus;
}

/**
 * The ledger rows an order's status change writes, in its transaction (docs/decisions/069), so no
 * path can pay, refund or charge back an order without its money being booked: `transition` calls
 * it for every change.
 * - PAYMENT_SUCCEEDED: the charge of its successful attempt (the caller marks the attempt first);
 * - PAYMENT_CANCELLED: an upgrade closing unpaid gives its credit back to where it came from;
 * - REFUND_SUCCEEDED: the withdrawal's refund, returning the charge it refunds;
 * - CHARGEBACK_SUCCEEDED: the lost dispute, returning the charge disputed.
 */
export async function bookTransition(tx: Queryable, order: OrderForMoney, to: OrderStatus, reason: string, now: number): Promise<void> {
  switch (to) {
    case 'PAYMENT_SUCCEEDED': {
      const [attempt] = await tx.query<{ id: number; provider: string; provider_ref: string | null; amount: string; currency: string }>(
        "SELECT id, provider, provider_ref, amount::text, currency FROM payment_attempts WHERE order_id = $1 AND status = 'succeeded' ORDER BY updated_at DESC, id DESC LIMIT 1",
        [order.id],
      );
      if (!attempt) throw new Error(`order ${order.id} is paid with no successful payment attempt`);
      await recordCharge(tx, order, {
        amount: Number(attempt.amount),
        currency: attempt.currency,
        provider: attempt.provider,
        providerRef: attempt.provider_ref ?? `attempt:${attempt.id}`,
        attemptId: Number(attempt.id),
        reason,
        now,
      });
      return;
    }
    case 'PAYMENT_CANCELLED':
      if (order.kind === 'upgrade') await reverseAllCredit(tx, order, `upgrade closed unpaid: ${reason}`, now);
      return;
    case 'REFUND_SUCCEEDED': {
      const [refund] = await tx.query<{ id: number; provider: string; refund_ref: string | null; amount: string; currency: string; attempt_id: number | null }>(
        `SELECT id, provider, refund_ref, amount::text, currency, attempt_id FROM refunds
         WHERE order_id = $1 AND kind = 'withdrawal' AND status = 'succeeded' ORDER BY settled_at DESC NULLS LAST, id DESC LIMIT 1`,
        [order.id],
      );
      if (!refund) throw new Error(`order ${order.id} is refunded with no refund made`);
      const charge = await chargeEntryOf(tx, order.id, refund.attempt_id === null ? null : Number(refund.attempt_id));
      if (!charge) throw new Error(`order ${order.id} is refunded with no charge booked`);
      await recordReturn(tx, 'refund', order, {
        amount: Number(refund.amount),
        currency: refund.currency,
        provider: refund.provider,
        providerRef: refund.refund_ref ?? `refund:${refund.id}`,
        returnsEntryId: charge.id,
        attemptId: refund.attempt_id === null ? null : Number(refund.attempt_id),
        reason,
        now,
      });
      return;
    }
    case 'CHARGEBACK_SUCCEEDED': {
      const [dispute] = await tx.query<{ dispute_id: string; provider: string; amount: string; currency: string }>(
        "SELECT dispute_id, provider, amount::text, currency FROM order_disputes WHERE order_id = $1 AND status = 'lost' ORDER BY closed_at DESC NULLS LAST LIMIT 1",
        [order.id],
      );
      if (!dispute) throw new Error(`order ${order.id} is charged back with no dispute lost`);
      const charge = await chargeEntryOf(tx, order.id);
      if (!charge) throw new Error(`order ${order.id} is charged back with no charge booked`);
      await recordReturn(tx, 'chargeback', order, {
        amount: Number(dispute.amount),
        currency: dispute.currency,
        provider: dispute.provider,
        providerRef: dispute.dispute_id,
        returnsEntryId: charge.id,
        reason,
        now,
      });
      return;
    }
    default:
      return;
  }
}
