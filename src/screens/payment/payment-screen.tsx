import { defineMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { CheckoutInput } from '../../../machines/checkout/checkout.types';
import type { RepayInput } from '../../../machines/repay/repay.types';
import { Banners } from '../../components/banners';
import { BillingCardLine } from '../../components/billing-card-line';
import { usePageTitle } from '../../components/use-page-title';
import { useTestMode } from '../../components/test-mode-notice';
import { useSavedCards } from '../../queries/card-queries';
import { useSiteConfig } from '../../queries/site-queries';
import { useAutoRenewal } from '../../queries/flows/auto-renewal-flow';
import { useCheckout, useCheckoutInput, useRepay, useRepayInput } from '../../queries/flows/payment-flows';
import { useServices } from '../../queries/services-context';
import { CheckoutSection, m } from './checkout-section';
import { RepaySection } from './repay-section';
import { paymentAsked, payOnPhonePath } from '../../../core/routing/payment-address';

const payOnPhone = defineMessage({
  id: 'payment.payOnPhone',
  defaultMessage: 'Pay on your phone instead',
  description: 'Set-top-box scene: link to the page with a QR code that opens the payment on a phone',
});

/** Spec section 2 (/payment): the checkout for a plan, or the repay of an order (orderId). */
export function PaymentScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const [query] = useSearchParams();
  const { store } = useServices();
  const asked = paymentAsked(query);
  const handOff = payOnPhonePath(asked, store.get('scene'));
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
        <CheckoutPage key={asked.planId} planId={asked.planId} discountCode={query.get('discountCode')} />
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

function CheckoutPage({ planId, discountCode }: { planId: string; discountCode: string | null }) {
  const intl = useIntl();
  const input = useCheckoutInput(planId, discountCode);
  if (!input)
    return (
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    );
  return <Checkout input={input} />;
}

function Checkout({ input }: { input: CheckoutInput }) {
  const sandbox = useTestMode();
  const actor = useCheckout(input);
  const savedCards = useSavedCards();
  // The running auto-renewal's billing card can be changed from here too (spec section 2).
  const renewal = useAutoRenewal();
  const merchant = useSiteConfig().data?.merchant;
  return (
    <CheckoutSection
      actorRef={actor}
      sandbox={sandbox}
      savedCards={savedCards}
      merchant={merchant}
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
  const input = useRepayInput(orderId);
  if (!input)
    return (
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    );
  return <Repay input={input} />;
}

function Repay({ input }: { input: RepayInput }) {
  const sandbox = useTestMode();
  const actor = useRepay(input);
  const savedCards = useSavedCards();
  const merchant = useSiteConfig().data?.merchant;
  return <RepaySection actorRef={actor} sandbox={sandbox} savedCards={savedCards} merchant={merchant} />;
}
