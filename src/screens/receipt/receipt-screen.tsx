import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { selectSessionView } from '../../../machines/session/session.selectors';
import type { components } from '../../../openapi/schema';
import { isPassThrough } from '../../../core/api/api-error';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { usePageTitle } from '../../components/use-page-title';
import { formatMoney } from '../../../core/config/money';
import { useOrder, useOrderServicePeriod, useReceiptPdf } from '../../queries/order-queries';
import { useServices } from '../../queries/services-context';
import { useTheme } from '../../queries/site-queries';
import { paths } from '../../../core/routing/paths';
import './receipt.css';

type Order = components['schemas']['Order'];
type ServicePeriod = components['schemas']['ServicePeriod'];
type PaymentType = components['schemas']['PaymentMethodType'];

const m = defineMessages({
  title: { id: 'receipt.title', defaultMessage: 'Receipt', description: 'Title of the receipt page (/receipt) and its main heading' },
  loading: { id: 'receipt.loading', defaultMessage: 'Loading the receipt…', description: 'Shown while the receipt page fetches the order' },
  noOrder: {
    id: 'receipt.noOrder',
    defaultMessage: 'No order was given, so there is no receipt to show.',
    description: 'Shown when /receipt is opened without an orderId',
  },
  loginFirst: {
    id: 'receipt.loginFirst',
    defaultMessage: 'Log in to see the receipts of your orders.',
    description: 'Shown on /receipt to a visitor who is not signed in',
  },
  login: { id: 'receipt.login', defaultMessage: 'Log in', description: 'Link from the receipt page to the login page, which comes back to the receipt' },
  notPaid: {
    id: 'receipt.notPaid',
    defaultMessage: 'This order is not paid yet, so it has no receipt. Pay it to get one.',
    description: 'Shown on /receipt instead of the receipt when the order is still waiting for its payment',
  },
  pay: { id: 'receipt.pay', defaultMessage: 'Pay this order', description: 'Link from an unpaid order’s receipt page to its payment page' },
  orders: { id: 'receipt.orders', defaultMessage: 'My orders', description: 'Link from the receipt page to the order list' },
  paidBadge: { id: 'receipt.paid', defaultMessage: 'Paid', description: 'Status shown at the top of the receipt of a paid order' },
  details: {
    id: 'receipt.details',
    defaultMessage: 'Payment details',
    description: 'Accessible name of the receipt’s list of order number, code, date and method',
  },
  order: { id: 'receipt.order', defaultMessage: 'Order', description: 'Label of the order number on the receipt' },
  code: { id: 'receipt.code', defaultMessage: 'Receipt code', description: 'Label of the short code printed on the receipt and quoted to support' },
  paidAt: { id: 'receipt.paidAt', defaultMessage: 'Paid on', description: 'Label of the date and time the order was paid' },
  method: { id: 'receipt.method', defaultMessage: 'Payment method', description: 'Label of how the order was paid (credit card, PIX…)' },
  items: { id: 'receipt.items', defaultMessage: 'Items', description: 'Caption of the receipt’s table of bought plans' },
  item: { id: 'receipt.item', defaultMessage: 'Item', description: 'Column heading: the plan bought' },
  quantity: {
    id: 'receipt.quantity',
    defaultMessage: 'Qty',
    description: 'Column heading, kept short for phones: how many billing periods of the plan were bought',
  },
  price: { id: 'receipt.price', defaultMessage: 'Unit price', description: 'Column heading: the price of one billing period' },
  amount: { id: 'receipt.amount', defaultMessage: 'Amount', description: 'Column heading: quantity times unit price' },
  subtotal: { id: 'receipt.subtotal', defaultMessage: 'Subtotal', description: 'Receipt row: the sum of the items before discount and interest' },
  discount: { id: 'receipt.discount', defaultMessage: 'Discount', description: 'Receipt row: the amount taken off by a discount code' },
  interest: { id: 'receipt.interest', defaultMessage: 'Instalment interest', description: 'Receipt row: interest added for paying in instalments' },
  total: { id: 'receipt.total', defaultMessage: 'Total', description: 'Receipt row: the amount paid' },
  period: { id: 'receipt.period', defaultMessage: 'Service period', description: 'Heading of the receipt’s section on the dates the bought service runs' },
  from: { id: 'receipt.from', defaultMessage: 'From', description: 'Label of the first day of the service period' },
  to: { id: 'receipt.to', defaultMessage: 'To', description: 'Label of the last day of the service period' },
  print: { id: 'receipt.print', defaultMessage: 'Print', description: 'Button that opens the browser’s print dialog for the receipt' },
  download: { id: 'receipt.download', defaultMessage: 'Download PDF', description: 'Button that downloads the receipt as a PDF file' },
  downloading: { id: 'receipt.downloading', defaultMessage: 'Preparing the PDF…', description: 'The download button’s text while the PDF is made' },
  downloadFailed: {
    id: 'receipt.downloadFailed',
    defaultMessage: 'The PDF could not be downloaded. Try again in a moment.',
    description: 'Shown when the receipt PDF could not be fetched',
  },
  actions: {
    id: 'receipt.actions',
    defaultMessage: 'Receipt actions',
    description: 'Accessible name of the group of the receipt’s print and download buttons',
  },
});

