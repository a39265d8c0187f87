// Walk (a) of the login machine: every graph path on the machine with its real actors, the
// typed client calling the real reference server on a fresh database. Each answer a path expects
// is arranged as server state (tests/model/login.world.ts), never faked.
import { beforeAll } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createLoginActors } from '../../machines/login/login.actors';
import { loginMachine } from '../../machines/login/login.machine';
import type { LoginEvent, LoginEventType } from '../../machines/login/login.types';
import { createFakeClock } from '../../server/clock';
import { useRedeployedServer, useTestServer } from '../helpers/test-server';
import { solutionOf } from './captcha-walks';
import { GOOGLE_CLIENT_ID, useGoogleStub } from './google-stub';
import { loginGraph, loginInputs, loginKnownGaps, type LoginStart } from './login.model';
import { configureCountdown, LoginWorld } from './login.world';
import { createClientWorld } from './real-server';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const env: NodeJS.ProcessEnv = { GOOGLE_CLIENT_ID };
const google = useGoogleStub(env);
const server = useTestServer(env, { clock });
// 4598: the site as the operator redeployed it without token log-in and Google sign-in.
const redeployed = useRedeployedServer(server, { NODE_ENV: 'production' }, { clock });
beforeAll(() => configureCountdown(server));

type Executor = (world: LoginWorld, from: AnyMachineSnapshot, event: EventObject) => Promise<LoginEvent>;

/** What the user does for each event: here the event itself, filled from the arranged world. */
const executors = {
  TAB_CHOSEN: async (_w, _from, event) => ({ type: 'TAB_CHOSEN', tab: (event as Extract<LoginEvent, { type: 'TAB_CHOSEN' }>).tab }),
  PASSWORD_SUBMITTED: async (w, from) => ({
    type: 'PASSWORD_SUBMITTED',
    ...w.passwordForm(),
    // With a challenge shown, its solution, found for real.
    ...(await solutionOf(from.matches({ form: { passwordTab: 'captchaShown' } }) ? from.context.captcha : null)),
  }),
  CODE_REQUESTED: async (w, from) => ({
    type: 'CODE_REQUESTED',
    fields: w.codeForm(),
    ...(await solutionOf(from.matches({ form: { codeTab: 'captchaShown' } }) ? from.context.captcha : null)),
  }),
  CODE_RESEND_REQUESTED: async () => ({ type: 'CODE_RESEND_REQUESTED' }),
  CODE_SUBMITTED: async (w) => ({ type: 'CODE_SUBMITTED', code: await w.typedCode() }),
  CODE_DIALOG_CLOSED: async () => ({ type: 'CODE_DIALOG_CLOSED' }),
  GOOGLE_CREDENTIAL_RECEIVED: async (w) => ({ type: 'GOOGLE_CREDENTIAL_RECEIVED', credential: w.googleCredential ?? 'left.before.answer' }),
  GOOGLE_SIGNUP_CONFIRMED: async () => ({ type: 'GOOGLE_SIGNUP_CONFIRMED', acceptTerms: true, language: 'en' }),
  GOOGLE_SIGNUP_CANCELLED: async () => ({ type: 'GOOGLE_SIGNUP_CANCELLED' }),
  NOTICE_DISMISSED: async () => ({ type: 'NOTICE_DISMISSED' }),
} satisfies Record<LoginEventType, Executor>;

walkSuite({
  title: 'login machine, walk (a): real actors against the real server',
  flow: 'login',
  walk: 'server',
  model: loginGraph(),
  knownGaps: loginKnownGaps,
  // A path for each refusal code the calls expect, and each tab or Google choice from each state.
  walkEveryTarget: true,
  // A tab or Google chosen while the captcha's challenge loads is chosen before it came.
  actsWhileBusy: ['TAB_CHOSEN', 'GOOGLE_CREDENTIAL_RECEIVED'],
  path(run) {
    const client = createClientWorld(server.app);
    const world = new LoginWorld(server, clock, google, client, redeployed);
    world.follow(run.path);
    run.onEnd(() => world.repair());
    const done: unknown[] = [];
    let perform: (event: EventObject, from: AnyMachineSnapshot) => Promise<void> = async () => {};
    return {
      arrange: (event, _expected, cause) => world.arrange(event, cause),
      async start(start) {
        const input = { ...loginInputs[start as LoginStart], entranceToken: loginInputs[start as LoginStart].entranceToken ? world.entranceToken : null };
        client.store.set('scene', input.scene);
        const machine = loginMachine.provide({
          actors: createLoginActors(client.api),
          actions: {
            rememberTab: (_, { tab }) => client.store.set('loginActiveTab', tab),
            storeUserInfo: (_, { userInfo }) => client.store.set('userInfo', userInfo),
            returnToOrigin: (_, { to }) => void done.push(['returnTo', to]),
          },
        });
        // The challenge's answer waits while the walk looks at the state loading it, as on a slow
        // network: else it could come before the choice the path makes there.
        const started = run.startOnScreen(machine, client.gate, { input, busy: (s) => JSON.stringify(s.value).includes('loadingCaptcha') });
        perform = async (event, from) => started.actor.send(await executors[event.type as LoginEventType](world, from, event));
        return started;
      },
      perform: (event, from) => perform(event, from),
      delayMs(delay, current) {
        // The countdown runs on the server's clock too, so the resend is really allowed.
        const ms = current.context.countdownSeconds * 1000;
        clock.advance(ms);
        return delay === 'resendCountdown' ? ms : 0;
      },
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (reached.matches('loggedIn')) {
          // Spec section 4: userInfo stored, and back to where the user came from.
          if (client.store.get('userInfo')?.token !== reached.context.userInfo.token) throw new Error('userInfo not stored');
          if (JSON.stringify(done.at(-1)) !== JSON.stringify(['returnTo', reached.context.returnTo])) throw new Error('did not return');
        }
        if (event.type === 'TAB_CHOSEN' && client.store.get('loginActiveTab') !== reached.context.tab) throw new Error('tab not remembered');
      },
    };
  },
});
