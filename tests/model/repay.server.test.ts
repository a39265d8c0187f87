// Walk (a) of the repay machine: every graph path with its real actors and its real payment flow,
// against the real reference server on a fresh database; the order to repay and every answer are
// made for real by the repay world (tests/model/repay.world.ts).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createRepayActors } from '../../machines/repay/repay.actors';
import { repayMachine } from '../../machines/repay/repay.machine';
import type { RepayEvent } from '../../machines/repay/repay.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { repayGraph } from './repay.model';
import { RepayWorld } from './repay.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

walkSuite({
  title: 'repay machine, walk (a): real actors and the payment flow against the real server',
  flow: 'repay',
  walk: 'server',
  model: repayGraph(),
  async path(run) {
    const world = new RepayWorld(server, clock);
    await world.setUp(run.path as never, expect);
    let started: ReturnType<typeof run.start<typeof repayMachine>> | undefined;
    const send = (event: RepayEvent) => started!.actor.send(event);
    const executors = {
      PAY_SUBMITTED: async () => send({ type: 'PAY_SUBMITTED', details: world.details() }),
      METHOD_SELECTED: async (e) => send(e as RepayEvent),
      INSTALLMENTS_CHANGED: async (e) => send(e as RepayEvent),
      EMAIL_CHANGED: async (e) => send(e as RepayEvent),
      RETRY: async () => send({ type: 'RETRY' }),
      SHOW_AGAIN_CHOSEN: async () => send({ type: 'SHOW_AGAIN_CHOSEN' }),
      OTHER_METHOD_CHOSEN: async () => send({ type: 'OTHER_METHOD_CHOSEN' }),
    } satisfies Record<RepayEvent['type'], (event: EventObject) => Promise<void>>;
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        started = run.start(repayMachine.provide({ actors: createRepayActors(world.api) }), world.input);
        return started;
      },
      perform: (event) => executors[event.type as RepayEvent['type']](event),
      delayMs() {
        throw new Error('the repay flow has no delays of its own');
      },
      async checked(reached) {
        if (reached.matches('paying'))
          await world.whilePaying((reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment, started!.clock);
      },
      check: (reached, _expected, event) => world.checkServer(reached, event, expect),
    };
  },
});
