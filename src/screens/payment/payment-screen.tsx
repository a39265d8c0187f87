import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { CheckoutOutcome } from '../../../machines/checkout/checkout.types';
import type { RepayOutcome } from '../../../machines/repay/repay.types';
import { Banners } from '../../components/banners';
import { BillingCardLine, useAutoRenewal } from '../../components/auto-renewal-panel';
import { usePageTitle } from '../../components/use-page-title';
import { useServices } from '../../queries/services-context';
import { useSiteConfig } from '../../queries/site-queries';
import { useQuery } from '../../queries/use-query';
import { useTestMode } from '../../components/test-mode-notice';
import { CheckoutSection, m } from './checkout-section';
import { RepaySection } from './repay-section';
import { useCheckout, useRepay } from './use-payment-flows';
import { discountCodePattern } from '../../../core/validation/schemas';
import { paymentAsked } from '../../../core/routing/payment-address';

/** A code the coupons page sends along ("Use"), when it has a code's shape (the contract's DiscountCode). */
const discountCodeOf = (q: URLSearchParams) => {
  const code = q.get('discountCode');
  return code && discountCodePattern.test(code) ? code : undefined;
};

const payOnPhone = defineMessage({
  id: 'payment.payOnPhone',
  defaultMessage: 'Pay on your phone instead',
  description: 'Set-top-box scene: link to the page with a QR code that opens the payment on a phone',
});

/** Where a finished checkout or repay goes next. */
function useFinish() {
  const navigate = useNavigate();
  return (outcome: CheckoutOutcome | RepayOutcome | undefined) => {
    if (!outcome || outcome.kind === 'redirected') return;
    if (outcome.kind === 'finishOrder') return void navigate(`/payment?orderId=${encodeURIComponent(outcome.orderId)}`, { replace: true });
    if (outcome.kind === 'unavailable') return;
    const orderId = 'orderId' in outcome ? outcome.orderId : undefined;
    void navigate(orderId ? `/paymentResult?orderId=${encodeURIComponent(orderId)}` : '/orders', { replace: true });
  };
}

/** Spec section 2 (/payment): the checkout for a plan, or the repay of an order (orderId). */
export function PaymentScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const [query] = useSearchParams();
  const location = useLocation();
  const { store } = useServices();
  const signedIn = store.get('userInfo') !== null;
  const asked = paymentAsked(query);
  if (!signedIn) {
    return (
      <section className="page narrow">
        <h1>{intl.formatMessage(m.title)}</h1>
        <p>{intl.formatMessage(m.loginFirst)}</p>
        <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>{intl.formatMessage(m.login)}</Link>
      </section>
    );
  }
  // A TV cannot take a card number: the set-top-box scene offers to pay on a phone (docs/decisions/025).
  const handOff =
    store.get('scene') !== 'STB'
      ? null
      : asked.kind === 'repay'
        ? `/caishenRepay?orderId=${encodeURIComponent(asked.orderId)}`
        : asked.kind === 'checkout'
          ? `/paymentCaishen?planId=${asked.planId}`
          : null;
  const phone = handOff && (
    <p className="notice pay-on-phone">
      <Link className="button" to={handOff}>
        {intl.formatMessage(payOnPhone)}
      </Link>
    </p>
  );
  if (asked.kind === 'repay')
    return (
      <>
        {phone}
        <RepayPage key={asked.orderId} orderId={asked.orderId} />
      </>
    );
  if (asked.kind === 'checkout')
    return (
      <>
        {phone}
        <CheckoutPage key={asked.planId} planId={asked.planId} discountCode={discountCodeOf(query)} />
      </>
    );
  return (
    <section className="page narrow">
      <h1>{intl.formatMessage(m.title)}</h1>
      <p>{intl.formatMessage(m.noPlan)}</p>
      <Link to="/pricing-table">{intl.formatMessage(m.choosePlan)}</Link>
    </section>
  );
}

/** The account's saved cards, fresh each time the page opens (a card saved by the last purchase shows). */
function useSavedCards() {
  const [opened] = useState(() => Date.now());
  const cards = useQuery(`savedCards:${opened}`, ({ api }) => api.callData(api.client.POST('/api/bill/listCard', { body: {} })));
  return cards.status === 'success' ? cards.data : [];
}


function CheckoutPage({ planId, discountCode }: { planId: string; discountCode: string | undefined }) {
  const intl = useIntl();
  const site = useSiteConfig();
  const { store } = useServices();
  if (site.status !== 'success') return <p role="status">{intl.formatMessage(m.loading)}</p>;
  const account = store.get('userInfo')?.account ?? '';
  const email = account.includes('@') ? account : '';
  const currency = site.data.payment.defaultCurrency;
  return <Checkout planId={planId} currency={currency} country={currency === 'BRL' ? 'BR' : 'US'} defaultInstallments={site.data.payment.defaultInstallment} email={email} discountCode={discountCode} />;
}

function Checkout(input: { planId: string; currency: string; country: string; defaultInstallments: number; email: string; discountCode: string | undefined }) {
  const sandbox = useTestMode();
  const finish = useFinish();
  const { actor } = useCheckout(input);
  const savedCards = useSavedCards();
  // The running auto-renewal's billing card can be changed from here too (spec section 2).
  const renewal = useAutoRenewal();
  const outcome = useSelector(actor, (s) => s.context.outcome);
  useEffect(() => finish(outcome), [outcome]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <CheckoutSection
      actorRef={actor}
      sandbox={sandbox}
      savedCards={savedCards}
      banner={
        <>
          <Banners position="payment" />
          <BillingCardLine actorRef={renewal} />
        </>
      }
    />
  );
}

function RepayPage({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const site = useSiteConfig();
  if (site.status !== 'success') return <p role="status">{intl.formatMessage(m.loading)}</p>;
  const currency = site.data.payment.defaultCurrency;
  return <Repay orderId={orderId} country={currency === 'BRL' ? 'BR' : 'US'} defaultInstallments={site.data.payment.defaultInstallment} />;
}

function Repay(input: { orderId: string; country: string; defaultInstallments: number }) {
  const sandbox = useTestMode();
  const finish = useFinish();
  const { actor } = useRepay(input);
  const savedCards = useSavedCards();
  const outcome = useSelector(actor, (s) => s.context.outcome);
  useEffect(() => finish(outcome), [outcome]); // eslint-disable-line react-hooks/exhaustive-deps
  return <RepaySection actorRef={actor} sandbox={sandbox} savedCards={savedCards} />;
}

