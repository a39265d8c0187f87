import type { SnapshotFrom } from 'xstate';
import type { PixAutomaticoMachine } from './pix-automatico.machine';
import type { PixAutomatico } from './pix-automatico.types';

export type PixAutomaticoStatus =
  'loading' | 'offered' | 'starting' | 'awaitingApproval' | 'authorised' | 'confirmingCancel' | 'cancelling' | 'ended' | 'refused' | 'failure';

export interface PixAutomaticoView {
  status: PixAutomaticoStatus;
  busy: boolean;
  info: PixAutomatico | null;
  /** The cancel dialog is open (while confirming and while cancelling). */
  dialogOpen: boolean;
  /** The last refusal, shown by the view with its catalogue message. */
  message: number | null;
  canStart: boolean;
  canCancel: boolean;
  canRefresh: boolean;
  canRetry: boolean;
}

const STATUSES: readonly PixAutomaticoStatus[] = [
  'loading',
  'offered',
  'starting',
  'awaitingApproval',
  'authorised',
  'confirmingCancel',
  'cancelling',
  'ended',
  'refused',
  'failure',
];

export function selectPixAutomaticoView(snapshot: SnapshotFrom<PixAutomaticoMachine>): PixAutomaticoView {
  const status = STATUSES.find((s) => snapshot.matches(s)) ?? 'loading';
  return {
    status,
    busy: snapshot.hasTag('busy'),
    info: snapshot.context.info,
    dialogOpen: status === 'confirmingCancel' || status === 'cancelling',
    message: snapshot.context.errCode,
    canStart: snapshot.can({ type: 'START_REQUESTED', planId: '' }),
    canCancel: snapshot.can({ type: 'CANCEL_REQUESTED' }),
    canRefresh: snapshot.can({ type: 'REFRESH_REQUESTED' }),
    canRetry: snapshot.can({ type: 'RETRY_REQUESTED' }),
  };
}
