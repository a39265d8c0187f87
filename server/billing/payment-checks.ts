import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { PaymentProvider } from '../payments/provider';
import type { ProviderRegistry } from '../payments/registry';
import { liveCard } from '../repositories/card-repository';
import { isActiveCurrency } from '../repositories/currency-repository';
import { findEnabledMethod, type PaymentMethodRow } from '../repositories/payment-method-repository';
import { PayErr } from './pay-errors';
import type { Valuation } from './valuation';

type Schemas = components['schemas'];

/** What a payment request says about how it pays. */
export type PayInput = Pick<Schemas['PayRequest'], 'card' | 'payer' | 'mobileMoney' | 'crypto'>;

/** The parts of a request that say how it pays, without absent ones. */
export const inputOf = (body: PayInput): PayInput => ({
  ...(body.card ? { card: body.card } : {}),
  ...(body.payer ? { payer: body.payer } : {}),
  ...(body.mobileMoney ? { mobileMoney: body.mobileMoney } : {}),
  ...(body.crypto ? { crypto: body.crypto } : {}),
});

/** An enabled method, or -2502. */
export async function enabledMethod(q: Queryable, code: string): Promise<PaymentMethodRow> {
  const method = await findEnabledMethod(q, code);
  if (!method) throw new ApiRefusal(PayErr.methodUnsupported, 200, `no enabled method ${code}`);
  return method;
}

/** The method's provider and the checks that need no database: -2502, -2408, 5003, 5000, -2400. */
export async function checkMethod(
  q: Queryable,
  providers: Pick<ProviderRegistry, 'forMethod'>,
  method: PaymentMethodRow,
  order: { currency: string; country?: string | undefined; installments: number },
  input: PayInput,
): Promise<PaymentProvider> {
  const provider = providers.forMethod(method.code);
  if (!provider) throw new ApiRefusal(PayErr.methodUnsupported, 200, `method ${method.code} has no provider`);
  if (!(await isActiveCurrency(q, order.currency)) || (method.currencies !== null && !method.currencies.includes(order.currency))) {
    throw new ApiRefusal(PayErr.currencyUnsupported, 200, `${method.code} does not take ${order.currency}`);
  }
  if (order.country && method.countries !== null && !method.countries.includes(order.country)) {
    throw new ApiRefusal(PayErr.countryUnsupported, 200, `${method.code} is not offered in ${order.country}`);
  }
  if (order.installments > method.max_installments)
    throw new ApiRefusal(PayErr.invalidRequest, 200, `${method.code} allows ${method.max_installments} instalments`);
  const missing = method.required_fields.filter((f) => input.payer?.[f] === undefined);
  if (missing.length > 0) throw new ApiRefusal(PayErr.invalidRequest, 200, `payer fields missing: ${missing.join(', ')}`);
  const refused = provider.precheck ? await provider.precheck(q, { currency: order.currency, country: order.country, input }) : null;
  if (refused !== null) throw new ApiRefusal(refused, 200, `${method.code} refused the request before any order`);
  if (method.type === 'card' && !input.card) throw new ApiRefusal(PayErr.invalidCardParameters, 200, 'card method without card');
  if (method.type !== 'card' && input.card) throw new ApiRefusal(PayErr.invalidRequest, 200, 'card details sent for a method that is not a card');
  return provider;
}

/** A saved card the caller may pay with: -2511 unknown (or deleted), 1020 another account's. */
export async function ownCard(q: Queryable, accountUid: number, cardId: string): Promise<void> {
  const card = await liveCard(q, cardId);
  if (!card) throw new ApiRefusal(PayErr.savedCardNotFound);
  if (card.account_uid !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
}

/** A valuation whose discount code did not apply is refused with the code's reason. */
export function requireDiscount(v: Valuation, code: string | null | undefined) {
  if (!code) return;
  const status = v.discountCode;
  if (!status?.applied) throw new ApiRefusal(status?.errCode ?? PayErr.codeUnavailable, 200, `discount code ${code} not applied`);
}
