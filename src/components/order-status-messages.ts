import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { OrderStatus } from '../../core/config/order-status';

/** Spec section 3: a text for each order status; SUBMITTED is shown as pending. */
const statusMessages = defineMessages({
  NETWORK_ERROR: {
    id: 'orderStatus.networkError',
    defaultMessage: 'Awaiting confirmation',
    description: 'Order status NETWORK_ERROR: the payment provider did not answer, the outcome is being checked',
  },
  PAYMENT_PENDING: {
    id: 'orderStatus.paymentPending',
    defaultMessage: 'Pending',
    description: 'Order status PAYMENT_PENDING (and SUBMITTED): waiting for the payment',
  },
  PAYMENT_SUCCEEDED: { id: 'orderStatus.paymentSucceeded', defaultMessage: 'Paid', description: 'Order status PAYMENT_SUCCEEDED' },
  PAYMENT_FAILED: { id: 'orderStatus.paymentFailed', defaultMessage: 'Payment failed', description: 'Order status PAYMENT_FAILED' },
  PAYMENT_CANCELLED: {
    id: 'orderStatus.paymentCancelled',
    defaultMessage: 'Cancelled',
    description: 'Order status PAYMENT_CANCELLED: expired, abandoned or cancelled',
  },
  CHARGEBACK_PENDING: {
    id: 'orderStatus.chargebackPending',
    defaultMessage: 'Chargeback pending',
    description: 'Order status CHARGEBACK_PENDING: the payer disputed the payment with the bank',
  },
  CHARGEBACK_SUCCEEDED: {
    id: 'orderStatus.chargebackSucceeded',
    defaultMessage: 'Charged back',
    description: 'Order status CHARGEBACK_SUCCEEDED: the bank returned the payment to the payer',
  },
  CHARGEBACK_REJECTED: { id: 'orderStatus.chargebackRejected', defaultMessage: 'Chargeback rejected', description: 'Order status CHARGEBACK_REJECTED' },
  CHARGEBACK_CANCELLED: { id: 'orderStatus.chargebackCancelled', defaultMessage: 'Chargeback cancelled', description: 'Order status CHARGEBACK_CANCELLED' },
  REFUND_PENDING: { id: 'orderStatus.refundPending', defaultMessage: 'Refund pending', description: 'Order status REFUND_PENDING' },
  REFUND_SUCCEEDED: { id: 'orderStatus.refundSucceeded', defaultMessage: 'Refunded', description: 'Order status REFUND_SUCCEEDED' },
  REFUND_REJECTED: { id: 'orderStatus.refundRejected', defaultMessage: 'Refund rejected', description: 'Order status REFUND_REJECTED' },
  REFUND_CANCELLED: { id: 'orderStatus.refundCancelled', defaultMessage: 'Refund cancelled', description: 'Order status REFUND_CANCELLED' },
});

export const statusMessage = (status: OrderStatus): MessageDescriptor => (status === 'SUBMITTED' ? statusMessages.PAYMENT_PENDING : statusMessages[status]);
