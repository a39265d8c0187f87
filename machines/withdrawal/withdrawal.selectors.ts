import type { SnapshotFrom } from 'xstate';
import type { WithdrawalMachine } from './withdrawal.machine';
import type { Refund, RefundsTo } from './withdrawal.types';

export type WithdrawalStatus = 'idle' | 'confirming' | 'withdrawing' | 'pending' | 'cancelling' | 'refunded' | 'rejected' | 'cancelled' | 'closed' | 'failure';

export interface WithdrawalView {
  status: WithdrawalStatus;
  busy: boolean;
  refundsTo: RefundsTo;
  refund: Refund | null;
  /** The last refusal, shown by the view with its catalogue message. */
  message: number | null;
  /** The confirmation is shown (while confirming and while the request runs). */
  confirmOpen: boolean;
  canWithdraw: boolean;
  canCancel: boolean;
  canRetry: boolean;
  /** An answer that changed the order: the page reads it again. */
  answered: boolean;
}

const STATUSES: readonly WithdrawalStatus[] = [
  'idle',
  'confirming',
  'withdrawing',
  'pending',
  'cancelling',
  'refunded',
  'rejected',
  'cancelled',
  'closed',
  'failure',
];

export function selectWithdrawalView(snapshot: SnapshotFrom<WithdrawalMachine>): WithdrawalView {
  const status = STATUSES.find((s) => snapshot.matches(s)) ?? 'idle';
  return {
    status,
    busy: snapshot.hasTag('busy'),
    refundsTo: snapshot.context.refundsTo,
    refund: snapshot.context.refund,
    message: snapshot.context.errCode,
    confirmOpen: status === 'confirming' || status === 'withdrawing',
    canWithdraw: snapshot.can({ type: 'WITHDRAW_REQUESTED' }),
    canCancel: snapshot.can({ type: 'CANCEL_REQUESTED' }),
    canRetry: snapshot.can({ type: 'RETRY_REQUESTED' }),
    // A refusal that closes the flow says the order moved on (refunded elsewhere, the 7 days gone):
    // the page reads it again too.
    answered: status === 'closed' || (['pending', 'refunded', 'rejected', 'cancelled'].includes(status) && snapshot.context.refund !== null),
  };
}
