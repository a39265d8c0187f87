import { useSelector } from '@xstate/react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { isPassThrough } from '../../../core/api/api-error';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { useOrderIdParam } from '../../components/use-order-id';
import { usePageTitle } from '../../components/use-page-title';
import { formatMoney } from '../../../core/config/money';
import { openStatuses, paidStatuses } from '../../../core/config/order-status';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { useOrders } from '../../queries/account-queries';
import { useOrder } from '../../queries/order-queries';
import { usePlanDetail } from '../../queries/plan-queries';
import { useServices } from '../../queries/services-context';
import { useKept, usePolling } from '../../queries/use-polling';
import { paths } from '../../../core/routing/paths';
import './cashier.css';

const m = defineMessages({
  title: { id: 'cashier.title', defaultMessage: 'Pay on your phone', description: 'Title of the pages that hand a payment from the TV to a phone' },
  lead: {
    id: 'cashier.lead',
    defaultMessage:
      'Scan the code with your phone camera, log in with this same account, and pay there. This screen moves on by itself when the payment arrives.',
    description: 'How paying on a phone works, under the QR code',
  },
  qr: { id: 'cashier.qr', defaultMessage: 'QR code that opens the payment page on your phone', description: 'Alternative text of the hand-off QR code' },
  orType: { id: 'cashier.orType', defaultMessage: 'Or open this address on your phone:', description: 'Before the payment page address written out' },
  waiting: { id: 'cashier.waiting', defaultMessage: 'Waiting for your payment…', description: 'Shown while the TV waits for the phone payment' },
  payHere: { id: 'cashier.payHere', defaultMessage: 'Pay on this screen instead', description: 'Link to the ordinary payment page' },
  orders: { id: 'cashier.orders', defaultMessage: 'My orders', description: 'Link to the order list' },
  plans: { id: 'cashier.plans', defaultMessage: 'See the plans', description: 'Link to the pricing table' },
  noPlan: { id: 'cashier.noPlan', defaultMessage: 'No plan was chosen. Choose one first.', description: 'The hand-off page was opened without a plan' },
  noOrder: { id: 'cashier.noOrder', defaultMessage: 'No order was given.', description: 'The repay hand-off page was opened without an order' },
  alreadyPaid: { id: 'cashier.alreadyPaid', defaultMessage: 'This order is paid already.', description: 'The repay hand-off page opened for a paid order' },
  receipt: { id: 'cashier.receipt', defaultMessage: 'See the receipt', description: 'Link to the receipt of a paid order' },
  closed: {
    id: 'cashier.closed',
    defaultMessage: 'This order can no longer be paid. Choose a plan to start a new one.',
    description: 'The repay hand-off page opened for a cancelled or failed-for-good order',
  },
});
const orderLine = defineMessage<{ readonly id: string }>({
  id: 'cashier.orderLine',
  defaultMessage: 'Order {id}',
  description: 'The order being paid; {id} is its reference',
});

/** How often the TV looks whether the phone has paid (docs/decisions/025). */
const POLL_MS = 5_000;

/** The QR of an address, drawn in the browser (the address is public: it carries no credential). */
function useQrSvg(text: string) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="cashier stack" aria-labelledby="cashier-title">
      {children}
    </section>
  );
}

/** The QR, the address written out, and the waiting line. */
function HandOff({ path, summary }: { path: string; summary: ReactNode }) {
  const intl = useIntl();
  const url = `${window.location.origin}${path}`;
  const svg = useQrSvg(url);
  return (
    <div className="cashier-grid">
      <div className="cashier-qr">
        {svg ? <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={intl.formatMessage(m.qr)} width={240} height={240} /> : null}
      </div>
      <div className="stack">
        {summary}
        <p>{intl.formatMessage(m.lead)}</p>
        <p className="muted small">
          {intl.formatMessage(m.orType)} <code className="cashier-url">{url}</code>
        </p>
        <p className="cashier-waiting" role="status" aria-live="polite">
          {intl.formatMessage(m.waiting)}
        </p>
      </div>
    </div>
  );
}

/**
 * /paymentCaishen?planId= (spec section 2, a payment helper page; docs/decisions/025): a TV
 * cannot take a card number, so it shows a QR that opens the plan's payment page on a phone. The
 * TV watches the account's orders and moves on to the result once a new paid order for the plan
 * appears.
 */
export function PaymentCaishenScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const [query] = useSearchParams();
  const planId = query.get('planId') ?? query.get('p') ?? query.get('id') ?? '';
  const { session } = useServices();
  const uid = useSelector(session, (s) => selectSessionView(s).identity?.uid ?? '');
  if (!/^\d+$/.test(planId) || !uid) {
    return (
      <Frame>
        <h1 id="cashier-title">{intl.formatMessage(m.title)}</h1>
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(m.noPlan)}
        </p>
        <Link to="/pricing-table">{intl.formatMessage(m.plans)}</Link>
      </Frame>
    );
  }
  return <PlanHandOff planId={planId} uid={uid} />;
}

