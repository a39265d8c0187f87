// Walk (a) of the repay machine: every graph path with its real actors and its real payment flow,
// against the real reference server on a fresh database; the order to repay and every answer are
// made for real by the repay world (tests/model/repay.world.ts).
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createRepayActors } from '../../machines/repay/repay.actors';
import { repayMachine } from '../../machines/repay/repay.machine';
import type { RepayEvent } from '../../machines/repay/repay.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { repayGraph } from './repay.model';
import { RepayWorld } from './repay.world';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(repayGraph(repayMachine.provide({ actors: createRepayActors({ client: {} } as never) })));

describe('repay machine, walk (a): real actors and the payment flow against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const world = new RepayWorld(server, clock);
    await world.setUp(path as never, expect);
    const seen: AnyMachineSnapshot[] = [];
    let actor: ReturnType<typeof startRecorded<typeof repayMachine>>['actor'] | undefined;
    let simulated: { increment(ms: number): void } | undefined;
    const send = (event: RepayEvent) => actor!.send(event);
    const executors = {
      PAY_SUBMITTED: async () => send({ type: 'PAY_SUBMITTED', details: world.details() }),
      METHOD_SELECTED: async (e) => send(e as RepayEvent),
      INSTALLMENTS_CHANGED: async (e) => send(e as RepayEvent),
      EMAIL_CHANGED: async (e) => send(e as RepayEvent),
      RETRY: async () => send({ type: 'RETRY' }),
    } satisfies Record<RepayEvent['type'], (event: EventObject) => Promise<void>>;
    try {
      await walkPath(path, {
        arrange: (event) => world.arrange(event),
        async start() {
          const started = startRecorded(repayMachine.provide({ actors: createRepayActors(world.api) }), recorder, world.input);
          actor = started.actor;
          simulated = started.clock;
          seen.push(actor.getSnapshot() as AnyMachineSnapshot);
          actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
          return { snapshots: () => seen, clock: started.clock };
        },
        perform: (event) => executors[event.type as RepayEvent['type']](event),
        delayMs() {
          throw new Error('the repay flow has no delays of its own');
        },
        async checked(reached) {
          if (reached.matches('paying')) await world.whilePaying((reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment, simulated!);
        },
        async check(reached, expected, event) {
          expect(reached.value).toEqual(expected.value);
          await world.checkServer(reached, event, expect);
        },
        until: pollUntil,
      });
    } finally {
      actor?.stop();
    }
  });

  afterAll(() => {
    const report = saveCoverage('repay', 'server', repayMachine, recorder);
    assertFullCoverage(report, 'repay', 'server');
  });
});
