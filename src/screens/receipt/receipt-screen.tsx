import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectSessionView } from '../../../machines/session/session.selectors';
import type { components } from '../../../openapi/schema';
import { useOrderIdParam } from '../../components/use-order-id';
import { usePageTitle } from '../../components/use-page-title';
import { useOrder, useOrderServicePeriod } from '../../queries/order-queries';
import { useServices } from '../../queries/services-context';
import { paths } from '../../../core/routing/paths';
import { DisputePanel } from './dispute-panel';
import { Receipt } from './receipt-details';
import { m } from './receipt-messages';
import { Failure, Loading, OrdersLink, Page } from './receipt-page';
import { WithdrawalPanel, type WithdrawalActor } from './withdrawal-panel';
import { refundsToOf } from '../../../core/config/withdrawal';
import { useWithdrawal } from '../../queries/flows/withdrawal-flow';
import './receipt.css';

type Order = components['schemas']['Order'];

/** Orders that still wait for their payment (docs/order-status.md): the page offers to pay them. */
const payableStatuses: readonly Order['status'][] = ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'];

/**
 * Spec section 2 (/receipt, bare layout): the receipt of a paid order, with its service period,
 * to print or to download as a PDF made by the server (docs/decisions/018).
 */
export function ReceiptScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const location = useLocation();
  const { session } = useServices();
  const signedIn = useSelector(session, (s) => selectSessionView(s).signedIn);
  const orderId = useOrderIdParam();
  if (!orderId) {
    return (
      <Page>
        <p>{intl.formatMessage(m.noOrder)}</p>
        <OrdersLink />
      </Page>
    );
  }
  if (!signedIn) {
    return (
      <Page>
        <p>{intl.formatMessage(m.loginFirst)}</p>
        <p className="actions receipt-actions">
          <Link className="button" to={paths.login(location.pathname + location.search)}>
            {intl.formatMessage(m.login)}
          </Link>
        </p>
      </Page>
    );
  }
  return <OrderReceipt key={orderId} orderId={orderId} />;
}

function OrderReceipt({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const order = useOrder(orderId);
  // Read again after a withdrawal's answer, the order keeps showing as it was until the new one
  // comes: the page does not blink to "Loading" and the flows on it keep their state.
  const [shown, setShown] = useState<Order | null>(null);
  if (order.status === 'success' && order.data !== shown) setShown(order.data);
  if (order.status === 'error') return <Failure error={order.error} onRetry={order.retry} />;
  const data = order.status === 'success' ? order.data : shown;
  if (!data) return <Loading />;
  if (payableStatuses.includes(data.status)) {
    return (
      <Page>
        <p className="notice notice-warning" role="status">
          {intl.formatMessage(m.notPaid)}
        </p>
        <p className="actions receipt-actions">
          <Link className="button" to={paths.payment({ orderId })}>
            {intl.formatMessage(m.pay)}
          </Link>
        </p>
        <OrdersLink />
      </Page>
    );
  }
  return <DisputedOrPaid order={data} />;
}

/**
 * A paid order's receipt, with the chargeback panel above it when its payment was disputed
 * (docs/decisions/059). Once charged back the order gave nothing any more: no receipt, the panel
 * says why.
 */
function DisputedOrPaid({ order }: { order: Order }) {
  const [disputed, setDisputed] = useState<Order['status'] | null>(null);
  const status = disputed ?? order.status;
  // The withdrawal (docs/decisions/058) lives as long as the page: its panel moves when the order
  // is refunded, and its machine goes on.
  const withdrawal = useWithdrawal({ orderId: order.id, refundsTo: refundsToOf(order.paymentType), refundPending: order.status === 'REFUND_PENDING' });
  return (
    <>
      <DisputePanel orderId={order.id} onStatus={setDisputed} />
      {status === 'CHARGEBACK_SUCCEEDED' ? <OrdersLink /> : <PaidReceipt order={{ ...order, status }} withdrawal={withdrawal} />}
    </>
  );
}

function PaidReceipt({ order, withdrawal }: { order: Order; withdrawal: WithdrawalActor }) {
  const intl = useIntl();
  const period = useOrderServicePeriod(order.id, intl.locale);
  // Refunded, the order gives no period any more (1040): the page says what happened to it.
  if (order.status === 'REFUND_SUCCEEDED') {
    return (
      <Page>
        <WithdrawalPanel order={order} actor={withdrawal} />
        <OrdersLink />
      </Page>
    );
  }
  if (period.status === 'loading') return <Loading />;
  if (period.status === 'error') return <Failure error={period.error} onRetry={period.retry} />;
  return <Receipt order={order} period={period.data} withdrawal={withdrawal} />;
}
