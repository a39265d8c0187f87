import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import type { DisputeEvent, EventResult } from '../payments/payment-events';
import { chargeEntryOf, entryByRef, recordReturn } from './ledger';
import { canTransition, type OrderStatus } from './order-status';
import { loadOrder, transition, type OrderRow } from './orders';
import { recordIncident } from './payment-incidents';
import { reverseOrder } from './reversal';

/**
 * Chargebacks (docs/decisions/059): what the portal does when the card network says
 * a paid order's charge is disputed. The dispute's status follows the network's; the order's
 * follows the dispute:
 * - opened (`needs_response`, `under_review`): CHARGEBACK_PENDING; the customer keeps the service
 *   while the banks decide;
 * - `lost` (the holder won, their money went back to them): CHARGEBACK_SUCCEEDED, the order's
 *   unused service ends, and the card is never charged by a renewal again;
 * - `won` (the merchant won, the charge stands): CHARGEBACK_REJECTED, the service goes on;
 * - `warning_closed` (the holder withdrew, or the inquiry closed without a chargeback):
 *   CHARGEBACK_CANCELLED, the service goes on.
 */
const closedStatus: Readonly<Record<'won' | 'lost' | 'warning_closed', OrderStatus>> = {
  lost: 'CHARGEBACK_SUCCEEDED',
  won: 'CHARGEBACK_REJECTED',
  warning_closed: 'CHARGEBACK_CANCELLED',
};

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Applies one verified dispute event, in the receiver's transaction (the event id was recorded once). */
export async function applyDisputeEvent(tx: Queryable, provider: string, event: DisputeEvent, now: number, log: Log): Promise<EventResult> {
  const d = event.data;
  const [attempt] = await tx.query<{ order_id: string; card_id: string | null }>(
    "SELECT order_id, card_id FROM payment_attempts WHERE provider = $1 AND provider_ref = $2 AND status = 'succeeded'",
    [provider, d.reference],
  );
  const order = attempt && (await loadOrder(tx, attempt.order_id, { forUpdate: true }));
  if (!attempt || !order) {
    log.warn({ provider, eventId: event.id }, 'dispute of an unknown charge');
    return 'ignored';
  }
  if (d.currency !== order.currency || d.amount > order.total) {
    log.warn({ provider, eventId: event.id, orderId: order.id }, 'dispute amount or currency is not the order’s; not applied');
    return 'mismatch';
  }
  const [known] = await tx.query<{ status: string }>('SELECT status FROM order_disputes WHERE dispute_id = $1 FOR UPDATE', [d.dispute]);
  if (known && known.status in closedStatus) return 'ignored';
  const closing = event.type === 'charge.dispute.closed' && d.status in closedStatus;
  const at = new Date(now);
  // Rule `dispute-after-refund` (docs/decisions/069): a payment refunded, or being refunded, is
  // answered by its refund. The network refuses to refund a disputed charge, so a refund under way
  // comes back refused and the order then goes CHARGEBACK_PENDING (withdrawal.ts).
  const refunded = order.status === 'REFUND_SUCCEEDED' || order.status === 'REFUND_PENDING';
  await tx.query(
    `INSERT INTO order_disputes (dispute_id, order_id, provider, amount, currency, reason, status, opened_at, closed_at, updated_at, answered_by_refund)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10)
     ON CONFLICT (dispute_id) DO UPDATE SET status = $7, closed_at = $9, updated_at = $8, answered_by_refund = $10`,
    [d.dispute, order.id, provider, d.amount, d.currency, d.reason, d.status, at, closing ? at : null, refunded],
  );
  if (refunded) return disputeOfRefunded(tx, order, provider, event, closing, now, log);

  let current: OrderRow = order;
  if (current.status !== 'CHARGEBACK_PENDING') {
    // An order whose earlier dispute the holder lost has nothing left to dispute.
    if (!canTransition(current.status, 'CHARGEBACK_PENDING')) {
      log.warn({ provider, eventId: event.id, orderId: order.id, status: order.status }, 'dispute of an order that cannot be charged back');
      return 'ignored';
    }
    current = await transition(tx, current, 'CHARGEBACK_PENDING', `${provider}: dispute ${d.dispute} opened (${d.reason})`, now);
  }
  if (!closing) return 'applied';

  const ending = d.status as keyof typeof closedStatus;
  const closed = await transition(tx, current, closedStatus[ending], `${provider}: dispute ${d.dispute} ${ending}`, now);
  if (ending === 'lost') {
    // The order's money went back: what it gave is taken back, as a refund's is (reversal.ts).
    await blockRenewalsOnCard(tx, order.account_uid, provider, attempt.card_id, d.paymentMethod, d.dispute, now);
    await reverseOrder(tx, closed, now, 'follow');
    log.info({ orderId: order.id, dispute: d.dispute }, 'chargeback lost: the order’s service ended and its card no longer renews');
  }
  return 'applied';
}

