// @vitest-environment jsdom
// Walk (b) of the discount-unbinding machine: every graph path through the dialog with Testing
// Library, its actor calling the real reference server. One executor per event (typed with
// `satisfies`, so a new event without one does not compile) and, per state, what the customer sees.
import './node-realm';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createDiscountUnbindingActors } from '../../machines/discount-unbinding/discount-unbinding.actors';
import { discountUnbindingMachine } from '../../machines/discount-unbinding/discount-unbinding.machine';
import type { DiscountUnbindingEventType } from '../../machines/discount-unbinding/discount-unbinding.types';
import { createFakeClock } from '../../server/clock';
import { DiscountUnbindingDialog } from '../../src/components/discount-unbinding-dialog';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { discountUnbindingGraph, UNBINDING_CODE } from './discount-unbinding.model';
import { UnbindingWorld } from './discount-unbinding.world';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths } from './harness';
import { screenActorOptions } from './screen-walk';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const recorder = new CoverageRecorder();
const paths = flowPaths(discountUnbindingGraph(discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors({} as never) })));
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

describe('discount-unbinding machine, walk (b): through the dialog, against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const world = new UnbindingWorld(server);
    const input = await world.setUp();
    const gate = world.customer.client.gate;
    const seen: AnyMachineSnapshot[] = [];
    let stop = () => {};
    await walkPath(path, {
      arrange: (event) => world.arrange(event),
      async start() {
        const { clock: actorClock, inspect } = screenActorOptions(recorder, gate, seen);
        const machine = discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(world.customer.client.api) });
        const actor = createActor(machine, { input, inspect, clock: actorClock }).start();
        stop = () => actor.stop();
        render(
          <IntlProvider locale="en" messages={{}} onError={() => {}}>
            <DiscountUnbindingDialog actorRef={actor} />
          </IntlProvider>,
        );
        return { snapshots: () => seen, clock: actorClock };
      },
      perform: async (event) => void executors[event.type as DiscountUnbindingEventType](),
      delayMs: () => 0,
      async check(reached, expected, event) {
        expect(reached.value).toEqual(expected.value);
        await world.check(reached, event);
        if (seen[seen.length - 1] === reached) await waitFor(() => assertScreen(reached, input.orderId));
      },
      async checked() {
        gate.open();
      },
      until: pollUntil,
    });
    gate.open();
    await world.repair();
    stop();
  });

  afterAll(() => {
    const report = saveCoverage('discountUnbinding', 'screens', discountUnbindingMachine, recorder);
    assertFullCoverage(report, 'discountUnbinding', 'screens');
  });
});
