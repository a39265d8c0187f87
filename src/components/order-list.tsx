import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LoadState } from './load-state';
import { formatMoney } from '../../core/config/money';
import { awaitingConfirmation, awaitsCustomerMoney, offeredForPaying, openStatuses, paidStatuses, type OrderStatus } from '../../core/config/order-status';
import { paths } from '../../core/routing/paths';
import { defaultLanguage, languageOfTag } from '../../core/i18n/languages';
import { ORDERS_PAGE_SIZE, useOrders, type Order, type OrderPage } from '../queries/account-queries';
import { shownTimestamp } from './account-days';
import { chargebackMeaning } from './chargeback-messages';
import { statusMessage } from './order-status-messages';
import { canWithdraw } from '../../core/config/withdrawal';

const m = defineMessages({
  empty: { id: 'orders.empty', defaultMessage: 'You have no orders yet.', description: 'Order list: shown when the account has no order' },
  choosePlan: { id: 'orders.choosePlan', defaultMessage: 'See the plans', description: 'Order list, empty: link to the pricing table' },
  receipt: { id: 'orders.receipt', defaultMessage: 'View receipt', description: 'Order list: link to the receipt of a paid order' },
  pay: { id: 'orders.pay', defaultMessage: 'Pay now', description: 'Order list: link to pay an unpaid or failed order again' },
  pages: { id: 'orders.pages', defaultMessage: 'Order pages', description: 'Accessible name of the order list paging' },
  previous: { id: 'orders.previous', defaultMessage: 'Previous', description: 'Order list: button to the previous page of orders' },
  next: { id: 'orders.next', defaultMessage: 'Next', description: 'Order list: button to the next page of orders' },
  transferReported: {
    id: 'orders.transferReported',
    defaultMessage: 'Transfer reported. We confirm it as soon as it reaches our account.',
    description: 'Order list: shown instead of "Pay now" on an order whose bank transfer receipt was sent (status SUBMITTED)',
  },
  chargeback: {
    id: 'orders.chargeback',
    defaultMessage: 'See the chargeback',
    description: 'Order list: link to the page of an order whose payment was charged back (docs/decisions/059)',
  },
  // The receipt page's own words (withdrawal-panel.tsx), one message for both.
  withdraw: {
    id: 'withdrawal.withdraw',
    defaultMessage: 'Withdraw (cancel and refund)',
    description: 'Receipt page and orders list: the button that starts a withdrawal',
  },
  confirming: {
    id: 'orders.confirming',
    defaultMessage: 'Payment being confirmed. Look again in a few minutes.',
    description:
      'Order list: shown instead of "Pay now" on an order whose payment got no answer (status Awaiting confirmation): it must not be paid again until it is checked, about every minute',
  },
});

const reference = defineMessage<{ readonly id: string }>({
  id: 'orders.reference',
  defaultMessage: 'Order {id}',
  description: "Order list: the order's reference, its id (docs/decisions/017)",
});
const code = defineMessage<{ readonly code: string }>({
  id: 'orders.code',
  defaultMessage: 'code {code}',
  description: "Order list: the order's short code, the one on the receipt and in emails",
});
const pageOf = defineMessage<{ readonly page: number; readonly count: number }>({
  id: 'orders.pageOf',
  defaultMessage: 'Page {page} of {count}',
  description: 'Order list: which page of orders is shown',
});

/**
 * What the row's "view" action is (docs/decisions/017): the receipt of a paid order, paying an
 * open one, nothing for a closed one, nor for one awaiting confirmation: its card may have been
 * charged, and paying it again could charge twice (docs/decisions/036).
 */
export function orderAction(order: Pick<Order, 'id' | 'status' | 'paymentType'>): { kind: 'receipt' | 'pay' | 'chargeback'; to: string } | null {
  if (paidStatuses.includes(order.status)) return { kind: 'receipt', to: paths.receipt(order.id) };
  // Charged back: no receipt any more, but the order's page says what happened (docs/decisions/059).
  if (order.status === 'CHARGEBACK_SUCCEEDED') return { kind: 'chargeback', to: paths.receipt(order.id) };
  // A PIX code, slip, transfer or quote still to pay is shown again, not replaced (awaitsCustomerMoney).
  if (awaitsCustomerMoney(order)) return { kind: 'pay', to: paths.paymentPix(order.id) };
  if (offeredForPaying(order)) return { kind: 'pay', to: paths.payment({ orderId: order.id }) };
  return null;
}

const toneOf = (status: OrderStatus) => (paidStatuses.includes(status) ? 'paid' : openStatuses.includes(status) ? 'open' : 'closed');

export interface OrderListProps {
  orders: readonly Order[];
  page: number;
  pageCount: number;
  onPage(page: number): void;
  /** tv: big rows for a remote control, arrow keys move between them (/stb-orders). */
  variant?: 'web' | 'tv';
  /** Another page is loading: the rows shown are the previous page's. */
  busy?: boolean;
}

/** Controls a remote's arrow keys move between in the tv variant: every row's action, or the row itself when it has none. */
const STOPS = '[data-stop]:not([disabled])';

