import { useActorRef } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { createCheckoutActors } from '../../../machines/checkout/checkout.actors';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import type { CheckoutInput, CheckoutOutcome } from '../../../machines/checkout/checkout.types';
import { createPaymentActors } from '../../../machines/payment/payment.actors';
import { paymentMachine, type PaymentMachine } from '../../../machines/payment/payment.machine';
import { createRepayActors } from '../../../machines/repay/repay.actors';
import { repayMachine } from '../../../machines/repay/repay.machine';
import type { RepayInput, RepayOutcome } from '../../../machines/repay/repay.types';
import type { Api } from '../../../core/api/client';
import { paths } from '../../../core/routing/paths';
import { discountCodePattern, emailOfAccount } from '../../../core/validation/helpers';
import { useQueryServices } from '../query-services';
import { defaultCountryOf, firstMethodsQuery, knownPaymentMethods } from '../payment-method-queries';
import { useSiteConfig } from '../site-queries';
import { useFlowNavigate } from './navigate';
import { useFlowActor, type ProvideFlow } from './use-flow';

/** The browser leaves for the provider's page (PayPal's approval, the wallet's checkout). */
const goToProvider = (url: string) => window.location.assign(url);

/** The payment flow's own effects, given to the flow a checkout or repay runs as its child. */
function providePayment(api: Api) {
  return paymentMachine.provide({ actors: createPaymentActors(api), actions: { goToProvider: (_, { url }) => goToProvider(url) } });
}

/**
 * Where a finished checkout or repay goes next: the unfinished order's payment when the customer
 * chose it, its pending PIX code or slip shown again, else its order's result, else the orders. Nowhere after a redirect (the browser has
 * left for the provider), for a plan that cannot be bought (the client routed it), or when the
 * password must be reset first (the page offers it).
 */
export function afterPaying(outcome: CheckoutOutcome | RepayOutcome): string | null {
  if (outcome.kind === 'redirected' || outcome.kind === 'unavailable' || outcome.kind === 'resetPassword') return null;
  if (outcome.kind === 'finishOrder') return paths.payment({ orderId: outcome.orderId });
  if (outcome.kind === 'resume') return paths.paymentPix(outcome.orderId);
  return outcome.orderId ? paths.paymentResult(outcome.orderId) : paths.orders();
}

/**
 * The checkout's start once the site configuration is in (undefined until then): the site's
 * currency and instalments (spec sections 1 and 9), the payer's country for that currency, the
 * account's email, and a code the coupons page sent along when it has a code's shape.
 */
export function useCheckoutInput(planId: string, discountCode: string | null): CheckoutInput | undefined {
  const site = useSiteConfig();
  const { store } = useQueryServices();
  if (site.status !== 'success') return undefined;
  return {
    ...firstMethodsQuery(planId, site.data),
    defaultInstallments: site.data.payment.defaultInstallment,
    email: emailOfAccount(store.get('userInfo')?.account ?? ''),
    discountCode: discountCode && discountCodePattern.test(discountCode) ? discountCode : undefined,
  };
}

/** The repay's start once the site configuration is in (undefined until then). */
export function useRepayInput(orderId: string): RepayInput | undefined {
  const site = useSiteConfig();
  if (site.status !== 'success') return undefined;
  return { orderId, country: defaultCountryOf(site.data.payment.defaultCurrency), defaultInstallments: site.data.payment.defaultInstallment };
}

/** The `finished` effect of checkout and repay: on to where the outcome leads. */
const finishedWith =
  (goTo: (to: string) => void) =>
  (_: unknown, { outcome }: { outcome: CheckoutOutcome | RepayOutcome }) => {
    const to = afterPaying(outcome);
    if (to) goTo(to);
  };

const provideCheckout: ProvideFlow<typeof checkoutMachine> = ({ api, queries, store }, goTo) =>
  checkoutMachine.provide({
    actors: { ...createCheckoutActors(api, { methods: (query) => knownPaymentMethods(queries, store, query) }), payment: providePayment(api) },
    actions: { finished: finishedWith(goTo) },
  });

const provideRepay: ProvideFlow<typeof repayMachine> = ({ api }, goTo) =>
  repayMachine.provide({ actors: { ...createRepayActors(api), payment: providePayment(api) }, actions: { finished: finishedWith(goTo) } });

/** Starts the checkout machine with the app's client and effects; the view reads selectCheckoutView. */
export const useCheckout = (input: CheckoutInput) => useFlowActor(provideCheckout, input);

/** Starts the repay machine for an open order; the view reads selectRepayView. */
export const useRepay = (input: RepayInput) => useFlowActor(provideRepay, input);

/**
 * Starts the payment flow on its own for an order (a PayPal return, a pending PIX shown again);
 * once it ends, but for a redirect to the provider, the order's result page tells what happened.
 */
export function usePaymentOf(orderId: string, kind: 'capturePaypal' | 'resume') {
  const services = useQueryServices();
  const goTo = useFlowNavigate();
  const machine = useMemo(() => providePayment(services.api), [services]);
  const ended = useCallback(
    (snapshot: SnapshotFrom<PaymentMachine>) => {
      if (snapshot.status === 'done' && snapshot.output?.kind !== 'redirected') goTo(paths.paymentResult(orderId));
    },
    [goTo, orderId],
  );
  return useActorRef(machine, { input: { request: { kind, orderId }, idempotencyKey: `${kind}-${orderId}` }, ...services.actorOptions }, ended);
}
