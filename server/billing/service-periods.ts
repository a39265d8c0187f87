import type { Queryable } from '../db/database';
import { paidStatuses } from './order-status';

/**
 * The service an account's paid orders give, as periods (orders.service_start … service_end) laid
 * one after another, and the entitlement (the account's plan and its expiry) that sums them
 * (docs/decisions/069). Every change of a period goes through here, so the entitlement's expiry
 * stays the end of the last period:
 * - `takeRemainder`: what is left of a period comes off (its money went back), and the periods
 *   after it move up;
 * - `convertRemainder`: an upgrade turns a period's unused part into its credit;
 * - `giveBack`: an upgrade's money went back, and the days its credit was made of return to
 *   their order, from now;
 * - `scaleRemainder`: an order keeps only the share of its period its own money bought (the money
 *   behind its credit went back).
 * The caller holds the account's lock (orders.ts `lockAccount`), in its transaction.
 */

export interface Period {
  orderId: string;
  start: number;
  end: number;
  planId: number | null;
}

const ms = (d: Date | string) => new Date(d).getTime();

/** The periods of the account's orders that still give service (paid, not reversed), in time order. */
export async function keptPeriods(q: Queryable, accountUid: number): Promise<Period[]> {
  const rows = await q.query<{ id: string; service_start: Date; service_end: Date; plan_id: number | null }>(
    `SELECT o.id, o.service_start, o.service_end, (SELECT l.plan_id FROM order_lines l WHERE l.order_id = o.id ORDER BY l.line_no DESC LIMIT 1) AS plan_id
     FROM orders o WHERE o.account_uid = $1 AND o.status = ANY($2::text[]) AND o.service_start IS NOT NULL AND o.service_end IS NOT NULL
     ORDER BY o.service_start, o.service_end, o.paid_at, o.id`,
    [accountUid, paidStatuses],
  );
  return rows.map((r) => ({ orderId: r.id, start: ms(r.service_start), end: ms(r.service_end), planId: r.plan_id === null ? null : Number(r.plan_id) }));
}

async function setPeriod(tx: Queryable, orderId: string, start: number, end: number) {
  await tx.query('UPDATE orders SET service_start = $2, service_end = $3 WHERE id = $1', [orderId, new Date(start), new Date(end)]);
}

