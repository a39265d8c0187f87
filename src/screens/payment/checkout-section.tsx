import { useSelector } from '@xstate/react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { CheckoutMachine } from '../../../machines/checkout/checkout.machine';
import { selectCheckoutView } from '../../../machines/checkout/checkout.selectors';
import type { Valuation } from '../../../machines/checkout/checkout.types';
import type { PaymentMethod } from '../../../machines/payment/payment.types';
import { DiscountUnbindingDialog } from '../../components/discount-unbinding-dialog';
import { FieldError } from '../../components/field-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { stripWhitespace } from '../../../core/validation/helpers';
import { V } from '../../../core/validation/schemas';
import { currencySymbols, formatMoney } from '../../../core/config/money';
import type { SavedCard } from './method-form';
import { dueOf, nTimes, PayFields, usePayingForm } from './pay-fields';
import { PaymentSteps, usePaymentStepsSoon } from './payment-steps-lazy';
import { InstallmentChooser } from './installments';
import type { Merchant } from './checkout-trust';
import { useInstallmentsPlan } from '../../queries/installment-queries';
import { useNamesIn } from '../../queries/payment-method-queries';
import { Methods } from './methods';
import { Dialog } from '../../components/dialog';
import { ResetPasswordFirst } from './reset-password-first';

export const m = defineMessages({
  title: { id: 'payment.title', defaultMessage: 'Payment', description: 'Title of the payment page' },
  noPlan: { id: 'payment.noPlan', defaultMessage: 'Choose a plan first.', description: 'Shown on the payment page without a plan or order' },
  choosePlan: { id: 'payment.choosePlan', defaultMessage: 'See the plans', description: 'Link to the pricing table' },
  loading: { id: 'payment.loading', defaultMessage: 'Preparing your order…', description: 'Shown while the payment page loads' },
  failure: { id: 'payment.failure', defaultMessage: 'The payment page could not be prepared.', description: 'Shown when the payment page failed to load' },
  retry: { id: 'payment.retry', defaultMessage: 'Try again', description: 'Button that loads the payment page again' },
  cartTitle: { id: 'payment.cart.title', defaultMessage: 'You have an unfinished order', description: 'Title of the prompt about an ongoing unfinished order' },
  cartFinish: { id: 'payment.cart.finish', defaultMessage: 'Finish that order', description: 'Button: pay the unfinished order instead' },
  cartNew: { id: 'payment.cart.new', defaultMessage: 'Start a new order', description: 'Button: go on with a new order' },
  summary: { id: 'payment.summary', defaultMessage: 'Order summary', description: 'Heading of the order summary' },
  price: { id: 'payment.price', defaultMessage: 'Price', description: 'Summary row: the plan price' },
  discount: { id: 'payment.discount', defaultMessage: 'Discount', description: 'Summary row: discounts' },
  interest: { id: 'payment.interest', defaultMessage: 'Instalment interest', description: 'Summary row: interest of the instalments' },
  total: { id: 'payment.total', defaultMessage: 'Total', description: 'Summary row: the total' },
  code: { id: 'payment.code', defaultMessage: 'Discount code', description: 'Label of the discount code field' },
  apply: { id: 'payment.apply', defaultMessage: 'Apply', description: 'Button that applies the discount code' },
  applying: { id: 'payment.applying', defaultMessage: 'Applying…', description: 'The discount code button while the order is priced with the code' },
  remove: { id: 'payment.remove', defaultMessage: 'Remove', description: 'Button that removes the discount code' },
  country: { id: 'payment.country', defaultMessage: 'Country', description: 'Label of the country chooser (the methods depend on it)' },
  currency: { id: 'payment.currency', defaultMessage: 'Currency', description: 'Label of the currency chooser' },
  repayTitle: { id: 'payment.repayTitle', defaultMessage: 'Finish paying your order', description: 'Heading when an existing order is paid again' },
});
export const orderNo = defineMessage<{ readonly id: string }>({ id: 'payment.orderNo', defaultMessage: 'Order {id}', description: 'The order being paid' });

/** The countries the payment methods serve, for the country chooser. */
const COUNTRIES = ['BR', 'AR', 'CL', 'CO', 'MX', 'PE', 'UY', 'US', 'ZA', 'KE', 'TZ', 'UG', 'GH', 'ZM', 'MW', 'CI', 'SN'];
const CURRENCIES = Object.keys(currencySymbols);

