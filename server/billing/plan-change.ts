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
  /** What the period was worth: what was paid for it without instalment interest, plus the credit it used and still holds. */
  worth: number;
  currency: string;
  periodDays: number;
  unusedDays: number;
  /** The period's length and its unused part in milliseconds (a period shortened or given back is not `periodDays` long). */
  spanMs: number;
  unusedMs: number;
}

/**
 * The unused days of what the account has paid (docs/decisions/056): each paid order whose period
 * has not ended counts its days not yet begun, the day under way counted unused as the account
 * page's remaining days are (spec section 3, rounded up). An order whose refund or chargeback is
 * under way counts none (the upgrade waits for it, 8208). An order an upgrade already took as
 * credit ended that day (service-periods.ts), so it counts no more.
 */
export async function creditParts(q: Queryable, accountUid: number, now: number): Promise<CreditPart[]> {
  const rows = await q.query<{
    id: string;
    paid: string;
    currency: string;
    valid_days: number;
    service_start: Date;
    service_end: Date;
    span: string | null;
    credit_held: string;
  }>(
    `SELECT o.id, (o.total - o.interest)::text AS paid, o.currency, o.valid_days, o.service_start, o.service_end, o.service_span_ms::text AS span,
            (SELECT coalesce(sum(CASE l.kind WHEN 'credit_granted' THEN l.amount WHEN 'credit_reversed' THEN -l.amount ELSE 0 END), 0)
               FROM ledger_entries l WHERE l.order_id = o.id AND l.kind LIKE 'credit\\_%'
                 AND EXISTS (SELECT 1 FROM ledger_entries c WHERE c.order_id = o.id AND c.kind = 'credit_consumed' AND c.source_order_id = l.source_order_id))::text AS credit_held
     FROM orders o
     WHERE o.account_uid = $1 AND o.status = ANY($3::text[]) AND o.service_end > $2
       AND o.paid_at >= COALESCE((SELECT max(u.paid_at) FROM orders u
                                  WHERE u.account_uid = $1 AND u.kind = 'upgrade' AND u.status = ANY($3::text[])), '-infinity')
     ORDER BY o.paid_at, o.id`,
    [accountUid, new Date(now), creditStatuses],
  );
  return rows.map((r) => {
    const start = new Date(r.service_start).getTime();
    const end = new Date(r.service_end).getTime();
    // Days given back to an order (reversal.ts) are valued over the whole period its worth was for.
    const spanMs = Math.max(1, r.span === null ? end - start : Number(r.span));
    const unusedMs = Math.min(spanMs, Math.ceil((end - Math.max(now, start)) / DAY_MS) * DAY_MS);
    return {
      orderId: r.id,
      worth: Number(r.paid) + Number(r.credit_held),
      currency: r.currency,
      periodDays: r.valid_days,
      unusedDays: Math.min(r.valid_days, Math.round(unusedMs / DAY_MS)),
      spanMs,
      unusedMs,
    };
  });
}

/** Paid orders whose money is settled: one with a refund or chargeback under way is no source of credit. */
const creditStatuses = ['PAYMENT_SUCCEEDED', 'REFUND_REJECTED', 'REFUND_CANCELLED', 'CHARGEBACK_REJECTED', 'CHARGEBACK_CANCELLED'];

/** One part's credit: worth × unused ÷ period, half-up on the minor unit (money.ts). */
export const partCredit = (p: CreditPart) => mulDiv(p.worth, BigInt(p.unusedMs), BigInt(p.spanMs));

/** The parts' credits, summed. */
export function creditOf(parts: CreditPart[]): number {
  return parts.reduce((sum, p) => sum + partCredit(p), 0);
}

/**
 * Which order each minor unit of an upgrade's credit comes from (the ledger's links,
 * docs/decisions/069): each part's credit, scaled down to `credit` when the price capped it, the
 * rounding left on the last part.
 */
export function creditBySource(parts: CreditPart[], credit: number): { sourceOrderId: string; amount: number }[] {
  const full = creditOf(parts);
  let left = credit;
  return parts.map((p, i) => {
    const amount = i === parts.length - 1 ? left : full === credit ? partCredit(p) : mulDiv(partCredit(p), BigInt(credit), BigInt(Math.max(full, 1)));
    left -= amount;
    return { sourceOrderId: p.orderId, amount };
  });
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
  /** The paid orders the credit comes from. */
  parts: CreditPart[];
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
    parts,
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
 * waiting for the renewal is dropped. The renewal itself follows the new plan (mandates.ts).
 */
export async function afterUpgradePaid(tx: Queryable, accountUid: number, now: number): Promise<void> {
  await tx.query("UPDATE plan_changes SET status = 'superseded', updated_at = $2 WHERE account_uid = $1 AND status = 'scheduled'", [accountUid, new Date(now)]);
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
): Promise<{ valuation: Valuation; credit: { sourceOrderId: string; amount: number }[] }> {
  const quote = await quotePlanChange(q, valuate, input);
  if (quote.kind !== 'upgrade' || quote.when !== 'now') throw new ApiRefusal(PlanChangeErr.notAnUpgradeNow);
  return { valuation: quote.valuation, credit: creditBySource(quote.parts, quote.credit) };
}
