// Walk (a) of the discount-unbinding machine: every graph path on the machine with its real actor,
// the typed client calling the real reference server on a fresh database. Each answer is arranged
// as server state (tests/model/discount-unbinding.world.ts), never faked.
import { afterAll, describe, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createDiscountUnbindingActors } from '../../machines/discount-unbinding/discount-unbinding.actors';
import { discountUnbindingMachine } from '../../machines/discount-unbinding/discount-unbinding.machine';
import type { DiscountUnbindingEvent, DiscountUnbindingEventType } from '../../machines/discount-unbinding/discount-unbinding.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { discountUnbindingGraph } from './discount-unbinding.model';
import { UnbindingWorld } from './discount-unbinding.world';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(discountUnbindingGraph(discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors({} as never) })));

/** What the customer does for each event: here the event itself. */
const executors = {
  CONFIRMED: () => ({ type: 'CONFIRMED' }),
  CANCELLED: () => ({ type: 'CANCELLED' }),
  RETRY_REQUESTED: () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<DiscountUnbindingEventType, () => DiscountUnbindingEvent>;

describe('discount-unbinding machine, walk (a): real actors against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const world = new UnbindingWorld(server);
    const input = await world.setUp();
    const seen: AnyMachineSnapshot[] = [];
    let stop = () => {};
    let send: (event: DiscountUnbindingEvent) => void = () => {};
    await walkPath(path, {
      arrange: (event) => world.arrange(event),
      async start() {
        const machine = discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(world.customer.client.api) });
        const started = startRecorded(machine, recorder, input);
        seen.push(started.actor.getSnapshot() as AnyMachineSnapshot);
        started.actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
        stop = () => started.actor.stop();
        send = (event) => started.actor.send(event);
        return { snapshots: () => seen, clock: started.clock };
      },
      perform: async (event: EventObject) => send(executors[event.type as DiscountUnbindingEventType]()),
      delayMs: () => 0,
      async check(reached, expected, event) {
        if (JSON.stringify(reached.value) !== JSON.stringify(expected.value)) throw new Error(`reached ${JSON.stringify(reached.value)}`);
        await world.check(reached, event);
      },
      until: pollUntil,
    });
    await world.repair();
    stop();
  });

  afterAll(() => {
    const report = saveCoverage('discountUnbinding', 'server', discountUnbindingMachine, recorder);
    assertFullCoverage(report, 'discountUnbinding', 'server');
  });
});