/** Spec section 2: the order list (status, date, view code), one page of it, for the web or a TV remote. */
export function OrderList({ orders, page, pageCount, onPage, variant = 'web', busy = false }: OrderListProps) {
  const intl = useIntl();
  const root = useRef<HTMLDivElement>(null);
  const tv = variant === 'tv';
  const shownPage = useRef(page);

  // A new page came in: the reader (or the remote) goes on from its first order.
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    root.current?.querySelector<HTMLElement>(STOPS)?.focus();
  }, [page]);

  // On the TV the remote starts in the list.
  useEffect(() => {
    if (tv) root.current?.querySelector<HTMLElement>(STOPS)?.focus();
  }, [tv]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!tv || step === undefined || !root.current) return;
    const stops = [...root.current.querySelectorAll<HTMLElement>(STOPS)];
    const at = stops.findIndex((s) => s === document.activeElement || s.contains(document.activeElement));
    const next = stops[Math.min(Math.max(at + step, 0), stops.length - 1)];
    if (next) {
      event.preventDefault();
      next.focus();
      next.scrollIntoView?.({ block: 'nearest' });
    }
  };

  if (orders.length === 0 && page === 1) {
    return (
      <div className={`order-list-empty${tv ? ' order-list-tv' : ''}`} ref={root}>
        <p>{intl.formatMessage(m.empty)}</p>
        <Link to="/pricing-table" className="button" data-stop="">
          {intl.formatMessage(m.choosePlan)}
        </Link>
      </div>
    );
  }

  return (
    // The arrow keys are the remote's: the rows' own links and buttons take Enter.
    <div ref={root} className={tv ? 'order-list order-list-tv' : 'order-list'} aria-busy={busy} onKeyDown={onKeyDown}>
      <ul className="order-rows">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} tv={tv} />
        ))}
      </ul>
      {pageCount > 1 && (
        <nav className="order-pages" aria-label={intl.formatMessage(m.pages)}>
          <button type="button" className="button button-secondary" data-stop="" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
            {intl.formatMessage(m.previous)}
          </button>
          <span aria-live="polite">{intl.formatMessage(pageOf, { page, count: pageCount })}</span>
          <button type="button" className="button button-secondary" data-stop="" disabled={busy || page >= pageCount} onClick={() => onPage(page + 1)}>
            {intl.formatMessage(m.next)}
          </button>
        </nav>
      )}
    </div>
  );
}

function OrderRow({ order, tv }: { order: Order; tv: boolean }) {
  const intl = useIntl();
  const [now] = useState(() => Date.now());
  const date = shownTimestamp(order.createdAt);
  const action = orderAction(order);
  const meaning = chargebackMeaning(order.status);
  const refId = `order-ref-${order.id}`;
  const plans = order.items.map((item) => item.planName).join(', ');
  return (
    // Without an action the row itself is a stop for the remote, so every order can be reached.
    <li className={`order-row order-${toneOf(order.status)}`} data-status={order.status} {...(tv && !action ? { tabIndex: 0, 'data-stop': '' } : {})}>
      <div className="order-what">
        <strong className="order-plan">{plans}</strong>
        {date !== null && <time dateTime={new Date(date).toISOString()}>{intl.formatDate(date, { dateStyle: 'medium' })}</time>}
      </div>
      <span className="order-status">{intl.formatMessage(statusMessage(order.status))}</span>
      <strong className="order-amount">{formatMoney(order.total, order.currency, intl.locale)}</strong>
      <span className="order-ref" id={refId}>
        {intl.formatMessage(reference, { id: order.id })}
        {order.viewCode ? ` · ${intl.formatMessage(code, { code: order.viewCode })}` : ''}
      </span>
      <span className="order-action">
        {awaitingConfirmation(order.status) && <span className="order-note">{intl.formatMessage(m.confirming)}</span>}
        {order.status === 'SUBMITTED' && <span className="order-note">{intl.formatMessage(m.transferReported)}</span>}
        {meaning && <span className="order-note">{intl.formatMessage(meaning)}</span>}
        {canWithdraw(order, now) && (
          <Link to={`${paths.receipt(order.id)}#withdraw`} className="button button-secondary" aria-describedby={refId} data-stop="">
            {intl.formatMessage(m.withdraw)}
          </Link>
        )}
        {action && (
          <Link to={action.to} className={action.kind === 'pay' ? 'button' : 'button button-secondary'} aria-describedby={refId} data-stop="">
            {intl.formatMessage(m[action.kind === 'pay' ? 'pay' : action.kind === 'chargeback' ? 'chargeback' : 'receipt'])}
          </Link>
        )}
      </span>
    </li>
  );
}

/**
 * The account's orders with their paging, read through `useOrders` (the account screen and
 * /stb-orders). While the next page loads the current one stays, so focus is not lost.
 */
export function AccountOrders({ uid, variant = 'web' }: { uid: string; variant?: 'web' | 'tv' }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const orders = useOrders(uid, languageOfTag(intl.locale) ?? defaultLanguage, page);
  const [shown, setShown] = useState<OrderPage | null>(null);
  if (orders.status === 'success' && orders.data !== shown) setShown(orders.data);
  if (!shown) return orders.status === 'error' ? <LoadState status="error" onRetry={orders.retry} /> : <LoadState status="loading" onRetry={orders.retry} />;
  const pageCount = Math.max(1, Math.ceil(shown.total / (shown.pageSize || ORDERS_PAGE_SIZE)));
  return (
    <>
      <OrderList orders={shown.items} page={shown.page} pageCount={pageCount} onPage={setPage} variant={variant} busy={orders.status === 'loading'} />
      {orders.status === 'error' && <LoadState status="error" onRetry={orders.retry} />}
    </>
  );
}
