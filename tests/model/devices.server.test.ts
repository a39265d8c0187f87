// Walk (a) of the device sign-out machine: every graph path on the machine with its real actors,
// the typed client calling the real reference server on a fresh database. Each answer is arranged
// as server state (tests/model/devices.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createDevicesActors } from '../../machines/devices/devices.actors';
import { devicesMachine } from '../../machines/devices/devices.machine';
import type { DevicesEvent, DevicesEventType } from '../../machines/devices/devices.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { devicesGraph } from './devices.model';
import { DevicesWorld, OTHER_DEVICE } from './devices.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself, the device named from the arranged world. */
const executors = {
  SIGN_OUT_REQUESTED: async (w) => ({ type: 'SIGN_OUT_REQUESTED', id: await w.targetId(), label: OTHER_DEVICE }),
  SIGN_OUT_OTHERS_REQUESTED: async () => ({ type: 'SIGN_OUT_OTHERS_REQUESTED' }),
  SIGN_OUT_CONFIRMED: async () => ({ type: 'SIGN_OUT_CONFIRMED' }),
  SIGN_OUT_DISMISSED: async () => ({ type: 'SIGN_OUT_DISMISSED' }),
  RETRY_REQUESTED: async () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<DevicesEventType, (world: DevicesWorld) => Promise<DevicesEvent>>;

walkSuite({
  title: 'device sign-out machine, walk (a): real actors against the real server',
  flow: 'devices',
  walk: 'server',
  model: devicesGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new DevicesWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: DevicesEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(devicesMachine.provide({ actors: createDevicesActors(world.customer.client.api) }));
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(await executors[event.type as DevicesEventType](world)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
