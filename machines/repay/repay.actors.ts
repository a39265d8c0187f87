import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import type { Unsettled } from '../../core/api/refusals';
import { createPaymentActors, loadMethods } from '../payment/payment.actors';
import { paymentMachine } from '../payment/payment.machine';
import type { Order } from '../payment/payment.types';
import type { Refusals } from '../expected-refusals';

/**
 * The refusals each call expects, by invoke id: none. Repay's own calls (the order, the methods)
 * expect no refusal; paying's are the payment flow's (machines/payment/payment.actors.ts).
 */
export const refusals = {} as const satisfies Refusals<never>;

/**
 * The calls made without settling refusals, with what their operations declare (docs/decisions/072):
 * the client toasts those codes and the machine's onError records them, for the reason given.
 */
export const unsettled = {
  'GET /api/bill/order/v1/{id}': {
    1001: "the order to repay is gone or not the caller's: the address named it, the toast says so",
    1040: 'the order to repay has no payment record: a fault to report',
  },
} as const satisfies Unsettled;

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
