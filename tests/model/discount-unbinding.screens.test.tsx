// @vitest-environment jsdom
// Walk (b) of the discount-unbinding machine: every graph path through the dialog with Testing
// Library, its actor calling the real reference server. One executor per event (typed with
// `satisfies`, so a new event without one does not compile) and, per state, what the customer sees.
import './node-realm';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createDiscountUnbindingActors } from '../../machines/discount-unbinding/discount-unbinding.actors';
import { discountUnbindingMachine } from '../../machines/discount-unbinding/discount-unbinding.machine';
import type { DiscountUnbindingEventType } from '../../machines/discount-unbinding/discount-unbinding.types';
import { createFakeClock } from '../../server/clock';
import { DiscountUnbindingDialog } from '../../src/components/discount-unbinding-dialog';
import { useTestServer } from '../helpers/test-server';
import { discountUnbindingGraph, UNBINDING_CODE } from './discount-unbinding.model';
import { UnbindingWorld } from './discount-unbinding.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** What the customer does in the dialog for each event. */
const executors = {
  CONFIRMED: () => fireEvent.click(button('Cancel that order and use the code')),
  CANCELLED: () => fireEvent.click(button('Keep that order')),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<DiscountUnbindingEventType, () => void>;

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, orderId: string) {
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

walkSuite({
  title: 'discount-unbinding machine, walk (b): through the dialog, against the real server',
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
        const machine = discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(world.customer.client.api) });
        const started = run.startOnScreen(machine, gate, { input });
        render(
          <IntlProvider locale="en" messages={{}} onError={() => {}}>
            <DiscountUnbindingDialog actorRef={started.actor} />
          </IntlProvider>,
        );
        return started;
      },
      perform: async (event) => void executors[event.type as DiscountUnbindingEventType](),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => assertScreen(reached, input.orderId));
      },
    };
  },
});
