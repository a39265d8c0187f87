import { createWithdrawals } from '../billing/withdrawal';
import { defineHandlers } from '../openapi/bind';
import type { ServerServices } from '../services';

/** The 7-day withdrawal of a purchase and its refund (docs/decisions/058): the caller's own orders only. */
export function withdrawalHandlers(services: ServerServices) {
  const { sessions } = services;
  const withdrawals = createWithdrawals(services);
  return defineHandlers({
    async withdrawOrder({ body, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return withdrawals.request(accountUid, body, request.log);
    },

    async cancelWithdrawal({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return withdrawals.cancel(accountUid, body.orderId);
    },

    async getOrderRefund({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return withdrawals.latest(accountUid, body.orderId);
    },
  });
}
