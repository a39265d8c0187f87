// Walk (a) of the plan change machine: every graph path on the machine with its real actors, the
// typed client calling the real reference server on a fresh database. Each answer is arranged as
// server state (tests/model/plan-change.world.ts), never faked.
import type { EventObject } from 'xstate';
import { createPlanChangeActors } from '../../machines/plan-change/plan-change.actors';
import { planChangeMachine } from '../../machines/plan-change/plan-change.machine';
import type { PlanChangeEvent, PlanChangeEventType } from '../../machines/plan-change/plan-change.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { planChangeGraph } from './plan-change.model';
import { PlanChangeWorld } from './plan-change.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** What the customer does for each event: here the event itself, the plan picked from the arranged world. */
const executors = {
  PLAN_CHOSEN: async (w) => ({ type: 'PLAN_CHOSEN', planId: w.pick }),
  CHANGE_CONFIRMED: async () => ({ type: 'CHANGE_CONFIRMED' }),
  CHANGE_DISMISSED: async () => ({ type: 'CHANGE_DISMISSED' }),
  UNDO_REQUESTED: async () => ({ type: 'UNDO_REQUESTED' }),
} satisfies Record<PlanChangeEventType, (world: PlanChangeWorld) => Promise<PlanChangeEvent>>;

walkSuite({
  title: 'plan change machine, walk (a): real actors against the real server',
  flow: 'planChange',
  walk: 'server',
  model: planChangeGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new PlanChangeWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    const opened: string[] = [];
    let send: (event: PlanChangeEvent) => void = () => {};
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const machine = planChangeMachine.provide({
          actors: createPlanChangeActors(world.customer.client.api),
          actions: { openPayment: (_, { orderId }) => void opened.push(orderId) },
        });
        const started = run.start(machine);
        send = (event) => started.actor.send(event);
        return started;
      },
      perform: async (event: EventObject) => send(await executors[event.type as PlanChangeEventType](world)),
      delayMs: () => 0,
      check: (reached, _expected, event) => world.check(reached, event, opened),
    };
  },
});
