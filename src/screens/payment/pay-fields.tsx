import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { Valuation } from '../../../machines/checkout/checkout.types';
import type { PaymentMachine } from '../../../machines/payment/payment.machine';
import { selectPaymentView } from '../../../machines/payment/payment.selectors';
import type { PayDetails, PaymentMethod } from '../../../machines/payment/payment.types';
import { formatMoney } from '../../../core/config/money';
import { MethodForm, type SavedCard } from './method-form';
import { CardBrands, PurchaseTrust, type Merchant } from './checkout-trust';

const m = defineMessages({
  email: { id: 'payment.email', defaultMessage: 'Email for the receipt', description: 'Label of the email field for payment information' },
  pay: { id: 'payment.pay', defaultMessage: 'Pay now', description: 'Button that pays' },
});
export const nTimes = defineMessage<{ readonly n: number; readonly amount: string }>({
  id: 'payment.nTimes',
  defaultMessage: '{n} × {amount}',
  description: 'Instalment option: n payments of amount',
});
const payAmount = defineMessage<{ readonly amount: string }>({
  id: 'payment.payAmount',
  defaultMessage: 'Pay {amount}',
  description: 'Button that pays, with what it charges: "Pay R$ 29.90" or "Pay 6 × R$ 5.23"',
});

/**
 * While a payment is sent (and until its page moves on) the form stays as typed, its Pay button
 * spinning; the payment's own steps (a PIX code, a slip, transfer details) take the form's place.
 */
export function usePayingForm(payingStep: boolean, payment: ActorRefFrom<PaymentMachine> | undefined) {
  const step = useSelector(payment, (s) => (s ? selectPaymentView(s).current.step : undefined));
  const sending = step === undefined || step === 'submitting' || step === 'finished';
  return { paying: payingStep && sending, formHidden: payment !== undefined && !sending };
}

/** What the Pay button charges: the total, or the instalments ("6 × R$ 5,23"). */
export function dueOfOption(option: { count: number; installmentAmount: number; total: number }, currency: string, intl: IntlShape): string {
  return option.count > 1
    ? intl.formatMessage(nTimes, { n: option.count, amount: formatMoney(option.installmentAmount, currency, intl.locale) })
    : formatMoney(option.total, currency, intl.locale);
}

export const dueOf = (valuation: Valuation, intl: IntlShape): string =>
  dueOfOption({ count: valuation.installments, installmentAmount: valuation.installmentAmount, total: valuation.total }, valuation.currency, intl);

function EmailField({ value, onChange }: { value: string; onChange(email: string): void }) {
  const intl = useIntl();
  return (
    <div className="field">
      <label htmlFor="receipt-email">{intl.formatMessage(m.email)}</label>
      <input id="receipt-email" type="email" defaultValue={value} autoComplete="email" onBlur={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}

/**
 * How both payment forms end, a new order's and a repaid one's: the receipt's email, why the last
 * attempt was refused, and the chosen method's own form with the pay button.
 */
export function PayFields({
  view,
  busy,
  paying,
  due,
  sandbox,
  savedCards,
  merchant,
  send,
}: {
  view: { email: string; payErrCode: number | undefined; method: PaymentMethod | undefined; canPay: boolean };
  busy: boolean;
  /** The payment is being sent: the form stays, its button spinning. */
  paying: boolean;
  /** What the button charges, as it is written on it ("R$ 29,90", "6 × R$ 5,23"); none: "Pay now". */
  due: string | undefined;
  sandbox: boolean;
  savedCards: SavedCard[];
  /** Who sells, from the site configuration (docs/decisions/048). */
  merchant: Merchant | undefined;
  send(event: { type: 'EMAIL_CHANGED'; email: string } | { type: 'PAY_SUBMITTED'; details: PayDetails }): void;
}) {
  const intl = useIntl();
  return (
    <>
      <EmailField value={view.email} onChange={(email) => send({ type: 'EMAIL_CHANGED', email })} />
      {view.method?.type === 'card' ? <CardBrands /> : null}
      {view.method ? (
        <MethodForm
          key={view.method.code}
          method={view.method}
          sandbox={sandbox}
          savedCards={savedCards}
          busy={busy || !view.canPay}
          paying={paying}
          refusal={view.payErrCode}
          submitLabel={due === undefined ? intl.formatMessage(m.pay) : intl.formatMessage(payAmount, { amount: due })}
          onSubmit={(details) => send({ type: 'PAY_SUBMITTED', details })}
        />
      ) : null}
      <PurchaseTrust merchant={merchant} />
    </>
  );
}
