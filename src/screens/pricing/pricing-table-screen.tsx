import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { formatMoney } from '../../config/money';
import { messages as standalone } from '../../i18n/error-messages';
import { defaultLanguage, languageOfTag } from '../../i18n/languages';
import { usePlans, useSiteConfig } from '../../queries/site-queries';

type Plan = components['schemas']['Plan'];

const m = defineMessages({
  title: { id: 'pricing.title', defaultMessage: 'Choose your plan', description: 'Title of the pricing table' },
  mayVary: {
    id: 'pricing.mayVary',
    defaultMessage: 'Prices shown are list prices and may vary after you log in.',
    description: 'Notice to anonymous visitors on the pricing table (spec section 2)',
  },
  period30: { id: 'pricing.period.30', defaultMessage: 'Monthly', description: 'Heading of the 30-day plans' },
  period180: { id: 'pricing.period.180', defaultMessage: '180 days', description: 'Heading of the 180-day plans' },
  period365: { id: 'pricing.period.365', defaultMessage: 'Yearly', description: 'Heading of the 365-day plans' },
  popular: { id: 'pricing.popular', defaultMessage: 'Most popular', description: 'Badge on the highlighted plan' },
  autoRenew: { id: 'pricing.autoRenew', defaultMessage: 'Renews automatically; cancel any time', description: 'Note on plans bought with auto-renewal' },
  choose: { id: 'pricing.choose', defaultMessage: 'Choose this plan', description: 'Button on a plan card that goes to the payment page' },
});

const perPeriod = defineMessage<{ readonly days: number }>({
  id: 'pricing.perPeriod',
  defaultMessage: '{days, plural, one {per day} other {per # days}}',
  description: 'Below a plan price: the period it pays for',
});
const devices = defineMessage<{ readonly count: number }>({
  id: 'pricing.devices',
  defaultMessage: '{count, plural, one {# screen at a time} other {# screens at a time}}',
  description: 'How many devices may watch at once',
});
const installmentPrice = defineMessage<{ readonly count: number; readonly amount: string }>({
  id: 'pricing.installments',
  defaultMessage: 'or {count}x of {amount}',
  description: 'Installment price under a plan price, e.g. "or 3x of R$ 53,30"',
});
const benefit = defineMessage<{ readonly rate: number; readonly periods: number }>({
  id: 'pricing.benefit',
  defaultMessage: '{rate}% off for {periods, plural, one {# period} other {# periods}}',
  description: 'Benefit label: discountRate off for N periods (spec section 9)',
});

const periodTitle = { 30: m.period30, 180: m.period180, 365: m.period365 } as const;

export function PricingTableScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const plans = usePlans(language);
  const config = useSiteConfig();
  const [search] = useSearchParams();
  // Spec section 8: a 6000 refusal brings the user here with the reason in the query.
  const cannotBuy = search.get('type') === 'cannotBuyPlan' || search.get('errCode') === '6000';

  const currency = config.data?.payment.defaultCurrency ?? 'BRL';
  const installments = config.data?.payment.defaultInstallment ?? 3;

  return (
    <section className="page" aria-labelledby="pricing-title">
      <h1 id="pricing-title">{intl.formatMessage(m.title)}</h1>
      {cannotBuy && (
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(standalone.planNotAvailable)}
        </p>
      )}
      <p className="muted">{intl.formatMessage(m.mayVary)}</p>
      {plans.status !== 'success' ? (
        <LoadState status={plans.status} onRetry={plans.retry} />
      ) : (
        ([30, 180, 365] as const).map((period) => {
          const group = plans.data.filter((p) => p.periodDays === period);
          if (group.length === 0) return null;
          return (
            <section key={period} className="plan-group" aria-labelledby={`period-${period}`}>
              <h2 id={`period-${period}`}>{intl.formatMessage(periodTitle[period])}</h2>
              <ul className="plan-grid">
                {group.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard plan={plan} currency={currency} installments={installments} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}

function PlanCard({ plan, currency, installments }: { plan: Plan; currency: string; installments: number }) {
  const intl = useIntl();
  const price = plan.prices.find((p) => p.currency === currency) ?? plan.prices[0];
  const count = Math.min(installments, plan.maxInstallments);
  return (
    <article className={`plan-card${plan.popular ? ' plan-card-popular' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      {plan.popular && <p className="badge">{intl.formatMessage(m.popular)}</p>}
      <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
      <p className="plan-devices">{intl.formatMessage(devices, { count: plan.deviceCount })}</p>
      {price && (
        <>
          <p className="plan-price">
            <strong>{formatMoney(price.amount, price.currency, intl.locale)}</strong>{' '}
            <span className="muted">{intl.formatMessage(perPeriod, { days: plan.periodDays })}</span>
          </p>
          {plan.installmentsAllowed && count > 1 && (
            <p className="plan-installments">
              {intl.formatMessage(installmentPrice, { count, amount: formatMoney(Math.ceil(price.amount / count), price.currency, intl.locale) })}
            </p>
          )}
        </>
      )}
      {plan.benefits.map((b) => (
        <p key={`${b.discountRate}-${b.periods}`} className="plan-benefit">
          {intl.formatMessage(benefit, { rate: b.discountRate, periods: b.periods })}
        </p>
      ))}
      <p className="plan-description">{plan.description}</p>
      {plan.autoRenew && <p className="muted small">{intl.formatMessage(m.autoRenew)}</p>}
      <Link className="button primary" to={`/payment?planId=${plan.id}`} aria-describedby={`plan-${plan.id}`}>
        {intl.formatMessage(m.choose)}
      </Link>
    </article>
  );
}
