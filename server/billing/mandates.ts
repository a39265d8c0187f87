import type { Language } from '../../core/i18n/languages';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { liveRecurrence, setRecurrenceStatus } from '../repositories/pix-recurrence-repository';
import { scheduledChange } from './plan-change';
import { valuate } from './pricing';
import { withRetentionDiscount } from './retention';
import type { Valuation } from './valuation';

/**
 * Renewal mandates: the card auto-renewal (`subscriptions`, docs/decisions/010) and a PIX
 * Automático authorisation (docs/decisions/060). Two rules hold them to the plan
 * (docs/decisions/069):
 * - a mandate renews the plan that runs, and ends when that plan ends (`alignMandates`);
 * - what the account page says the renewal costs is what the renewal job charges: both ask
 *   `renewalPrice`.
 */

export interface RenewalPrice {
  planId: number;
  valuation: Valuation;
  /** Ties the retention discount it counted to the renewal order, once that exists. */
  bind(orderId: string): Promise<void>;
}

/**
 * The price of the card renewal: the plan it will renew (a change waiting for the renewal is that
 * plan, docs/decisions/056), valued as the day's price in the subscription's currency, one
 * instalment, less a retention discount the customer accepted (docs/decisions/057).
 */
export async function renewalPrice(
  q: Queryable,
  accountUid: number,
  sub: { plan_id: number; currency: string },
  lang: Language,
  now: number,
): Promise<RenewalPrice> {
  const change = await scheduledChange(q, accountUid);
  const planId = change?.toPlanId ?? Number(sub.plan_id);
  const valuation = await valuate(q, { accountUid, planId: String(planId), currency: sub.currency, installments: 1, method: 'card', lang, now });
  const retention = await withRetentionDiscount(q, accountUid, valuation);
  return { planId, valuation: retention.valuation, bind: retention.bind };
}

interface Entitlement {
  planId: number;
  expiresAt: number;
  autoRenew: boolean;
}

async function entitlementOf(q: Queryable, accountUid: number): Promise<Entitlement | undefined> {
  const [e] = await q.query<{ plan_id: number; expires_at: Date; auto_renew: boolean }>(
    'SELECT e.plan_id, e.expires_at, p.auto_renew FROM entitlements e JOIN plans p ON p.id = e.plan_id WHERE e.account_uid = $1',
    [accountUid],
  );
  return e && { planId: Number(e.plan_id), expiresAt: new Date(e.expires_at).getTime(), autoRenew: e.auto_renew };
}

/**
 * After the account's service changed (a payment went back, an upgrade was paid), its mandates
 * follow the plan that runs now:
 * - `stop` (a withdrawal: the customer gave the purchase back), or no plan running any more: every
 *   mandate ends;
 * - the card renewal moves to the running plan when that plan renews itself (an upgrade to
 *   another monthly plan, at the price `renewalPrice` says), keeps its monthly plan after one that
 *   does not (a 6-month or yearly plan, docs/decisions/056), and falls due when the service now ends;
 * - a PIX Automático authorisation is for one plan at one fixed amount: it ends when another
 *   monthly plan runs, and otherwise falls due when the service now ends.
 */
export async function alignMandates(tx: Queryable, accountUid: number, at: number, options: { stop: boolean }): Promise<void> {
  const when = new Date(at);
  const e = await entitlementOf(tx, accountUid);
  const running = e !== undefined && e.expiresAt > at;
  const [sub] = await tx.query<{ plan_id: number; next_billing_at: Date; currency: string }>(
    "SELECT plan_id, next_billing_at, currency FROM subscriptions WHERE account_uid = $1 AND status = 'activated' FOR UPDATE",
    [accountUid],
  );
  if (sub) {
    if (options.stop || !running) {
      await tx.query("UPDATE subscriptions SET status = 'cancelled', next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1", [accountUid, when]);
      await tx.query("UPDATE plan_changes SET status = 'undone', updated_at = $2 WHERE account_uid = $1 AND status = 'scheduled'", [accountUid, when]);
    } else {
      // A plan that renews itself is the one renewed; after one that does not (a 6-month or a
      // yearly plan bought on top), the renewal goes on with the monthly plan it was set up for.
      const planId = e.autoRenew ? e.planId : Number(sub.plan_id);
      const [account] = await tx.query<{ language: Language }>('SELECT language FROM accounts WHERE uid = $1', [accountUid]);
      const price = await renewalPrice(tx, accountUid, { plan_id: planId, currency: sub.currency }, account?.language ?? 'pt', at).catch((error: unknown) => {
        // The plan is no longer sold in that currency: nothing can renew it.
        if (error instanceof ApiRefusal) return null;
        throw error;
      });
      if (price)
        await tx.query('UPDATE subscriptions SET plan_id = $2, amount = $3, next_billing_at = $4, updated_at = $5 WHERE account_uid = $1', [
          accountUid,
          planId,
          price.valuation.total,
          new Date(e.expiresAt),
          when,
        ]);
      else await tx.query("UPDATE subscriptions SET status = 'expired', next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1", [accountUid, when]);
    }
  }
  const rec = await liveRecurrence(tx, accountUid);
  // One renewal, not two: an approved PIX Automático was the customer's own choice over the card (docs/decisions/060).
  if (rec?.status === 'APROVADA')
    await tx.query("UPDATE subscriptions SET status = 'cancelled', next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1 AND status = 'activated'", [
      accountUid,
      when,
    ]);
  if (rec) {
    if (options.stop || !running || (e.autoRenew && rec.planId !== e.planId)) await setRecurrenceStatus(tx, rec.idRec, 'CANCELADA', 'receiver', at);
    else if (rec.status === 'APROVADA')
      await tx.query('UPDATE pix_recurrences SET next_due_at = $2, updated_at = $3 WHERE id_rec = $1', [rec.idRec, new Date(e.expiresAt), when]);
  }
}
