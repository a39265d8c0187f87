import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Schemas = components['schemas'];

/**
 * The account's auto-renewal (`subscriptions`, docs/decisions/010) as its screen shows it and as
 * the customer changes it. Renewal charges themselves are billing/renewal.ts's.
 */

export interface SubscriptionRow {
  status: Schemas['RenewInfo']['status'];
  plan_id: number;
  plan_name: string | null;
  amount: number;
  currency: string;
  next_billing_at: Date;
  renewing_since: Date | null;
  /** Why the portal stopped it, when it did (docs/decisions/059). */
  stopped_reason: Schemas['RenewInfo']['stoppedReason'] | null;
  card_id: string | null;
  brand: Schemas['Card']['brand'] | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  holder: string | null;
  is_default: boolean | null;
}

/**
 * The account's subscription with its plan named in `lang` and its billing card; `forUpdate`
 * first waits for a renewal charge in progress to commit, and holds the row.
 */
export async function loadSubscription(q: Queryable, accountUid: number, lang: Language, forUpdate = false): Promise<SubscriptionRow | undefined> {
  if (forUpdate) await q.query('SELECT 1 FROM subscriptions WHERE account_uid = $1 FOR UPDATE', [accountUid]);
  const rows = await q.query<SubscriptionRow>(
    `SELECT s.status, s.plan_id, s.amount, s.currency, s.next_billing_at, s.renewing_since, s.stopped_reason, s.card_id,
            (SELECT t.name FROM plan_texts t WHERE t.plan_id = s.plan_id ORDER BY t.lang = $2 DESC, t.lang = 'en' DESC LIMIT 1) AS plan_name,
            c.brand, c.last4, c.exp_month, c.exp_year, c.holder, c.is_default
     FROM subscriptions s LEFT JOIN cards c ON c.id = s.card_id AND c.deleted_at IS NULL
     WHERE s.account_uid = $1`,
    [accountUid, lang],
  );
  return rows[0];
}

/** Turns the account's auto-renewal off. */
export async function cancelSubscription(tx: Queryable, accountUid: number, now: number): Promise<void> {
  await tx.query("UPDATE subscriptions SET status = 'cancelled', stopped_reason = NULL, next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1", [
    accountUid,
    new Date(now),
  ]);
}

/**
 * Bills the renewals on another card. A new card gets a fresh start: declines of the old one no
 * longer count, and a renewal waiting for its retry is tried again on the next pass.
 */
export async function setBillingCard(tx: Queryable, accountUid: number, cardId: string, now: number): Promise<void> {
  await tx.query('UPDATE subscriptions SET card_id = $2, failures = 0, next_retry_at = NULL, updated_at = $3 WHERE account_uid = $1', [
    accountUid,
    cardId,
    new Date(now),
  ]);
}

/** Whether a running auto-renewal bills the card; locks that subscription while the caller's transaction runs. */
export async function lockRenewalOnCard(tx: Queryable, cardId: string): Promise<boolean> {
  const renewal = await tx.query("SELECT 1 FROM subscriptions WHERE card_id = $1 AND status = 'activated' FOR UPDATE", [cardId]);
  return renewal.length > 0;
}
