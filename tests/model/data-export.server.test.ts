// Walk (a) of "Download my data": every graph path on the machine with its real actors, the typed
// client calling the real reference server on a fresh database. Each answer is arranged as server
// state (tests/model/data-export.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createDataExportActors } from '../../machines/data-export/data-export.actors';
import { dataExportMachine } from '../../machines/data-export/data-export.machine';
import type { DataExportEvent, DataExportEventType } from '../../machines/data-export/data-export.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { dataExportGraph } from './data-export.model';
import { DataExportWorld } from './data-export.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself. */
const executors = {
  DOWNLOAD_REQUESTED: async (event) => event,
  RETRY_REQUESTED: async () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<DataExportEventType, (event: DataExportEvent) => Promise<DataExportEvent>>;

walkSuite({
  title: 'download my data machine, walk (a): real actors against the real server',
  flow: 'dataExport',
  walk: 'server',
  model: dataExportGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new DataExportWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: DataExportEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(dataExportMachine.provide({ actors: createDataExportActors(world.customer.client.api) }));
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(await executors[event.type as DataExportEventType](event as DataExportEvent)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
