import { MAX_SAVED_CARDS } from '../billing/charging';
import { PayErr } from '../billing/pay-errors';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { listSavedCards, liveCard, softDeleteCard } from '../repositories/card-repository';
import { lockRenewalOnCard } from '../repositories/subscription-repository';
import type { ServerServices } from '../services';

/** The caller's saved cards (spec section 4): listed, and removed. */
export function savedCardHandlers(services: ServerServices) {
  const { db, clock, sessions } = services;

  return defineHandlers({
    async listCards({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const rows = await listSavedCards(db, accountUid, MAX_SAVED_CARDS);
      return rows.map((c) => ({
        id: c.id,
        brand: c.brand,
        last4: c.last4,
        expMonth: c.exp_month,
        expYear: c.exp_year,
        holder: c.holder,
        isDefault: c.is_default,
        usedForRenewal: c.used_for_renewal,
      }));
    },

    /** -2511 unknown or already deleted, 1020 another account's, 1021 the billing card of a running auto-renewal. */
    async deleteCard({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      await db.transaction(async (tx) => {
        const card = await liveCard(tx, body.cardId, { forUpdate: true });
        if (!card) throw new ApiRefusal(PayErr.savedCardNotFound);
        if (card.account_uid !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
        if (await lockRenewalOnCard(tx, body.cardId)) throw new ApiRefusal(PayErr.cardUsedForRenewal);
        await softDeleteCard(tx, body.cardId, accountUid, card.is_default, clock.now());
      });
      return null;
    },
  });
}
