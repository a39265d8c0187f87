import type { SnapshotFrom } from 'xstate';
import type { DisputeMachine } from './dispute.machine';
import type { OrderDispute } from './dispute.types';

export type DisputeStatus = 'loading' | 'open' | 'closed' | 'none' | 'failure';

export interface DisputeView {
  status: DisputeStatus;
  busy: boolean;
  /** The dispute as last read (kept while it is read again, so the panel does not blink). */
  dispute: OrderDispute | null;
  canRefresh: boolean;
  canRetry: boolean;
}

const STATUSES: readonly DisputeStatus[] = ['loading', 'open', 'closed', 'none', 'failure'];

export function selectDisputeView(snapshot: SnapshotFrom<DisputeMachine>): DisputeView {
  return {
    status: STATUSES.find((s) => snapshot.matches(s)) ?? 'loading',
    busy: snapshot.hasTag('busy'),
    dispute: snapshot.context.dispute,
    canRefresh: snapshot.can({ type: 'REFRESH_REQUESTED' }),
    canRetry: snapshot.can({ type: 'RETRY_REQUESTED' }),
  };
}
