import { useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { isPassThrough } from '../../../core/api/api-error';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { useOrderIdParam } from '../../components/use-order-id';
import { usePageTitle } from '../../components/use-page-title';
import { formatMoney } from '../../../core/config/money';
import { openStatuses, paidStatuses, type OrderStatus } from '../../../core/config/order-status';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { PAYMENT_INFO_NOT_FOUND } from '../../queries/order-queries';
import { usePaymentInstructions, usePaymentTip, useRemindOrder } from '../../queries/order-tip-queries';
import type { QueryState } from '../../queries/query-cache';
import { useKept, usePolling } from '../../queries/use-polling';
import { paths } from '../../../core/routing/paths';
import { BoletoPanel, CryptoPanel, PixPanel, TransferPanel } from '../../components/payment-instructions';
import './paynow-tips.css';

type Schemas = components['schemas'];

const m = defineMessages({
  title: {
    id: 'paynowTips.title',
    defaultMessage: 'Finish paying your order',
    description: 'Page title of /paynowTips, the page that shows how to finish paying a pending order',
  },
  noOrder: { id: 'paynowTips.noOrder', defaultMessage: 'No order was given.', description: 'Shown when /paynowTips is opened without an orderId' },
  order: { id: 'paynowTips.order', defaultMessage: 'Order', description: 'Label in the order summary: the order number' },
  amount: { id: 'paynowTips.amount', defaultMessage: 'Amount', description: 'Label in the order summary: the total to pay' },
  payBy: { id: 'paynowTips.payBy', defaultMessage: 'Pay by', description: 'Label in the order summary: when the payment instructions stop working' },
  checkAgain: {
    id: 'paynowTips.checkAgain',
    defaultMessage: 'I have paid, check again',
    description: 'Button: asks the server again whether the pending payment has arrived',
  },
  checking: { id: 'paynowTips.checking', defaultMessage: 'Checking your payment…', description: 'Shown while the page asks whether the payment arrived' },
  paid: {
    id: 'paynowTips.paid',
    defaultMessage: 'Your payment is confirmed and your plan is active.',
    description: 'Notice on /paynowTips once the order is paid',
  },
  receipt: { id: 'paynowTips.receipt', defaultMessage: 'See the receipt', description: 'Link from /paynowTips to the receipt of the paid order' },
  emailMe: {
    id: 'paynowTips.emailMe',
    defaultMessage: 'Email me these instructions',
    description: 'Button: sends the payment instructions of the pending order to the customer by email',
  },
  emailing: { id: 'paynowTips.emailing', defaultMessage: 'Sending the email…', description: 'Shown while the reminder email is asked for' },
  payAnotherWay: {
    id: 'paynowTips.payAnotherWay',
    defaultMessage: 'Pay another way',
    description: 'Link to the payment page to pay the pending order with another method',
  },
  orders: { id: 'paynowTips.orders', defaultMessage: 'My orders', description: 'Link to the orders page' },
  plans: { id: 'paynowTips.plans', defaultMessage: 'See the plans', description: 'Link to the pricing table from a closed order' },
  noInstructions: {
    id: 'paynowTips.noInstructions',
    defaultMessage: 'There are no payment instructions left to show for this order. You can pay it another way.',
    description: 'Shown on /paynowTips when the pending order has no PIX code, slip, transfer or crypto address to show again',
  },
  otpEnter: { id: 'paynowTips.otpEnter', defaultMessage: 'Enter the code', description: 'Link to the page where the mobile money code is entered' },
  redirect: {
    id: 'paynowTips.redirect',
    defaultMessage: 'This payment continues on the payment provider’s page.',
    description: 'Shown when the pending payment is finished at PayPal or an e-wallet',
  },
  redirectLink: {
    id: 'paynowTips.redirectLink',
    defaultMessage: 'Continue to the payment provider',
    description: 'Link to the payment provider page where the pending payment is finished',
  },
  actions: { id: 'paynowTips.actions', defaultMessage: 'What to do next', description: 'Accessible name of the group of links at the foot of /paynowTips' },
});

const notYet = defineMessage<{ readonly time: string }>({
  id: 'paynowTips.notYet',
  defaultMessage: 'Not received yet (checked at {time}). A PIX payment arrives within minutes of paying it; a payment slip can take up to 3 working days.',
  description: 'Shown after "I have paid, check again" when the payment has not arrived; {time} is the time of the check',
});
const emailed = defineMessage<{ readonly email: string }>({
  id: 'paynowTips.emailed',
  defaultMessage: 'We emailed the payment instructions to {email}.',
  description: 'Shown after the reminder email was sent; {email} is the masked address',
});
const otpSent = defineMessage<{ readonly operator: string; readonly phone: string }>({
  id: 'paynowTips.otpSent',
  defaultMessage: '{operator} sent a code by SMS to {phone}. Enter it to finish paying.',
  description: 'Pending mobile money payment: where the one-time code went; {operator} is the operator, {phone} the masked phone',
});

/**
 * The tip says the page updates when the money arrives: while the order is open it is read again
 * every POLL_MS, quietly, when the page is in view (the payment page polls every 5 s, ADR 015).
 */
const POLL_MS = 10_000;

/**
 * Spec section 2 (/paynowTips): how to finish paying an order whose payment is not final yet
 * (docs/decisions/019). The server's tip for the order, the instructions of its pending payment
 * shown again, a check whether the money arrived, and the ways on.
 */
export function PaynowTipsScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const orderId = useOrderIdParam();
  if (!orderId) {
    return (
      <section className="page paynow-tips" aria-labelledby="paynow-title">
        <h1 id="paynow-title">{intl.formatMessage(m.title)}</h1>
        <p>{intl.formatMessage(m.noOrder)}</p>
        <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
      </section>
    );
  }
  return <PaynowTips key={orderId} orderId={orderId} />;
}

