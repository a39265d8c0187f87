import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { createPaymentActors, loadMethods } from '../payment/payment.actors';
import { paymentMachine } from '../payment/payment.machine';
import type { Order } from '../payment/payment.types';

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
