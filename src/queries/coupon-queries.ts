import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { useQuery } from './use-query';

export type Coupon = components['schemas']['Coupon'];

/**
 * The account's discount codes (docs/decisions/023), per language as the plan names are. Keyed
 * under `account:<uid>`, so `invalidateAccount` forgets them with the account's other reads (a
 * paid or cancelled order changes what a code can do).
 */
export const useCoupons = (uid: string, language: Language) =>
  useQuery(`account:${uid}:coupons:${language}`, ({ api }) => api.callData(api.client.POST('/api/bill/coupons/v1', { body: {} })));