const installmentsText = defineMessage<{ readonly count: number; readonly amount: string }>({
  id: 'receipt.installments',
  defaultMessage: '{count, plural, one {# instalment} other {# instalments}} of {amount}',
  description: 'Under the total of a receipt paid in instalments; amount is the money of each instalment',
});
const exchangeRateText = defineMessage<{ readonly base: string; readonly rate: string; readonly currency: string }>({
  id: 'receipt.exchangeRate',
  defaultMessage: 'Exchange rate: 1 {base} = {rate} {currency}',
  description: 'Under the total when the order was paid in another currency than the plan’s price; base and currency are currency codes',
});
const daysText = defineMessage<{ readonly days: number }>({
  id: 'receipt.days',
  defaultMessage: '{days, plural, one {# day} other {# days}}',
  description: 'How many days the service period lasts',
});

/** Proper names, the same in every language (like the language switcher's own names). */
const brandNames: Partial<Record<PaymentType, string>> = { pix: 'PIX', paypal: 'PayPal' };

const methodNames = defineMessages({
  card: { id: 'receipt.method.card', defaultMessage: 'Credit card', description: 'Payment method type on the receipt' },
  boleto: { id: 'receipt.method.boleto', defaultMessage: 'Boleto', description: 'Payment method type on the receipt (Brazilian bank payment slip)' },
  bank_transfer: { id: 'receipt.method.bankTransfer', defaultMessage: 'Bank transfer', description: 'Payment method type on the receipt' },
  ewallet: { id: 'receipt.method.ewallet', defaultMessage: 'E-wallet', description: 'Payment method type on the receipt' },
  mobile_money: { id: 'receipt.method.mobileMoney', defaultMessage: 'Mobile money', description: 'Payment method type on the receipt' },
  crypto: { id: 'receipt.method.crypto', defaultMessage: 'Crypto', description: 'Payment method type on the receipt' },
} satisfies Record<Exclude<PaymentType, 'pix' | 'paypal'>, unknown>);

/** Orders that still wait for their payment (docs/order-status.md): the page offers to pay them. */
const payableStatuses: readonly Order['status'][] = ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'];

/**
 * Spec section 2 (/receipt, bare layout): the receipt of a paid order, with its service period,
 * to print or to download as a PDF made by the server (docs/decisions/018).
 */
export function ReceiptScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const [query] = useSearchParams();
  const location = useLocation();
  const { session } = useServices();
  const signedIn = useSelector(session, (s) => selectSessionView(s).signedIn);
  const orderId = query.get('orderId') ?? '';
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

function Page({ children, head, wide = false }: { children: React.ReactNode; head?: React.ReactNode; wide?: boolean }) {
  const intl = useIntl();
  return (
    <section className={`page receipt${wide ? ' receipt-wide' : ''}`} aria-labelledby="receipt-title">
      {head}
      <h1 id="receipt-title">{intl.formatMessage(m.title)}</h1>
      {children}
    </section>
  );
}

function OrdersLink() {
  const intl = useIntl();
  return (
    <p className="receipt-links">
      <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
    </p>
  );
}

/** A refusal the page expects (1001, 1040) said once, in its place; anything else the retry state. */
function Failure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (isPassThrough(error)) {
    return (
      <Page>
        <RefusalNotice code={error.errCode} />
        <OrdersLink />
      </Page>
    );
  }
  return (
    <Page>
      <LoadState status="error" onRetry={onRetry} />
    </Page>
  );
}

function Loading() {
  const intl = useIntl();
  return (
    <Page>
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    </Page>
  );
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
  return <PaidReceipt order={order.data} />;
}

function PaidReceipt({ order }: { order: Order }) {
  const intl = useIntl();
  const period = useOrderServicePeriod(order.id, intl.locale);
  if (period.status === 'loading') return <Loading />;
  if (period.status === 'error') return <Failure error={period.error} onRetry={period.retry} />;
  return <Receipt order={order} period={period.data} />;
}

function methodName(type: PaymentType, intl: IntlShape): string {
  return type === 'pix' || type === 'paypal' ? (brandNames[type] ?? type) : intl.formatMessage(methodNames[type]);
}

/** `"0.182500"` → `0,1825` in Portuguese: the decimal string as sent, never through a float. */
function formatRate(rate: string, intl: IntlShape): string {
  const trimmed = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  const separator = intl.formatNumberToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return trimmed.replace('.', separator);
}

