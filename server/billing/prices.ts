import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { convert, type InstallmentRule } from './money';

/**
 * What a plan costs before any discount, and in which currency (docs/decisions/008): the plan's
 * and the currency's facts, the account's own prices, conversion from BRL. Every amount is
 * integer minor units; rates are decimal strings. Valuation (pricing.ts) starts from here.
 */

/** Refusals of this module (spec section 8). */
export const PricingErr = {
  invalidRequest: 5000,
  rateUnsupported: 1030,
  currencyUnsupported: -2408,
  methodUnsupported: -2502,
  mustResetPassword: -2500,
  cannotBuyPlan: 6000,
  planNotFound: 6001,
  invalidUid: 6699,
} as const;

/** Exchange rates are units of a currency per one unit of this one (008_billing.sql). */
export const BASE_CURRENCY = 'BRL';
/** BRL's ISO 4217 exponent: centavos. */
export const BASE_DECIMALS = 2;

export interface PlanFacts {
  id: number;
  name: string;
  periodDays: number;
  deviceCount: number;
  rule: InstallmentRule;
}

export interface CurrencyFacts {
  code: string;
  symbol: string;
  decimals: number;
  exchangeRate: string;
}

export interface ResolvedPrice {
  currency: CurrencyFacts;
  /** The price in `currency`, minor units. */
  price: number;
  /** The price in BRL, when there is one (the source of a conversion, or the list price beside). */
  basePrice: number | null;
  /** account: the account's own price; plan: the plan's own price in the currency; converted: from BRL. */
  source: 'account' | 'plan' | 'converted';
}

/** Plan ids are digits by contract; anything beyond int4 cannot be a plan. */
export const asPlanKey = (planId: string): number | null => (/^\d{1,9}$/.test(planId) ? Number(planId) : null);

/** The active plan with its name in `lang` (then the site's default language, then English). */
export async function loadPlan(q: Queryable, planId: string, lang: Language): Promise<PlanFacts | null> {
  const id = asPlanKey(planId);
  if (id === null) return null;
  const rows = await q.query<{
    id: number;
    period_days: number;
    device_count: number;
    max_installments: number;
    interest_free_installments: number;
    monthly_interest_bp: number;
    min_installment_minor: number;
    name: string | null;
  }>(
    `SELECT p.id, p.period_days, p.device_count, p.max_installments, p.interest_free_installments,
            p.monthly_interest_bp, p.min_installment_minor,
            (SELECT t.name FROM plan_texts t WHERE t.plan_id = p.id
             ORDER BY array_position(ARRAY[$2::text,
                        (SELECT s.value->>'defaultLang' FROM site_settings s WHERE s.key = 'siteConfig'), 'en'], t.lang) NULLS LAST,
                      t.lang
             LIMIT 1) AS name
     FROM plans p WHERE p.id = $1 AND p.active`,
    [id, lang],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    name: r.name ?? `Plan ${r.id}`,
    periodDays: r.period_days,
    deviceCount: r.device_count,
    rule: {
      maxInstallments: r.max_installments,
      interestFreeInstallments: r.interest_free_installments,
      monthlyInterestBp: r.monthly_interest_bp,
      minInstallmentMinor: r.min_installment_minor,
    },
  };
}

export async function requirePlan(q: Queryable, planId: string, lang: Language): Promise<PlanFacts> {
  const plan = await loadPlan(q, planId, lang);
  if (!plan) throw new ApiRefusal(PricingErr.planNotFound);
  return plan;
}

/** An active currency, or -2408 "Currency not supported". */
export async function requireCurrency(q: Queryable, code: string): Promise<CurrencyFacts> {
  const rows = await q.query<{ code: string; symbol: string; decimals: number; exchange_rate: string }>(
    'SELECT code, symbol, decimals, exchange_rate FROM currencies WHERE code = $1 AND active',
    [code],
  );
  const r = rows[0];
  if (!r) throw new ApiRefusal(PricingErr.currencyUnsupported);
  return { code: r.code, symbol: r.symbol, decimals: r.decimals, exchangeRate: r.exchange_rate };
}

/** The site's default currency (site configuration payment.defaultCurrency), BRL when unset. */
export async function defaultCurrency(q: Queryable): Promise<string> {
  const rows = await q.query<{ c: string | null }>("SELECT value->'payment'->>'defaultCurrency' AS c FROM site_settings WHERE key = 'siteConfig'");
  return rows[0]?.c ?? BASE_CURRENCY;
}

