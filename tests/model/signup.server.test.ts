// Walk (a) of the sign-up machine: every graph path with the real actors on the real server.
import type { EventObject } from 'xstate';
import { createSignupActors } from '../../machines/signup/signup.actors';
import { signupMachine } from '../../machines/signup/signup.machine';
import type { SignupEvent, SignupEventType } from '../../machines/signup/signup.types';
import { useTestServer } from '../helpers/test-server';
import { createClientWorld } from './real-server';
import { signupKnownGaps, signupGraph, signupInputs, SignupWorld } from './signup.model';
import { walkSuite } from './walk-suite';

const server = useTestServer();

const executors = {
  SIGNUP_SUBMITTED: (w) => ({ type: 'SIGNUP_SUBMITTED', fields: w.fields, acceptTerms: true }),
  NOTICE_DISMISSED: () => ({ type: 'NOTICE_DISMISSED' }),
} satisfies Record<SignupEventType, (w: SignupWorld) => SignupEvent>;

walkSuite({
  title: 'sign-up machine, walk (a): real actors against the real server',
  flow: 'signup',
  walk: 'server',
  model: signupGraph(),
  knownGaps: signupKnownGaps,
  // A path for each refusal code the call expects.
  walkEveryTarget: true,
  path(run) {
    const client = createClientWorld(server.app);
    const world = new SignupWorld(server);
    run.onEnd(() => world.repair());
    const done: unknown[] = [];
    let send: (event: EventObject) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const machine = signupMachine.provide({
          actors: createSignupActors(client.api),
          actions: {
            storeUserInfo: (_, { userInfo }) => client.store.set('userInfo', userInfo),
            returnToOrigin: (_, { to }) => void done.push(['returnTo', to]),
          },
        });
        const started = run.start(machine, signupInputs.web);
        send = (event) => started.actor.send(event as SignupEvent);
        return started;
      },
      perform: async (event) => send(executors[event.type as SignupEventType](world)),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (reached.matches('signedUp')) {
          if (client.store.get('userInfo')?.token !== reached.context.userInfo.token) throw new Error('userInfo not stored');
          if (JSON.stringify(done) !== JSON.stringify([['returnTo', '/orders']])) throw new Error('did not return');
        }
      },
    };
  },
});
