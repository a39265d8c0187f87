import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { convert, percentOf, quoteInstallments, type InstallmentQuote, type InstallmentRule } from './money';
import { openStatuses } from './order-status';
import type { ValuateFn, Valuation, ValuationInput } from './valuation';

/**
 * Prices, discounts, instalments and who may buy what: the one place the server decides what a
 * plan costs (docs/decisions/008). Every amount is integer minor units; rates are decimal strings.
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

/** Why a discount code was not applied (`Valuation.discountCode.errCode`); 9004 is the project's own. */
export const DiscountErr = {
  /** Switched off, not yet valid, or past its end. */
  unavailable: 9000,
  unknown: 9001,
  /** For another plan. */
  wrongPlan: 9002,
  exhausted: 9003,
  /** Held by another open order of the same account: unbind it first (spec section 4). */
  boundToAnotherOrder: 9004,
  verificationFailed: 9991,
} as const;

/** Exchange rates are units of a currency per one unit of this one (008_billing.sql). */
export const BASE_CURRENCY = 'BRL';
/** BRL's ISO 4217 exponent: centavos. */
const BASE_DECIMALS = 2;

export type PricingInput = ValuationInput;

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
const asPlanKey = (planId: string): number | null => (/^\d{1,9}$/.test(planId) ? Number(planId) : null);

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

/**
 * The quote for `count` instalments of `amount`, or 5000 when the count is beyond the plan's
 * maximum or would go below the minimum instalment (the counts `installmentOptions` leaves out).
 */
export function quoteOrRefuse(amount: number, count: number, rule: InstallmentRule): InstallmentQuote {
  if (!Number.isInteger(count) || count < 1 || count > rule.maxInstallments) throw new ApiRefusal(PricingErr.invalidRequest);
  const quote = quoteInstallments(amount, count, rule);
  if (count > 1 && quote.installmentAmount < rule.minInstallmentMinor) throw new ApiRefusal(PricingErr.invalidRequest);
  return quote;
}

interface MethodFacts {
  code: string;
  discountPercent: number;
  maxInstallments: number;
}

/** An enabled payment method that takes the currency, or -2502 "Payment method not supported". */
async function requireMethod(q: Queryable, code: string, currency: string): Promise<MethodFacts> {
  const rows = await q.query<{ code: string; discount_percent: number; max_installments: number; currencies: string[] | null }>(
    'SELECT code, discount_percent, max_installments, currencies FROM payment_methods WHERE code = $1 AND enabled',
    [code],
  );
  const r = rows[0];
  if (!r || (r.currencies !== null && !r.currencies.includes(currency))) throw new ApiRefusal(PricingErr.methodUnsupported);
  return { code: r.code, discountPercent: r.discount_percent, maxInstallments: r.max_installments };
}

export type DiscountCodeStatus = NonNullable<Valuation['discountCode']>;

export interface DiscountCheck {
  status: DiscountCodeStatus;
  /** Minor units of the valuation's currency taken off; 0 when not applied. */
  discount: number;
}

interface DiscountRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency: string | null;
  plan_id: number | null;
  valid_from: Date | null;
  valid_to: Date | null;
  max_uses: number | null;
  used_count: number;
  active: boolean;
  /** A personal code's account (docs/decisions/023); null for codes anyone may type. */
  account_uid: number | string | null;
  per_account_limit: number | null;
}

/**
 * Checks a discount code for a plan and account and says what it takes off `amount` (the price
 * after the method's discount). Never throws: a bad code is a status, not a refusal, so the
 * payment page still gets a price (docs/decisions/002). Checks in order: 9001 unknown (or another
 * account's personal code), 9000 switched off or outside its validity window, 9002 for another
 * plan, 9003 used up (by everyone, or by this account as often as it may), 9004 held by
 * another open order of the account (with `boundOrderId`), 9991 anything unexpected (a fixed code
 * whose currency cannot be converted, a database fault).
 */
