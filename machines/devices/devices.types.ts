import type { Refused } from '../expected-refusals';

/** docs/decisions/054: the refusal of signing a device out. */
export const DevicesCode = {
  /** The log-in is not a running one of this account: signed out meanwhile, ran out, or not its own. */
  notSignedIn: 8101,
} as const;

/** What the customer asked to sign out: one other log-in (named as the list shows it), or all the others. */
export type SignOutTarget = { kind: 'one'; id: string; label: string } | { kind: 'others' };

export interface DevicesContext {
  /** The sign-out being confirmed, made, or last made; null before the first. */
  target: SignOutTarget | null;
  /** The last expected refusal (the view shows it with its catalogue message). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type DevicesEvent =
  /** Sign out one other log-in of the list: asks for confirmation first. */
  | { type: 'SIGN_OUT_REQUESTED'; id: string; label: string }
  /** Sign out every log-in but this device's: asks for confirmation first. */
  | { type: 'SIGN_OUT_OTHERS_REQUESTED' }
  | { type: 'SIGN_OUT_CONFIRMED' }
  | { type: 'SIGN_OUT_DISMISSED' }
  /** After a failure: try the same sign-out again. */
  | { type: 'RETRY_REQUESTED' };

export type DevicesEventType = DevicesEvent['type'];

export type SignOutAnswer = { kind: 'signedOut' } | Refused<typeof DevicesCode.notSignedIn>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type DevicesInvokeId = 'signOut';
