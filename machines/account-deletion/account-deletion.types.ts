import type { Refused } from '../expected-refusals';

/** docs/decisions/061: the refusals of deleting the account. */
export const AccountDeletionCode = {
  /** The password typed to confirm is wrong. */
  wrongPassword: 8701,
  /** The account has no password (Google, code or TV log-ins only): it sets one first. */
  noPassword: 8702,
  /** An order awaits its payment. */
  paymentPending: 8703,
  /** A refund or chargeback is open. */
  refundOpen: 8704,
  /** Too many wrong passwords: the log-in's lockout (spec section 8, 17). */
  locked: 17,
} as const;

export interface AccountDeletionContext {
  /** The last expected refusal (the view shows it with its catalogue message). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type AccountDeletionEvent =
  /** The customer asks to delete the account: a dialog says what will happen and asks for the password. */
  | { type: 'DELETE_REQUESTED' }
  /** The customer confirms with the password typed in the dialog. */
  | { type: 'DELETE_CONFIRMED'; password: string }
  /** The customer keeps the account: the dialog closes. */
  | { type: 'DELETE_DISMISSED' };

export type AccountDeletionEventType = AccountDeletionEvent['type'];

export type DeleteAnswer = { kind: 'deleted' } | Refused<(typeof AccountDeletionCode)[keyof typeof AccountDeletionCode]>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type AccountDeletionInvokeId = 'deleteAccount';
