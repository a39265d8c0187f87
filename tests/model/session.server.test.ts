// Walk (a) of the session machine: every graph path on the machine with its real actors, the
// client calling the real reference server on a fresh database; server answers are arranged, not
// faked (a revoked token, a clock past the 10 days, a storage fault). From signingOut the logout
// call is held on its way to the server while the next event happens (session.model.ts LogoutHold).
// A refusal whose late answer the path takes next finds two calls in flight (session.model.ts SecondCall).
import { expect } from 'vitest';
import type { Actor, EventObject } from 'xstate';
import { createSessionActors } from '../../machines/session/session.actors';
import type { SessionEvent } from '../../machines/session/session.types';
import { sessionLifetimeOn, sessionMachine } from '../../machines/session/session.machine';
import { createFakeClock } from '../../server/clock';
import { watchOtherTabs } from '../../core/session/store';
import { createTestAccount, loginBody, type TestAccount } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';
import { createClientWorld, MemoryStorage } from './real-server';
import { breakLogout, endSessionOnServer, isLateRefusal, LogoutHold, SecondCall, sessionAnswer, sessionGraph } from './session.model';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** The server's own view of a token: 0 while its session lives, else -24010 / -24020. */
const serverAnswerFor = (token: string, account: TestAccount) =>
  sessionAnswer(server, { token, uid: String(account.uid), account: account.account, type: account.type });

