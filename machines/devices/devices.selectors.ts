import type { SnapshotFrom } from 'xstate';
import type { DevicesMachine } from './devices.machine';
import type { SignOutTarget } from './devices.types';

export type DevicesStatus = 'idle' | 'confirming' | 'signingOut' | 'done' | 'refused' | 'failure';

export interface DevicesView {
  status: DevicesStatus;
  busy: boolean;
  /** The sign-out the dialog asks about, is making, or last made. */
  target: SignOutTarget | null;
  /** The confirmation dialog is open (while confirming and while the sign-out runs). */
  dialogOpen: boolean;
  /** The last refusal, shown by the view with its catalogue message (the actor names it, so the client does not toast it). */
  message: number | null;
  /** Each answer that changed or may have changed the list (the view reloads it). */
  answered: boolean;
  canRequest: boolean;
  canRetry: boolean;
}

const STATUSES: readonly DevicesStatus[] = ['idle', 'confirming', 'signingOut', 'done', 'refused', 'failure'];

export function selectDevicesView(snapshot: SnapshotFrom<DevicesMachine>): DevicesView {
  const status = STATUSES.find((s) => snapshot.matches(s)) ?? 'idle';
  return {
    status,
    busy: snapshot.hasTag('busy'),
    target: snapshot.context.target,
    dialogOpen: status === 'confirming' || status === 'signingOut',
    message: snapshot.context.errCode,
    answered: status === 'done' || status === 'refused',
    canRequest: snapshot.can({ type: 'SIGN_OUT_OTHERS_REQUESTED' }),
    canRetry: snapshot.can({ type: 'RETRY_REQUESTED' }),
  };
}