/**
 * A dispute of a payment already refunded (a network that let it be opened) or being refunded:
 * the order stays as it is and support is told. Should the network still close it lost, that money
 * went back twice: it is booked as the chargeback it is, and support recovers it.
 */
async function disputeOfRefunded(
  tx: Queryable,
  order: OrderRow,
  provider: string,
  event: DisputeEvent,
  closing: boolean,
  now: number,
  log: Log,
): Promise<EventResult> {
  const d = event.data;
  if (order.status === 'REFUND_PENDING') return 'applied';
  const detail = { provider, dispute: d.dispute, amount: d.amount, currency: d.currency, status: d.status };
  if (await recordIncident(tx, { kind: 'dispute_after_refund', orderId: order.id, subject: d.dispute, detail, now }))
    log.warn({ orderId: order.id, ...detail }, 'a refunded payment was disputed: answered by its refund (payment_incidents)');
  if (closing && d.status === 'lost') {
    const charge = await entryByRef(tx, 'charge', provider, d.reference);
    const returned = charge ?? (await chargeEntryOf(tx, order.id));
    if (returned)
      await recordReturn(tx, 'chargeback', order, {
        amount: d.amount,
        currency: d.currency,
        provider,
        providerRef: d.dispute,
        returnsEntryId: returned.id,
        reason: `${provider}: dispute ${d.dispute} lost after the payment was refunded`,
        now,
      });
    if (await recordIncident(tx, { kind: 'chargeback_after_refund', orderId: order.id, subject: d.dispute, detail, now }))
      log.warn({ orderId: order.id, ...detail }, 'a refunded payment was charged back too: support recovers it (payment_incidents)');
  }
  return 'applied';
}

/** The card that paid (a saved card's id, or the card kept from that charge) is marked, and renewals on it stop. */
async function blockRenewalsOnCard(
  tx: Queryable,
  accountUid: number,
  provider: string,
  cardId: string | null,
  providerToken: string | null,
  disputeId: string,
  now: number,
): Promise<void> {
  await tx.query(
    `UPDATE cards SET renewal_blocked_at = $5, renewal_blocked_by = $6
     WHERE account_uid = $1 AND provider = $2 AND (id = $3 OR provider_token = $4) AND renewal_blocked_at IS NULL`,
    [accountUid, provider, cardId, providerToken, new Date(now), disputeId],
  );
  await stopRenewalOnChargedBackCard(tx, accountUid, now);
}

/**
 * Stops the account's auto-renewal when its billing card was charged back, saying why (the
 * account page shows it). The renewal job calls it before charging (renewal.ts), so such a card
 * is never charged, whichever way it became the billing card. True when it stopped one.
 */
export async function stopRenewalOnChargedBackCard(tx: Queryable, accountUid: number, now: number): Promise<boolean> {
  const stopped = await tx.query(
    `UPDATE subscriptions s SET status = 'expired', stopped_reason = 'card_charged_back', next_retry_at = NULL, updated_at = $2
     FROM cards c WHERE s.account_uid = $1 AND s.status = 'activated' AND c.id = s.card_id AND c.renewal_blocked_at IS NOT NULL
     RETURNING s.account_uid`,
    [accountUid, new Date(now)],
  );
  return stopped.length > 0;
}