function PlanHandOff({ planId, uid }: { planId: string; uid: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const plan = usePlanDetail(planId, language);
  const ordersQuery = useOrders(uid, language, 1);
  const orders = useKept(ordersQuery);
  // The orders there were when the page opened: a paid one not among them came from the phone.
  const before = useRef<Set<string> | null>(null);
  if (orders && before.current === null) before.current = new Set(orders.items.map((o) => o.id));
  const paid = orders?.items.find(
    (o) => before.current !== null && !before.current.has(o.id) && paidStatuses.includes(o.status) && o.items.some((i) => String(i.planId) === planId),
  );
  usePolling(ordersQuery.retry, POLL_MS, !paid);
  useEffect(() => {
    if (paid) void Promise.resolve(navigate(paths.paymentResult(paid.id), { replace: true })).catch(() => undefined);
  }, [paid, navigate]);

  if (plan.status !== 'success') return <LoadState status={plan.status} onRetry={plan.retry} />;
  const p = plan.data;
  const price = p.prices[0]!;
  const summary = (
    <p className="cashier-summary">
      <strong>{p.name}</strong> · {formatMoney(price.amount, price.currency, intl.locale)}
    </p>
  );
  return (
    <Frame>
      <h1 id="cashier-title">{intl.formatMessage(m.title)}</h1>
      <HandOff path={paths.payment({ planId })} summary={summary} />
      <div className="actions">
        <Link className="button button-secondary" to={paths.payment({ planId })}>
          {intl.formatMessage(m.payHere)}
        </Link>
        <Link className="button button-secondary" to="/pricing-table">
          {intl.formatMessage(m.plans)}
        </Link>
      </div>
    </Frame>
  );
}

/**
 * /caishenRepay?orderId= (spec section 2; docs/decisions/025): the same hand-off for an order that
 * is still to be paid. The TV reads the order again until it is paid.
 */
export function CaishenRepayScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const orderId = useOrderIdParam();
  if (!orderId) {
    return (
      <Frame>
        <h1 id="cashier-title">{intl.formatMessage(m.title)}</h1>
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(m.noOrder)}
        </p>
        <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
      </Frame>
    );
  }
  return <OrderHandOff orderId={orderId} />;
}

function OrderHandOff({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const orderQuery = useOrder(orderId);
  const order = useKept(orderQuery);
  const open = order ? openStatuses.includes(order.status) : false;
  const [openedPaid, setOpenedPaid] = useState<boolean | null>(null);
  if (order && openedPaid === null) setOpenedPaid(paidStatuses.includes(order.status));
  const paidHere = order !== undefined && openedPaid === false && paidStatuses.includes(order.status);
  usePolling(orderQuery.retry, POLL_MS, open);
  useEffect(() => {
    if (paidHere) void Promise.resolve(navigate(paths.paymentResult(orderId), { replace: true })).catch(() => undefined);
  }, [paidHere, navigate, orderId]);

  if (!order) {
    const refused = orderQuery.status === 'error' && isPassThrough(orderQuery.error) ? orderQuery.error.errCode : null;
    return (
      <Frame>
        <h1 id="cashier-title">{intl.formatMessage(m.title)}</h1>
        {refused !== null ? (
          <RefusalNotice code={refused} />
        ) : (
          <LoadState status={orderQuery.status === 'error' ? 'error' : 'loading'} onRetry={orderQuery.retry} />
        )}
        <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
      </Frame>
    );
  }
  const summary = (
    <p className="cashier-summary">
      {intl.formatMessage(orderLine, { id: order.id })} · <strong>{order.items[0]?.planName}</strong> · {formatMoney(order.total, order.currency, intl.locale)}
    </p>
  );
  return (
    <Frame>
      <h1 id="cashier-title">{intl.formatMessage(m.title)}</h1>
      {openedPaid ? (
        <>
          <p className="notice notice-success" role="status">
            {intl.formatMessage(m.alreadyPaid)}
          </p>
          <Link to={paths.receipt(orderId)}>{intl.formatMessage(m.receipt)}</Link>
        </>
      ) : open ? (
        <>
          <HandOff path={paths.payment({ orderId })} summary={summary} />
          <div className="actions">
            <Link className="button button-secondary" to={paths.payment({ orderId })}>
              {intl.formatMessage(m.payHere)}
            </Link>
            <Link className="button button-secondary" to="/orders">
              {intl.formatMessage(m.orders)}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="notice notice-warning" role="alert">
            {intl.formatMessage(m.closed)}
          </p>
          <Link to="/pricing-table">{intl.formatMessage(m.plans)}</Link>
        </>
      )}
    </Frame>
  );
}
