// Texts the reference server itself answers with, as react-intl message descriptors with explicit
// ids, so that they live in the one catalogue (core/i18n/lang) beside the app's and are
// translated there.
//
// Like error-messages.ts, this module is pure data with no dependency: the server reads the texts
// by id from the language files (server/i18n.ts), never from here. The English `defaultMessage`s
// are extracted into core/i18n/lang/en.json by `npm run i18n:extract`; the other languages are the
// hand-written files next to it. Every descriptor must be a literal object with literal strings
// (the extractor reads the source, it does not run it).

import type { MessageDescriptor } from './error-messages';

/** react-intl's `defineMessages`, declared here for the same reason as in error-messages.ts. */
function defineMessages<const T extends Record<string, MessageDescriptor>>(descriptors: T): T {
  return descriptors;
}

/**
 * The payment result page's tip (GET /api/bill/payment/tip/v1): a title and a message for each
 * state an order can be in when the payer comes back from paying.
 */
export const paymentTipMessages = defineMessages({
  pendingTitle: {
    id: 'paymentTip.pending.title',
    defaultMessage: 'Payment being processed',
    description:
      'Heading of the payment result page while the payment of the order has not been confirmed yet (a PIX code, a slip or a card answer being awaited).',
  },
  pendingMessage: {
    id: 'paymentTip.pending.message',
    defaultMessage: 'We are waiting for the payment to be confirmed. This page updates when it is; you can also finish paying from your orders.',
    description:
      'Text of the payment result page under "Payment being processed": the confirmation is awaited; the page refreshes by itself, and the order can be paid from My orders.',
  },
  awaitingTitle: {
    id: 'paymentTip.awaiting.title',
    defaultMessage: 'Waiting for your payment',
    description: 'Heading of the payment result page for an order made with a PIX code, a slip, a bank transfer or crypto that is not paid yet.',
  },
  awaitingMessage: {
    id: 'paymentTip.awaiting.message',
    defaultMessage:
      'Your order is made and waits for your payment. Pay it before the time below: your access starts as soon as the money arrives. You can see how to pay again here or from your orders.',
    description: 'Text of the payment result page under "Waiting for your payment": the customer still has to pay by the method chosen.',
  },
  failedTitle: {
    id: 'paymentTip.failed.title',
    defaultMessage: 'Payment not completed',
    description: 'Heading of the payment result page when the payment of the order was declined.',
  },
  failedMessage: {
    id: 'paymentTip.failed.message',
    defaultMessage: 'The payment was not approved. Try again with another card or payment method from your orders.',
    description: 'Text of the payment result page under "Payment not completed": the order can be paid again another way from My orders.',
  },
  paidTitle: {
    id: 'paymentTip.paid.title',
    defaultMessage: 'Payment received',
    description: 'Heading of the payment result page when the order is paid.',
  },
  paidMessage: {
    id: 'paymentTip.paid.message',
    defaultMessage: 'We received your payment and your access is active. The receipt was sent to your email.',
    description: 'Text of the payment result page under "Payment received": the plan is active and a receipt was emailed.',
  },
  closedTitle: {
    id: 'paymentTip.closed.title',
    defaultMessage: 'Order closed',
    description: 'Heading of the payment result page when the order was cancelled or expired and can no longer be paid.',
  },
  closedMessage: {
    id: 'paymentTip.closed.message',
    defaultMessage: 'This order is closed and can no longer be paid. Choose a plan to place a new order.',
    description: 'Text of the payment result page under "Order closed": a new order must be placed from the plans.',
  },
});
