import type { AuthenticatedSession } from '../auth/sessions';
import { upgradeValuation } from '../billing/plan-change';
import { isCharging } from '../billing/charging';
import { installmentOptions, percentOfBasisPoints } from '../billing/money';
import { canTransition, openStatuses } from '../billing/order-status';
import { loadOrder } from '../billing/orders';
import { BASE_CURRENCY, defaultCurrency, PricingErr, requireCurrency, requirePlan, resolvePrice, ruleIn } from '../billing/prices';
import { assertPlanAvailable, valuate } from '../billing/pricing';
import { cancelOpenOrder } from '../billing/settlement';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import { activeBanners } from '../repositories/banner-repository';
import { activeCurrencies } from '../repositories/currency-repository';
import { methodDiscounts } from '../repositories/payment-method-repository';
import { textLanguages } from '../repositories/site-repository';
import type { ServerServices } from '../services';

/** The contract's MinorUnits maximum: no amount it carries goes past it. */
const MAX_MINOR_UNITS = 100_000_000_000;

/** The unbinding call's refusals (docs/decisions/008). */
export const UnbindErr = {
  /** No such order, or not the caller's: the two are not told apart. */
  orderNotFound: 1001,
  /** The caller's order, but not open, not holding that code, or its payment outcome unknown. */
  cannotRemoveCode: 1003,
} as const;

/** The reason written to order_events when unbinding a code cancels its order. */
export const UNBIND_REASON = 'discount_code_unbound';

export function pricingHandlers(services: ServerServices) {
  const { db, clock, sessions, site } = services;

  /** Authentication is optional on price calls: anonymous callers get list prices. A token that is
   * sent must be valid, though (-24010/-24020 reset a stale session, spec section 8). */
  const optionalSession = async (ctx: RequestContext): Promise<AuthenticatedSession | null> => (ctx.token ? sessions.authenticate(ctx) : null);

  const languages = (wanted: Language) => textLanguages(site, wanted);

  return defineHandlers({
    async checkPlanAvailable({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      await assertPlanAvailable(db, { accountUid, planId: body.planId, now: clock.now() });
      return { available: true };
    },

    async valuateGoods({ body, ctx }) {
      const session = body.orderId ? await sessions.authenticate(ctx) : await optionalSession(ctx);
      if (body.orderId) {
        const order = await loadOrder(db, body.orderId);
        if (!order || order.account_uid !== session?.accountUid) throw new ApiRefusal(UnbindErr.orderNotFound);
        // An upgrade order is priced with its credit for the unused days, as repay will charge it (docs/decisions/056).
        if (order.kind === 'upgrade') {
          const { method, installments } = body;
          const input = { accountUid: order.account_uid, planId: body.planId, lang: ctx.lang, now: clock.now(), orderId: order.id };
          return (await upgradeValuation(db, valuate, { ...input, ...(method ? { method } : {}), ...(installments ? { installments } : {}) })).valuation;
        }
      }
      return valuate(db, {
        ...(body.orderId ? { orderId: body.orderId } : {}),
        accountUid: session?.accountUid ?? null,
        planId: body.planId,
        currency: body.currency,
        discountCode: body.discountCode,
        installments: body.installments,
        method: body.method,
        lang: ctx.lang,
        now: clock.now(),
      });
    },

    async getInstallmentsPlan({ body, ctx }) {
      const plan = await requirePlan(db, body.planId, ctx.lang);
      const currency = await requireCurrency(db, body.currency);
      // Interest can take a total past what an amount may be; such a split is not offered (found by
      // tests/attack/fuzz.attack.ts: the answer broke its own contract). Paying in full always fits.
      const rule = ruleIn(plan, currency);
      const options = installmentOptions(body.amount, rule).filter((o) => o.total <= MAX_MINOR_UNITS);
      const wanted = (await site.setting('siteConfig')).payment.defaultInstallment;
      return {
        amount: body.amount,
        currency: currency.code,
        defaultCount: options.some((o) => o.count === wanted) ? wanted : 1,
        options,
        monthlyInterestRate: percentOfBasisPoints(rule.monthlyInterestBp),
      };
    },

    async listCurrencies() {
      const rows = await activeCurrencies(db, BASE_CURRENCY);
      return {
        baseCurrency: BASE_CURRENCY,
        defaultCurrency: await defaultCurrency(db),
        currencies: rows.map((r) => ({ currency: r.code, symbol: r.symbol, decimals: r.decimals, exchangeRate: r.exchange_rate })),
      };
    },

    async getPlanMethodDiscounts({ query, ctx }) {
      const plan = await requirePlan(db, query.planId, ctx.lang);
      const rows = await methodDiscounts(db);
      return {
        planId: String(plan.id),
        discounts: rows.map((r) => ({ method: r.code, type: r.type, discountRate: r.discount_percent })),
      };
    },

    async convertPlanPrice({ query, body, ctx }) {
      const session = await optionalSession(ctx);
      const plan = await requirePlan(db, query.planId, ctx.lang);
      const priced = await resolvePrice(db, { planId: plan.id, currencyCode: body.currency, accountUid: session?.accountUid ?? null });
      // The answer shows the BRL price beside the converted one; a plan without one cannot say it.
      if (priced.basePrice === null) throw new ApiRefusal(PricingErr.rateUnsupported);
      return {
        planId: String(plan.id),
        baseCurrency: BASE_CURRENCY,
        basePrice: priced.basePrice,
        currency: priced.currency.code,
        price: priced.price,
        exchangeRate: priced.currency.code === BASE_CURRENCY ? '1' : priced.currency.exchangeRate,
      };
    },

    async listBanners({ query, ctx }) {
      const langs = await languages(query?.language ?? ctx.lang);
      const rows = await activeBanners(db, query?.position ?? null, clock.now());
      return rows.map((r) => {
        const title = langs.map((l) => r.titles[l]).find((t) => typeof t === 'string' && t !== '') ?? Object.values(r.titles)[0] ?? r.id;
        return {
          id: r.id,
          title,
          imageUrl: r.image_url,
          ...(r.mobile_image_url ? { mobileImageUrl: r.mobile_image_url } : {}),
          ...(r.link_url ? { linkUrl: r.link_url } : {}),
          position: r.position,
          sort: r.sort,
        };
      });
    },

    /**
     * Frees a discount code held by an earlier open order of the caller by cancelling that order
     * (spec section 4). The status change and its event are one transaction, under the order's
     * row lock, so a payment settling the same order at the same moment waits and then sees it.
     */
    async unbindDiscountCode({ query, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const code = query.discountCode.toUpperCase();
      return db.transaction(async (tx) => {
        const order = await loadOrder(tx, query.orderId, { forUpdate: true });
        if (!order || order.account_uid !== accountUid) throw new ApiRefusal(UnbindErr.orderNotFound);
        // NETWORK_ERROR: the provider may have taken the money; a card being charged (ADR 032: the
        // network is called outside this lock); a transfer whose proof is under review has been
        // sent: cancelling any of them could lose a payment.
        const open = openStatuses.includes(order.status) && order.status !== 'NETWORK_ERROR' && order.proof_key === null && !(await isCharging(tx, order.id));
        if (!open || order.discount_code !== code || !canTransition(order.status, 'PAYMENT_CANCELLED')) throw new ApiRefusal(UnbindErr.cannotRemoveCode);
        await cancelOpenOrder(tx, order, UNBIND_REASON, clock.now());
        return { orderId: order.id, status: 'PAYMENT_CANCELLED' as const, discountCode: code };
      });
    },
  });
}
