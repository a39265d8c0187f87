// The session machine's graph for the walks: which events each state offers, with payloads.
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { SessionResetKind } from '../../core/api/error-rules';
import { loginBody, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { sessionMachine, type SessionMachine } from '../../machines/session/session.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import type { KnownGap } from './coverage';
import { pollUntil } from './gate';
import type { GraphModel } from './harness';
import { storageFault } from './faults';
import { RequestHold } from './real-server';

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

/**
 * What neither walk can arrange: a signed-out page's own calls carry no session token (its
 * userInfo is cleared), and a call without a session is answered -24020 (21 at the app entrance),
 * never -1112 or -24030 (server/auth/sessions.ts `authenticate`; a blocked account's log-in is
 * refused 7004). The page could meet them only as the late answer to a call sent while still
 * signed in (two calls in flight, the first reset signs it out), which the walks do not arrange.
 */
const signedOutReason = (code: number) =>
  `a signed-out page sends no session token, so the server never answers its calls ${code}; only a late answer to a call sent before the sign-out (a second call in flight when the first reset signed the page out) could bring it; the walks do not arrange two calls in flight, so a path meets it only by chance`;

export const sessionKnownGaps: readonly KnownGap[] = [
  { target: 'session SESSION_REFUSED#1 from session.signedOut', reason: signedOutReason(-1112), incidental: true },
  { target: 'session SESSION_REFUSED#2 from session.signedOut', reason: signedOutReason(-24030), incidental: true },
];

const LOGOUT_PATH = '/api/user/loginOut/v1';

/**
 * The logout call held on its way to the server (a slow uplink) while the walk sends the next
 * event from signingOut: the customer asked to log out, and before the call reached the server
 * another call came back refused, or another tab changed the log-in. Only the logout is held, not
 * the page's other calls, and it never reaches the server: leaving signingOut stops the logout
 * actor, whose abort fails the call silently (kind 'aborted'), and whatever is still held when the
 * path ends is dropped the same way. A path whose next step is the logout's own answer lets it
 * through (`letThrough`, from `arrange`).
 */
export class LogoutHold {
  private through = false;
  readonly requests = new RequestHold((request) => !this.through && new URL(request.url).pathname === LOGOUT_PATH);

  /** The logout's answer is the path's next step: the call goes to the server at once. */
  letThrough() {
    this.through = true;
  }

  /** In signingOut: the logout call is on its way, held before the server (unless let through). */
  async checkSigningOut() {
    if (this.through) return;
    await pollUntil(() => (this.requests.log.some((r) => r.path === LOGOUT_PATH && r.outcome === 'held') ? true : undefined), 'the logout call, held');
  }

  /**
   * After an event taken from signingOut: the page moved on without the logout's answer, which
   * never reached the server. (Whether the abort reached the held request is not asserted: Node's
   * fetch follows a Request's signal through a weak reference, so the abort can be lost once the
   * first Request is collected, which a browser does not do.)
   */
  checkLeftSigningOut() {
    expect(this.requests.log.map((r) => r.path)).toEqual([LOGOUT_PATH]);
  }

  /** The path ended: a logout still held is dropped, as a closed page's would be. */
  end() {
    this.requests.drop();
  }
}
