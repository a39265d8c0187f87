import type { components } from '../../openapi/schema';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { offerFor, RETENTION_OFFER_COOLDOWN_MS, sameOffer } from '../billing/retention';
import { pausedUntil } from '../../core/config/retention';
import { acceptedOfferSince, addRetentionDiscount, moveNextBilling, paidPeriodEnd, recordReason } from '../repositories/cancellation-repository';
import { cancelSubscription, loadSubscription } from '../repositories/subscription-repository';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import type { ServerServices } from '../services';
import { RenewErr } from './renewal';

type Schemas = components['schemas'];

/** The project's codes for turning auto-renewal off with a reason (docs/decisions/057). */
export const CancellationErr = { reasonTextMissing: 8301, offerUnavailable: 8302 } as const;

/** The text of `other`, trimmed; 8301 when `other` comes without it. Other reasons keep no text. */
function otherTextOf(body: Schemas['CancellationReasonRequest']): string | null {
  if (body.reason !== 'other') return null;
  const text = body.otherText?.trim() ?? '';
  if (text === '') throw new ApiRefusal(CancellationErr.reasonTextMissing);
  return text;
}

/**
 * Turning auto-renewal off with a reason, and the retention offer made instead (docs/decisions/057).
 * Every call refuses as updateRenewStatus does when there is nothing to turn off.
 */
export function cancellationHandlers(services: ServerServices) {
  const { db, clock, sessions, site } = services;

  /** The running subscription, held: 6201 none, 6202 expired, 6204 already off, 6207 while a renewal charge runs. */
  async function activeSubscription(q: Queryable, accountUid: number, lang: Language) {
    const sub = await loadSubscription(q, accountUid, lang, true);
    if (!sub) throw new ApiRefusal(RenewErr.notFound);
    if (sub.status === 'expired') throw new ApiRefusal(RenewErr.expired);
    if (sub.status === 'cancelled') throw new ApiRefusal(RenewErr.alreadyCancelled);
    if (sub.renewing_since !== null) throw new ApiRefusal(RenewErr.renewing);
    return sub;
  }

  /**
   * The offer this account is shown for the reason now: none within a year of accepting one. The
   * site configuration is read before the transaction: one connection may be all there is.
   */
  async function currentOffer(tx: Queryable, accountUid: number, configured: Schemas['RetentionOffer'][] | undefined, reason: Schemas['CancellationReason']) {
    if (await acceptedOfferSince(tx, accountUid, clock.now() - RETENTION_OFFER_COOLDOWN_MS)) return null;
    return offerFor(reason, configured);
  }
  const configuredOffers = async () => (await site.setting('siteConfig')).retentionOffers;

  return defineHandlers({
    async getRetentionOffer({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      otherTextOf(body);
      const configured = await configuredOffers();
      return db.transaction(async (tx) => {
        await activeSubscription(tx, accountUid, ctx.lang);
        const offer = await currentOffer(tx, accountUid, configured, body.reason);
        return offer ? { offer } : {};
      });
    },

    async cancelWithReason({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const otherText = otherTextOf(body);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await activeSubscription(tx, accountUid, ctx.lang);
        await cancelSubscription(tx, accountUid, now);
        await recordReason(tx, { accountUid, reason: body.reason, otherText, offer: body.declinedOffer ?? null, outcome: 'cancelled', now });
        return { status: 'cancelled' as const, endsAt: await paidPeriodEnd(tx, accountUid) };
      });
    },

    async acceptRetentionOffer({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const otherText = otherTextOf(body);
      const now = clock.now();
      const configured = await configuredOffers();
      return db.transaction(async (tx) => {
        const sub = await activeSubscription(tx, accountUid, ctx.lang);
        const offer = await currentOffer(tx, accountUid, configured, body.reason);
        if (!offer || !sameOffer(offer, body.offer)) throw new ApiRefusal(CancellationErr.offerUnavailable);
        let nextBillingDate = new Date(sub.next_billing_at).getTime();
        if (offer.kind === 'discount') await addRetentionDiscount(tx, accountUid, offer.percent, now);
        else {
          nextBillingDate = pausedUntil(nextBillingDate, offer.months);
          await moveNextBilling(tx, accountUid, nextBillingDate, now);
        }
        await recordReason(tx, { accountUid, reason: body.reason, otherText, offer, outcome: 'offer_accepted', now });
        return { offer, nextBillingDate };
      });
    },
  });
}