export async function checkDiscountCode(
  q: Queryable,
  input: {
    code: string;
    planId: number;
    accountUid: number | null;
    /** The order being paid again: its own binding of the code is not "another order". */
    orderId?: string;
    now: number;
    currency: CurrencyFacts;
    amount: number;
  },
): Promise<DiscountCheck> {
  const code = input.code.toUpperCase();
  const refuse = (errCode: number, extra: Partial<DiscountCodeStatus> = {}): DiscountCheck => ({
    status: { code, applied: false, errCode, ...extra },
    discount: 0,
  });
  try {
    const rows = await q.query<DiscountRow>(
      `SELECT code, kind, value, currency, plan_id, valid_from, valid_to, max_uses, used_count, active, account_uid, per_account_limit
       FROM discount_codes WHERE code = $1`,
      [code],
    );
    const c = rows[0];
    // Another account's personal code is unknown to everyone else: its existence does not leak.
    if (!c || (c.account_uid !== null && Number(c.account_uid) !== input.accountUid)) return refuse(DiscountErr.unknown);
    const now = input.now;
    const started = c.valid_from === null || new Date(c.valid_from).getTime() <= now;
    const notEnded = c.valid_to === null || new Date(c.valid_to).getTime() > now;
    if (!c.active || !started || !notEnded) return refuse(DiscountErr.unavailable);
    if (c.plan_id !== null && Number(c.plan_id) !== input.planId) return refuse(DiscountErr.wrongPlan);
    if (c.max_uses !== null && c.used_count >= c.max_uses) return refuse(DiscountErr.exhausted);
    // A code limited per account (welcome codes: once) counts the account's paid orders that carried it.
    // Anonymous prices are previews: the limit binds when a signed-in account values or pays.
    if (c.per_account_limit !== null && input.accountUid !== null) {
      const [uses] = await q.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM orders WHERE account_uid = $1 AND discount_code = $2 AND paid_at IS NOT NULL',
        [input.accountUid, code],
      );
      if (Number(uses?.n ?? 0) >= c.per_account_limit) return refuse(DiscountErr.exhausted);
    }
    if (input.accountUid !== null) {
      const bound = await q.query<{ id: string }>(
        `SELECT id FROM orders
         WHERE account_uid = $1 AND discount_code = $2 AND status = ANY($3::text[]) AND ($4::text IS NULL OR id <> $4)
         ORDER BY created_at DESC LIMIT 1`,
        [input.accountUid, code, [...openStatuses], input.orderId ?? null],
      );
      if (bound[0]) return refuse(DiscountErr.boundToAnotherOrder, { boundOrderId: bound[0].id });
    }
    const discount = Math.min(input.amount, await codeAmount(q, c, input.amount, input.currency));
    return { status: { code, applied: true }, discount };
  } catch {
    // A fault while checking must not cost the customer the price: the code is just not applied.
    return refuse(DiscountErr.verificationFailed);
  }
}

/** What a valid code takes off: a percent of the amount, or a fixed sum converted through BRL. */
async function codeAmount(q: Queryable, c: DiscountRow, amount: number, to: CurrencyFacts): Promise<number> {
  if (c.kind === 'percent') return percentOf(amount, c.value);
  const from = c.currency ?? BASE_CURRENCY;
  if (from === to.code) return c.value;
  // Fixed codes are written in one currency; elsewhere they are worth the same through BRL.
  const rows = await q.query<{ decimals: number; exchange_rate: string }>(
    'SELECT decimals, exchange_rate FROM currencies WHERE code = $1 AND active',
    [from],
  );
  const source = rows[0];
  if (!source || /^0(\.0+)?$/.test(source.exchange_rate)) throw new Error(`cannot convert a ${from} code`);
  // source → BRL divides by the source's rate, BRL → target multiplies by the target's; each step
  // is exact and rounded half-up on its minor unit.
  const inBase = from === BASE_CURRENCY ? c.value : convertInverse(c.value, source.exchange_rate, source.decimals, BASE_DECIMALS);
  return to.code === BASE_CURRENCY ? inBase : convert(inBase, to.exchangeRate, BASE_DECIMALS, to.decimals);
}

/** `amount` of a currency back to BRL: divides by its rate (units of it per 1 BRL). */
function convertInverse(amount: number, rate: string, fromDecimals: number, toDecimals: number): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!m) throw new Error(`not a decimal: ${rate}`);
  const frac = m[2] ?? '';
  const numerator = BigInt(m[1]! + frac);
  const denominator = 10n ** BigInt(frac.length);
  // amount / (numerator / denominator) with exponents: amount · denominator · 10^to / (numerator · 10^from).
  const n = BigInt(amount) * denominator * 10n ** BigInt(toDecimals);
  const d = numerator * 10n ** BigInt(fromDecimals);
  const qt = n / d;
  return Number(2n * (n % d) >= d ? qt + 1n : qt);
}

/**
 * What a plan costs this account right now (docs/decisions/008): the price in the currency
 * (account price, the plan's own price, or BRL converted), less the payment method's discount,
 * less the discount code (applied to what the method left), plus instalment interest on the rest.
 * Plan benefits are not taken off: they label the saving already inside a long plan's price.
 * Refusals: 6001 unknown plan, -2408 currency, 1030 no convertible price, -2502 method, 5000
 * instalment count. A bad discount code never refuses: see `discountCode`.
 */
