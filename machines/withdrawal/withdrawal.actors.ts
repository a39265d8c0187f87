import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_bill_order_withdraw_cancel_v1, POST_api_bill_order_withdraw_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type Answered, type CancelAnswer, type Refund, type WithdrawAnswer, type WithdrawDetails, type WithdrawalInvokeId } from './withdrawal.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (docs/decisions/058): the
 * actors settle them, the machine's branches name them, the walks take each.
 */
export const refusals = {
  withdraw: refusalsOf(POST_api_bill_order_withdraw_v1, {
    notRouted: { 1001: "the order is not the caller's or is gone: the withdrawal opens from that order's page, which read it first" },
  }),
  cancelRefund: refusalsOf(POST_api_bill_order_withdraw_cancel_v1, {
    notRouted: { 1001: "the order is not the caller's or is gone: the toast says so, onError records it" },
  }),
} as const satisfies Refusals<WithdrawalInvokeId>;

const answered = (refund: Refund): Answered => ({ kind: refund.status, refund });

/** Withdrawing from a purchase and cancelling its refund, on the typed client (docs/decisions/058). */
export function createWithdrawalActors(api: Api) {
  const { client } = api;
  return {
    withdraw: fromPromise<WithdrawAnswer, { orderId: string } & WithdrawDetails>(({ input, signal }) =>
      settleExpected(refusals.withdraw, async (options) =>
        answered(await api.callData(client.POST('/api/bill/order/withdraw/v1', { body: input, signal }), options)),
      ),
    ),
    cancelRefund: fromPromise<CancelAnswer, { orderId: string }>(({ input, signal }) =>
      settleExpected(refusals.cancelRefund, async (options) =>
        answered(await api.callData(client.POST('/api/bill/order/withdraw/cancel/v1', { body: { orderId: input.orderId }, signal }), options)),
      ),
    ),
  };
}

export type WithdrawalActors = ReturnType<typeof createWithdrawalActors>;
