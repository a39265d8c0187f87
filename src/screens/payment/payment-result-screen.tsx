import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LoadState } from '../../components/load-state';
import { useOrderIdParam } from '../../components/use-order-id';
import { usePageTitle } from '../../components/use-page-title';
import { formatMoney } from '../../../core/config/money';
import { awaitingConfirmation, awaitsCustomerMoney, offeredForPaying, openStatuses } from '../../../core/config/order-status';
import { paths } from '../../../core/routing/paths';
import { usePaymentOf } from '../../queries/flows/payment-flows';
import { usePaymentResultTip } from '../../queries/order-tip-queries';
import { PaymentSteps } from './payment-steps';

const m = defineMessages({
  title: { id: 'paymentResult.title', defaultMessage: 'Payment result', description: 'Title of the payment result page' },
  loading: { id: 'paymentResult.loading', defaultMessage: 'Checking your payment…', description: 'Shown while the result page asks for the order' },
  orders: { id: 'paymentResult.orders', defaultMessage: 'My orders', description: 'Link to the orders page' },
  receipt: { id: 'paymentResult.receipt', defaultMessage: 'See the receipt', description: 'Link to the receipt of a paid order' },
  payAgain: { id: 'paymentResult.payAgain', defaultMessage: 'Pay this order', description: 'Link to pay an unfinished order again' },
  howToPay: {
    id: 'paymentResult.howToPay',
    defaultMessage: 'See how to pay',
    description: 'Link to the PIX code, slip, transfer details or crypto quote of an order still waiting for the payment',
  },
  plans: { id: 'paymentResult.plans', defaultMessage: 'See the plans', description: 'Link to the pricing table' },
  capturing: {
    id: 'paymentResult.capturing',
    defaultMessage: 'Confirming your PayPal payment…',
    description: 'Shown on /payment-redirect while the PayPal payment is captured',
  },
  noOrder: { id: 'paymentResult.noOrder', defaultMessage: 'No order was given.', description: 'Shown when a payment page is opened without an order' },
  confirmingTitle: {
    id: 'paymentResult.confirmingTitle',
    defaultMessage: 'We are confirming your payment',
    description: 'Title of the payment result page for an order whose card payment got no answer from the bank (status Awaiting confirmation)',
  },
  confirming: {
    id: 'paymentResult.confirming',
    defaultMessage:
      'We have not yet heard from the card network whether this payment went through. Please do not pay this order again, or you could be charged twice. We check every minute: look again in a few minutes. The order will then show as paid or, if your card was not charged, you will be able to pay it again.',
    description: 'Payment result page, order awaiting confirmation: why it cannot be paid again now, and when to look again (reconciliation runs every minute)',
  },
  checkAgain: {
    id: 'paymentResult.checkAgain',
    defaultMessage: 'Check again',
    description: "Payment result page, order awaiting confirmation: button that asks for the order's status again",
  },
});

/** Spec section 2 (/paymentResult): what became of an order's payment, in the server's words. */
export function PaymentResultScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const orderId = useOrderIdParam();
  const tip = usePaymentResultTip(orderId, intl.locale);
  if (!orderId) return <Bare>{intl.formatMessage(m.noOrder)}</Bare>;
  if (tip.status !== 'success')
    return (
      <Bare>{tip.status === 'error' ? <LoadState status="error" onRetry={tip.retry} /> : <span role="status">{intl.formatMessage(m.loading)}</span>}</Bare>
    );
  const t = tip.data;
  const paid = t.status === 'PAYMENT_SUCCEEDED';
  // An order whose card got no answer may have been charged: it is not offered for paying again
  // until reconciliation settles it (docs/decisions/036); the page says so in its own words.
  const confirming = awaitingConfirmation(t.status);
  // Money the customer sends (PIX, slip, transfer, crypto): the same code or details again.
  const awaiting = awaitsCustomerMoney(t);
  const open = offeredForPaying(t);
  return (
    <section className="page narrow result" data-status={t.status}>
      <h1>{confirming ? intl.formatMessage(m.confirmingTitle) : t.title}</h1>
      <p>{confirming ? intl.formatMessage(m.confirming) : t.message}</p>
      <p>
        <strong>{formatMoney(t.amount, t.currency, intl.locale)}</strong>
        {t.expiresAt ? ` · ${intl.formatDate(t.expiresAt, { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
      </p>
      <nav className="actions">
        {paid ? <Link to={paths.receipt(orderId)}>{intl.formatMessage(m.receipt)}</Link> : null}
        {awaiting ? (
          <Link className="button" to={paths.paymentPix(orderId)}>
            {intl.formatMessage(m.howToPay)}
          </Link>
        ) : null}
        {open ? <Link to={paths.payment({ orderId })}>{intl.formatMessage(m.payAgain)}</Link> : null}
        {confirming ? (
          <button type="button" className="button" onClick={tip.retry}>
            {intl.formatMessage(m.checkAgain)}
          </button>
        ) : null}
        {!paid && !openStatuses.includes(t.status) ? <Link to="/pricing-table">{intl.formatMessage(m.plans)}</Link> : null}
        <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
      </nav>
    </section>
  );
}

function Bare({ children }: { children: React.ReactNode }) {
  return <section className="page narrow">{children}</section>;
}

/**
 * Spec section 2 (/payment-redirect): the payer is back from PayPal's approval page; the payment
 * flow captures it (docs/decisions/011), then the result page tells what happened.
 */
export function PaymentRedirectScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const orderId = useOrderIdParam();
  if (!orderId) return <Bare>{intl.formatMessage(m.noOrder)}</Bare>;
  return <FlowThenResult orderId={orderId} kind="capturePaypal" busy={intl.formatMessage(m.capturing)} />;
}

/** Spec section 2 (/payment-pix): a pending PIX (or slip, transfer, quote) shown again until paid. */
export function PaymentPixScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const orderId = useOrderIdParam();
  if (!orderId) return <Bare>{intl.formatMessage(m.noOrder)}</Bare>;
  return <FlowThenResult orderId={orderId} kind="resume" busy={intl.formatMessage(m.loading)} />;
}

/** The payment flow of the order; its hook goes on to the result page once the flow ends. */
function FlowThenResult({ orderId, kind, busy }: { orderId: string; kind: 'capturePaypal' | 'resume'; busy: string }) {
  const actor = usePaymentOf(orderId, kind);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  return (
    <section className="page narrow">
      {submitting ? (
        <p className="load-state" role="status">
          {busy}
        </p>
      ) : (
        <PaymentSteps actorRef={actor} />
      )}
    </section>
  );
}
