import type { SnapshotFrom } from 'xstate';
import type { AccountDeletionMachine } from './account-deletion.machine';

export type AccountDeletionStatus = 'idle' | 'confirming' | 'deleting' | 'refused' | 'failure' | 'deleted';

export interface AccountDeletionView {
  status: AccountDeletionStatus;
  busy: boolean;
  /** The dialog is open (while confirming and while the deletion runs). */
  dialogOpen: boolean;
  /** The last refusal: under the password field while confirming, else beside the section. */
  message: number | null;
  canRequest: boolean;
}

const STATUSES: readonly AccountDeletionStatus[] = ['idle', 'confirming', 'deleting', 'refused', 'failure', 'deleted'];

export function selectAccountDeletionView(snapshot: SnapshotFrom<AccountDeletionMachine>): AccountDeletionView {
  const status = STATUSES.find((s) => snapshot.matches(s)) ?? 'idle';
  return {
    status,
    busy: snapshot.hasTag('busy'),
    dialogOpen: status === 'confirming' || status === 'deleting',
    message: snapshot.context.errCode,
    canRequest: snapshot.can({ type: 'DELETE_REQUESTED' }),
  };
}
