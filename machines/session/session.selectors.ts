import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

export interface SessionView {
  signedIn: boolean;
  signingOut: boolean;
  account: string | undefined;
  canLogOut: boolean;
  /** What the account call needs to name the signed-in account (spec section 7, queryInfo). */
  identity: { token: string; uid: string; account: string; type: 'email' | 'phone' } | null;
}

export function selectSessionView(snapshot: SnapshotFrom<SessionMachine>): SessionView {
  return {
    signedIn: snapshot.hasTag('authenticated'),
    signingOut: snapshot.hasTag('busy'),
    account: snapshot.context.userInfo?.account,
    canLogOut: snapshot.can({ type: 'LOGOUT_REQUESTED' }),
    identity: identityOf(snapshot.context.userInfo),
  };
}

function identityOf(userInfo: SnapshotFrom<SessionMachine>['context']['userInfo']): SessionView['identity'] {
  if (!userInfo || userInfo.uid === undefined || !userInfo.account) return null;
  return { token: userInfo.token, uid: String(userInfo.uid), account: userInfo.account, type: userInfo.type === 'phone' ? 'phone' : 'email' };
}
