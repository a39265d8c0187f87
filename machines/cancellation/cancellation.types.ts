import type { components } from '../../openapi/schema';
import type { Refused } from '../expected-refusals';

export type CancellationReason = components['schemas']['CancellationReason'];
export type RetentionOffer = components['schemas']['RetentionOffer'];
export type RetentionResult = components['schemas']['RetentionResult'];

/** The reasons in the order the customer is shown them (docs/decisions/057). */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'not_using',
  'missing_content',
  'technical',
  'switching',
  'other',
] as const satisfies readonly CancellationReason[];

/** docs/decisions/057 and spec section 8: the refusals of turning auto-renewal off with a reason. */
export const CancellationCode = {
  /** "Other" chosen without saying what. */
  reasonTextMissing: 8301,
  /** The offer accepted is not the one the site makes now. */
  offerUnavailable: 8302,
  /** Spec section 8: no auto-renewal, expired, already off, a renewal charge running. */
  none: 6201,
  expired: 6202,
  alreadyCancelled: 6204,
  renewing: 6207,
} as const;
type C = typeof CancellationCode;
type Gone = C['none'] | C['expired'] | C['alreadyCancelled'] | C['renewing'];

export interface CancellationContext {
  reason: CancellationReason | null;
  otherText: string;
  /** The retention offer shown for the reason; null when none is made. */
  offer: RetentionOffer | null;
  /** Accepted: the offer applied and the next billing date. */
  kept: RetentionResult | null;
  /** Declined or no offer: when the plan already paid for ends. */
  endsAt: number | null;
  /** The last expected refusal (the view shows it with its catalogue message). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type CancellationEvent =
  /** The customer chose a reason (with its text for "other") and goes on. */
  | { type: 'REASON_SUBMITTED'; reason: CancellationReason; otherText: string }
  | { type: 'OFFER_ACCEPTED' }
  | { type: 'OFFER_DECLINED' }
  /** No offer was made: the customer confirms turning auto-renewal off. */
  | { type: 'CANCEL_CONFIRMED' };

export type CancellationEventType = CancellationEvent['type'];

export type OfferAnswer = { kind: 'offer'; offer: RetentionOffer | null } | Refused<C['reasonTextMissing'] | Gone>;
export type AcceptAnswer = { kind: 'kept'; kept: RetentionResult } | Refused<C['offerUnavailable'] | Gone>;
export type CancelAnswer = { kind: 'cancelled'; endsAt: number } | Refused<Gone>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type CancellationInvokeId = 'findOffer' | 'acceptOffer' | 'cancelRenewal';
