import type { components } from '../../openapi/schema';
import type { Refused } from '../expected-refusals';

export type PlanChangeQuote = components['schemas']['PlanChangeQuote'];

/** docs/decisions/056: the refusals of changing plan the flow answers in its own words. */
export const PlanChangeCode = {
  /** Auto-renewal is off: a change at the renewal has no renewal to wait for. */
  noRenewalToChange: 8203,
  /** Nothing scheduled to undo (the renewal applied it, or another tab undid it). */
  nothingScheduled: 8205,
  /** The unused days are worth more than the new plan. */
  creditCoversPrice: 8206,
} as const;

export interface PlanChangeContext {
  /** The plan the customer picked; null before the first pick. */
  planId: string | null;
  /** What changing to it means, as the server quoted it. */
  quote: PlanChangeQuote | null;
  /** The last expected refusal (the view shows it with its catalogue message). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type PlanChangeEvent =
  /** The customer picks another plan on the account page: it is quoted before anything changes. */
  | { type: 'PLAN_CHOSEN'; planId: string }
  /** The customer confirms the quoted change ("Pay the difference" or "Change at renewal"). */
  | { type: 'CHANGE_CONFIRMED' }
  /** The customer closes the quote: nothing changes. */
  | { type: 'CHANGE_DISMISSED' }
  /** The customer undoes the change waiting for the renewal. */
  | { type: 'UNDO_REQUESTED' };

export type PlanChangeEventType = PlanChangeEvent['type'];

export type QuoteAnswer = { kind: 'quoted'; quote: PlanChangeQuote } | Refused<typeof PlanChangeCode.creditCoversPrice>;
export type ChangeAnswer = { kind: 'upgradeOrdered'; orderId: string } | { kind: 'scheduled' } | Refused<typeof PlanChangeCode.noRenewalToChange>;
export type UndoAnswer = { kind: 'undone' } | Refused<typeof PlanChangeCode.nothingScheduled>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type PlanChangeInvokeId = 'quote' | 'change' | 'undo';
