import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { createPaymentActors, loadMethods } from '../payment/payment.actors';
import { paymentMachine } from '../payment/payment.machine';
import type { Order } from '../payment/payment.types';
import type { Refusals } from '../expected-refusals';

/**
 * The refusals each call expects, by invoke id: none. Repay's own calls (the order, the methods)
 * expect no refusal; paying's are the payment flow's (machines/payment/payment.actors.ts).
 */
export const refusals = {} as const satisfies Refusals<never>;

/** The repay flow's calls on the typed client, and the payment flow it shares with checkout. */
export function createRepayActors(api: Api) {
  const { client } = api;
  return {
    loadOrder: fromPromise<Order, { orderId: string }>(({ input, signal }) =>
      api.callData(client.GET('/api/bill/order/v1/{id}', { params: { path: { id: input.orderId } }, signal })),
    ),
    loadMethods: loadMethods(api),
    payment: paymentMachine.provide({ actors: createPaymentActors(api) }),
  };
}

export type RepayActors = ReturnType<typeof createRepayActors>;
