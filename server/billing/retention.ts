import type { Queryable } from '../db/database';
import { bindRetentionDiscount, unspentRetentionDiscount, type CancellationReason, type RetentionOffer } from '../repositories/cancellation-repository';
import { percentOf } from './money';
import type { Valuation } from './valuation';

/**
 * Retention offers (docs/decisions/057): which one a reason is shown, what a pause does to the
 * next billing date, and a discount taken off the next renewal.
 */

/** An account that accepted an offer is not offered another for this long. */
export const RETENTION_OFFER_COOLDOWN_MS = 365 * 86_400_000;

/**
 * Per reason, the kinds of offer in the order they are tried: a price complaint is answered
 * with money, "not now" with a pause; the first kind the site configures is shown.
 */
const PREFERENCE: Record<CancellationReason, readonly RetentionOffer['kind'][]> = {
  too_expensive: ['discount', 'pause'],
  switching: ['discount', 'pause'],
  not_using: ['pause', 'discount'],
  missing_content: ['pause', 'discount'],
  technical: ['pause', 'discount'],
  other: ['discount', 'pause'],
};

export function offerFor(reason: CancellationReason, configured: readonly RetentionOffer[] | undefined): RetentionOffer | null {
  for (const kind of PREFERENCE[reason]) {
    const offer = configured?.find((o) => o.kind === kind);
    if (offer) return offer;
  }
  return null;
}

export const sameOffer = (a: RetentionOffer, b: RetentionOffer) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The renewal's valuation less the account's unspent retention discount, with `bind` to tie that
 * discount to the renewal order once it exists: it is spent when that order is paid, and a
 * declined renewal's retry finds it again. A renewal is one instalment, so nothing else moves.
 */
export async function withRetentionDiscount(
  q: Queryable,
  accountUid: number,
  valuation: Valuation,
): Promise<{ valuation: Valuation; bind(orderId: string): Promise<void> }> {
  const unspent = await unspentRetentionDiscount(q, accountUid);
  if (!unspent) return { valuation, bind: async () => {} };
  const off = percentOf(valuation.total, unspent.percent);
  const total = valuation.total - off;
  return {
    valuation: { ...valuation, discount: valuation.discount + off, total, installmentAmount: total },
    bind: (orderId) => bindRetentionDiscount(q, unspent.id, orderId),
  };
}
