import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { OrderStatus } from '../../core/config/order-status';

/**
 * What each chargeback status means for the customer (docs/decisions/059): the
 * order list and the order's page say it under the status.
 */
const meanings = defineMessages({
  CHARGEBACK_PENDING: {
    id: 'chargeback.meaning.pending',
    defaultMessage: 'Your bank is reviewing a dispute of this payment. Your plan stays active while it decides.',
    description: 'Under the order status "Chargeback pending": the card holder disputed the payment with their bank, which has not decided yet',
  },
  CHARGEBACK_SUCCEEDED: {
    id: 'chargeback.meaning.succeeded',
    defaultMessage:
      'Your bank upheld the dispute and returned this payment to you. The plan it paid for has ended, and this card is no longer charged for renewals.',
    description: 'Under the order status "Charged back": the bank returned the money to the card holder; the service ended and the card no longer renews',
  },
  CHARGEBACK_REJECTED: {
    id: 'chargeback.meaning.rejected',
    defaultMessage: 'Your bank rejected the dispute: the payment stands and your plan stays active.',
    description: 'Under the order status "Chargeback rejected": the bank decided for the merchant; the payment and the service stand',
  },
  CHARGEBACK_CANCELLED: {
    id: 'chargeback.meaning.cancelled',
    defaultMessage: 'The dispute was withdrawn: the payment stands and your plan stays active.',
    description: 'Under the order status "Chargeback cancelled": the dispute was withdrawn or closed without a chargeback; the payment and the service stand',
  },
});

export const chargebackMeaning = (status: OrderStatus): MessageDescriptor | null =>
  status === 'CHARGEBACK_PENDING' || status === 'CHARGEBACK_SUCCEEDED' || status === 'CHARGEBACK_REJECTED' || status === 'CHARGEBACK_CANCELLED'
    ? meanings[status]
    : null;
