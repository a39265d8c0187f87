import type { components } from '../../openapi/schema';
import type { Refused } from '../expected-refusals';

export type OrderDispute = components['schemas']['OrderDispute'];

/** docs/decisions/059: the refusal of reading an order's dispute. */
export const DisputeCode = {
  /** The order's payment was never disputed. */
  noDispute: 8501,
} as const;

export interface DisputeInput {
  orderId: string;
}

export interface DisputeContext {
  orderId: string;
  /** The dispute as the server last answered it; null before the first answer or when there is none. */
  dispute: OrderDispute | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type DisputeEvent =
  /** The customer asks for the dispute's latest status ("Refresh"). */
  | { type: 'REFRESH_REQUESTED' }
  /** After a failure: read it again. */
  | { type: 'RETRY_REQUESTED' };

export type DisputeEventType = DisputeEvent['type'];

export type DisputeAnswer = { kind: 'found'; dispute: OrderDispute } | Refused<typeof DisputeCode.noDispute>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type DisputeInvokeId = 'loadDispute';
