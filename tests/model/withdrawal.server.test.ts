// Walk (a) of the withdrawal machine (docs/decisions/058): every graph path on the machine with its
// real actors, the typed client calling the real reference server on a fresh database. Each answer
// is arranged as server state (tests/model/withdrawal.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createWithdrawalActors } from '../../machines/withdrawal/withdrawal.actors';
import { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import type { WithdrawalEvent, WithdrawalEventType } from '../../machines/withdrawal/withdrawal.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { withdrawalGraph, withdrawalStarts, type WithdrawalStart } from './withdrawal.model';
import { WithdrawalWorld } from './withdrawal.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself, with what the world says is typed. */
const executors = {
  WITHDRAW_REQUESTED: () => ({ type: 'WITHDRAW_REQUESTED' }),
  WITHDRAW_CONFIRMED: (w) => ({ type: 'WITHDRAW_CONFIRMED', ...w.details }),
  WITHDRAW_DISMISSED: () => ({ type: 'WITHDRAW_DISMISSED' }),
  CANCEL_REQUESTED: () => ({ type: 'CANCEL_REQUESTED' }),
  RETRY_REQUESTED: () => ({ type: 'RETRY_REQUESTED' }),
} satisfies Record<WithdrawalEventType, (world: WithdrawalWorld) => WithdrawalEvent>;

walkSuite({
  title: 'withdrawal machine, walk (a): real actors against the real server',
  flow: 'withdrawal',
  walk: 'server',
  model: withdrawalGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = WithdrawalWorld.of(server, clock, run.path);
    const start = run.path.start as WithdrawalStart;
    await world.setUp();
    run.onEnd(() => world.repair());
    let send: (event: WithdrawalEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const input = { ...withdrawalStarts[start], orderId: world.orderId };
        const started = run.start(withdrawalMachine.provide({ actors: createWithdrawalActors(world.customer.client.api) }), input);
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(executors[event.type as WithdrawalEventType](world)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event),
    };
  },
});
