// The session machine's graph for the walks: which events each state offers, with payloads.
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { SessionResetKind } from '../../core/api/error-rules';
import { loginBody, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { sessionMachine, type SessionMachine } from '../../machines/session/session.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import type { GraphModel } from './harness';
import { storageFault } from './faults';

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

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function sessionGraph(machine: SessionMachine = sessionMachine.provide({ actors: createSessionActors({} as never) })): GraphModel<SessionMachine> {
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

type Server = ReturnType<typeof useTestServer>;

/** The server's own view of a session's token (queryInfo): 0 while the session lives, else why not (-24010, -24020…). */
export async function sessionAnswer(server: Server, session: { token: string; uid: string; account: string; type: string }): Promise<number | undefined> {
  const res = await server.post(
    '/api/user/queryInfo/v1',
    { uid: session.uid, account: session.account, type: session.type },
    { Authorization: session.token, Language: 'en' },
  );
  return res.body.code === 0 ? 0 : res.body.errCode;
}

/**
 * Ends the account's session on the server the way each reset's code says (spec section 8), so
 * the next call with `token` meets that code: logged out elsewhere (-24020), the account blocked
 * (-1112), the password changed on another device (-24030).
 */
export async function endSessionOnServer(server: Server, account: TestAccount, kind: SessionResetKind, token: string | undefined) {
  if (kind === 'silentReset' && token)
    await server.post('/api/user/loginOut/v1', { language: 'en', uid: '', account: '' }, { Authorization: token, Language: 'en' });
  if (kind === 'messageAndReset') await server.db.query(`UPDATE accounts SET status = 'blocked' WHERE uid = $1`, [account.uid]);
  if (kind === 'warnResetLogin') {
    const other = await server.post('/api/user/login/v1', loginBody(account));
    const changed = await server.post(
      '/api/user/changePassword/v1',
      { oldPassword: account.password, newPassword: 'changed-password-2' },
      { Authorization: other.body.data.token, Language: 'en' },
    );
    expect(changed.body.code).toBe(0);
  }
}

/** A storage fault while the server revokes a session (-2499), and the way back. */
export function breakLogout(server: Server): Promise<() => Promise<void>> {
  return storageFault(server, 'sessions');
}
