import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { components } from '../../../openapi/schema';
import { formatMoney } from '../../../core/config/money';
import { useTheme } from '../../queries/site-queries';
import { statusMessage } from '../../components/order-status-messages';
import { ReceiptActions } from './receipt-actions';
import { daysText, exchangeRateText, installmentsText, m } from './receipt-messages';
import { OrdersLink, Page } from './receipt-page';
import { WithdrawalPanel, type WithdrawalActor } from './withdrawal-panel';

type Order = components['schemas']['Order'];
type ServicePeriod = components['schemas']['ServicePeriod'];
type PaymentType = components['schemas']['PaymentMethodType'];

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

function methodName(type: PaymentType, intl: IntlShape): string {
  return type === 'pix' || type === 'paypal' ? (brandNames[type] ?? type) : intl.formatMessage(methodNames[type]);
}

/** `"0.182500"` → `0,1825` in Portuguese: the decimal string as sent, never through a float. */
function formatRate(rate: string, intl: IntlShape): string {
  const trimmed = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  const separator = intl.formatNumberToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return trimmed.replace('.', separator);
}

export function Receipt({ order, period, withdrawal }: { order: Order; period: ServicePeriod; withdrawal: WithdrawalActor }) {
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
          {/* Paid, unless a refund or a dispute is under way: then that, as the orders list says it. */}
          {order.status === 'REFUND_PENDING' || order.status === 'CHARGEBACK_PENDING' ? (
            <span className="receipt-badge receipt-badge-pending">{intl.formatMessage(statusMessage(order.status))}</span>
          ) : (
            <span className="receipt-badge">{intl.formatMessage(m.paidBadge)}</span>
          )}
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

      <WithdrawalPanel order={order} actor={withdrawal} />
      <ReceiptActions orderId={order.id} />
      <OrdersLink />
    </Page>
  );
}
