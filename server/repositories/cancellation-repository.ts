import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';

type Schemas = components['schemas'];
export type CancellationReason = Schemas['CancellationReason'];
export type RetentionOffer = Schemas['RetentionOffer'];

/**
 * The reasons customers give for turning auto-renewal off and the retention discounts they
 * accepted (026_cancellation_reasons.sql, docs/decisions/057).
 */

export interface ReasonRecord {
  accountUid: number;
  reason: CancellationReason;
  otherText: string | null;
  offer: RetentionOffer | null;
  outcome: 'cancelled' | 'offer_accepted';
  now: number;
}

export const offerValue = (offer: RetentionOffer) => (offer.kind === 'discount' ? offer.percent : offer.months);

export async function recordReason(q: Queryable, r: ReasonRecord): Promise<void> {
  await q.query(
    `INSERT INTO cancellation_reasons (account_uid, reason, other_text, offer_kind, offer_value, outcome, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.accountUid, r.reason, r.otherText, r.offer?.kind ?? null, r.offer ? offerValue(r.offer) : null, r.outcome, new Date(r.now)],
  );
}

/** Whether the account accepted a retention offer since `since`. */
export async function acceptedOfferSince(q: Queryable, accountUid: number, since: number): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM cancellation_reasons WHERE account_uid = $1 AND outcome = 'offer_accepted' AND created_at > $2 LIMIT 1", [
    accountUid,
    new Date(since),
  ]);
  return rows.length > 0;
}

/** When the plan already paid for ends: the entitlement's end, else the subscription's next billing date. */
export async function paidPeriodEnd(q: Queryable, accountUid: number): Promise<number> {
  const [row] = await q.query<{ end: Date }>(
    `SELECT COALESCE((SELECT expires_at FROM entitlements WHERE account_uid = $1), (SELECT next_billing_at FROM subscriptions WHERE account_uid = $1)) AS end`,
    [accountUid],
  );
  return new Date(row!.end).getTime();
}

/** Moves the next renewal charge; a renewal waiting for its retry waits for the new date instead. */
export async function moveNextBilling(q: Queryable, accountUid: number, to: number, now: number): Promise<void> {
  await q.query('UPDATE subscriptions SET next_billing_at = $2, next_retry_at = NULL, updated_at = $3 WHERE account_uid = $1', [
    accountUid,
    new Date(to),
    new Date(now),
  ]);
}

export async function addRetentionDiscount(q: Queryable, accountUid: number, percent: number, now: number): Promise<void> {
  await q.query('INSERT INTO retention_discounts (account_uid, percent, created_at) VALUES ($1, $2, $3)', [accountUid, percent, new Date(now)]);
}

/** The oldest accepted discount not yet spent on a paid renewal, if any. */
export async function unspentRetentionDiscount(q: Queryable, accountUid: number): Promise<{ id: number; percent: number } | undefined> {
  const [row] = await q.query<{ id: number; percent: number }>(
    `SELECT r.id, r.percent FROM retention_discounts r LEFT JOIN orders o ON o.id = r.order_id
     WHERE r.account_uid = $1 AND (o.id IS NULL OR o.status <> 'PAYMENT_SUCCEEDED') ORDER BY r.id LIMIT 1`,
    [accountUid],
  );
  return row ? { id: Number(row.id), percent: Number(row.percent) } : undefined;
}

export async function bindRetentionDiscount(q: Queryable, id: number, orderId: string): Promise<void> {
  await q.query('UPDATE retention_discounts SET order_id = $2 WHERE id = $1', [id, orderId]);
}

export interface ReasonCount {
  reason: CancellationReason;
  cancelled: number;
  kept: number;
}

/** Per reason, how many customers turned auto-renewal off and how many took the offer instead. */
export async function reasonCounts(q: Queryable): Promise<ReasonCount[]> {
  const rows = await q.query<{ reason: CancellationReason; cancelled: string; kept: string }>(
    `SELECT reason, count(*) FILTER (WHERE outcome = 'cancelled') AS cancelled, count(*) FILTER (WHERE outcome = 'offer_accepted') AS kept
     FROM cancellation_reasons GROUP BY reason ORDER BY count(*) DESC, reason`,
  );
  return rows.map((r) => ({ reason: r.reason, cancelled: Number(r.cancelled), kept: Number(r.kept) }));
}

/** The texts customers wrote with the reason "other", newest first. */
export async function otherTexts(q: Queryable, limit = 200): Promise<{ text: string; at: number; outcome: string }[]> {
  const rows = await q.query<{ other_text: string; created_at: Date; outcome: string }>(
    "SELECT other_text, created_at, outcome FROM cancellation_reasons WHERE reason = 'other' ORDER BY created_at DESC, id DESC LIMIT $1",
    [limit],
  );
  return rows.map((r) => ({ text: r.other_text, at: new Date(r.created_at).getTime(), outcome: r.outcome }));
}
