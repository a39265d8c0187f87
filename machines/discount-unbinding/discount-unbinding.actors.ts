import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { GET_api_bill_unbindDiscountCode_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type DiscountUnbindingInput, type DiscountUnbindingInvokeId, type UnbindAnswer } from './discount-unbinding.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (spec section 8;
 * docs/decisions/008): the actor settles them, the machine's branches name them, the walks take each.
 */
export const refusals = {
  unbind: refusalsOf(GET_api_bill_unbindDiscountCode_v1, {
    notRouted: { 1001: "the order holding the code is gone or not the caller's: the toast says so, the checkout values its order again" },
  }),
} as const satisfies Refusals<DiscountUnbindingInvokeId>;

/** The unbinding's call on the typed client (the app's, or one of the real test server). */
export function createDiscountUnbindingActors(api: Api) {
  return {
    /**
     * Spec section 7: GET /api/bill/unbindDiscountCode/v1 cancels the other order and frees its code.
     * 1003 is an expected answer (that order settled or cannot be cancelled safely); 1001 and
     * faults are not: the order id came from the server a moment ago. 1003 ends the dialog, so
     * the client's toast is where its message is said (docs/decisions/014).
     */
    unbind: fromPromise<UnbindAnswer, DiscountUnbindingInput>(({ input, signal }) =>
      settleExpected(
        refusals.unbind,
        async () => {
          const result = await api.callData(api.client.GET('/api/bill/unbindDiscountCode/v1', { params: { query: input }, signal }));
          return { kind: 'unbound' as const, orderId: result.orderId };
        },
        { toasted: true },
      ),
    ),
  };
}

export type DiscountUnbindingActors = ReturnType<typeof createDiscountUnbindingActors>;
