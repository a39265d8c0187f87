// Walk (a) of the auto-renewal machine: every graph path on the machine with its real actors, the
// typed client calling the real reference server on a fresh database. Each answer is arranged as
// server state (tests/model/auto-renewal.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createAutoRenewalActors } from '../../machines/auto-renewal/auto-renewal.actors';
import { autoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import type { AutoRenewalEvent, AutoRenewalEventType } from '../../machines/auto-renewal/auto-renewal.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { autoRenewalGraph } from './auto-renewal.model';
import { RenewalWorld } from './auto-renewal.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself, filled from the arranged world. */
const executors = {
  CANCEL_REQUESTED: () => ({ type: 'CANCEL_REQUESTED' }),
  // The cancellation flow settled (its own walks drive it: tests/model/cancellation.*).
  CANCELLATION_SETTLED: () => ({ type: 'CANCELLATION_SETTLED' }),
  CANCEL_DISMISSED: () => ({ type: 'CANCEL_DISMISSED' }),
  CARD_CHANGE_REQUESTED: () => ({ type: 'CARD_CHANGE_REQUESTED' }),
  CARD_CHOSEN: (w) => ({ type: 'CARD_CHOSEN', cardId: w.spareCardId! }),
  CARD_CHANGE_DISMISSED: () => ({ type: 'CARD_CHANGE_DISMISSED' }),
  REFRESH_REQUESTED: () => ({ type: 'REFRESH_REQUESTED' }),
} satisfies Record<AutoRenewalEventType, (world: RenewalWorld) => AutoRenewalEvent>;

walkSuite({
  title: 'auto-renewal machine, walk (a): real actors against the real server',
  flow: 'autoRenewal',
  walk: 'server',
  model: autoRenewalGraph(),
  // A path for each refusal code the calls expect (1020 shares a branch with another code).
  walkEveryTarget: true,
  async path(run) {
    const world = new RenewalWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: AutoRenewalEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(autoRenewalMachine.provide({ actors: createAutoRenewalActors(world.customer.client.api) }));
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(executors[event.type as AutoRenewalEventType](world)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
