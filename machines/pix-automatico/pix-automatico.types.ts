import type { components } from '../../openapi/schema';
import type { Refused } from '../expected-refusals';

export type PixAutomatico = components['schemas']['PixAutomatico'];

/** docs/decisions/060: the refusals of PIX Automático on the account page. */
export const PixAutomaticoCode = {
  /** Only a monthly plan with auto-renewal renews by PIX Automático. */
  planNotMonthly: 8601,
  /** An approved authorisation already renews the plan. */
  alreadyAuthorised: 8602,
  /** The account never started one. */
  none: 8603,
  /** A phone account without an email cannot get the receipts. */
  needsEmail: 8604,
  /** The authorisation already ended. */
  ended: 8605,
} as const;

export interface PixAutomaticoContext {
  /** The authorisation as the server last told it; null before the first answer or when there is none. */
  info: PixAutomatico | null;
  /** The last expected refusal (the view shows it with its catalogue message). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type PixAutomaticoEvent =
  /** Renew this monthly plan by PIX Automático: the composite QR is made. */
  | { type: 'START_REQUESTED'; planId: string }
  /** "I approved it in my bank app": the panel reads the authorisation again. */
  | { type: 'REFRESH_REQUESTED' }
  | { type: 'CANCEL_REQUESTED' }
  | { type: 'CANCEL_CONFIRMED' }
  | { type: 'CANCEL_DISMISSED' }
  /** After a failure: read the authorisation again. */
  | { type: 'RETRY_REQUESTED' };

export type PixAutomaticoEventType = PixAutomaticoEvent['type'];

export type AuthorisationAnswer = { kind: 'info'; info: PixAutomatico } | Refused<number>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type PixAutomaticoInvokeId = 'loadInfo' | 'start' | 'cancel';