/** The checkout as a thin view of its machine: reads selectCheckoutView, sends events. */
export function CheckoutSection({
  actorRef,
  sandbox,
  savedCards = [],
  merchant,
  banner,
}: {
  actorRef: ActorRefFrom<CheckoutMachine>;
  sandbox: boolean;
  savedCards?: SavedCard[];
  /** Who sells, from the site configuration (docs/decisions/048). */
  merchant?: Merchant | undefined;
  /** The page's promotional banner, under the title (the route screen reads it). */
  banner?: ReactNode;
}) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectCheckoutView);
  const send = actorRef.send;
  const names = useNamesIn(intl.locale, view.valuation && { planId: view.valuation.planId, country: view.country, currency: view.currency });
  const regions = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale]);
  const { paying, formHidden } = usePayingForm(view.step === 'paying', view.payment);
  usePaymentStepsSoon();

  // The title and the banner stand from the start, so the order that fills in under them moves
  // nothing, and the banner (the page's largest picture) is not held back by the order's calls.
  const page = (busy: boolean, content: ReactNode) => (
    <section className="page payment-page" aria-busy={busy}>
      <h1>{intl.formatMessage(m.title)}</h1>
      {banner}
      {content}
    </section>
  );
  // The order's form is the page's biggest render: once the order is ready it is drawn as a
  // deferred update, which React renders in slices rather than in one long task.
  const ready = useDeferredValue(view.step !== 'loading');
  if (view.step === 'loading' || !ready)
    return page(
      true,
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>,
    );
  if (view.step === 'failure') return <Failure onRetry={() => send({ type: 'RETRY' })} />;
  if (view.step === 'resetPassword') return page(false, <ResetPasswordFirst email={view.email} />);
  if (view.step === 'finished')
    return (
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    );
  if (view.step === 'cartPrompt') {
    return (
      <section className="page narrow">
        <Dialog labelledBy="cart-title">
          <h2 id="cart-title">{intl.formatMessage(m.cartTitle)}</h2>
          {view.cart ? (
            <p>
              {intl.formatMessage(orderNo, { id: view.cart.id })} · {view.cart.items[0] && names.plan(view.cart.items[0])} ·{' '}
              {formatMoney(view.cart.total, view.cart.currency, intl.locale)}
            </p>
          ) : null}
          <button type="button" className="button" onClick={() => send({ type: 'FINISH_ORDER_CHOSEN' })}>
            {intl.formatMessage(m.cartFinish)}
          </button>
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'NEW_ORDER_CHOSEN' })}>
            {intl.formatMessage(m.cartNew)}
          </button>
        </Dialog>
      </section>
    );
  }
  const busy = view.step !== 'form';
  return page(
    busy,
    <>
      <Summary
        valuation={view.valuation}
        pricing={view.pricing}
        methodName={view.method && names.method(view.method)}
        planName={view.valuation && names.plan(view.valuation)}
      />
      {view.unbinding ? <DiscountUnbindingDialog actorRef={view.unbinding} /> : null}
      {view.payment ? <PaymentSteps actorRef={view.payment} /> : null}
      {/* Kept mounted while paying, so a declined card comes back with what was typed. */}
      <div hidden={formHidden} className="page">
        <div className="field-row">
          <div className="field">
            <label htmlFor="pay-country">{intl.formatMessage(m.country)}</label>
            <select
              id="pay-country"
              value={view.country}
              disabled={busy || !view.canChangeCode}
              onChange={(e) => send({ type: 'COUNTRY_CHANGED', country: e.currentTarget.value })}
            >
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {regions.of(c) ?? c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="pay-currency">{intl.formatMessage(m.currency)}</label>
            <select
              id="pay-currency"
              value={view.currency}
              disabled={busy || !view.canChangeCode}
              onChange={(e) => send({ type: 'CURRENCY_CHANGED', currency: e.currentTarget.value })}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CodeForm
          code={view.discountCode}
          state={view.codeState}
          errCode={view.codeErrCode}
          disabled={!view.canChangeCode || busy}
          onApply={(code) => send({ type: 'CODE_APPLIED', code })}
          onRemove={() => send({ type: 'CODE_REMOVED' })}
        />
        <Methods
          methods={view.methods}
          name={names.method}
          selected={view.method}
          disabled={busy}
          onSelect={(code) => send({ type: 'METHOD_SELECTED', code })}
        />
        {view.method && view.method.maxInstallments > 1 && view.valuation ? (
          <CheckoutInstallments
            method={view.method}
            valuation={view.valuation}
            value={view.installments}
            disabled={busy}
            onChange={(n) => send({ type: 'INSTALLMENTS_CHANGED', installments: n })}
          />
        ) : null}
        <PayFields
          view={view}
          busy={busy}
          paying={paying}
          due={view.valuation ? dueOf(view.valuation, intl) : undefined}
          sandbox={sandbox}
          savedCards={savedCards}
          merchant={merchant}
          send={send}
        />
      </div>
    </>,
  );
}

export function Failure({ onRetry }: { onRetry(): void }) {
  const intl = useIntl();
  return (
    <section className="page narrow">
      <p role="alert">{intl.formatMessage(m.failure)}</p>
      <button type="button" onClick={onRetry}>
        {intl.formatMessage(m.retry)}
      </button>
    </section>
  );
}

/**
 * The order as it will be charged. The method's discount (PIX's) and the code's are lines of their
 * own, as the customer chose each apart; a server that does not split them gives one line.
 */
