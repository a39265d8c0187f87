import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { formatMoney } from '../../../core/config/money';
import type { InstallmentsPlan } from '../../queries/installment-queries';

type Option = InstallmentsPlan['options'][number];

const m = defineMessages({
  installments: { id: 'payment.installments', defaultMessage: 'Instalments', description: 'Label of the instalment chooser' },
  allFree: {
    id: 'payment.installments.allFree',
    defaultMessage: 'No interest, whatever the number of instalments.',
    description: 'The instalment rule when every count is interest-free',
  },
});
const inFullAmount = defineMessage<{ readonly amount: string }>({
  id: 'payment.installments.inFull',
  defaultMessage: 'Pay in full: {amount}',
  description: 'Instalment option: one payment of the whole amount',
});
const free = defineMessage<{ readonly n: number; readonly amount: string }>({
  id: 'payment.installments.free',
  defaultMessage: '{n} × {amount}, interest-free',
  description: 'Instalment option without interest: n payments of amount',
});
const withInterest = defineMessage<{ readonly n: number; readonly amount: string; readonly total: string }>({
  id: 'payment.installments.withInterest',
  defaultMessage: '{n} × {amount} (total {total})',
  description: 'Instalment option with interest: n payments of amount, and what they add up to',
});
const ruleFreeUpTo = defineMessage<{ readonly free: number; readonly next: number; readonly rate: string }>({
  id: 'payment.installments.ruleFreeUpTo',
  defaultMessage: 'Interest-free up to {free} instalments; from {next} on, {rate} a month (Price table: equal instalments).',
  description: 'The instalment rule stated under the chooser, e.g. free up to 3, from 4 on 1.99 % a month',
});
const ruleInterest = defineMessage<{ readonly rate: string }>({
  id: 'payment.installments.ruleInterest',
  defaultMessage: 'Paying in full has no interest; instalments carry {rate} a month (Price table: equal instalments).',
  description: 'The instalment rule when only paying in full is interest-free',
});

/** One option as the chooser and the Pay button word it ("6 × R$ 5,23 (total R$ 31,38)"). */
export function optionLabel(option: Option, currency: string, intl: IntlShape): string {
  const money = (n: number) => formatMoney(n, currency, intl.locale);
  if (option.count === 1) return intl.formatMessage(inFullAmount, { amount: money(option.total) });
  return option.interestFree
    ? intl.formatMessage(free, { n: option.count, amount: money(option.installmentAmount) })
    : intl.formatMessage(withInterest, { n: option.count, amount: money(option.installmentAmount), total: money(option.total) });
}

/** The rule the Price table follows, stated before paying (spec section 5: instalments). */
function ruleOf(plan: InstallmentsPlan, intl: IntlShape): string {
  const freeUpTo = Math.max(1, ...plan.options.filter((o) => o.interestFree).map((o) => o.count));
  const rate = Number(plan.monthlyInterestRate ?? '0');
  if (rate === 0 || plan.options.every((o) => o.interestFree)) return intl.formatMessage(m.allFree);
  const percent = intl.formatNumber(rate / 100, { style: 'percent', maximumFractionDigits: 2 });
  return freeUpTo > 1
    ? intl.formatMessage(ruleFreeUpTo, { free: freeUpTo, next: freeUpTo + 1, rate: percent })
    : intl.formatMessage(ruleInterest, { rate: percent });
}

/**
 * The instalment chooser of a new order and of an order paid again: every count the server
 * offers for this amount with what it costs, and the rule under it. Until the server's quote
 * arrives (or if it cannot be had) the counts the method allows are offered by number, so paying
 * is never held up by it; the server prices the chosen count when the order is paid.
 */
export function InstallmentChooser({
  id,
  plan,
  max,
  value,
  disabled,
  onChange,
}: {
  id: string;
  plan: InstallmentsPlan | undefined;
  /** The most the payment method takes. */
  max: number;
  value: number;
  disabled: boolean;
  onChange(n: number): void;
}) {
  const intl = useIntl();
  const options = plan?.options.filter((o) => o.count <= max);
  const counts = options?.map((o) => o.count) ?? Array.from({ length: max }, (_, i) => i + 1);
  const ruleId = `${id}-rule`;
  return (
    <div className="field">
      <label htmlFor={id}>{intl.formatMessage(m.installments)}</label>
      <select id={id} value={value} disabled={disabled} aria-describedby={plan ? ruleId : undefined} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {counts.map((n) => {
          const option = options?.find((o) => o.count === n);
          return (
            <option key={n} value={n}>
              {option && plan ? optionLabel(option, plan.currency, intl) : `${n} ×`}
            </option>
          );
        })}
      </select>
      {plan ? (
        <p id={ruleId} className="muted small">
          {ruleOf(plan, intl)}
        </p>
      ) : null}
    </div>
  );
}
