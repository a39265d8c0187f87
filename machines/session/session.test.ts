// The session rules the graph walks cannot judge: what each reset does, in which order, and the
// two resets (-1112, -24030) the reference server never answers (docs/decisions/012).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { sessionLifetimeOn, sessionMachine } from './session.machine';

const user = (token: string, expiration: number) => ({ token, uid: '7', account: 'a@example.com', type: 'email', expiration, accountLoginType: 'password' });

function start(userInfo: ReturnType<typeof user> | null, now = 0) {
  const log: unknown[] = [];
  const clock = new SimulatedClock();
  clock.set(now);
  const machine = sessionMachine.provide({
    actors: { logout: fromPromise<void>(async () => {}) },
    actions: {
      storeUserInfo: (_, p) => void log.push(['store', p.userInfo.token]),
      clearSession: () => void log.push('clear'),
      showResetMessage: (_, p) => void log.push(['message', p.reset.errCode]),
      warnSessionEnded: (_, p) => void log.push(['warn', p.reset.errCode]),
      goToLogin: () => void log.push('login'),
      reloadPage: () => void log.push('reload'),
    },
    delays: { sessionLifetime: sessionLifetimeOn(() => clock.now()) },
  });
  const actor = createActor(machine, { input: { userInfo }, clock }).start();
  return { actor, log, clock };
}

describe('session machine rules', () => {
  it('-24030 warns, then clears the session, then goes to /login (spec section 8)', () => {
    const { actor, log } = start(user('t1', 10));
    actor.send({ type: 'SESSION_REFUSED', reset: { kind: 'warnResetLogin', errCode: -24030 } });
    expect(log).toEqual([['warn', -24030], 'clear', 'login']);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('-1112 shows the error message and clears the session, staying on the page', () => {
    const { actor, log } = start(user('t1', 10));
    actor.send({ type: 'SESSION_REFUSED', reset: { kind: 'messageAndReset', errCode: -1112 } });
    expect(log).toEqual([['message', -1112], 'clear']);
    expect(actor.getSnapshot().context.userInfo).toBeNull();
  });

  it('-24010, -24020 and 21 clear the session without a word', () => {
    for (const errCode of [-24010, -24020, 21]) {
      const { actor, log } = start(user('t1', 10));
      actor.send({ type: 'SESSION_REFUSED', reset: { kind: 'silentReset', errCode } });
      expect(log).toEqual(['clear']);
    }
  });

  it('a stored session already past its 10 days ends as the page opens', () => {
    const { actor, log, clock } = start(user('old', 1_000), 5_000);
    // Its timer is due at once: the first tick of the clock ends it.
    clock.increment(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['clear']);
  });

  it('a new log-in restarts the 10 days', () => {
    const { actor, clock } = start(user('t1', 1_000));
    clock.increment(500);
    actor.send({ type: 'SIGNED_IN', userInfo: user('t2', 2_000) });
    clock.increment(600);
    expect(actor.getSnapshot().value).toBe('signedIn');
    clock.increment(900);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});
