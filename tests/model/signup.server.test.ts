// Walk (a) of the sign-up machine: every graph path with the real actors on the real server.
import { afterAll, describe, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createSignupActors } from '../../machines/signup/signup.actors';
import { signupMachine } from '../../machines/signup/signup.machine';
import type { SignupEvent, SignupEventType } from '../../machines/signup/signup.types';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { createClientWorld } from './real-server';
import { signupGraph, signupInputs, SignupWorld } from './signup.model';
import { walkPath } from './walker';

const server = useTestServer();
const recorder = new CoverageRecorder();
const paths = flowPaths(signupGraph(signupMachine.provide({ actors: createSignupActors({} as never) })));

const executors = {
  SIGNUP_SUBMITTED: (w) => ({ type: 'SIGNUP_SUBMITTED', fields: w.fields, acceptTerms: true }),
  NOTICE_DISMISSED: () => ({ type: 'NOTICE_DISMISSED' }),
} satisfies Record<SignupEventType, (w: SignupWorld) => SignupEvent>;

describe('sign-up machine, walk (a): real actors against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const client = createClientWorld(server.app);
    const world = new SignupWorld(server);
    const seen: AnyMachineSnapshot[] = [];
    const done: unknown[] = [];
    let send: (event: EventObject) => void = () => {};
    try {
      await walkPath(path, {
        arrange: (event) => world.arrange(event),
        async start() {
          const machine = signupMachine.provide({
            actors: createSignupActors(client.api),
            actions: {
              storeUserInfo: (_, { userInfo }) => client.store.set('userInfo', userInfo),
              returnToOrigin: (_, { to }) => void done.push(['returnTo', to]),
            },
          });
          const { actor, clock } = startRecorded(machine, recorder, signupInputs.web);
          seen.push(actor.getSnapshot() as AnyMachineSnapshot);
          actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
          send = (event) => actor.send(event as SignupEvent);
          return { snapshots: () => seen, clock };
        },
        perform: async (event) => send(executors[event.type as SignupEventType](world)),
        delayMs: () => 0,
        async check(reached, expected, event) {
          if (JSON.stringify(reached.value) !== JSON.stringify(expected.value)) throw new Error(`reached ${JSON.stringify(reached.value)}`);
          await world.check(reached, event);
          if (reached.matches('signedUp')) {
            if (client.store.get('userInfo')?.token !== reached.context.userInfo.token) throw new Error('userInfo not stored');
            if (JSON.stringify(done) !== JSON.stringify([['returnTo', '/orders']])) throw new Error('did not return');
          }
        },
        until: pollUntil,
      });
    } finally {
      await world.repair();
    }
  });

  afterAll(() => {
    const report = saveCoverage('signup', 'server', signupMachine, recorder);
    assertFullCoverage(report, 'signup', 'server');
  });
});
