// @vitest-environment jsdom
// Walk (b) of the discount-unbinding machine: every graph path through its dialog as it opens in
// the routed payment page of a plan (/payment?planId=1&discountCode=…, as the coupons page's code
// goes there through the pricing table), with the app's routes, providers and flow wiring, signed
// in as the world's customer, with Testing Library: the checkout (useCheckout) prices the code,
// the server answers that another unpaid order holds it (9004), and the checkout runs the
// unbinding flow as its child, whose actor calls the real reference server. The walk sees that
// child as its actor (router-bridge.tsx `inspectFlow`): its paths start when the dialog opens,
// at the graph's one start (a code held by another order), and its coverage is the child's
// microsteps. One executor per event (typed with `satisfies`, so a new event without one does not
// compile) and, per state, what the customer sees, and once the dialog closed, the checkout's
// price with or without the code.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DiscountUnbindingEventType } from '../../machines/discount-unbinding/discount-unbinding.types';
import { paths } from '../../core/routing/paths';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { discountUnbindingGraph, UNBINDING_CODE } from './discount-unbinding.model';
import { UnbindingWorld } from './discount-unbinding.world';
import { payButton } from './payment-labels';
import { inspectFlow, renderSignedIn, withSteadyStyles } from './router-bridge';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** What the customer does in the dialog for each event. */
const executors = {
  CONFIRMED: () => fireEvent.click(button('Cancel that order and use the code')),
  CANCELLED: () => fireEvent.click(button('Keep that order')),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<DiscountUnbindingEventType, () => void>;

/** The payment page of the plan with the code, as the pricing table links to it with a code the coupons page sent along. */
const here = paths.payment({ planId: '1', discountCode: UNBINDING_CODE });

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, orderId: string) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  if (s.status === 'done') {
    // Settled: the dialog is gone; the checkout reads the output (1003 was toasted).
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  const dialog = screen.getByRole('dialog', { name: 'Use this code on this order?' });
  expect(dialog.textContent).toContain(`The code ${UNBINDING_CODE} is already used by another unpaid order of yours (${orderId}).`);
  expect(dialog.getAttribute('aria-busy')).toBe(String(s.matches('unbinding')));
  if (s.matches('explaining')) {
    expect(button('Cancel that order and use the code').disabled).toBe(false);
    expect(button('Keep that order').disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  }
  if (s.matches('unbinding')) {
    expect(screen.getByRole('status').textContent).toBe('Cancelling the other order…');
    expect(button('Cancel that order and use the code').disabled).toBe(true);
    expect(button('Keep that order').disabled).toBe(true);
  }
  if (s.matches('failure')) {
    expect(screen.getByRole('alert').textContent).toBe('The other order could not be cancelled just now. Nothing was changed.');
    expect(button('Try again').disabled).toBe(false);
    expect(button('Keep that order').disabled).toBe(false);
  }
}

/**
 * Once the dialog closed, the checkout prices the order again: with the code once the other order
 * was cancelled (it can be removed), else without it (it can be applied again), saying why when
 * it could not be freed (1003).
 */
function assertCheckoutAfter(s: AnyMachineSnapshot) {
  expect(button(payButton).disabled).toBe(false);
  const unbound = s.matches('unbound');
  expect(button(unbound ? 'Remove' : 'Apply').disabled).toBe(false);
  // The code's own line in the summary ("Code WELCOME10 −R$ 2.99"), apart from a payment method's discount.
  expect(screen.getByRole('region', { name: 'Order summary' }).textContent?.includes('Code ')).toBe(unbound);
  expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual(s.matches('cannotRemove') ? ['Unable to remove code'] : []);
}

walkSuite({
  title: 'discount-unbinding machine, walk (b): through its dialog in the routed payment page, against the real server',
  flow: 'discountUnbinding',
  walk: 'screens',
  model: discountUnbindingGraph(),
  async path(run) {
    const world = new UnbindingWorld(server);
    const input = await world.setUp();
    run.onEnd(() => world.repair());
    const gate = world.customer.client.gate;
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        // The walk's actor is the checkout's unbinding child; its busy state holds the answers.
        const { clock: simulatedClock, inspect, snapshots } = run.screenOptions(gate);
        const page = await renderSignedIn(world.customer.client, {
          url: here,
          actorOptions: { clock: simulatedClock, inspect: inspectFlow('discountUnbinding', inspect) },
          now: () => clock.now(),
        });
        run.onEnd(page.stop);
        // The order holding the code is unfinished: the checkout may offer it first; the customer starts a new one.
        const first = await screen.findByRole('dialog');
        if (within(first).queryByRole('button', { name: 'Start a new order' }))
          fireEvent.click(within(first).getByRole('button', { name: 'Start a new order' }));
        return { snapshots, clock: simulatedClock };
      },
      perform: async (event) => void executors[event.type as DiscountUnbindingEventType](),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => withSteadyStyles(() => assertScreen(reached, input.orderId)));
        if (reached.status === 'done') await waitFor(() => withSteadyStyles(() => assertCheckoutAfter(reached)));
      },
    };
  },
});