/** A BRL amount in `to`, or 1030 when the rate cannot convert (zero, or no BRL price to start from). */
function fromBase(amountBrl: number | undefined, to: CurrencyFacts): number {
  if (amountBrl === undefined) throw new ApiRefusal(PricingErr.rateUnsupported);
  if (to.code === BASE_CURRENCY) return amountBrl;
  if (/^0(\.0+)?$/.test(to.exchangeRate)) throw new ApiRefusal(PricingErr.rateUnsupported);
  return convert(amountBrl, to.exchangeRate, BASE_DECIMALS, to.decimals);
}

/**
 * What the plan costs in `currencyCode` before any discount. In order: the account's own price
 * in that currency; the account's BRL price converted; the plan's own price in that currency;
 * the plan's BRL price converted with the currency's rate (money.convert, half-up on the minor
 * unit). A price the plan does not have and cannot convert to answers 1030.
 */
export async function resolvePrice(
  q: Queryable,
  { planId, currencyCode, accountUid }: { planId: number; currencyCode: string; accountUid: number | null },
): Promise<ResolvedPrice> {
  const currency = await requireCurrency(q, currencyCode);
  const rows = await q.query<{ source: 'plan' | 'account'; currency: string; amount: number }>(
    `SELECT 'plan' AS source, currency, amount_minor::bigint AS amount FROM plan_prices
       WHERE plan_id = $1 AND currency IN ($2, '${BASE_CURRENCY}')
     UNION ALL
     SELECT 'account', currency, amount_minor FROM account_plan_prices
       WHERE $3::bigint IS NOT NULL AND account_uid = $3 AND plan_id = $1 AND currency IN ($2, '${BASE_CURRENCY}')`,
    [planId, currency.code, accountUid],
  );
  const pick = (source: 'plan' | 'account', code: string) => {
    const r = rows.find((x) => x.source === source && x.currency === code);
    return r === undefined ? undefined : Number(r.amount);
  };
  const accountOwn = pick('account', currency.code);
  const accountBase = pick('account', BASE_CURRENCY);
  const planOwn = pick('plan', currency.code);
  const planBase = pick('plan', BASE_CURRENCY);
  if (accountOwn !== undefined) return { currency, price: accountOwn, basePrice: accountBase ?? planBase ?? null, source: 'account' };
  if (accountBase !== undefined) return { currency, price: fromBase(accountBase, currency), basePrice: accountBase, source: 'account' };
  if (planOwn !== undefined) return { currency, price: planOwn, basePrice: planBase ?? null, source: 'plan' };
  return { currency, price: fromBase(planBase, currency), basePrice: planBase ?? null, source: 'converted' };
}

/** The plan's instalment rule in `currency`: its minimum instalment is kept in BRL and converted. */
export function ruleIn(plan: PlanFacts, currency: CurrencyFacts): InstallmentRule {
  const min = plan.rule.minInstallmentMinor;
  const converted =
    currency.code === BASE_CURRENCY || min === 0 || /^0(\.0+)?$/.test(currency.exchangeRate)
      ? min
      : convert(min, currency.exchangeRate, BASE_DECIMALS, currency.decimals);
  return { ...plan.rule, minInstallmentMinor: converted };
}

type Plan = components['schemas']['Plan'];

/**
 * The pricing table as an account sees it ("prices may vary after login", spec section 2): for
 * every plan the account has its own price for, each currency's amount is what `resolvePrice`
 * gives this account, with the list price struck through beside it (`originalAmount`) when it
 * is lower. Plans without an account price are left as listed; one query when there are none.
 */
export async function withAccountPrices(q: Queryable, accountUid: number, plans: Plan[]): Promise<Plan[]> {
  const rows = await q.query<{ plan_id: number; currency: string }>('SELECT plan_id, currency FROM account_plan_prices WHERE account_uid = $1', [accountUid]);
  if (rows.length === 0) return plans;
  const out: Plan[] = [];
  for (const plan of plans) {
    const own = rows.filter((r) => String(r.plan_id) === plan.id).map((r) => r.currency);
    if (own.length === 0) {
      out.push(plan);
      continue;
    }
    const currencies = [...new Set([...plan.prices.map((p) => p.currency), ...own])].sort();
    const prices: Plan['prices'] = [];
    for (const code of currencies) {
      const listed = plan.prices.find((p) => p.currency === code);
      try {
        const resolved = await resolvePrice(q, { planId: Number(plan.id), currencyCode: code, accountUid });
        prices.push({
          currency: code,
          amount: resolved.price,
          ...(listed && listed.amount > resolved.price ? { originalAmount: listed.amount } : {}),
        });
      } catch (error) {
        // A currency switched off or without a rate: show what the list shows, if anything.
        if (!(error instanceof ApiRefusal)) throw error;
        if (listed) prices.push(listed);
      }
    }
    out.push({ ...plan, prices: prices.length > 0 ? prices : plan.prices });
  }
  return out;
}
