// Walk (a) of the discount-unbinding machine: every graph path on the machine with its real actor,
// the typed client calling the real reference server on a fresh database. Each answer is arranged
// as server state (tests/model/discount-unbinding.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createDiscountUnbindingActors } from '../../machines/discount-unbinding/discount-unbinding.actors';
import { discountUnbindingMachine } from '../../machines/discount-unbinding/discount-unbinding.machine';
import type { DiscountUnbindingEvent, DiscountUnbindingEventType } from '../../machines/discount-unbinding/discount-unbinding.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { discountUnbindingGraph } from './discount-unbinding.model';
import { UnbindingWorld } from './discount-unbinding.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself. */
const executors = {
  CONFIRMED: () => ({ type: 'CONFIRMED' }),
  CANCELLED: () => ({ type: 'CANCELLED' }),
  RETRY_REQUESTED: () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<DiscountUnbindingEventType, () => DiscountUnbindingEvent>;

walkSuite({
  title: 'discount-unbinding machine, walk (a): real actors against the real server',
  flow: 'discountUnbinding',
  walk: 'server',
  model: discountUnbindingGraph(),
  async path(run) {
    const world = new UnbindingWorld(server);
    const input = await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: DiscountUnbindingEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(world.customer.client.api) }), input);
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(executors[event.type as DiscountUnbindingEventType]()),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
