import { PricingErr } from '../billing/prices';
import { PayErr } from '../billing/pay-errors';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { activeCoins } from '../payments/crypto-provider';
import { operatorsFor } from '../payments/mobile-money-provider';
import { isActiveCurrency } from '../repositories/currency-repository';
import { enabledMethodsFor } from '../repositories/payment-method-repository';
import type { ServerServices } from '../services';

/** The payment page's list of methods (spec section 4; docs/decisions/009 and 011). */
export function paymentMethodHandlers(services: ServerServices) {
  const { db, plans, site, payments: providers } = services;

  return defineHandlers({
    /** The methods offered for a plan, country and currency: enabled, with a provider, in display order. */
    async listPaymentMethods({ body, ctx }) {
      const planMax = await plans.maxInstallments(body.planId);
      if (planMax === undefined) throw new ApiRefusal(PricingErr.planNotFound);
      if (!(await isActiveCurrency(db, body.currency))) throw new ApiRefusal(PayErr.currencyUnsupported);
      const rows = await enabledMethodsFor(db, body.country, body.currency);
      const defaultLang = await site.defaultLanguage();
      const coins = rows.some((m) => m.type === 'crypto') ? await activeCoins(db) : [];
      return (
        rows
          .filter((m) => providers.has(m.code))
          .map((m) => {
            const max = Math.max(1, Math.min(m.max_installments, planMax));
            return {
              code: m.code,
              name: m.names[ctx.lang] ?? (defaultLang ? m.names[defaultLang] : undefined) ?? m.names.en ?? m.code,
              type: m.type,
              installmentsAllowed: max > 1,
              maxInstallments: max,
              requiredFields: m.required_fields,
              savedCards: m.type === 'card',
              ...(m.type === 'mobile_money' ? { mobileMoneyOperators: operatorsFor(body.country) } : {}),
              ...(m.type === 'crypto' ? { coins: coins.map((c) => c.coin) } : {}),
            };
          })
          // A wallet method without an operator in the country, or crypto without a coin, cannot be paid.
          .filter((m) => (m.mobileMoneyOperators ?? [null]).length > 0 && (m.coins ?? [null]).length > 0)
      );
    },
  });
}
