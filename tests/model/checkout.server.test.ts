// Walk (a) of the checkout machine: every graph path on the machine with its real actors and its
// real child flows (payment, discount unbinding), the client calling the real reference server on a
// fresh database. Answers are arranged for real by the checkout world (tests/model/checkout.world.ts).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createCheckoutActors } from '../../machines/checkout/checkout.actors';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent } from '../../machines/checkout/checkout.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { checkoutGraph } from './checkout.model';
import { CheckoutWorld } from './checkout.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

walkSuite({
  title: 'checkout machine, walk (a): real actors and child flows against the real server',
  flow: 'checkout',
  walk: 'server',
  model: checkoutGraph(),
  // A path for each refusal code the calls expect, not only for each transition.
  walkEveryTarget: true,
  // The customer's picks while a new price is on its way (docs/decisions/065).
  actsWhileBusy: ['METHOD_SELECTED', 'INSTALLMENTS_CHANGED'],
  async path(run) {
    const world = new CheckoutWorld(server, clock, '3');
    await world.setUp();
    let started: ReturnType<typeof run.startOnScreen<typeof checkoutMachine>> | undefined;
    const send = (event: CheckoutEvent) => started!.actor.send(event);
    /** Each user event, sent as the answer arranged after it needs. */
    const executors = {
      CODE_APPLIED: async (e) => send({ type: 'CODE_APPLIED', code: await world.typedCode(e) }),
      PAY_SUBMITTED: async () => send({ type: 'PAY_SUBMITTED', details: world.details() }),
      FINISH_ORDER_CHOSEN: async () => send({ type: 'FINISH_ORDER_CHOSEN' }),
      NEW_ORDER_CHOSEN: async () => send({ type: 'NEW_ORDER_CHOSEN' }),
      COUNTRY_CHANGED: async (e) => send(e as CheckoutEvent),
      CURRENCY_CHANGED: async (e) => send(e as CheckoutEvent),
      METHOD_SELECTED: async (e) => {
        await world.picked();
        send(e as CheckoutEvent);
      },
      INSTALLMENTS_CHANGED: async (e) => {
        await world.picked();
        send(e as CheckoutEvent);
      },
      CODE_REMOVED: async () => send({ type: 'CODE_REMOVED' }),
      EMAIL_CHANGED: async (e) => send(e as CheckoutEvent),
      RETRY: async () => send({ type: 'RETRY' }),
    } satisfies Record<CheckoutEvent['type'], (event: EventObject) => Promise<void>>;
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        // A new price's answer waits while the walk looks at it, so that a pick made meanwhile is
        // made while pricing, as the customer's would be on a slow network.
        started = run.startOnScreen(checkoutMachine.provide({ actors: createCheckoutActors(world.api) }), world.gate, {
          input: world.input,
          busy: (s) => s.hasTag('pricing'),
        });
        return started;
      },
      perform: (event) => executors[event.type as CheckoutEvent['type']](event),
      delayMs() {
        throw new Error('the checkout has no delays of its own');
      },
      async checked(reached) {
        const children = reached.children as Record<string, { send(e: EventObject): void; getSnapshot(): AnyMachineSnapshot } | undefined>;
        // The unbinding dialog: the customer confirms (or keeps the other order).
        if (reached.matches('unbinding')) children.unbinding?.send({ type: world.plan.unbinding === 'kept' ? 'CANCELLED' : 'CONFIRMED' });
        if (reached.matches('paying')) await world.whilePaying(children.payment, started!.clock);
      },
      check: (reached, _expected, event) => world.checkServer(reached, event, expect),
    };
  },
});
