// @vitest-environment jsdom
// Walk (b) of the chargeback panel's machine: every graph path through the routed order page
// (/receipt?orderId=…), with the app's routes, providers and flow wiring (useDispute starts the
// actor), signed in as the world's customer, with Testing Library; the actor calls the real
// reference server, whose sandbox card network disputes the order step by step. One executor per
// event (typed with `satisfies`, so a new event without one does not compile) and, per state, what
// the customer sees.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DisputeEventType } from '../../machines/dispute/dispute.types';
import { paths } from '../../core/routing/paths';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { disputeGraph } from './dispute.model';
import { DisputeWorld } from './dispute.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const panel = () => screen.queryByRole('region', { name: 'Chargeback' });
const inPanel = () => within(panel()!);
const button = (name: string) => inPanel().getByRole('button', { name }) as HTMLButtonElement;

/** What the customer does in the chargeback panel for each event. */
const executors = {
  REFRESH_REQUESTED: () => fireEvent.click(button('Check the status again')),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<DisputeEventType, () => void>;

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, here: string) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  if (s.matches('none')) {
    // Never disputed: no panel, the receipt as ever.
    expect(panel()).toBeNull();
    return;
  }
  expect(panel()).not.toBeNull();
  const busy = s.hasTag('busy');
  expect(panel()!.getAttribute('aria-busy')).toBe(String(busy));
  const statuses = inPanel()
    .queryAllByRole('status')
    .map((e) => e.textContent);
  expect(statuses.includes('Checking the chargeback…')).toBe(busy);
  const alerts = inPanel()
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  expect(alerts).toEqual(s.matches('failure') ? ['The status of the chargeback could not be read.Try again'] : []);
  expect(Boolean(inPanel().queryByRole('button', { name: 'Check the status again' }))).toBe(s.matches('open'));
  if (s.matches('open')) {
    expect(inPanel().getByText('Chargeback pending')).toBeTruthy();
    expect(inPanel().getByText('Your bank is reviewing a dispute of this payment. Your plan stays active while it decides.')).toBeTruthy();
  }
  if (s.matches('closed')) {
    expect(inPanel().getByText('Charged back')).toBeTruthy();
    expect(inPanel().getByText(/Your bank upheld the dispute and returned this payment to you\./)).toBeTruthy();
    // Charged back: the order gives nothing any more, so no receipt is offered.
    expect(screen.queryByRole('button', { name: /print/i })).toBeNull();
  }
}

signedInScreenWalk({
  title: 'chargeback panel machine, walk (b): through the routed order page, against the real server',
  flow: 'dispute',
  model: disputeGraph(),
  clock,
  world: () => new DisputeWorld(server),
  url: (world) => paths.receipt(world.orderId),
  perform: (event) => executors[event.type as DisputeEventType](),
  shows: (reached, world) => () => assertScreen(reached, paths.receipt(world.orderId)),
});