export const valuate = (async (q: Queryable, input: PricingInput): Promise<Valuation> => {
  const plan = await requirePlan(q, input.planId, input.lang);
  const priced = await resolvePrice(q, {
    planId: plan.id,
    currencyCode: input.currency ?? (await defaultCurrency(q)),
    accountUid: input.accountUid,
  });
  const { currency, price } = priced;
  const installments = input.installments ?? 1;
  if (!Number.isInteger(installments) || installments < 1 || installments > plan.rule.maxInstallments) {
    throw new ApiRefusal(PricingErr.invalidRequest);
  }

  let methodDiscount = 0;
  if (input.method !== undefined) {
    const method = await requireMethod(q, input.method, currency.code);
    if (installments > method.maxInstallments) throw new ApiRefusal(PricingErr.invalidRequest);
    methodDiscount = percentOf(price, method.discountPercent);
  }

  let codeCheck: DiscountCheck | undefined;
  if (input.discountCode !== undefined && input.discountCode !== '') {
    codeCheck = await checkDiscountCode(q, {
      code: input.discountCode,
      planId: plan.id,
      accountUid: input.accountUid,
      ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
      now: input.now ?? Date.now(),
      currency,
      amount: price - methodDiscount,
    });
  }

  const discount = methodDiscount + (codeCheck?.discount ?? 0);
  const payable = price - discount;
  const quote = quoteOrRefuse(payable, installments, ruleIn(plan, currency));
  const interest = quote.total - payable;
  return {
    planId: String(plan.id),
    planName: plan.name,
    price,
    discount,
    subtotal: price,
    interest,
    total: price - discount + interest,
    currency: currency.code,
    baseCurrency: BASE_CURRENCY,
    exchangeRate: currency.code === BASE_CURRENCY ? '1' : currency.exchangeRate,
    validDays: plan.periodDays,
    installments,
    installmentAmount: quote.installmentAmount,
    ...(codeCheck ? { discountCode: codeCheck.status } : {}),
  };
}) satisfies ValuateFn;

/**
 * Whether an account may buy a plan (spec section 6), or the refusal: 6001 unknown or inactive
 * plan; 6699 no such account; -2500 the account must reset its password first (flagged after
 * the system upgrade, while the site's upgradePolicy is on); 6000 the account holds a running plan for more devices than this one (a multi-device
 * holder cannot buy a single-device package until the current one expires).
 */
export async function assertPlanAvailable(
  q: Queryable,
  { accountUid, planId, now }: { accountUid: number; planId: string; now: number },
): Promise<void> {
  const id = asPlanKey(planId);
  const plans = id === null ? [] : await q.query<{ device_count: number }>('SELECT device_count FROM plans WHERE id = $1 AND active', [id]);
  const plan = plans[0];
  if (!plan) throw new ApiRefusal(PricingErr.planNotFound);
  // The reset rule holds while the site's upgradePolicy is on (SiteConfig.upgradePolicy).
  const rows = await q.query<{ must_reset_password: boolean; running_devices: number | null }>(
    `SELECT a.must_reset_password
              AND COALESCE((SELECT (s.value->>'upgradePolicy')::boolean FROM site_settings s WHERE s.key = 'siteConfig'), true)
              AS must_reset_password,
            (SELECT e.device_count FROM entitlements e WHERE e.account_uid = a.uid AND e.expires_at > $2) AS running_devices
     FROM accounts a WHERE a.uid = $1`,
    [accountUid, new Date(now)],
  );
  const account = rows[0];
  if (!account) throw new ApiRefusal(PricingErr.invalidUid);
  if (account.must_reset_password) throw new ApiRefusal(PricingErr.mustResetPassword);
  if (account.running_devices !== null && account.running_devices > plan.device_count) {
    throw new ApiRefusal(PricingErr.cannotBuyPlan);
  }
}

/**
 * Counts one use of a code when an order that carries it is paid, refusing (false) when the code
 * is used up: the check and the increment are one statement, so two payments racing for the last
 * use cannot both win. Call it in the transaction that marks the order paid.
 */
export async function redeemDiscountCode(q: Queryable, code: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE discount_codes SET used_count = used_count + 1
     WHERE code = $1 AND (max_uses IS NULL OR used_count < max_uses) RETURNING code`,
    [code.toUpperCase()],
  );
  return rows.length > 0;
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
