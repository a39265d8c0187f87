// The session machine's graph for the walks: which events each state offers, with payloads.
import type { EventObject } from 'xstate';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { GraphModel } from './harness';

const placeholderUser = { token: 'graph', uid: '1', account: 'graph@example.com', type: 'email', expiration: 1, accountLoginType: 'password' };

const candidates: Array<EventObject & Record<string, unknown>> = [
  { type: 'SIGNED_IN', userInfo: placeholderUser },
  { type: 'LOGOUT_REQUESTED' },
  { type: 'SESSION_REFUSED', reset: { kind: 'silentReset', errCode: -24020 } },
  { type: 'SESSION_REFUSED', reset: { kind: 'messageAndReset', errCode: -1112 } },
  { type: 'SESSION_REFUSED', reset: { kind: 'warnResetLogin', errCode: -24030 } },
  { type: 'OTHER_TAB_CHANGED_LOGIN' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: new Error('logout failed') },
  { type: 'xstate.after.sessionLifetime.session.signedIn' },
];

export function sessionGraph(machine: SessionMachine): GraphModel<SessionMachine> {
  return {
    machine,
    inputs: { signedOut: { userInfo: null }, storedSession: { userInfo: placeholderUser } },
    events: (snapshot) =>
      candidates.filter(
        (e) =>
          snapshot.can(e as never) &&
          (!e.type.startsWith('xstate.') || eventOwnedBy(snapshot.value, e.type)) &&
          // -1112 and -24030 refuse a session that exists: the server answers them to a token.
          (e.type !== 'SESSION_REFUSED' || (e.reset as { kind: string }).kind === 'silentReset' || snapshot.context.userInfo !== null),
      ),
  };
}

// `can` answers for internal events too; keep each automatic event to the state that owns it.
function eventOwnedBy(value: unknown, type: string): boolean {
  if (type.endsWith('.logout')) return value === 'signingOut';
  if (type.includes('sessionLifetime')) return value === 'signedIn';
  return false;
}

