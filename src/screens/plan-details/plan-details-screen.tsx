import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { isApiError } from '../../../core/api/api-error';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { usePageTitle } from '../../components/use-page-title';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { usePlanDetail } from '../../queries/plan-queries';
import { useServices } from '../../queries/services-context';
import { useSiteConfig } from '../../queries/site-queries';
import { paths } from '../../../core/routing/paths';
import { benefit, devices, pricingMessages } from '../../components/plan-messages';
import { PlanPrice } from '../../components/plan-price';
import './plan-details.css';

type Plan = components['schemas']['Plan'];

const m = defineMessages({
  title: { id: 'planDetails.title', defaultMessage: 'Plan details', description: 'Page title of /plan-details while the plan loads' },
  back: { id: 'planDetails.back', defaultMessage: 'All plans', description: 'Link from a plan details page back to the pricing table' },
  period: { id: 'planDetails.period', defaultMessage: 'Period', description: 'Label in the plan facts: how long one payment lasts' },
  screens: { id: 'planDetails.screens', defaultMessage: 'Screens', description: 'Label in the plan facts: how many devices may watch at once' },
  price: { id: 'planDetails.price', defaultMessage: 'Price', description: 'Heading of the price block on a plan details page' },
  benefits: {
    id: 'planDetails.benefits',
    defaultMessage: 'Introductory discounts',
    description: 'Heading of the benefits list (discount for the first periods) on a plan details page',
  },
  features: { id: 'planDetails.features', defaultMessage: 'What you get', description: 'Heading of the list of selling points on a plan details page' },
  about: { id: 'planDetails.about', defaultMessage: 'About this plan', description: 'Heading of the plan description on a plan details page' },
  notFound: { id: 'planDetails.notFound', defaultMessage: 'See the plans', description: 'Link back to the pricing table when a plan could not be shown' },
});

const periodDays = defineMessage<{ readonly days: number }>({
  id: 'planDetails.periodDays',
  defaultMessage: '{days, plural, one {# day} other {# days}}',
  description: "A plan's period in days, in the plan facts (e.g. 30 days)",
});

/**
 * Spec section 2 (/plan-details/{id}): one plan, as the pricing table shows it and more (its
 * selling points and full description), with the way to buy it. A thin view of usePlanDetail.
 */
export function PlanDetailsScreen() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const plan = usePlanDetail(id, language);
  const config = useSiteConfig();
  const { session } = useServices();
  const signedIn = useSelector(session, (s) => selectSessionView(s).signedIn);
  usePageTitle(plan.data?.name ?? intl.formatMessage(m.title));

  const back = (
    <Link to="/pricing-table" className="plan-details-back">
      <span aria-hidden="true">← </span>
      {intl.formatMessage(m.back)}
    </Link>
  );

  if (plan.status === 'error') {
    const error = plan.error;
    // A refusal is said with its catalogue message (6001, an unknown plan, also sends the
    // visitor to /404 through the client's handling rules, spec section 8).
    if (isApiError(error) && error.kind === 'refusal' && error.errCode !== undefined) {
      return (
        <section className="page plan-details" aria-labelledby="plan-details-title">
          <h1 id="plan-details-title">{intl.formatMessage(m.title)}</h1>
          <RefusalNotice code={error.errCode} />
          <p>
            <Link className="button" to="/pricing-table">
              {intl.formatMessage(m.notFound)}
            </Link>
          </p>
        </section>
      );
    }
    return <LoadState status="error" onRetry={plan.retry} />;
  }
  if (plan.status === 'loading') return <LoadState status="loading" onRetry={plan.retry} />;

  return (
    <PlanDetails
      plan={plan.data}
      back={back}
      signedIn={signedIn}
      currency={config.data?.payment.defaultCurrency ?? 'BRL'}
      installments={config.data?.payment.defaultInstallment ?? 3}
    />
  );
}

function PlanDetails({
  plan,
  back,
  signedIn,
  currency,
  installments,
}: {
  plan: Plan;
  back: React.ReactNode;
  signedIn: boolean;
  currency: string;
  installments: number;
}) {
  const intl = useIntl();
  // The same choice of price and instalments as the pricing table's cards.
  const price = plan.prices.find((p) => p.currency === currency) ?? plan.prices[0];
  const count = Math.min(installments, plan.maxInstallments);
  const features = plan.features ?? [];

  return (
    <article className="page plan-details" aria-labelledby="plan-details-title">
      <nav aria-label={intl.formatMessage(m.back)}>{back}</nav>
      <header className="plan-details-header">
        {plan.popular && <p className="badge">{intl.formatMessage(pricingMessages.popular)}</p>}
        <h1 id="plan-details-title">{plan.name}</h1>
      </header>

      <div className="plan-details-body">
        <div className="plan-details-main stack">
          <dl className="plan-details-facts">
            <div>
              <dt>{intl.formatMessage(m.period)}</dt>
              <dd>{intl.formatMessage(periodDays, { days: plan.periodDays })}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(m.screens)}</dt>
              <dd>{intl.formatMessage(devices, { count: plan.deviceCount })}</dd>
            </div>
          </dl>

          {plan.description && (
            <section aria-labelledby="plan-about">
              <h2 id="plan-about">{intl.formatMessage(m.about)}</h2>
              <p className="plan-details-description">{plan.description}</p>
            </section>
          )}

          {features.length > 0 && (
            <section aria-labelledby="plan-features">
              <h2 id="plan-features">{intl.formatMessage(m.features)}</h2>
              <ul className="plan-details-features">
                {features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <section className="plan-details-buy" aria-labelledby="plan-price">
          <h2 id="plan-price">{intl.formatMessage(m.price)}</h2>
          {price && <PlanPrice price={price} periodDays={plan.periodDays} installments={plan.installmentsAllowed ? count : 1} />}
          {plan.benefits.length > 0 && (
            <>
              <h3 className="small">{intl.formatMessage(m.benefits)}</h3>
              <ul className="plan-details-benefits">
                {plan.benefits.map((b) => (
                  <li key={`${b.discountRate}-${b.periods}`} className="plan-benefit">
                    {intl.formatMessage(benefit, { rate: b.discountRate, periods: b.periods })}
                  </li>
                ))}
              </ul>
            </>
          )}
          {plan.autoRenew && <p className="muted small">{intl.formatMessage(pricingMessages.autoRenew)}</p>}
          {/* Spec section 2: anonymous visitors see list prices, which may change after log-in. */}
          {!signedIn && <p className="muted small">{intl.formatMessage(pricingMessages.mayVary)}</p>}
          <Link className="button primary" to={paths.payment({ planId: plan.id })}>
            {intl.formatMessage(pricingMessages.choose)}
          </Link>
        </section>
      </div>
    </article>
  );
}
