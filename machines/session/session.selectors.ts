import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

export interface SessionView {
  signedIn: boolean;
  signingOut: boolean;
  account: string | undefined;
  canLogOut: boolean;
}

export function selectSessionView(snapshot: SnapshotFrom<SessionMachine>): SessionView {
  return {
    signedIn: snapshot.hasTag('authenticated'),
    signingOut: snapshot.hasTag('busy'),
    account: snapshot.context.userInfo?.account,
    canLogOut: snapshot.can({ type: 'LOGOUT_REQUESTED' }),
  };
}
