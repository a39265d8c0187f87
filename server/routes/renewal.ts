import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { defineHandlers } from '../openapi/bind';
import { CARD_PROVIDER, cardExpired } from '../payments/card-provider';
import type { ServerServices } from '../services';

type Schemas = components['schemas'];
type RenewInfo = Schemas['RenewInfo'];

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

interface SubscriptionRow {
  status: RenewInfo['status'];
  plan_id: number;
  plan_name: string | null;
  amount: number;
  currency: string;
  next_billing_at: Date;
  renewing_since: Date | null;
  card_id: string | null;
  brand: Schemas['Card']['brand'] | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  holder: string | null;
  is_default: boolean | null;
}

async function loadSubscription(q: Queryable, accountUid: number, lang: Language, forUpdate = false): Promise<SubscriptionRow | undefined> {
  if (forUpdate) await q.query('SELECT 1 FROM subscriptions WHERE account_uid = $1 FOR UPDATE', [accountUid]);
  const rows = await q.query<SubscriptionRow>(
    `SELECT s.status, s.plan_id, s.amount, s.currency, s.next_billing_at, s.renewing_since, s.card_id,
            (SELECT t.name FROM plan_texts t WHERE t.plan_id = s.plan_id ORDER BY t.lang = $2 DESC, t.lang = 'en' DESC LIMIT 1) AS plan_name,
            c.brand, c.last4, c.exp_month, c.exp_year, c.holder, c.is_default
     FROM subscriptions s LEFT JOIN cards c ON c.id = s.card_id AND c.deleted_at IS NULL
     WHERE s.account_uid = $1`,
    [accountUid, lang],
  );
  return rows[0];
}

function toRenewInfo(s: SubscriptionRow): RenewInfo {
  return {
    status: s.status,
    planId: String(s.plan_id),
    planName: s.plan_name ?? String(s.plan_id),
    ...(s.status === 'activated' ? { nextBillingDate: new Date(s.next_billing_at).getTime() } : {}),
    amount: Number(s.amount),
    currency: s.currency,
    renewing: s.renewing_since !== null,
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
 * auto-renew again, which restarts it (server/billing/orders.ts, `fulfil`).
 */
export function renewalHandlers(services: ServerServices) {
  const { db, clock, sessions } = services;

  return defineHandlers({
    async getRenewInfo({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const sub = await loadSubscription(db, accountUid, ctx.lang);
      if (!sub) throw new ApiRefusal(RenewErr.notFound);
      return toRenewInfo(sub);
    },

    /** Cancel: 6201 none, 6202 expired, 6204 already cancelled, 6207 while a renewal charge runs. */
    async updateRenewStatus({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return db.transaction(async (tx) => {
        // Waits for a renewal charge in progress to commit, then sees its outcome.
        const sub = await loadSubscription(tx, accountUid, ctx.lang, true);
        if (!sub) throw new ApiRefusal(RenewErr.notFound);
        if (sub.status === 'expired') throw new ApiRefusal(RenewErr.expired);
        if (sub.status === 'cancelled') throw new ApiRefusal(RenewErr.alreadyCancelled);
        if (sub.renewing_since !== null) throw new ApiRefusal(RenewErr.renewing);
        await tx.query("UPDATE subscriptions SET status = 'cancelled', next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1", [accountUid, new Date(clock.now())]);
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
        const [card] = await tx.query<{ account_uid: number; provider: string; exp_month: number; exp_year: number }>(
          'SELECT account_uid, provider, exp_month, exp_year FROM cards WHERE id = $1 AND deleted_at IS NULL',
          [body.cardId],
        );
        if (!card) throw new ApiRefusal(RenewErr.savedCardNotFound);
        if (Number(card.account_uid) !== accountUid) throw new ApiRefusal(RenewErr.cardUserMismatch);
        if (card.provider !== CARD_PROVIDER || cardExpired(card.exp_month, card.exp_year, now)) throw new ApiRefusal(RenewErr.cardUnavailable);
        const sub = await loadSubscription(tx, accountUid, ctx.lang, true);
        if (!sub) throw new ApiRefusal(RenewErr.notFound);
        if (sub.status !== 'activated' || sub.renewing_since !== null) throw new ApiRefusal(RenewErr.billingCardNotUpdated, 200, `subscription ${sub.status}${sub.renewing_since ? ', renewing' : ''}`);
        // A new card gets a fresh start: declines of the old one no longer count, and a renewal
        // waiting for its retry is tried again on the next pass.
        await tx.query('UPDATE subscriptions SET card_id = $2, failures = 0, next_retry_at = NULL, updated_at = $3 WHERE account_uid = $1', [accountUid, body.cardId, new Date(now)]);
        return toRenewInfo((await loadSubscription(tx, accountUid, ctx.lang))!);
      });
    },
  });
}
