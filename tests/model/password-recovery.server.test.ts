// Walk (a) of the password-recovery machine: every graph path on the machine with its real actors,
// the typed client calling the real reference server on a fresh database. Each answer a path
// expects is arranged as server state (tests/model/password-recovery.world.ts), never faked.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createPasswordRecoveryActors } from '../../machines/password-recovery/password-recovery.actors';
import { passwordRecoveryMachine } from '../../machines/password-recovery/password-recovery.machine';
import type { PasswordRecoveryEvent, PasswordRecoveryEventType } from '../../machines/password-recovery/password-recovery.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { passCountdown, solutionOf } from './captcha-walks';
import { passwordRecoveryGraph, recoveryInputs, recoveryKnownGaps, type RecoveryStart } from './password-recovery.model';
import { RecoveryWorld } from './password-recovery.world';
import { createClientWorld } from './real-server';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** With a challenge shown, the request goes with its solution, found for real. */
const answer = (from: AnyMachineSnapshot) => solutionOf(from.matches({ requesting: 'captchaShown' }) ? from.context.captcha : null);

/** What the user does for each event: here the event itself, filled from the arranged world. */
const executors = {
  LINK_REQUESTED: async (w, from) => ({ type: 'LINK_REQUESTED', email: w.fields.account, ...(await answer(from)) }),
  CODE_REQUESTED: async (w, from) => ({ type: 'CODE_REQUESTED', fields: w.fields, ...(await answer(from)) }),
  RESEND_REQUESTED: async () => ({ type: 'RESEND_REQUESTED' }),
  CODE_RESET_SUBMITTED: async (w) => ({ type: 'CODE_RESET_SUBMITTED', code: await w.typedCode(), password: w.newPassword }),
  LINK_RESET_SUBMITTED: async (w) => ({ type: 'LINK_RESET_SUBMITTED', password: w.newPassword }),
  RESTART: async () => ({ type: 'RESTART' }),
} satisfies Record<PasswordRecoveryEventType, (w: RecoveryWorld, from: AnyMachineSnapshot) => Promise<PasswordRecoveryEvent>>;

walkSuite({
  title: 'password-recovery machine, walk (a): real actors against the real server',
  flow: 'passwordRecovery',
  walk: 'server',
  model: passwordRecoveryGraph(),
  knownGaps: recoveryKnownGaps,
  // A path for each refusal code the calls expect, and each request, restart or reset from each state.
  walkEveryTarget: true,
  // A request made while the captcha's challenge loads is made before it came.
  actsWhileBusy: ['LINK_REQUESTED', 'CODE_REQUESTED'],
  path(run) {
    const client = createClientWorld(server.app);
    const world = new RecoveryWorld(server, clock);
    run.onEnd(() => world.repair());
    const done: unknown[] = [];
    let send: (event: EventObject, from: AnyMachineSnapshot) => Promise<void> = async () => {};
    return {
      arrange: (event, _expected, cause) => world.arrange(event, cause),
      async start(start) {
        const input = { token: recoveryInputs[start as RecoveryStart].token === null ? null : world.token };
        const machine = passwordRecoveryMachine.provide({
          actors: createPasswordRecoveryActors(client.api),
          actions: { goToLogin: (_, { to }) => void done.push(['goTo', to]) },
        });
        // The challenge's answer waits while the walk looks at the state loading it, as on a slow
        // network: else it could come before the request the path makes there.
        const started = run.startOnScreen(machine, client.gate, { input, busy: (s) => JSON.stringify(s.value).includes('loadingCaptcha') });
        send = async (event, from) => started.actor.send(await executors[event.type as PasswordRecoveryEventType](world, from));
        return started;
      },
      perform: (event, from) => send(event, from),
      delayMs: passCountdown(clock),
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (reached.matches('done') && JSON.stringify(done) !== JSON.stringify([['goTo', '/login?reason=passwordChanged']]))
          throw new Error('did not go to /login');
      },
    };
  },
});
