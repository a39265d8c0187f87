// Walk (a) of the PIX Automático machine: every graph path on the machine with its real actors,
// the typed client calling the real reference server on a fresh database. Each answer is arranged
// as server state (tests/model/pix-automatico.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createPixAutomaticoActors } from '../../machines/pix-automatico/pix-automatico.actors';
import { pixAutomaticoMachine } from '../../machines/pix-automatico/pix-automatico.machine';
import type { PixAutomaticoEvent, PixAutomaticoEventType } from '../../machines/pix-automatico/pix-automatico.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { pixAutomaticoGraph } from './pix-automatico.model';
import { PixAutomaticoWorld } from './pix-automatico.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself, for the plan the account has. */
const executors = {
  START_REQUESTED: () => ({ type: 'START_REQUESTED', planId: '1' }),
  REFRESH_REQUESTED: () => ({ type: 'REFRESH_REQUESTED' }),
  CANCEL_REQUESTED: () => ({ type: 'CANCEL_REQUESTED' }),
  CANCEL_CONFIRMED: () => ({ type: 'CANCEL_CONFIRMED' }),
  CANCEL_DISMISSED: () => ({ type: 'CANCEL_DISMISSED' }),
  RETRY_REQUESTED: () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<PixAutomaticoEventType, () => PixAutomaticoEvent>;

walkSuite({
  title: 'PIX Automático machine, walk (a): real actors against the real server',
  flow: 'pixAutomatico',
  walk: 'server',
  model: pixAutomaticoGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new PixAutomaticoWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: PixAutomaticoEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(pixAutomaticoMachine.provide({ actors: createPixAutomaticoActors(world.customer.client.api) }));
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(executors[event.type as PixAutomaticoEventType]()),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
