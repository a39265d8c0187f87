import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { loadMethods } from '../checkout/checkout.actors';
import type { Order } from '../checkout/checkout.types';
import { createPaymentActors } from '../payment/payment.actors';
import { paymentMachine } from '../payment/payment.machine';

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
