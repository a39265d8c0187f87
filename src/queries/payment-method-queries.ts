import type { MethodsQuery } from '../../machines/checkout/checkout.types';
import type { PaymentMethod } from '../../machines/payment/payment.types';
import type { components } from '../../openapi/schema';
import type { SessionStore } from '../../core/session/store';
import type { QueryCache } from './query-cache';
import { read } from './site-queries';

/** Where the payer is by default (the methods depend on it): Brazil for reais, else the US. */
export const defaultCountryOf = (currency: string) => (currency === 'BRL' ? 'BR' : 'US');

/** The methods a new checkout of `planId` asks for first: the site's currency, and its country (spec sections 1 and 4). */
export const firstMethodsQuery = (planId: string, site: components['schemas']['SiteConfig']): MethodsQuery => {
  const currency = site.payment.defaultCurrency;
  return { planId, currency, country: defaultCountryOf(currency) };
};

/**
 * The methods offered for a plan, country and currency, named in the language the client asks in
 * (its key holds it, so a switch asks again). Only read ahead of the payment page, which takes
 * them from here when they came (docs/decisions/066).
 */
export const paymentMethodsRead = ({ planId, country, currency }: MethodsQuery, store: SessionStore) =>
  read<PaymentMethod[]>(`paymentMethods:${planId}:${country}:${currency}:${store.get('language') ?? ''}`, ({ api }) =>
    api.callData(api.client.POST('/api/bill/payment/methods/v1', { body: { planId, country, currency } })),
  );

/** The methods read ahead for `query`, if they came. */
export function knownPaymentMethods(queries: QueryCache, store: SessionStore, query: MethodsQuery): PaymentMethod[] | undefined {
  const state = queries.get<PaymentMethod[]>(paymentMethodsRead(query, store).key);
  return state.status === 'success' ? state.data : undefined;
}
