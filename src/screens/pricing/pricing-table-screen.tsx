import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { messages as standalone } from '../../../core/i18n/error-messages';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { usePlans, useSiteConfig } from '../../queries/site-queries';
import { paths } from '../../../core/routing/paths';
import { discountCodePattern } from '../../../core/validation/helpers';
import { benefit, devices, pricingMessages as m, periodTitle } from '../../components/plan-messages';
import { Banners } from '../../components/banners';
import { PlanPrice } from '../../components/plan-price';
import { useServices } from '../../queries/services-context';

type Plan = components['schemas']['Plan'];

/** A code the coupons page's "Use" carries here; the plan chosen takes it to the payment page (docs/decisions/023). */
const carriedCode = (search: URLSearchParams) => {
  const code = search.get('discountCode');
  return code && discountCodePattern.test(code) ? code : null;
};
const codeCarried = defineMessage<{ readonly code: string }>({
  id: 'pricing.codeCarried',
  defaultMessage: 'Choose a plan: the code {code} will be applied at checkout.',
  description: 'Pricing table notice when the customer came from the coupons page with a code to use',
});

export function PricingTableScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const plans = usePlans(language);
  // The plans usually arrive just after the page's first paint: drawn as a deferred value, React
  // renders their cards in slices rather than in one long task.
  const list = useDeferredValue(plans.data);
  const config = useSiteConfig();
  const { session } = useServices();
  // Spec section 2: list prices are the anonymous visitor's; a signed-in customer sees their own.
  const signedIn = useSelector(session, (s) => selectSessionView(s).signedIn);
  const [search] = useSearchParams();
  // Spec section 8: a 6000 refusal brings the user here with the reason in the query.
  const cannotBuy = search.get('type') === 'cannotBuyPlan' || search.get('errCode') === '6000';

  const currency = config.data?.payment.defaultCurrency ?? 'BRL';
  const installments = config.data?.payment.defaultInstallment ?? 3;

  return (
    <section className="page" aria-labelledby="pricing-title">
      <h1 id="pricing-title">{intl.formatMessage(m.title)}</h1>
      <Banners position="pricing" />
      {cannotBuy && (
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(standalone.planNotAvailable)}
        </p>
      )}
      {carriedCode(search) && (
        <p className="notice notice-success" role="status">
          {intl.formatMessage(codeCarried, { code: carriedCode(search) ?? '' })}
        </p>
      )}
      {!signedIn && <p className="muted">{intl.formatMessage(m.mayVary)}</p>}
      {plans.status !== 'success' || !list ? (
        <LoadState status={plans.status === 'error' ? 'error' : 'loading'} onRetry={plans.retry} />
      ) : (
        ([30, 180, 365] as const).map((period) => {
          const group = list.filter((p) => p.periodDays === period);
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
  const code = carriedCode(useSearchParams()[0]);
  const price = plan.prices.find((p) => p.currency === currency) ?? plan.prices[0];
  const count = Math.min(installments, plan.maxInstallments);
  return (
    <article className={`plan-card${plan.popular ? ' plan-card-popular' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      {plan.popular && <p className="badge">{intl.formatMessage(m.popular)}</p>}
      <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
      <p className="plan-devices">{intl.formatMessage(devices, { count: plan.deviceCount })}</p>
      {price && <PlanPrice price={price} periodDays={plan.periodDays} installments={plan.installmentsAllowed ? count : 1} />}
      {plan.benefits.map((b) => (
        <p key={`${b.discountRate}-${b.periods}`} className="plan-benefit">
          {intl.formatMessage(benefit, { rate: b.discountRate, periods: b.periods })}
        </p>
      ))}
      <p className="plan-description">{plan.description}</p>
      {plan.autoRenew && <p className="muted small">{intl.formatMessage(m.autoRenew)}</p>}
      <Link className="button primary" to={paths.payment({ planId: plan.id, discountCode: code || undefined })} aria-describedby={`plan-${plan.id}`}>
        {intl.formatMessage(m.choose)}
      </Link>
      <Link className="button button-secondary" to={paths.planDetails(plan.id)} aria-describedby={`plan-${plan.id}`}>
        {intl.formatMessage(m.details)}
      </Link>
    </article>
  );
}
