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
  if (order.status === 'loading') return <Loading />;
  if (order.status === 'error') return <Failure error={order.error} onRetry={order.retry} />;
  if (payableStatuses.includes(order.data.status)) {
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
  return <DisputedOrPaid order={order.data} />;
}

/**
 * A paid order's receipt, with the chargeback panel above it when its payment was disputed
 * (docs/decisions/059). Once charged back the order gave nothing any more: no receipt, the panel
 * says why.
 */
function DisputedOrPaid({ order }: { order: Order }) {
  const [status, setStatus] = useState(order.status);
  return (
    <>
      <DisputePanel orderId={order.id} onStatus={setStatus} />
      {status === 'CHARGEBACK_SUCCEEDED' ? <OrdersLink /> : <PaidReceipt order={{ ...order, status }} />}
    </>
  );
}

function PaidReceipt({ order }: { order: Order }) {
  const intl = useIntl();
  const period = useOrderServicePeriod(order.id, intl.locale);
  if (period.status === 'loading') return <Loading />;
  if (period.status === 'error') return <Failure error={period.error} onRetry={period.retry} />;
  return <Receipt order={order} period={period.data} />;
}
