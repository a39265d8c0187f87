// Walk (a) of "Delete my account": every graph path on the machine with its real actors, the typed
// client calling the real reference server on a fresh database. Each answer is arranged as server
// state (tests/model/account-deletion.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createAccountDeletionActors } from '../../machines/account-deletion/account-deletion.actors';
import { accountDeletionMachine } from '../../machines/account-deletion/account-deletion.machine';
import type { AccountDeletionEvent, AccountDeletionEventType } from '../../machines/account-deletion/account-deletion.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { accountDeletionGraph } from './account-deletion.model';
import { AccountDeletionWorld } from './account-deletion.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: the password is the one the world arranged for the answer. */
const executors = {
  DELETE_REQUESTED: async () => ({ type: 'DELETE_REQUESTED' }),
  DELETE_CONFIRMED: async (w) => ({ type: 'DELETE_CONFIRMED', password: w.password }),
  DELETE_DISMISSED: async () => ({ type: 'DELETE_DISMISSED' }),
} satisfies Record<AccountDeletionEventType, (world: AccountDeletionWorld) => Promise<AccountDeletionEvent>>;

walkSuite({
  title: 'delete my account machine, walk (a): real actors against the real server',
  flow: 'accountDeletion',
  walk: 'server',
  model: accountDeletionGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new AccountDeletionWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: AccountDeletionEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.start(accountDeletionMachine.provide({ actors: createAccountDeletionActors(world.customer.client.api) }));
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(await executors[event.type as AccountDeletionEventType](world)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
