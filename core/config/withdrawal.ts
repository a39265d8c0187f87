import type { OrderStatus } from './order-status';

/**
 * The 7-day withdrawal of a purchase (CDC art. 49, docs/decisions/058), one rule for the server,
 * which refuses, and the app, which offers.
 */

/** Seven days, counted from the moment the payment was confirmed (the order's `paidAt`). */
export const WITHDRAWAL_WINDOW_MS = 7 * 86_400_000;

/** A paid order the customer may withdraw from: paid, or paid again after a refused or withdrawn refund. */
export const withdrawableStatuses: readonly OrderStatus[] = ['PAYMENT_SUCCEEDED', 'REFUND_REJECTED', 'REFUND_CANCELLED'];

/**
 * What may be withdrawn: a purchase, and an upgrade (its own payment, docs/decisions/069: the
 * credit it took goes back to the days it was made of). A renewal is turned off on My account.
 */
export const withdrawableKinds: readonly string[] = ['purchase', 'upgrade'];

/** The project's codes for a withdrawal the server refuses (docs/decisions/058). */
export const WithdrawalErr = {
  /** More than 7 days since the payment was confirmed. */
  windowPassed: 8401,
  /** Not a paid purchase, or a refund is already pending or made. */
  notWithdrawable: 8402,
  /** The bank account to refund to is incomplete or malformed. */
  bankAccountInvalid: 8403,
  /** The account holder's CPF has a wrong check digit, or is not the payer's. */
  holderCpfMismatch: 8404,
  /** The refund address is not one of the payment's network. */
  refundAddressInvalid: 8405,
  /** No refund is pending any more: it was made, refused or withdrawn meanwhile. */
  notCancellable: 8406,
  /** This payment cannot be refunded from the portal: customer support does it. */
  refundUnavailable: 8407,
  /** A chargeback of this payment is open at the card network (docs/decisions/069). */
  disputeOpen: 8408,
} as const;

/** Until when an order may be withdrawn, or null when it never may: a purchase or an upgrade, once paid. */
export function withdrawableUntil(order: { status: OrderStatus; paidAt?: number | undefined; kind: string }): number | null {
  if (order.paidAt === undefined || !withdrawableKinds.includes(order.kind)) return null;
  return order.paidAt + WITHDRAWAL_WINDOW_MS;
}

/**
 * Whether the app offers the withdrawal now: before the deadline the server gave the order
 * (`Order.withdrawableUntil`, `withdrawableUntil` above), in a status that allows it. The server
 * checks again, with its own clock.
 */
export const canWithdraw = (order: { status: OrderStatus; withdrawableUntil?: number | undefined }, now: number): boolean =>
  order.withdrawableUntil !== undefined && now <= order.withdrawableUntil && withdrawableStatuses.includes(order.status);

/** Bank code (3 digits), branch (4 digits), account (digits, a hyphen and its check digit or X). */
export const bankAccountPatterns = { bank: /^\d{3}$/, branch: /^\d{4}$/, account: /^\d{1,12}-?[\dXx]$/ } as const;

/**
 * What a refund of a payment type needs from the customer (the server's providers say the same,
 * server/payments): a boleto or a transfer names no account to return to, a chain transfer no
 * sender; every other method goes back the way it came.
 */
export function refundsToOf(paymentType: string | undefined): 'payer' | 'bank_account' | 'address' {
  if (paymentType === 'boleto' || paymentType === 'bank_transfer') return 'bank_account';
  return paymentType === 'crypto' ? 'address' : 'payer';
}
