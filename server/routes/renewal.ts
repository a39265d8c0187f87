import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { renewalPrice } from '../billing/mandates';
import { lockAccount } from '../repositories/account-repository';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { CARD_PROVIDER, cardExpired } from '../payments/card-provider';
import { liveCard } from '../repositories/card-repository';
import { cardChargedBack } from '../repositories/dispute-repository';
import { cancelSubscription, loadSubscription, setBillingCard, type SubscriptionRow } from '../repositories/subscription-repository';
import type { ServerServices } from '../services';

type RenewInfo = components['schemas']['RenewInfo'];

/** The catalogue's codes for auto-renewal and the billing card (spec section 8; docs/decisions/010). */
export const RenewErr = {
  notFound: 6201,
  expired: 6202,
  alreadyCancelled: 6204,
  cardUnavailable: 6206,
  renewing: 6207,
  billingCardNotUpdated: 2002,
  savedCardNotFound: -2511,
  cardUserMismatch: 1020,
} as const;

function toRenewInfo(s: SubscriptionRow): RenewInfo {
  return {
    status: s.status,
    planId: String(s.plan_id),
    planName: s.plan_name ?? String(s.plan_id),
    ...(s.status === 'activated' ? { nextBillingDate: new Date(s.next_billing_at).getTime() } : {}),
    amount: Number(s.amount),
    currency: s.currency,
    renewing: s.renewing_since !== null,
    ...(s.status !== 'activated' && s.stopped_reason ? { stoppedReason: s.stopped_reason } : {}),
    ...(s.card_id && s.last4 !== null
      ? {
          card: {
            id: s.card_id,
            brand: s.brand!,
            last4: s.last4,
            expMonth: s.exp_month!,
            expYear: s.exp_year!,
            holder: s.holder!,
            isDefault: s.is_default ?? false,
            usedForRenewal: s.status === 'activated',
          },
        }
      : {}),
  };
}

/**
 * Auto-renewal (spec sections 4, 7, 8; docs/decisions/010): what it is, turning it off, and its
 * billing card. Turning it back on is not done here: the customer buys a monthly plan with
 * auto-renew again, which restarts it (server/billing/fulfilment.ts, `fulfil`).
 */
export function renewalHandlers(services: ServerServices) {
  const { db, clock, sessions } = services;

  /**
   * The subscription as its next renewal will charge it (docs/decisions/056, 069): the plan it
   * renews and the price the renewal job will ask, from the one function both read
   * (`renewalPrice`, rule `one-renewal-price`). A plan no longer sold leaves the figures as they
   * are (the renewal then ends).
   */
  async function renewingAs(sub: SubscriptionRow, accountUid: number, lang: Language): Promise<SubscriptionRow> {
    if (sub.status !== 'activated') return sub;
    try {
      const price = await renewalPrice(db, accountUid, sub, lang, clock.now());
      return { ...sub, plan_id: price.planId, plan_name: price.valuation.planName, amount: price.valuation.total };
    } catch (error) {
      if (error instanceof ApiRefusal) return sub;
      throw error;
    }
  }

  return defineHandlers({
    async getRenewInfo({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const sub = await loadSubscription(db, accountUid, ctx.lang);
      if (!sub) throw new ApiRefusal(RenewErr.notFound);
      return toRenewInfo(await renewingAs(sub, accountUid, ctx.lang));
    },

    /** Cancel: 6201 none, 6202 expired, 6204 already cancelled, 6207 while a renewal charge runs. */
    async updateRenewStatus({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return db.transaction(async (tx) => {
        await lockAccount(tx, accountUid);
        // Waits for a renewal charge in progress to commit, then sees its outcome.
        const sub = await loadSubscription(tx, accountUid, ctx.lang, true);
        if (!sub) throw new ApiRefusal(RenewErr.notFound);
        if (sub.status === 'expired') throw new ApiRefusal(RenewErr.expired);
        if (sub.status === 'cancelled') throw new ApiRefusal(RenewErr.alreadyCancelled);
        if (sub.renewing_since !== null) throw new ApiRefusal(RenewErr.renewing);
        await cancelSubscription(tx, accountUid, clock.now());
        return toRenewInfo({ ...sub, status: 'cancelled' });
      });
    },

    /**
     * The billing card: one of the caller's saved cards. -2511 unknown or deleted, 1020 another
     * account's, 6206 expired (or not chargeable by renewals), 6201 no auto-renewal, 2002 when it
     * cannot be changed now (not activated, or a renewal charge is running).
     */
    async changeBillingCard({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockAccount(tx, accountUid);
        const card = await liveCard(tx, body.cardId);
        if (!card) throw new ApiRefusal(RenewErr.savedCardNotFound);
        if (card.account_uid !== accountUid) throw new ApiRefusal(RenewErr.cardUserMismatch);
        // A card charged back is not chargeable by renewals either (docs/decisions/059).
        if (card.provider !== CARD_PROVIDER || cardExpired(card.exp_month, card.exp_year, now) || (await cardChargedBack(tx, body.cardId)))
          throw new ApiRefusal(RenewErr.cardUnavailable);
        const sub = await loadSubscription(tx, accountUid, ctx.lang, true);
        if (!sub) throw new ApiRefusal(RenewErr.notFound);
        if (sub.status !== 'activated' || sub.renewing_since !== null)
          throw new ApiRefusal(RenewErr.billingCardNotUpdated, 200, `subscription ${sub.status}${sub.renewing_since ? ', renewing' : ''}`);
        // A new card gets a fresh start (setBillingCard): its declines are the only ones that count.
        await setBillingCard(tx, accountUid, body.cardId, now);
        return toRenewInfo((await loadSubscription(tx, accountUid, ctx.lang))!);
      });
    },
  });
}
