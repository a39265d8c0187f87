import type { components } from '../../openapi/schema';
import { WithdrawalErr } from '../../core/config/withdrawal';
import type { Refused } from '../expected-refusals';

export type Refund = components['schemas']['Refund'];
export type RefundBankAccount = components['schemas']['RefundBankAccount'];
export type RefundsTo = Refund['refundsTo'];

/** docs/decisions/058: the refusals of a withdrawal and of cancelling its refund. */
export const WithdrawalCode = WithdrawalErr;

/** The refusals that name a field of the confirmation: the customer corrects it there. */
export const destinationCodes = [WithdrawalErr.bankAccountInvalid, WithdrawalErr.holderCpfMismatch, WithdrawalErr.refundAddressInvalid] as const;
/** The refusals that end the withdrawal: nothing the customer types changes them. */
export const closingCodes = [WithdrawalErr.windowPassed, WithdrawalErr.notWithdrawable, WithdrawalErr.refundUnavailable, WithdrawalErr.disputeOpen] as const;

export interface WithdrawalInput {
  orderId: string;
  /** What the refund needs from the customer (core/config/withdrawal.ts `refundsToOf`). */
  refundsTo: RefundsTo;
  /** The order's refund is pending already (REFUND_PENDING): the customer may cancel it. */
  refundPending: boolean;
}

/** Where the money goes, as the customer typed it on the confirmation. */
export interface WithdrawDetails {
  bankAccount?: RefundBankAccount;
  refundAddress?: string;
}

export interface WithdrawalContext extends WithdrawalInput {
  /** The refund as the server last answered it. */
  refund: Refund | null;
  /** The last expected refusal (the view shows it with its catalogue message). */
  errCode: number | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type WithdrawalEvent =
  /** "Withdraw (cancel and refund)": opens the confirmation, with the fields the refund needs. */
  | { type: 'WITHDRAW_REQUESTED' }
  | ({ type: 'WITHDRAW_CONFIRMED' } & WithdrawDetails)
  | { type: 'WITHDRAW_DISMISSED' }
  /** "Cancel the refund request", while it is pending. */
  | { type: 'CANCEL_REQUESTED' }
  /** After an unexpected failure: back to where the order stands. */
  | { type: 'RETRY_REQUESTED' };

export type WithdrawalEventType = WithdrawalEvent['type'];

/** The server's answer, named by where the refund stands (the walks' paths read so). */
export type Answered = { kind: Refund['status']; refund: Refund };
export type WithdrawAnswer = Answered | Refused<(typeof destinationCodes)[number] | (typeof closingCodes)[number]>;
export type CancelAnswer = Answered | Refused<typeof WithdrawalErr.notCancellable>;

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type WithdrawalInvokeId = 'withdraw' | 'cancelRefund';
