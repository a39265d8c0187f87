import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

export type Valuation = components['schemas']['Valuation'];

/**
 * What a plan costs this account right now, computed on the server in minor units: the one
 * function both `goodsValuation` and `pay` use, so a paid total is never the client's number.
 * Implemented in server/billing/pricing.ts.
 */
export interface ValuationInput {
  accountUid: number | null;
  planId: string;
  /** The site's default currency when absent. */
  currency?: string;
  discountCode?: string;
  installments?: number;
  method?: string;
  lang: Language;
  /** The order being paid again (repay), whose own binding of the code does not count as "another". */
  orderId?: string;
  /** `services.clock.now()`, so discount-code validity follows the server's clock (and tests' fake one). */
  now?: number;
  /** A plan change's credit for unused days (docs/decisions/056), taken off what the discounts leave, never below 0. */
  credit?: number;
}

export type ValuateFn = (q: Queryable, input: ValuationInput) => Promise<Valuation>;
