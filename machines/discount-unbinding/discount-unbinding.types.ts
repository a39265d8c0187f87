import type { Refused } from '../expected-refusals';

/** The other open order that holds the code (the valuation's `discountCode.boundOrderId`) and the code. */
export interface DiscountUnbindingInput {
  orderId: string;
  discountCode: string;
}

export interface DiscountUnbindingContext {
  orderId: string;
  discountCode: string;
  /** The expected refusal met (1003), for the output and the record. */
  errCode: number | null;
  /** The last unexpected failure (network, 1001, a server fault), for the record. */
  error: unknown;
  /** How it ended, once it has: the machine's output. */
  outcome: DiscountUnbindingOutput | undefined;
}

export type DiscountUnbindingEvent =
  /** The customer agreed to cancel the other order so the code applies here. */
  | { type: 'CONFIRMED' }
  /** The customer kept the other order (and the code on it). */
  | { type: 'CANCELLED' }
  /** After an unexpected failure, the customer tries the unbinding again. */
  | { type: 'RETRY_REQUESTED' };

export type DiscountUnbindingEventType = DiscountUnbindingEvent['type'];

/** docs/decisions/008: 1003 is the caller's order that is no longer open, or whose payment outcome is unknown. */
export const CANNOT_REMOVE_CODE = 1003;

export type UnbindAnswer = { kind: 'unbound'; orderId: string } | Refused<typeof CANNOT_REMOVE_CODE>;

/**
 * What the checkout machine reads from its `unbinding` child when it is done. For `cannotRemove`
 * the client has already toasted 1003's message: the checkout keeps the code off this order and
 * does not say it again.
 */
export type DiscountUnbindingOutput = { kind: 'unbound' } | { kind: 'kept' } | { kind: 'cannotRemove'; errCode: typeof CANNOT_REMOVE_CODE };

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type DiscountUnbindingInvokeId = 'unbind';