walkSuite({
  title: 'session machine, walk (a): real actors against the real server',
  flow: 'session',
  walk: 'server',
  model: sessionGraph(),
  walkEveryTarget: true,
  async path(run) {
    const account: TestAccount = await createTestAccount(server);
    const storage = new MemoryStorage();
    const logout = new LogoutHold();
    const world = createClientWorld(server.app, storage, { hold: logout.requests });
    /** Whether the last event was sent while the logout call was in flight. */
    let fromSigningOut = false;
    const second = new SecondCall(run.path);
    /** Whether the last event was the late answer of the second call. */
    let late = false;
    const win = new EventTarget();
    const done: string[] = [];
    const restore: Array<() => Promise<void>> = [];
    // A failed path must not leave its fault to the next one.
    run.onEnd(async () => {
      for (const undo of restore.splice(0)) await undo();
      logout.end();
      second.end();
    });
    let lastToken: string | null = null;
    const logIn = async () =>
      (await world.api.callData(world.api.client.POST('/api/user/login/v1', { body: loginBody(account) }))) as never as { token: string; expiration: number };
    let actor: Actor<typeof sessionMachine> | undefined;

    return {
      async arrange(event) {
        if (event.type.endsWith('.actor.logout')) logout.letThrough();
        if (event.type === 'xstate.error.actor.logout') restore.push(await breakLogout(server));
      },
      async start(start) {
        // A page opened with a session stored by an earlier real log-in.
        if (start === 'storedSession') world.store.set('userInfo', (await logIn()) as never);
        const machine = sessionMachine.provide({
          actors: createSessionActors(world.api),
          actions: {
            storeUserInfo: (_, { userInfo }) => world.store.set('userInfo', userInfo),
            clearSession: () => (done.push('clearSession'), world.store.resetSession()),
            showResetMessage: () => void done.push('showResetMessage'),
            warnSessionEnded: () => void done.push('warnSessionEnded'),
            goToLogin: () => void done.push('goToLogin'),
            reloadPage: () => void done.push('reloadPage'),
          },
          delays: { sessionLifetime: sessionLifetimeOn(() => clock.now()) },
        });
        const started = run.start(machine, { userInfo: world.store.get('userInfo') });
        actor = started.actor;
        world.onReset((reset) => actor!.send({ type: 'SESSION_REFUSED', reset }));
        watchOtherTabs(win as unknown as Window, world.store, () => actor!.send({ type: 'OTHER_TAB_CHANGED_LOGIN' }));
        return started;
      },
      async perform(event: EventObject, from) {
        fromSigningOut = from.value === 'signingOut';
        late = isLateRefusal(from, event);
        switch (event.type) {
          case 'SIGNED_IN': {
            const userInfo = await logIn();
            actor!.send({ type: 'SIGNED_IN', userInfo: userInfo as never });
            return;
          }
          case 'LOGOUT_REQUESTED':
            lastToken = world.store.get('userInfo')?.token ?? null;
            actor!.send({ type: 'LOGOUT_REQUESTED' });
            return;
          case 'SESSION_REFUSED': {
            const { kind, errCode } = (event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>).reset;
            // The second call's answer reaches the client now, the page signed out by the first.
            if (late) return void expect(await second.deliver()).toMatchObject({ kind: 'refusal', errCode, outcome: kind });
            const token = world.store.get('userInfo')?.token;
            await endSessionOnServer(server, account, kind, token);
            if (second.lateAnswerFollows) await second.send(server, world.api, account, { token: token!, errCode });
            await expect(
              world.api.call(
                world.api.client.POST('/api/user/queryInfo/v1', { body: { uid: String(account.uid), account: account.account, type: account.type } }),
              ),
            ).rejects.toMatchObject({ errCode });
            return;
          }
          case 'OTHER_TAB_CHANGED_LOGIN': {
            // Another tab logs in for real and stores its own token in the shared storage.
            const res = await server.post('/api/user/login/v1', loginBody(account));
            const newValue = JSON.stringify(res.body.data);
            storage.setItem('userInfo', newValue);
            win.dispatchEvent(Object.assign(new Event('storage'), { key: 'userInfo', newValue, storageArea: storage }));
            return;
          }
          default:
            throw new Error(`no executor for ${event.type}`);
        }
      },
      delayMs(delay, current) {
        expect(delay).toBe('sessionLifetime');
        const ms = Math.max(0, (current.context.userInfo?.expiration ?? 0) - clock.now());
        lastToken = current.context.userInfo?.token ?? null;
        clock.advance(ms);
        return ms;
      },
      async check(reached, _expected, event) {
        second.stepChecked();
        // The fault lasts until the answer it was arranged for has arrived.
        if (event.type.startsWith('xstate.')) for (const undo of restore.splice(0)) await undo();
        const stored = world.store.get('userInfo');
        switch (reached.value) {
          case 'signedOut':
            expect(reached.context.userInfo).toBeNull();
            expect(stored).toBeNull();
            break;
          case 'signedIn':
            expect(stored?.token).toBe(reached.context.userInfo?.token);
            expect(await serverAnswerFor(stored!.token, account)).toBe(0);
            break;
          case 'signingOut':
            expect(stored?.token).toBe(lastToken);
            await logout.checkSigningOut();
            break;
          case 'reloading':
            expect(done.at(-1)).toBe('reloadPage');
            break;
        }
        // Left while the logout was in flight: the page moved on without its answer; it never reached the server.
        if (fromSigningOut && !event.type.startsWith('xstate.')) logout.checkLeftSigningOut();
        if (event.type === 'xstate.done.actor.logout') {
          // Spec section 7: the server ended that session; the tab went to /login.
          expect(await serverAnswerFor(lastToken!, account)).toBe(-24020);
          expect(done.slice(-2)).toEqual(['clearSession', 'goToLogin']);
        }
        if (event.type === 'xstate.error.actor.logout') {
          expect(reached.context.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
          expect(done.at(-1)).toBe('goToLogin');
        }
        if (event.type.startsWith('xstate.after.sessionLifetime')) {
          // Spec section 9: 10 days on, the server refuses the token as expired too.
          expect(await serverAnswerFor(lastToken!, account)).toBe(-24010);
        }
        if (event.type === 'SESSION_REFUSED') {
          // Spec section 8: what each reset does, in order, decided by the session machine.
          const { reset } = event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>;
          expect(world.effects.at(-1)).toEqual(['resetSession', reset]);
          const expectedEffects = {
            silentReset: ['clearSession'],
            messageAndReset: ['showResetMessage', 'clearSession'],
            warnResetLogin: ['warnSessionEnded', 'clearSession', 'goToLogin'],
          }[reset.kind];
          expect(done.slice(-expectedEffects.length)).toEqual(expectedEffects);
          // Spec section 8 says what a refusal does, not whether the page was still signed in: the
          // late answer does it all again, and the page stays signed out (checked above).
          if (late) {
            expect(world.effects.slice(-2)).toEqual([
              ['resetSession', reset],
              ['resetSession', reset],
            ]);
            expect(done.slice(-2 * expectedEffects.length)).toEqual([...expectedEffects, ...expectedEffects]);
          }
        }
      },
    };
  },
});
