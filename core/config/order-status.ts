import type { components } from '../../openapi/schema';

export type OrderStatus = components['schemas']['OrderStatus'];

// The groups of docs/order-status.md, one list for the server and the app.

/** Orders the customer can still pay (the ongoing-order prompt, repay, discount-code binding). */
export const openStatuses: readonly OrderStatus[] = ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'];

/**
 * An open order whose last charge got no answer: the card may have been charged, so it cannot be
 * paid again until reconciliation (every minute) says whether it was (docs/decisions/036).
 */
export const awaitingConfirmation = (status: OrderStatus): boolean => status === 'NETWORK_ERROR';

/** The open orders the customer may pay now: every open one but those awaiting confirmation. */
export const payableStatuses: readonly OrderStatus[] = openStatuses.filter((s) => !awaitingConfirmation(s));

/**
 * The methods whose money the customer sends after the order is made (a PIX code, a slip, a bank
 * transfer, a crypto quote): while such an order is pending, its code, slip, details or quote is
 * shown again (/payment-pix), not replaced by a new payment that would cancel it.
 */
export const payLaterTypes: readonly string[] = ['pix', 'boleto', 'bank_transfer', 'crypto'];

/** A pending order waiting for the money the customer sends by one of `payLaterTypes`. */
export const awaitsCustomerMoney = (order: { status: OrderStatus; paymentType?: string | null | undefined }): boolean =>
  order.status === 'PAYMENT_PENDING' && order.paymentType != null && payLaterTypes.includes(order.paymentType);

/**
 * Whether a page offers a new payment for the order: an open one, but not one whose card answer
 * is awaited (docs/decisions/036), whose transfer receipt was sent (SUBMITTED: paying again would
 * pay twice), nor one whose code or slip is still to pay (shown again instead).
 */
export const offeredForPaying = (order: { status: OrderStatus; paymentType?: string | null | undefined }): boolean =>
  payableStatuses.includes(order.status) && order.status !== 'SUBMITTED' && !awaitsCustomerMoney(order);

/** Orders whose service the customer has (and keeps while a refund or dispute is undecided): they have a receipt. */
export const paidStatuses: readonly OrderStatus[] = [
  'PAYMENT_SUCCEEDED',
  'REFUND_PENDING',
  'REFUND_REJECTED',
  'REFUND_CANCELLED',
  'CHARGEBACK_PENDING',
  'CHARGEBACK_REJECTED',
  'CHARGEBACK_CANCELLED',
];