export function Summary({
  valuation,
  pricing,
  methodName,
  planName,
}: {
  valuation: Valuation | undefined;
  pricing: boolean;
  methodName: string | undefined;
  /** In the language on screen (`useNamesIn`). */
  planName: string | undefined;
}) {
  const intl = useIntl();
  if (!valuation) return null;
  const money = (n: number) => formatMoney(n, valuation.currency, intl.locale);
  return (
    <section aria-labelledby="summary-title" aria-busy={pricing} className="summary">
      <h2 id="summary-title">{intl.formatMessage(m.summary)}</h2>
      <p className="plan-name">{planName}</p>
      <dl className="details">
        <div>
          <dt>{intl.formatMessage(m.price)}</dt>
          <dd>{money(valuation.price)}</dd>
        </div>
        {discountLines(valuation, methodName, intl).map(([label, amount]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>−{money(amount)}</dd>
          </div>
        ))}
        {valuation.interest > 0 ? (
          <div>
            <dt>{intl.formatMessage(m.interest)}</dt>
            <dd>{money(valuation.interest)}</dd>
          </div>
        ) : null}
        <div className="total">
          <dt>{intl.formatMessage(m.total)}</dt>
          <dd>
            {money(valuation.total)}
            {valuation.installments > 1 ? ` (${intl.formatMessage(nTimes, { n: valuation.installments, amount: money(valuation.installmentAmount) })})` : ''}
          </dd>
        </div>
      </dl>
    </section>
  );
}

const methodDiscount = defineMessage<{ readonly method: string }>({
  id: 'payment.discount.method',
  defaultMessage: '{method} discount',
  description: 'Summary row: the discount the payment method gives, e.g. "PIX discount"',
});
const codeDiscount = defineMessage<{ readonly code: string }>({
  id: 'payment.discount.code',
  defaultMessage: 'Code {code}',
  description: 'Summary row: the discount a discount code gives, e.g. "Code BEMVINDO10"',
});

function discountLines(valuation: Valuation, methodName: string | undefined, intl: IntlShape): [string, number][] {
  const byMethod = valuation.methodDiscount ?? 0;
  const byCode = valuation.codeDiscount ?? 0;
  if (valuation.discount <= 0) return [];
  if (byMethod + byCode !== valuation.discount) return [[intl.formatMessage(m.discount), valuation.discount]];
  const lines: [string, number][] = [];
  if (byMethod > 0) lines.push([methodName ? intl.formatMessage(methodDiscount, { method: methodName }) : intl.formatMessage(m.discount), byMethod]);
  if (byCode > 0) lines.push([intl.formatMessage(codeDiscount, { code: valuation.discountCode?.code ?? '' }), byCode]);
  return lines;
}

/**
 * The code as typed goes to the machine, which refuses one of no coupon's shape itself (9001); an
 * empty one is not sent, the form asks for a code (spec section 5). "Remove" is offered once the
 * server applied the code, not while it is being priced.
 */
export function CodeForm({
  code,
  state,
  errCode,
  disabled,
  onApply,
  onRemove,
}: {
  code: string | undefined;
  state: 'none' | 'applying' | 'applied';
  errCode: number | undefined;
  disabled: boolean;
  onApply(code: string): void;
  onRemove(): void;
}) {
  const intl = useIntl();
  const [empty, setEmpty] = useState(false);
  return (
    <form
      className="code-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const typed = String(new FormData(e.currentTarget).get('code') ?? '');
        const isEmpty = stripWhitespace(typed) === '';
        setEmpty(isEmpty);
        if (!isEmpty) onApply(typed);
      }}
    >
      <label htmlFor="discount-code">{intl.formatMessage(m.code)}</label>
      <input
        id="discount-code"
        name="code"
        defaultValue={code ?? ''}
        disabled={disabled}
        autoComplete="off"
        aria-invalid={empty || undefined}
        aria-describedby={empty ? 'discount-code-error' : undefined}
        onInput={() => setEmpty(false)}
      />
      {state === 'applied' ? (
        <button type="button" className="button button-secondary" disabled={disabled} onClick={onRemove}>
          {intl.formatMessage(m.remove)}
        </button>
      ) : (
        <button type="submit" className="button button-secondary" disabled={disabled || state === 'applying'}>
          {intl.formatMessage(state === 'applying' ? m.applying : m.apply)}
        </button>
      )}
      <FieldError id="discount-code-error" messageId={empty ? V.couponRequired : undefined} />
      <RefusalNotice code={errCode ?? null} />
    </form>
  );
}

/** The chooser, with the server's quote for what this order costs after its discounts. */
function CheckoutInstallments({
  method,
  valuation,
  ...chooser
}: {
  method: PaymentMethod;
  valuation: Valuation;
  value: number;
  disabled: boolean;
  onChange(n: number): void;
}) {
  const plan = useInstallmentsPlan(valuation.planId, valuation.currency, valuation.total - valuation.interest);
  return <InstallmentChooser id="installments" plan={plan.data} max={method.maxInstallments} {...chooser} />;
}
