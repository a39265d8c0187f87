import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { mulDiv } from './money';
import { requirePlan } from './prices';
import type { ValuateFn, Valuation } from './valuation';

const DAY_MS = 86_400_000;

/** The project's codes for changing plan (docs/decisions/056). */
export const PlanChangeErr = {
  samePlan: 8201,
  noRunningPlan: 8202,
  noRenewalToChange: 8203,
  mixedCurrencies: 8204,
  creditCoversPrice: 8206,
  notAnUpgradeNow: 8207,
  nothingScheduled: 8205,
} as const;

export type ChangeKind = 'upgrade' | 'downgrade';

interface PlanShape {
  id: number;
  deviceCount: number;
  periodDays: number;
}

/**
 * Up or down (docs/decisions/056): more devices is up and fewer is down (spec section 6: a
 * multi-device package cannot go down to a single-device one before it ends); with as many
 * devices, a longer period is up and a shorter one down.
 */
export function changeKind(from: PlanShape, to: PlanShape): ChangeKind {
  if (to.deviceCount !== from.deviceCount) return to.deviceCount > from.deviceCount ? 'upgrade' : 'downgrade';
  return to.periodDays > from.periodDays ? 'upgrade' : 'downgrade';
}

/** One paid period that is not used up: what it was worth and how much of it is left. */
export interface CreditPart {
  orderId: string;
  /** What the period was worth: what was paid for it without instalment interest, plus any credit it used. */
  worth: number;
  currency: string;
  periodDays: number;
  unusedDays: number;
}

/**
 * The unused days of what the account has paid since its last upgrade (docs/decisions/056): each
 * paid order whose period has not ended counts its days not yet begun, the day under way counted
 * unused as the account page's remaining days are (spec section 3, rounded up). An order paid
 * before the last upgrade was turned into that upgrade's credit already.
 */
export async function creditParts(q: Queryable, accountUid: number, now: number): Promise<CreditPart[]> {
  const rows = await q.query<{ id: string; worth: string; currency: string; valid_days: number; service_start: Date; service_end: Date }>(
    `SELECT o.id, (o.total - o.interest + o.credit)::text AS worth, o.currency, o.valid_days, o.service_start, o.service_end
     FROM orders o
     WHERE o.account_uid = $1 AND o.status = 'PAYMENT_SUCCEEDED' AND o.service_end > $2
       AND o.paid_at >= COALESCE((SELECT max(u.paid_at) FROM orders u
                                  WHERE u.account_uid = $1 AND u.kind = 'upgrade' AND u.status = 'PAYMENT_SUCCEEDED'), '-infinity')
     ORDER BY o.paid_at, o.id`,
    [accountUid, new Date(now)],
  );
  return rows.map((r) => {
    const start = Math.max(now, new Date(r.service_start).getTime());
    const unused = Math.ceil((new Date(r.service_end).getTime() - start) / DAY_MS);
    return { orderId: r.id, worth: Number(r.worth), currency: r.currency, periodDays: r.valid_days, unusedDays: Math.min(r.valid_days, unused) };
  });
}

/** worth × unused days ÷ days of the period, per order, half-up on the minor unit (money.ts), summed. */
export function creditOf(parts: CreditPart[]): number {
  return parts.reduce((sum, p) => sum + mulDiv(p.worth, BigInt(p.unusedDays), BigInt(p.periodDays)), 0);
}

export interface RunningPlan {
  planId: number;
  deviceCount: number;
  expiresAt: number;
}

/** The account's plan while it runs, or 8202. */
export async function runningPlan(q: Queryable, accountUid: number, now: number): Promise<RunningPlan> {
  const [e] = await q.query<{ plan_id: number; device_count: number; expires_at: Date }>(
    'SELECT plan_id, device_count, expires_at FROM entitlements WHERE account_uid = $1 AND expires_at > $2',
    [accountUid, new Date(now)],
  );
  if (!e) throw new ApiRefusal(PlanChangeErr.noRunningPlan);
  return { planId: Number(e.plan_id), deviceCount: Number(e.device_count), expiresAt: new Date(e.expires_at).getTime() };
}

