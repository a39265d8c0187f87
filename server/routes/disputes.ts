import { loadOwnOrder } from '../billing/orders';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { latestOrderDispute } from '../repositories/dispute-repository';
import type { ServerServices } from '../services';

/** docs/decisions/059: the refusal of reading an order's dispute. */
export const DisputeErr = {
  /** The order was never disputed. */
  noDispute: 8501,
} as const;

/** A card dispute (chargeback) of the caller's order, as its page follows it (docs/decisions/059). */
export function disputeHandlers(services: ServerServices) {
  const { db, sessions } = services;
  return defineHandlers({
    /** 1001 not the caller's order, 8501 never disputed. */
    async getOrderDispute({ params, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await loadOwnOrder(db, accountUid, params.id);
      const dispute = await latestOrderDispute(db, order.id);
      if (!dispute) throw new ApiRefusal(DisputeErr.noDispute);
      return { ...dispute, status: order.status };
    },
  });
}
