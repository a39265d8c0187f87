// The session machine's graph for the walks: which events each state offers, with payloads.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject, SnapshotFrom } from 'xstate';
import type { Api } from '../../core/api/client';
import type { SessionResetKind } from '../../core/api/error-rules';
import { loginBody, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { sessionMachine, type SessionMachine } from '../../machines/session/session.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import type { SessionEvent } from '../../machines/session/session.types';
import { pollUntil } from './gate';
import type { FlowPath, GraphModel, ReachedBy } from './harness';
import { storageFault } from './faults';
import { injectFetch, RequestHold } from './real-server';

const placeholderUser = { token: 'graph', uid: '1', account: 'graph@example.com', type: 'email', expiration: 1, accountLoginType: 'password' };

type RefusalEvent = Extract<SessionEvent, { type: 'SESSION_REFUSED' }>;

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

/**
 * The refusal whose late answer may still come, in signedOut: the page was signed out by -1112 or
 * -24030 while a second call with the same token was in flight, which the server refuses alike
 * (spec section 8). A signed-out page sends no token, so this is the only way it meets them.
 */
function lateRefusalOf(snapshot: SnapshotFrom<SessionMachine>, reachedBy: ReachedBy<SessionMachine> | undefined): RefusalEvent | undefined {
  if (!reachedBy || !snapshot.matches('signedOut') || reachedBy.previous.context.userInfo === null) return undefined;
  const { event } = reachedBy;
  return event.type === 'SESSION_REFUSED' && (event as RefusalEvent).reset.kind !== 'silentReset' ? (event as RefusalEvent) : undefined;
}

/**
 * The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with
 * its own. `lateAnswers: false` leaves out the late refusals of a second call in flight, for a walk
 * that does not arrange two calls (the browser walk: every state once).
 */
export function sessionGraph({
  machine = sessionMachine.provide({ actors: createSessionActors({} as never) }),
  lateAnswers = true,
}: { machine?: SessionMachine; lateAnswers?: boolean } = {}): GraphModel<SessionMachine> {
  const lateRefusal = lateAnswers ? lateRefusalOf : () => undefined;
  return {
    machine,
    inputs: { signedOut: { userInfo: null }, storedSession: { userInfo: placeholderUser } },
    events: (snapshot, reachedBy) => {
      // The second call's answer comes before anything else happens on the page.
      const late = lateRefusal(snapshot, reachedBy);
      if (late) return [late];
      return candidates.filter(
        (e) =>
          snapshot.can(e as never) &&
          (!e.type.startsWith('xstate.') || eventOwnedBy(snapshot.value, e.type)) &&
          // -1112 and -24030 refuse a session that exists: the server answers them to a token.
          (e.type !== 'SESSION_REFUSED' || (e.reset as { kind: string }).kind === 'silentReset' || snapshot.context.userInfo !== null),
      );
    },
    vertex: (snapshot, reachedBy) => {
      const late = lateRefusal(snapshot, reachedBy);
      return `${JSON.stringify(snapshot.value)}${late ? `, a late ${late.reset.errCode} to come` : ''}`;
    },
  };
}

/** Whether `event`, taken in `from`, is the late answer of a second call (the graph offers no other refusal of a token when signed out). */
export const isLateRefusal = (from: AnyMachineSnapshot, event: EventObject) =>
  event.type === 'SESSION_REFUSED' && (event as RefusalEvent).reset.kind !== 'silentReset' && from.context.userInfo === null;

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

/**
 * The race of spec section 8, arranged for real: a second call with the session's token, sent
 * before the first refusal signs the page out. The server answers it at once, with the refusal it
 * gives the first; its answer reaches the page's client only when the walk takes the late step,
 * so the client's own refusal handling tells the session, signed out by then. A step sends it when
 * the path's next step is that late answer: the walk counts the steps it checked (`stepChecked`).
 */
export class SecondCall {
  private checked = 0;
  private held: { deliver(): Promise<unknown>; drop(): void } | undefined;
  constructor(private readonly path: FlowPath<SessionMachine>) {}

  /** A step was checked: the next event performed is the path's next step. */
  stepChecked() {
    this.checked += 1;
  }

  /** Whether the step being performed is followed by the late answer, so it must send the second call first. */
  get lateAnswerFollows(): boolean {
    const [step, next] = [this.path.steps[this.checked], this.path.steps[this.checked + 1]];
    return !!step && !!next && isLateRefusal(step.state, next.event);
  }

  /** Sends the second call (the account's info, as another view of the page asks) on the page's client; resolves once the server answered it. */
  async send(server: Server, api: Api, account: TestAccount, expected: { token: string; errCode: number }) {
    const inject = injectFetch(server.app);
    let release: (deliver: boolean) => void = () => {};
    const released = new Promise<boolean>((resolve) => (release = resolve));
    let served: (answer: { token: string | null; errCode: unknown }) => void = () => {};
    const answered = new Promise<{ token: string | null; errCode: unknown }>((resolve) => (served = resolve));
    const fetch = async (request: Request) => {
      const response = await inject(request);
      served({ token: request.headers.get('Authorization'), errCode: ((await response.clone().json()) as { errCode?: unknown }).errCode });
      if (!(await released)) throw new DOMException('The page went away.', 'AbortError');
      return response;
    };
    const body = { uid: String(account.uid), account: account.account, type: account.type };
    const settled = api.call(api.client.POST('/api/user/queryInfo/v1', { body, fetch })).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Sent with the session's token, and refused already: only its delivery waits.
    expect(await answered).toEqual(expected);
    this.held = { deliver: () => (release(true), settled), drop: () => release(false) };
  }

  /** The late step: the held answer reaches the page's client; resolves with how the call failed. */
  deliver(): Promise<unknown> {
    const held = this.held;
    this.held = undefined;
    if (!held) throw new Error('no second call in flight: the step before the late answer sends it');
    return held.deliver();
  }

  /** The path ended: an answer still held is dropped, as a closed page's would be. */
  end() {
    this.held?.drop();
    this.held = undefined;
  }
}
