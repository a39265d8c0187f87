// Walk (a) of the auto-renewal machine: every graph path on the machine with its real actors, the
// typed client calling the real reference server on a fresh database. Each answer is arranged as
// server state (tests/model/auto-renewal.world.ts), never faked.
import { afterAll, describe, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createAutoRenewalActors } from '../../machines/auto-renewal/auto-renewal.actors';
import { autoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import type { AutoRenewalEvent, AutoRenewalEventType } from '../../machines/auto-renewal/auto-renewal.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { autoRenewalGraph } from './auto-renewal.model';
import { RenewalWorld } from './auto-renewal.world';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(autoRenewalGraph(autoRenewalMachine.provide({ actors: createAutoRenewalActors({} as never) })));

/** What the customer does for each event: here the event itself, filled from the arranged world. */
const executors = {
  CANCEL_REQUESTED: () => ({ type: 'CANCEL_REQUESTED' }),
  CANCEL_CONFIRMED: () => ({ type: 'CANCEL_CONFIRMED' }),
  CANCEL_DISMISSED: () => ({ type: 'CANCEL_DISMISSED' }),
  CARD_CHANGE_REQUESTED: () => ({ type: 'CARD_CHANGE_REQUESTED' }),
  CARD_CHOSEN: (w) => ({ type: 'CARD_CHOSEN', cardId: w.spareCardId! }),
  CARD_CHANGE_DISMISSED: () => ({ type: 'CARD_CHANGE_DISMISSED' }),
  REFRESH_REQUESTED: () => ({ type: 'REFRESH_REQUESTED' }),
} satisfies Record<AutoRenewalEventType, (world: RenewalWorld) => AutoRenewalEvent>;

describe('auto-renewal machine, walk (a): real actors against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const world = new RenewalWorld(server);
    await world.setUp();
    const seen: AnyMachineSnapshot[] = [];
    let stop = () => {};
    let send: (event: AutoRenewalEvent) => void = () => {};
    try {
      await walkPath(path, {
        arrange: (event) => world.arrange(event),
        async start() {
          const machine = autoRenewalMachine.provide({ actors: createAutoRenewalActors(world.customer.client.api) });
          const started = startRecorded(machine, recorder);
          seen.push(started.actor.getSnapshot() as AnyMachineSnapshot);
          started.actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
          stop = () => started.actor.stop();
          send = (event) => started.actor.send(event);
          return { snapshots: () => seen, clock: started.clock };
        },
        perform: async (event: EventObject) => send(executors[event.type as AutoRenewalEventType](world)),
        delayMs: () => 0,
        async check(reached, expected, event) {
          if (JSON.stringify(reached.value) !== JSON.stringify(expected.value)) throw new Error(`reached ${JSON.stringify(reached.value)}`);
          await world.check(reached, event);
        },
        until: pollUntil,
      });
    } finally {
      stop();
      await world.repair();
    }
  });

  afterAll(() => {
    const report = saveCoverage('autoRenewal', 'server', autoRenewalMachine, recorder);
    assertFullCoverage(report, 'autoRenewal', 'server');
  });
});
