import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createCheckoutActors } from '../../../machines/checkout/checkout.actors';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import type { CheckoutInput } from '../../../machines/checkout/checkout.types';
import { createPaymentActors } from '../../../machines/payment/payment.actors';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import type { PaymentInput } from '../../../machines/payment/payment.types';
import { createRepayActors } from '../../../machines/repay/repay.actors';
import { repayMachine } from '../../../machines/repay/repay.machine';
import type { RepayInput } from '../../../machines/repay/repay.types';
import { useServices } from '../../queries/services-context';

/** The browser leaves for the provider's page (PayPal's approval, the wallet's checkout). */
const goToProvider = (url: string) => window.location.assign(url);

/** The payment flow's own effects, given to the flow a checkout or repay runs as its child. */
function providePayment(api: ReturnType<typeof useServices>['api']) {
  return paymentMachine.provide({ actors: createPaymentActors(api), actions: { goToProvider: (_, { url }) => goToProvider(url) } });
}

/** Starts the checkout machine with the app's client; the view reads selectCheckoutView. */
export function useCheckout(input: CheckoutInput) {
  const services = useServices();
  const machine = useMemo(() => checkoutMachine.provide({ actors: { ...createCheckoutActors(services.api), payment: providePayment(services.api) } }), [services]);
  return { actor: useActorRef(machine, { input, ...services.actorOptions }) };
}

/** Starts the repay machine for an open order; the view reads selectRepayView. */
export function useRepay(input: RepayInput) {
  const services = useServices();
  const machine = useMemo(() => repayMachine.provide({ actors: { ...createRepayActors(services.api), payment: providePayment(services.api) } }), [services]);
  return { actor: useActorRef(machine, { input, ...services.actorOptions }) };
}

/** Starts the payment flow on its own (a PayPal return, a pending PIX shown again). */
export function usePayment(input: PaymentInput) {
  const services = useServices();
  const machine = useMemo(() => providePayment(services.api), [services]);
  return useActorRef(machine, { input, ...services.actorOptions });
}
