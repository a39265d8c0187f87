// Walk (a) of the cancellation machine: every graph path on the machine with its real actors, the
// typed client calling the real reference server on a fresh database. Each answer is arranged as
// server state (tests/model/cancellation.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createCancellationActors } from '../../machines/cancellation/cancellation.actors';
import { cancellationMachine } from '../../machines/cancellation/cancellation.machine';
import type { CancellationEvent, CancellationEventType } from '../../machines/cancellation/cancellation.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { cancellationGraph } from './cancellation.model';
import { CancellationWorld } from './cancellation.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself, filled from the arranged world. */
const executors = {
  REASON_SUBMITTED: (w) => w.reason,
  OFFER_ACCEPTED: () => ({ type: 'OFFER_ACCEPTED' }),
  OFFER_DECLINED: () => ({ type: 'OFFER_DECLINED' }),
  CANCEL_CONFIRMED: () => ({ type: 'CANCEL_CONFIRMED' }),
} satisfies Record<CancellationEventType, (world: CancellationWorld) => CancellationEvent>;

walkSuite({
  title: 'cancellation machine, walk (a): real actors against the real server',
  flow: 'cancellation',
  walk: 'server',
  model: cancellationGraph(),
  // A path for each refusal code the calls expect (several share a branch).
  walkEveryTarget: true,
  async path(run) {
    const world = new CancellationWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: CancellationEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(cancellationMachine.provide({ actors: createCancellationActors(world.customer.client.api) }));
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(executors[event.type as CancellationEventType](world)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
