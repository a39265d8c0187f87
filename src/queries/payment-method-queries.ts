import type { MethodsQuery } from '../../machines/checkout/checkout.types';
import type { PaymentMethod } from '../../machines/payment/payment.types';
import type { components } from '../../openapi/schema';
import type { SessionStore } from '../../core/session/store';
import type { QueryCache } from './query-cache';
import { useState } from 'react';
import { defaultLanguage, languageOfTag } from '../../core/i18n/languages';
import { plansRead, read } from './site-queries';
import { useServices } from './services-context';
import { useQuery } from './use-query';

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

const nothing = read<never[]>('nothing', async () => []);

/**
 * The plan's and the methods' names in the language on screen, `locale` (spec section 2, in four languages).
 * A checkout or a repay reads them once, in the language of that moment, and its machine keeps
 * them; once the customer switches languages they come from these reads, whose keys hold the new
 * language, the old names standing until the reads answer. Nothing is read before a switch.
 */
export function useNamesIn(locale: string, query: MethodsQuery | undefined) {
  const { store } = useServices();
  const language = languageOfTag(locale) ?? defaultLanguage;
  const [readIn] = useState(language);
  const switched = language !== readIn;
  const methods = switched && query ? paymentMethodsRead(query, store) : nothing;
  const plans = switched ? plansRead(language) : nothing;
  const methodNames = useQuery(methods.key, methods.fetch).data;
  const planNames = useQuery(plans.key, plans.fetch).data;
  return {
    method: (method: PaymentMethod) => methodNames?.find((m) => m.code === method.code)?.name ?? method.name,
    plan: ({ planId, planName }: { planId: string; planName: string }) => planNames?.find((p) => p.id === planId)?.name ?? planName,
  };
}