/** Whether upgrades take effect at once (docs/decisions/056 reads the site's upgradePolicy so); off, they wait for the renewal too. */
export async function upgradesNow(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ on: boolean | null }>("SELECT (value->>'upgradePolicy')::boolean AS on FROM site_settings WHERE key = 'siteConfig'");
  return row?.on ?? true;
}

export interface ActiveRenewal {
  planId: number;
  nextBillingAt: number;
}

export async function activeRenewal(q: Queryable, accountUid: number): Promise<ActiveRenewal | null> {
  const [s] = await q.query<{ plan_id: number; next_billing_at: Date }>(
    "SELECT plan_id, next_billing_at FROM subscriptions WHERE account_uid = $1 AND status = 'activated'",
    [accountUid],
  );
  return s ? { planId: Number(s.plan_id), nextBillingAt: new Date(s.next_billing_at).getTime() } : null;
}

export interface PlanChangeQuote {
  kind: ChangeKind;
  when: 'now' | 'renewal';
  current: { planId: number; expiresAt: number };
  valuation: Valuation;
  /** The credit taken off the new plan's price (upgrades now only; 0 otherwise). */
  credit: number;
  /** The unused days the credit counts, and the days of the periods they belong to. */
  unusedDays: number;
  appliesAt: number | null;
}

/**
 * What changing to `planId` means for the account now (docs/decisions/056): up or down, now or at
 * the renewal, and for an upgrade now the three figures the customer reads before paying: the
 * credit, the new plan's price and the amount due (price − credit, never below 0). The currency is
 * that of the paid periods the credit comes from (8204 when they were paid in several).
 */
export async function quotePlanChange(
  q: Queryable,
  valuate: ValuateFn,
  input: { accountUid: number; planId: string; lang: Language; now: number; method?: string; installments?: number; orderId?: string },
): Promise<PlanChangeQuote> {
  const { accountUid, now } = input;
  const current = await runningPlan(q, accountUid, now);
  const target = await requirePlan(q, input.planId, input.lang);
  if (target.id === current.planId) throw new ApiRefusal(PlanChangeErr.samePlan);
  const [from] = await q.query<{ period_days: number }>('SELECT period_days FROM plans WHERE id = $1', [current.planId]);
  const kind = changeKind({ id: current.planId, deviceCount: current.deviceCount, periodDays: Number(from?.period_days ?? 0) }, target);
  const when = kind === 'upgrade' && (await upgradesNow(q)) ? 'now' : 'renewal';

  const parts = when === 'now' ? await creditParts(q, accountUid, now) : [];
  const currencies = new Set(parts.map((p) => p.currency));
  if (currencies.size > 1) throw new ApiRefusal(PlanChangeErr.mixedCurrencies);
  const credit = creditOf(parts);
  const renewal = when === 'renewal' ? await activeRenewal(q, accountUid) : null;
  const valuation = await valuate(q, {
    accountUid,
    planId: input.planId,
    ...(parts[0] ? { currency: parts[0].currency } : {}),
    ...(input.method !== undefined ? { method: input.method } : {}),
    ...(input.installments !== undefined ? { installments: input.installments } : {}),
    ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
    ...(credit > 0 ? { credit } : {}),
    lang: input.lang,
    now,
  });
  // Nothing would be left to pay, and the rest of the credit would be lost: the customer is told
  // to pick a longer plan, or to change at the renewal (docs/decisions/056).
  if (when === 'now' && credit > 0 && valuation.total <= 0) throw new ApiRefusal(PlanChangeErr.creditCoversPrice);
  return {
    kind,
    when,
    current: { planId: current.planId, expiresAt: current.expiresAt },
    valuation,
    credit: valuation.credit ?? 0,
    unusedDays: parts.reduce((n, p) => n + p.unusedDays, 0),
    appliesAt: renewal?.nextBillingAt ?? null,
  };
}

export interface ScheduledChange {
  fromPlanId: number;
  toPlanId: number;
  appliesAt: number;
}

/**
 * Schedules the change for the next renewal, replacing one already waiting: 8203 when no
 * auto-renewal is on (the plan then simply ends; the new one is bought after).
 */
