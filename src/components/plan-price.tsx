import { defineMessages, useIntl } from 'react-intl';
import type { components } from '../../openapi/schema';
import { formatMoney } from '../../core/config/money';
import { installmentPrice, perPeriod } from './plan-messages';

type Price = components['schemas']['Plan']['prices'][number];

const m = defineMessages({
  wasPrice: {
    id: 'planDetails.wasPrice',
    defaultMessage: 'Before',
    description: 'Accessible label before the struck-through price (the price before the plan reduction)',
  },
});

/**
 * A plan's price as the pricing table's cards and the plan-details page both show it: the list
 * price struck through when the customer's price is lower, the price for the period, and the
 * instalment line when the plan can be split (`installments` above 1).
 */
export function PlanPrice({ price, periodDays, installments }: { price: Price; periodDays: number; installments: number }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(amount, price.currency, intl.locale);
  return (
    <>
      <p className="plan-price">
        {price.originalAmount !== undefined && price.originalAmount > price.amount && (
          <>
            <span className="visually-hidden">{intl.formatMessage(m.wasPrice)} </span>
            <s className="muted">{money(price.originalAmount)}</s>{' '}
          </>
        )}
        <strong>{money(price.amount)}</strong> <span className="muted">{intl.formatMessage(perPeriod, { days: periodDays })}</span>
      </p>
      {installments > 1 && (
        <p className="plan-installments">
          {intl.formatMessage(installmentPrice, { count: installments, amount: money(Math.ceil(price.amount / installments)) })}
        </p>
      )}
    </>
  );
}
