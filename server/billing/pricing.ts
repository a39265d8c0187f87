import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { percentOf, quoteInstallments, type InstallmentQuote, type InstallmentRule } from './money';
import { checkDiscountCode, type DiscountCheck } from './discount-codes';
import { asPlanKey, BASE_CURRENCY, defaultCurrency, PricingErr, requirePlan, resolvePrice, ruleIn } from './prices';
import type { ValuateFn, Valuation, ValuationInput } from './valuation';

/**
 * Prices, discounts, instalments and who may buy what: the one place the server decides what a
 * plan costs (docs/decisions/008), from the list and account prices (prices.ts) and the discount
 * codes (discount-codes.ts). Every amount is integer minor units; rates are decimal strings.
 */

export type PricingInput = ValuationInput;

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

  const credit = Math.min(Math.max(input.credit ?? 0, 0), price - methodDiscount - (codeCheck?.discount ?? 0));
  const discount = methodDiscount + (codeCheck?.discount ?? 0) + credit;
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
    methodDiscount,
    codeDiscount: codeCheck?.discount ?? 0,
    ...(credit > 0 ? { credit } : {}),
  };
}) satisfies ValuateFn;

/**
 * Whether an account may buy a plan (spec section 6), or the refusal: 6001 unknown or inactive
 * plan; 6699 no such account; -2500 the account must reset its password first (flagged after
 * the system upgrade, while the site's upgradePolicy is on); 6000 the account holds a running plan for more devices than this one (a multi-device
 * holder cannot buy a single-device package until the current one expires).
 */
export async function assertPlanAvailable(q: Queryable, { accountUid, planId, now }: { accountUid: number; planId: string; now: number }): Promise<void> {
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
