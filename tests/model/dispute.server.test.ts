// Walk (a) of the chargeback panel's machine: every graph path on the machine with its real actors,
// the typed client calling the real reference server on a fresh database. Each answer is arranged
// as server state (tests/model/dispute.world.ts: the sandbox network's dispute steps), never faked.
import type { EventObject } from 'xstate';
import { createDisputeActors } from '../../machines/dispute/dispute.actors';
import { disputeMachine } from '../../machines/dispute/dispute.machine';
import type { DisputeEvent, DisputeEventType } from '../../machines/dispute/dispute.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { disputeGraph } from './dispute.model';
import { DisputeWorld } from './dispute.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself. */
const executors = {
  REFRESH_REQUESTED: () => ({ type: 'REFRESH_REQUESTED' }),
  RETRY_REQUESTED: () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<DisputeEventType, () => DisputeEvent>;

walkSuite({
  title: 'chargeback panel machine, walk (a): real actors against the real server',
  flow: 'dispute',
  walk: 'server',
  model: disputeGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new DisputeWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: DisputeEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(disputeMachine.provide({ actors: createDisputeActors(world.customer.client.api) }), { orderId: world.orderId });
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(executors[event.type as DisputeEventType]()),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
