import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { discountUnbindingMachine } from '../discount-unbinding/discount-unbinding.machine';
import { createDiscountUnbindingActors } from '../discount-unbinding/discount-unbinding.actors';
import { createPaymentActors, loadMethods } from '../payment/payment.actors';
import { paymentMachine } from '../payment/payment.machine';
import type { Order } from '../payment/payment.types';
import type { Availability, Valuation } from './checkout.types';

/**
 * The refusals each call expects, by the id the checkout machine invokes it under (spec section 8):
 * a plan that cannot be bought (6000 a larger plan running, 6001 no such plan, -2500 reset the
 * password first); the client routes 6000 and 6001 itself, and leaves -2500 untold for the page.
 */
export const refusals = {
  checkAvailability: [6000, 6001, -2500],
} as const satisfies Refusals<'checkAvailability'>;

/** The checkout's calls on the typed client, and the payment and unbinding flows it runs. */
export function createCheckoutActors(api: Api) {
  const { client } = api;
  return {
    checkAvailability: fromPromise<Availability, { planId: string }>(({ input, signal }) =>
      settleExpected(refusals.checkAvailability, async (options) => {
        await api.callData(client.POST('/api/site/checkPlanAvailable/v1', { body: { planId: input.planId }, signal }), options);
        return { kind: 'available' as const };
      }),
    ),
    /** The ongoing unfinished order, if any (spec section 4). */
    loadCart: fromPromise<Order | null>(async ({ signal }) => (await api.call(client.POST('/api/bill/query/cart', { body: {}, signal }))) ?? null),
    loadMethods: loadMethods(api),
    valuate: fromPromise<
      Valuation,
      { planId: string; currency: string; installments: number; discountCode: string | undefined; method: string | undefined; orderId: string | undefined }
    >(({ input, signal }) =>
      api.callData(
        client.POST('/api/bill/goodsValuation', {
          body: {
            planId: input.planId,
            currency: input.currency,
            installments: input.installments,
            ...(input.discountCode ? { discountCode: input.discountCode } : {}),
            ...(input.method ? { method: input.method } : {}),
            // Repaying: the order's own hold on its code is not another order's.
            ...(input.orderId ? { orderId: input.orderId } : {}),
          },
          signal,
        }),
      ),
    ),
    payment: paymentMachine.provide({ actors: createPaymentActors(api) }),
    discountUnbinding: discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(api) }),
  };
}

export type CheckoutActors = ReturnType<typeof createCheckoutActors>;
