// Walk (a) of the payment machine: every graph path on the machine with its real actors, the
// client calling the real reference server on a fresh database. Each answer is arranged for real
// by the payment world (tests/model/payment.world.ts).
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createPaymentActors } from '../../machines/payment/payment.actors';
import { paymentMachine } from '../../machines/payment/payment.machine';
import type { PaymentEvent } from '../../machines/payment/payment.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { paymentGraph } from './payment.model';
import { PaymentWorld } from './payment.world';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(paymentGraph(paymentMachine.provide({ actors: createPaymentActors({} as never) })));

describe('payment machine, walk (a): real actors against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const seen: AnyMachineSnapshot[] = [];
    let actor: ReturnType<typeof startRecorded<typeof paymentMachine>>['actor'] | undefined;
    const world = new PaymentWorld(server, clock, path, () => actor?.getSnapshot() as AnyMachineSnapshot | undefined);
    await world.setUp();
    const goneTo: string[] = [];
    /** Each user event, sent as the answer arranged after it needs. */
    const executors = {
      OTP_SUBMITTED: async () => actor!.send({ type: 'OTP_SUBMITTED', otp: await world.otp() }),
      COIN_CHANGED: async () => actor!.send({ type: 'COIN_CHANGED', ...world.coin() }),
      PROOF_SELECTED: async () => actor!.send({ type: 'PROOF_SELECTED', file: world.proof() }),
      LEFT_TO_PAY_LATER: async () => actor!.send({ type: 'LEFT_TO_PAY_LATER' }),
    } satisfies Record<PaymentEvent['type'], () => Promise<void>>;
    try {
      await walkPath(path, {
        arrange: (event) => world.arrange(event),
        async start(start) {
          const input = await world.input(start);
          const machine = paymentMachine.provide({ actors: createPaymentActors(world.client.api), actions: { goToProvider: (_, { url }) => void goneTo.push(url) } });
          const started = startRecorded(machine, recorder, input);
          actor = started.actor;
          seen.push(actor.getSnapshot() as AnyMachineSnapshot);
          actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
          return { snapshots: () => seen, clock: started.clock };
        },
        perform: (event) => executors[event.type as PaymentEvent['type']](),
        delayMs: (delay) => (delay === 'retryDelay' ? 1_000 : 5_000),
        async check(reached, expected, event) {
          // A fault lasts until the answer it was arranged for has arrived.
          if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) await world.undoFaults();
          expect(reached.value).toEqual(expected.value);
          await world.checkServer(reached, event, expect);
          if (reached.matches('redirecting')) expect(goneTo).toEqual([(reached.context.result as { url: string }).url]);
        },
        until: pollUntil,
      });
    } finally {
      actor?.stop();
      await world.undoFaults();
    }
  });

  afterAll(() => {
    const report = saveCoverage('payment', 'server', paymentMachine, recorder);
    assertFullCoverage(report, 'payment', 'server');
  });
});
