import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { GET_api_bill_order_v1_id_dispute } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type DisputeAnswer, type DisputeInput, type DisputeInvokeId } from './dispute.types';

/** The refusals each call expects, by the id the machine invokes it under (docs/decisions/059). */
export const refusals = {
  loadDispute: refusalsOf(GET_api_bill_order_v1_id_dispute, {
    notRouted: { 1001: "the order is not the caller's or is gone: the dispute opens from that order's page, which read it first" },
  }),
} as const satisfies Refusals<DisputeInvokeId>;

/** Reading an order's card dispute on the typed client (docs/decisions/059). */
export function createDisputeActors(api: Api) {
  const { client } = api;
  return {
    loadDispute: fromPromise<DisputeAnswer, DisputeInput>(({ input, signal }) =>
      settleExpected(refusals.loadDispute, async (options) => {
        const dispute = await api.callData(client.GET('/api/bill/order/v1/{id}/dispute', { params: { path: { id: input.orderId } }, signal }), options);
        return { kind: 'found' as const, dispute };
      }),
    ),
  };
}

export type DisputeActors = ReturnType<typeof createDisputeActors>;