function Receipt({ order, period }: { order: Order; period: ServicePeriod }) {
  const intl = useIntl();
  const theme = useTheme();
  const money = (minor: number) => formatMoney(minor, order.currency, intl.locale);
  const date = (ms: number) => intl.formatDate(ms, { dateStyle: 'long' });
  // A line keeps the plan's name as it was bought; the period names it in the page's language.
  const planName = (line: Order['items'][number]) => (line.planId === period.planId ? period.planName : line.planName);
  return (
    <Page
      wide
      head={
        <header className="receipt-head">
          {theme.data ? <img className="receipt-logo" src={theme.data.images.logo} alt={theme.data.name} height={40} /> : <span />}
          <span className="receipt-badge">{intl.formatMessage(m.paidBadge)}</span>
        </header>
      }
    >
      <dl className="details receipt-meta" aria-label={intl.formatMessage(m.details)}>
        <div>
          <dt>{intl.formatMessage(m.order)}</dt>
          <dd>{order.id}</dd>
        </div>
        {order.viewCode ? (
          <div>
            <dt>{intl.formatMessage(m.code)}</dt>
            <dd>{order.viewCode}</dd>
          </div>
        ) : null}
        {order.paidAt ? (
          <div>
            <dt>{intl.formatMessage(m.paidAt)}</dt>
            <dd>{intl.formatDate(order.paidAt, { dateStyle: 'long', timeStyle: 'short' })}</dd>
          </div>
        ) : null}
        {order.paymentType ? (
          <div>
            <dt>{intl.formatMessage(m.method)}</dt>
            <dd>{methodName(order.paymentType, intl)}</dd>
          </div>
        ) : null}
      </dl>

      <table className="receipt-items">
        <caption>{intl.formatMessage(m.items)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.item)}</th>
            <th scope="col" className="num">
              {intl.formatMessage(m.quantity)}
            </th>
            <th scope="col" className="num">
              {intl.formatMessage(m.price)}
            </th>
            <th scope="col" className="num">
              {intl.formatMessage(m.amount)}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line, i) => (
            <tr key={`${line.planId}-${i}`}>
              <th scope="row">{planName(line)}</th>
              <td className="num">{line.quantity}</td>
              <td className="num">{money(line.price)}</td>
              <td className="num">{money(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {intl.formatMessage(m.subtotal)}
            </th>
            <td className="num">{money(order.subtotal)}</td>
          </tr>
          {order.discount > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {intl.formatMessage(m.discount)}
              </th>
              <td className="num">−{money(order.discount)}</td>
            </tr>
          ) : null}
          {order.interest > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {intl.formatMessage(m.interest)}
              </th>
              <td className="num">{money(order.interest)}</td>
            </tr>
          ) : null}
          <tr className="receipt-total">
            <th scope="row" colSpan={3}>
              {intl.formatMessage(m.total)}
            </th>
            <td className="num">
              {money(order.total)} <span className="muted small">{order.currency}</span>
            </td>
          </tr>
        </tfoot>
      </table>
      {order.installments > 1 && order.installmentAmount !== undefined ? (
        <p className="receipt-note muted small">
          {intl.formatMessage(installmentsText, { count: order.installments, amount: money(order.installmentAmount) })}
        </p>
      ) : null}
      {order.currency !== order.baseCurrency ? (
        <p className="receipt-note muted small">
          {intl.formatMessage(exchangeRateText, { base: order.baseCurrency, rate: formatRate(order.exchangeRate, intl), currency: order.currency })}
        </p>
      ) : null}

      <section className="receipt-period" aria-labelledby="receipt-period-title">
        <h2 id="receipt-period-title">{intl.formatMessage(m.period)}</h2>
        <p>{period.planName}</p>
        <dl className="details">
          <div>
            <dt>{intl.formatMessage(m.from)}</dt>
            <dd>{date(period.startTime)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.to)}</dt>
            <dd>{date(period.endTime)}</dd>
          </div>
        </dl>
        <p className="muted small">{intl.formatMessage(daysText, { days: period.validDays })}</p>
      </section>

      <ReceiptActions orderId={order.id} />
      <OrdersLink />
    </Page>
  );
}

/** Hands a downloaded file to the browser under `name` (an object URL and a temporary link). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ReceiptActions({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const download = useReceiptPdf();
  const pdf = download.status === 'success' ? download.data : undefined;
  useEffect(() => {
    if (pdf) saveFile(pdf, `receipt-${orderId}.pdf`);
  }, [pdf, orderId]);
  const busy = download.status === 'pending';
  const refusal = download.status === 'error' && isPassThrough(download.error) ? download.error.errCode : null;
  return (
    <>
      <div className="actions receipt-actions" role="group" aria-label={intl.formatMessage(m.actions)}>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {intl.formatMessage(m.print)}
        </button>
        {/* Not disabled while busy, so keyboard focus stays on it; a second click is ignored meanwhile. */}
        <button type="button" className="button" aria-busy={busy} aria-disabled={busy} onClick={() => void download.mutate(orderId)}>
          {intl.formatMessage(busy ? m.downloading : m.download)}
        </button>
      </div>
      {download.status === 'error' ? (
        refusal !== null ? (
          <div className="receipt-actions">
            <RefusalNotice code={refusal} />
          </div>
        ) : (
          <p className="notice notice-warning receipt-actions" role="alert">
            {intl.formatMessage(m.downloadFailed)}
          </p>
        )
      ) : null}
    </>
  );
}
