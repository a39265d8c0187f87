import type { components } from '../../openapi/schema';
import type { Refused } from '../expected-refusals';

export type RenewInfo = components['schemas']['RenewInfo'];
export type SavedCard = components['schemas']['Card'];

/** Spec section 8 and docs/decisions/010: the refusals of auto-renewal and its billing card. */
export const RenewalCode = {
  /** No auto-renewal on this account. */
  none: 6201,
  expired: 6202,
  alreadyCancelled: 6204,
  /** The chosen card is expired or cannot be charged by renewals. */
  cardUnusable: 6206,
  /** A renewal charge is running: cancelling waits until it ends; auto-renewal stays on. */
  renewing: 6207,
  /** Billing card could not be updated: no longer activated, or a renewal charge is running. */
  cardNotUpdated: 2002,
  savedCardNotFound: -2511,
  cardUserMismatch: 1020,
} as const;

export interface AutoRenewalContext {
  /** The auto-renewal as the server last told it; null while loading or when there is none. */
  info: RenewInfo | null;
  /** The saved cards offered as the new billing card. */
  cards: SavedCard[];
  /** The last expected refusal (the view shows the pass-through ones; the client toasted the rest). */
  errCode: number | null;
  /** The billing card was just changed (the view confirms it). */
  cardChanged: boolean;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type AutoRenewalEvent =
  /** Turn auto-renewal off: opens the cancellation flow (reason, offer; docs/decisions/057). */
  | { type: 'CANCEL_REQUESTED' }
  /** The cancellation flow settled (kept with an offer, turned off, or refused): ask where it stands. */
  | { type: 'CANCELLATION_SETTLED' }
  | { type: 'CANCEL_DISMISSED' }
  /** Change the billing card renewals are charged to (spec section 2, change-billing-card dialog). */
  | { type: 'CARD_CHANGE_REQUESTED' }
  | { type: 'CARD_CHOSEN'; cardId: string }
  | { type: 'CARD_CHANGE_DISMISSED' }
  /** Ask the server again (after a failure, or to see whether a running renewal has ended). */
  | { type: 'REFRESH_REQUESTED' };

export type AutoRenewalEventType = AutoRenewalEvent['type'];

export type RenewInfoAnswer = { kind: 'info'; info: RenewInfo } | Refused<typeof RenewalCode.none>;
export type CardChangeAnswer =
  | { kind: 'info'; info: RenewInfo }
  | Refused<typeof RenewalCode.cardUnusable | typeof RenewalCode.cardNotUpdated | typeof RenewalCode.savedCardNotFound | typeof RenewalCode.cardUserMismatch>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type AutoRenewalInvokeId = 'loadInfo' | 'listCards' | 'changeCard';