/** An order's period, and `span`: the whole period its worth is for (its record's length, unless days were given back). */
async function orderPeriod(q: Queryable, orderId: string): Promise<(Period & { accountUid: number; span: number }) | undefined> {
  const [r] = await q.query<{ account_uid: number; service_start: Date | null; service_end: Date | null; plan_id: number | null; span: string | null }>(
    `SELECT o.account_uid, o.service_start, o.service_end, o.service_span_ms::text AS span,
            (SELECT l.plan_id FROM order_lines l WHERE l.order_id = o.id ORDER BY l.line_no DESC LIMIT 1) AS plan_id
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  if (!r?.service_start || !r.service_end) return undefined;
  const start = ms(r.service_start);
  const end = ms(r.service_end);
  const span = r.span === null ? end - start : Number(r.span);
  return { orderId, accountUid: Number(r.account_uid), start, end, span, planId: r.plan_id === null ? null : Number(r.plan_id) };
}

/** Moves every kept period of the account that starts at or after `from` by `delta` (other than `except`). */
async function shiftFrom(tx: Queryable, accountUid: number, from: number, delta: number, except: string) {
  if (delta === 0) return;
  for (const p of await keptPeriods(tx, accountUid))
    if (p.orderId !== except && p.start >= from) await setPeriod(tx, p.orderId, p.start + delta, p.end + delta);
}

/**
 * The entitlement's expiry moves by `delta` (never below `at`); its plan follows the period that now
 * ends last. Days given back (`delta` > 0) count from `at` when the plan had already ended, as
 * `giveBack` lays them, not from an expiry in the past.
 */
async function moveExpiry(tx: Queryable, accountUid: number, delta: number, at: number) {
  const [e] = await tx.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1 FOR UPDATE', [accountUid]);
  if (!e) return;
  const expiresAt = delta > 0 ? Math.max(at, ms(e.expires_at)) + delta : Math.max(at, ms(e.expires_at) + delta);
  const last = (await keptPeriods(tx, accountUid)).filter((p) => p.end > at && p.planId !== null).sort((a, b) => b.end - a.end)[0];
  const plan = last && last.end === expiresAt ? last.planId : null;
  if (plan !== null) {
    await tx.query(
      `UPDATE entitlements SET expires_at = $2, plan_id = $3, device_count = (SELECT device_count FROM plans WHERE id = $3), updated_at = $4 WHERE account_uid = $1`,
      [accountUid, new Date(expiresAt), plan, new Date(at)],
    );
  } else {
    await tx.query('UPDATE entitlements SET expires_at = $2, updated_at = $3 WHERE account_uid = $1', [accountUid, new Date(expiresAt), new Date(at)]);
  }
}

/**
 * The part of an order's period not used at `at` comes off (all of it when it had not started), the
 * periods after it move up by as much, and so does the entitlement's expiry. Answers the time
 * taken off (0 when the period was over).
 */
export async function takeRemainder(tx: Queryable, orderId: string, at: number): Promise<number> {
  const p = await orderPeriod(tx, orderId);
  if (!p || p.end <= at) return 0;
  const cut = Math.max(at, p.start);
  const removed = p.end - cut;
  await setPeriod(tx, orderId, Math.min(p.start, cut), cut);
  await shiftFrom(tx, p.accountUid, p.end, -removed, orderId);
  await moveExpiry(tx, p.accountUid, -removed, at);
  return removed;
}

/**
 * An upgrade paid at `at` takes a source's unused part as credit: the period ends at `at` (an order
 * that had not started keeps a period of no length) and the unused time is answered, to be given
 * back should the upgrade's money go back. The upgrade's own period replaces it (fulfilment.ts).
 */
export async function convertRemainder(tx: Queryable, orderId: string, at: number): Promise<number> {
  const p = await orderPeriod(tx, orderId);
  if (!p || p.end <= at) return 0;
  const cut = Math.max(at, p.start);
  await setPeriod(tx, orderId, Math.min(p.start, cut), cut);
  return p.end - cut;
}

/**
 * The days an upgrade's credit was made of return to their order (the upgrade's money went back at
 * `at`): they come after the period running then, or after the days given back just before them
 * (`from`: an upgrade made of two orders' credit lays their days one after the other), and before
 * what was stacked later, which moves after them, the entitlement's expiry with it. The order's
 * period then shows only those days; `service_span_ms` keeps the length of the whole period its
 * worth was for (what it had used, and these), so that a later credit or a later cut values its
 * days as before. Answers where the days given back end.
 */
export async function giveBack(tx: Queryable, orderId: string, remainder: number, at: number, from = at): Promise<number> {
  const p = await orderPeriod(tx, orderId);
  if (!p || remainder <= 0) return from;
  const used = Math.max(0, p.end - p.start);
  const running = (await keptPeriods(tx, p.accountUid)).find((q) => q.orderId !== orderId && q.start < from && q.end > from);
  const place = running ? running.end : from;
  await shiftFrom(tx, p.accountUid, place, remainder, orderId);
  await setPeriod(tx, orderId, place, place + remainder);
  await tx.query('UPDATE orders SET service_span_ms = $2 WHERE id = $1', [orderId, used + remainder]);
  await moveExpiry(tx, p.accountUid, remainder, at);
  return place + remainder;
}

/**
 * An order keeps `kept` of its `worth`: the rest went back, and its end moves earlier by the time
 * that rest bought over the whole period the worth was for (never before `at`), the periods after
 * it moving up with it.
 */
export async function scaleRemainder(tx: Queryable, orderId: string, kept: number, worth: number, at: number): Promise<number> {
  const p = await orderPeriod(tx, orderId);
  if (!p || p.end <= at || worth <= 0) return 0;
  // In BigInt: a year in milliseconds times an amount in cents passes 2^53.
  const lost = Number((BigInt(p.span) * BigInt(worth - Math.max(0, kept))) / BigInt(worth));
  const newEnd = Math.max(at, p.start, p.end - lost);
  const removed = p.end - newEnd;
  if (removed <= 0) return 0;
  await setPeriod(tx, orderId, p.start, newEnd);
  await shiftFrom(tx, p.accountUid, p.end, -removed, orderId);
  await moveExpiry(tx, p.accountUid, -removed, at);
  return removed;
}