export async function scheduleChange(tx: Queryable, accountUid: number, toPlanId: number, now: number): Promise<ScheduledChange> {
  const renewal = await activeRenewal(tx, accountUid);
  if (!renewal) throw new ApiRefusal(PlanChangeErr.noRenewalToChange);
  const at = new Date(now);
  await tx.query("UPDATE plan_changes SET status = 'superseded', updated_at = $2 WHERE account_uid = $1 AND status = 'scheduled'", [accountUid, at]);
  await tx.query(
    `INSERT INTO plan_changes (account_uid, from_plan_id, to_plan_id, status, applies_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'scheduled', $4, $5, $5)`,
    [accountUid, renewal.planId, toPlanId, new Date(renewal.nextBillingAt), at],
  );
  return { fromPlanId: renewal.planId, toPlanId, appliesAt: renewal.nextBillingAt };
}

/** The change waiting for the renewal, while that renewal is on (turning auto-renewal off leaves nothing to change). */
export async function scheduledChange(q: Queryable, accountUid: number): Promise<ScheduledChange | null> {
  const [row] = await q.query<{ from_plan_id: number; to_plan_id: number; next_billing_at: Date }>(
    `SELECT c.from_plan_id, c.to_plan_id, s.next_billing_at FROM plan_changes c
     JOIN subscriptions s ON s.account_uid = c.account_uid AND s.status = 'activated'
     WHERE c.account_uid = $1 AND c.status = 'scheduled'`,
    [accountUid],
  );
  return row ? { fromPlanId: Number(row.from_plan_id), toPlanId: Number(row.to_plan_id), appliesAt: new Date(row.next_billing_at).getTime() } : null;
}

/** Undoes the waiting change: 8205 when there is none (already applied, undone, or never scheduled). */
export async function undoChange(tx: Queryable, accountUid: number, now: number): Promise<void> {
  const rows = await tx.query("UPDATE plan_changes SET status = 'undone', updated_at = $2 WHERE account_uid = $1 AND status = 'scheduled' RETURNING id", [
    accountUid,
    new Date(now),
  ]);
  if (rows.length === 0) throw new ApiRefusal(PlanChangeErr.nothingScheduled);
}

/**
 * Called by the renewal job on a subscription it is about to charge: the waiting change becomes
 * the subscription's plan, which the renewal then charges. Answers the plan to renew.
 */
export async function applyScheduledChange(tx: Queryable, accountUid: number, planId: number, now: number): Promise<number> {
  const [change] = await tx.query<{ to_plan_id: number }>(
    "UPDATE plan_changes SET status = 'applied', updated_at = $2 WHERE account_uid = $1 AND status = 'scheduled' RETURNING to_plan_id",
    [accountUid, new Date(now)],
  );
  if (!change) return planId;
  await tx.query('UPDATE subscriptions SET plan_id = $2, updated_at = $3 WHERE account_uid = $1', [accountUid, change.to_plan_id, new Date(now)]);
  return Number(change.to_plan_id);
}

/**
 * What a paid upgrade changes beyond its own period (fulfilment.ts starts that today): a change
 * waiting for the renewal is dropped, and a running auto-renewal goes on with the new plan when it
 * renews itself (a yearly plan does not, and the renewal then stays as it was).
 */
export async function afterUpgradePaid(tx: Queryable, accountUid: number, planId: number, renews: boolean, now: number): Promise<void> {
  const at = new Date(now);
  await tx.query("UPDATE plan_changes SET status = 'superseded', updated_at = $2 WHERE account_uid = $1 AND status = 'scheduled'", [accountUid, at]);
  if (renews)
    await tx.query("UPDATE subscriptions SET plan_id = $2, updated_at = $3 WHERE account_uid = $1 AND status = 'activated'", [accountUid, planId, at]);
}

/**
 * An upgrade order's valuation when it is paid, and as the payment page prices it (repay and
 * goodsValuation; docs/decisions/056): the credit for the days left then; 8207 when the change is no longer an upgrade taking effect now (the plan changed
 * meanwhile, or upgrades now wait for the renewal).
 */
export async function upgradeValuation(
  q: Queryable,
  valuate: ValuateFn,
  input: { accountUid: number; planId: string; lang: Language; now: number; method?: string; installments?: number; orderId: string },
): Promise<Valuation> {
  const quote = await quotePlanChange(q, valuate, input);
  if (quote.kind !== 'upgrade' || quote.when !== 'now') throw new ApiRefusal(PlanChangeErr.notAnUpgradeNow);
  return quote.valuation;
}