function PaynowTips({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const tipQuery = usePaymentTip(orderId, language);
  const info = usePaymentInstructions(orderId);
  const remind = useRemindOrder();
  const tip = useKept(tipQuery);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  // A check the customer asked for, until its answer is in (a quiet poll says nothing).
  const [asked, setAsked] = useState(false);
  if (asked && tipQuery.status !== 'loading') setAsked(false);
  const open = tip ? openStatuses.includes(tip.status) : false;
  usePolling(tipQuery.retry, POLL_MS, open);

  if (!tip) {
    if (tipQuery.status === 'error') {
      // 1001: not this customer's order (or none): its catalogue message, and the way to the orders.
      const refused = isPassThrough(tipQuery.error) ? tipQuery.error.errCode : null;
      return (
        <Frame>
          <h1 id="paynow-title">{intl.formatMessage(m.title)}</h1>
          {refused !== null ? <RefusalNotice code={refused} /> : <LoadState status="error" onRetry={tipQuery.retry} />}
          <Links>
            <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
          </Links>
        </Frame>
      );
    }
    return <LoadState status="loading" onRetry={tipQuery.retry} />;
  }

  const checking = asked;
  const paid = paidStatuses.includes(tip.status);
  const check = () => {
    setAsked(true);
    setCheckedAt(Date.now());
    tipQuery.retry();
    info.retry();
  };

  return (
    <Frame status={tip.status}>
      <h1 id="paynow-title">{tip.title}</h1>
      <p>{tip.message}</p>
      <dl className="details paynow-summary">
        <div>
          <dt>{intl.formatMessage(m.order)}</dt>
          <dd>{tip.orderId}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.amount)}</dt>
          <dd>{formatMoney(tip.amount, tip.currency, intl.locale)}</dd>
        </div>
        {open && tip.expiresAt ? (
          <div>
            <dt>{intl.formatMessage(m.payBy)}</dt>
            <dd>{intl.formatDate(tip.expiresAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
          </div>
        ) : null}
      </dl>

      {paid ? (
        <>
          <p className="notice notice-success" role="status">
            {intl.formatMessage(m.paid)}
          </p>
          <Links>
            <Link className="button" to={paths.receipt(orderId)}>
              {intl.formatMessage(m.receipt)}
            </Link>
            <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
          </Links>
        </>
      ) : open ? (
        <>
          <Instructions orderId={orderId} info={info} />
          <div className="paynow-check stack">
            <button type="button" className="button" onClick={check} disabled={checking} aria-describedby="paynow-check-status">
              {intl.formatMessage(m.checkAgain)}
            </button>
            <p id="paynow-check-status" role="status" className="muted small">
              {checking
                ? intl.formatMessage(m.checking)
                : checkedAt !== null
                  ? intl.formatMessage(notYet, { time: intl.formatTime(checkedAt, { timeStyle: 'short' }) })
                  : null}
            </p>
          </div>
          <div className="paynow-remind stack">
            <button type="button" className="button button-secondary" onClick={() => void remind.mutate(orderId)} disabled={remind.status === 'pending'}>
              {intl.formatMessage(m.emailMe)}
            </button>
            <p role="status" className="muted small">
              {remind.status === 'pending'
                ? intl.formatMessage(m.emailing)
                : remind.status === 'success'
                  ? intl.formatMessage(emailed, { email: remind.data.email })
                  : null}
            </p>
            {/* -3031 (asked again within a minute), 1040 (no longer open): said here, not in a toast. */}
            <RefusalNotice code={remind.status === 'error' && isPassThrough(remind.error) ? remind.error.errCode : null} />
          </div>
          <Links>
            <Link to={paths.payment({ orderId })}>{intl.formatMessage(m.payAnotherWay)}</Link>
            <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
          </Links>
        </>
      ) : (
        <Links>
          <Link className="button" to="/pricing-table">
            {intl.formatMessage(m.plans)}
          </Link>
          <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
        </Links>
      )}
    </Frame>
  );
}

/** The pending payment's instructions, with the payment page's own panels (payment-instructions.tsx). */
function Instructions({ orderId, info }: { orderId: string; info: QueryState<Schemas['PayResult']> & { retry(): void } }) {
  const intl = useIntl();
  const kept = useKept(info);
  if (!kept) {
    if (info.status === 'error') {
      if (isPassThrough(info.error) && info.error.errCode === PAYMENT_INFO_NOT_FOUND) return <p className="muted">{intl.formatMessage(m.noInstructions)}</p>;
      if (isPassThrough(info.error)) return <RefusalNotice code={info.error.errCode} />;
      return <LoadState status="error" onRetry={info.retry} />;
    }
    return <LoadState status="loading" onRetry={info.retry} />;
  }
  switch (kept.next) {
    case 'pix':
      return <PixPanel pix={kept} />;
    case 'boleto':
      return <BoletoPanel boleto={kept} />;
    case 'bank_transfer':
      return <TransferPanel transfer={kept} />;
    case 'crypto':
      return <CryptoPanel crypto={kept} />;
    case 'otp':
      // The code is confirmed by the payment flow, which /payment-pix resumes (spec section 2).
      return (
        <section className="payment-step" aria-labelledby="paynow-otp">
          <p id="paynow-otp">{intl.formatMessage(otpSent, { operator: kept.operator, phone: kept.phone })}</p>
          <Link className="button" to={paths.paymentPix(orderId)}>
            {intl.formatMessage(m.otpEnter)}
          </Link>
        </section>
      );
    case 'redirect':
      return (
        <section className="payment-step" aria-labelledby="paynow-redirect">
          <p id="paynow-redirect">{intl.formatMessage(m.redirect)}</p>
          <a className="button" href={kept.url}>
            {intl.formatMessage(m.redirectLink)}
          </a>
        </section>
      );
    case 'done':
      // Final already: the tip, read again by the check, says how it ended.
      return null;
  }
}

function Frame({ status, children }: { status?: OrderStatus; children: ReactNode }) {
  return (
    <section className="page paynow-tips" aria-labelledby="paynow-title" data-status={status}>
      {children}
    </section>
  );
}

function Links({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <nav className="actions paynow-links" aria-label={intl.formatMessage(m.actions)}>
      {children}
    </nav>
  );
}
