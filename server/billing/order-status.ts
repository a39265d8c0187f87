import type { OrderStatus } from '../../core/config/order-status';

export type { OrderStatus };

/**
 * Every transition an order may make, and no other (the spec names the statuses, not the
 * transitions). The server changes an order's status only through `assertTransition`, in the same
 * transaction as the payment attempt that caused it. docs/order-status.md is drawn from this table.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Created and handed to the provider (or a bank-transfer proof awaits review).
  SUBMITTED: ['PAYMENT_PENDING', 'PAYMENT_SUCCEEDED', 'PAYMENT_FAILED', 'PAYMENT_CANCELLED', 'NETWORK_ERROR'],
  // The provider did not answer: the outcome is unknown until reconciliation asks it again.
  NETWORK_ERROR: ['PAYMENT_PENDING', 'PAYMENT_SUCCEEDED', 'PAYMENT_FAILED', 'PAYMENT_CANCELLED'],
  // Waiting for the customer or the bank (PIX, boleto, PayPal approval, transfer, OTP). Another
  // pending attempt may replace the first (a new PIX code, a quote in another coin); a transfer's
  // proof makes it SUBMITTED.
  PAYMENT_PENDING: ['SUBMITTED', 'PAYMENT_PENDING', 'PAYMENT_SUCCEEDED', 'PAYMENT_FAILED', 'PAYMENT_CANCELLED', 'NETWORK_ERROR'],
  // Declined: the customer may pay the same order again (repay) or give it up.
  PAYMENT_FAILED: ['PAYMENT_PENDING', 'PAYMENT_SUCCEEDED', 'PAYMENT_FAILED', 'PAYMENT_CANCELLED', 'NETWORK_ERROR'],
  // Expired (PIX, boleto past due), cancelled by unbinding its discount code, or abandoned.
  PAYMENT_CANCELLED: [],
  PAYMENT_SUCCEEDED: ['REFUND_PENDING', 'CHARGEBACK_PENDING'],
  REFUND_PENDING: ['REFUND_SUCCEEDED', 'REFUND_REJECTED', 'REFUND_CANCELLED'],
  REFUND_SUCCEEDED: [],
  // A refused or withdrawn refund leaves the order paid; another refund or a dispute may follow.
  REFUND_REJECTED: ['REFUND_PENDING', 'CHARGEBACK_PENDING'],
  REFUND_CANCELLED: ['REFUND_PENDING', 'CHARGEBACK_PENDING'],
  CHARGEBACK_PENDING: ['CHARGEBACK_SUCCEEDED', 'CHARGEBACK_REJECTED', 'CHARGEBACK_CANCELLED'],
  CHARGEBACK_SUCCEEDED: [],
  CHARGEBACK_REJECTED: ['REFUND_PENDING'],
  CHARGEBACK_CANCELLED: ['REFUND_PENDING', 'CHARGEBACK_PENDING'],
};

export class IllegalOrderTransition extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot go from ${from} to ${to}`);
    this.name = 'IllegalOrderTransition';
  }
}

export const canTransition = (from: OrderStatus, to: OrderStatus) => orderTransitions[from].includes(to);

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new IllegalOrderTransition(from, to);
}

// The open and paid groups are shared with the app (the order list's actions).
export { openStatuses, paidStatuses } from '../../core/config/order-status';

export const isTerminal = (s: OrderStatus) => orderTransitions[s].length === 0;

/** The table as a Mermaid state diagram, for docs/order-status.md. */
export function orderStatusDiagram(): string {
  const lines = ['stateDiagram-v2', '  [*] --> SUBMITTED'];
  for (const [from, tos] of Object.entries(orderTransitions)) {
    for (const to of tos) lines.push(`  ${from} --> ${to}`);
    if (tos.length === 0) lines.push(`  ${from} --> [*]`);
  }
  return lines.join('\n');
}
