// @vitest-environment jsdom
// Walk (b) of the cancellation machine: every graph path through the routed account page
// (/account), with the app's routes, providers and flow wiring: the auto-renewal panel's "Turn off
// auto-renewal" opens the dialog, whose useCancellation starts the actor the walk records. Signed
// in as the world's customer, with Testing Library; the actor calls the real reference server.
// One executor per event (typed with `satisfies`, so a new event without one does not compile)
// and, per state, what the customer sees.
import './node-realm';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { CancellationEventType } from '../../machines/cancellation/cancellation.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { useTestServer } from '../helpers/test-server';
import { cancellationGraph } from './cancellation.model';
import { CancellationWorld } from './cancellation.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const panel = () => screen.getByRole('region', { name: 'Auto-renewal' });
const inPanel = () => within(panel());
const button = (name: string | RegExp) => inPanel().getByRole('button', { name }) as HTMLButtonElement;
const here = '/account';

function executorsFor(world: CancellationWorld) {
  return {
    REASON_SUBMITTED: () => {
      const { reason, otherText } = world.reason;
      fireEvent.click(inPanel().getByRole('radio', { name: reason === 'other' ? 'Other' : 'It is too expensive' }));
      if (reason === 'other') fireEvent.change(inPanel().getByRole('textbox', { name: 'Your reason' }), { target: { value: otherText } });
      fireEvent.click(button('Continue'));
    },
    OFFER_ACCEPTED: () => fireEvent.click(button('Accept the offer')),
    OFFER_DECLINED: () => fireEvent.click(button('No thanks, turn it off')),
    CANCEL_CONFIRMED: () => fireEvent.click(button('Turn it off')),
  } satisfies Record<CancellationEventType, () => void>;
}

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const { errCode, error } = s.context;
  const alerts = () =>
    inPanel()
      .queryAllByRole('alert')
      .map((a) => a.textContent);
  const statuses = () =>
    inPanel()
      .queryAllByRole('status')
      .map((a) => a.textContent);
  const dialog = inPanel().queryByRole('alertdialog');
  const final = s.matches('accepted') || s.matches('confirmed') || s.matches('refused');
  expect(Boolean(dialog)).toBe(!final);
  if (s.matches('accepted')) return expect(statuses().join(' ')).toMatch(/Thank you for staying! Your next renewal on .+ is 30% off\./);
  if (s.matches('confirmed')) return expect(statuses().join(' ')).toMatch(/Auto-renewal is off\. Your plan stays active until .+; nothing more is charged\./);
  if (s.matches('refused')) return expect(alerts()).toEqual([String(errorMessageFor(errCode).defaultMessage)]);
  const d = within(dialog!);
  const expectedAlerts = [
    ...(errCode !== null ? [String(errorMessageFor(errCode).defaultMessage)] : []),
    ...(error !== undefined ? ['Something went wrong and nothing changed. Please try again.'] : []),
  ];
  if (!s.hasTag('busy')) expect(alerts()).toEqual(expectedAlerts);
  if (s.matches('choosingReason') || s.matches('findingOffer')) {
    expect(d.getByRole('group', { name: 'Why are you turning it off?' })).toBeTruthy();
    expect(button('Continue').disabled).toBe(s.hasTag('busy'));
    if (s.matches('findingOffer')) expect(statuses()).toContain('One moment…');
    return;
  }
  if (s.matches('offering') || (s.matches('accepting') && s.context.offer) || (s.matches('cancelling') && s.context.offer)) {
    expect(inPanel().getByRole('alertdialog', { name: 'Before you go' })).toBeTruthy();
    expect(dialog!.textContent).toMatch(/Stay, and your next renewal on .+ is 30% off\./);
    expect(button('Accept the offer').disabled).toBe(s.hasTag('busy'));
  } else {
    expect(inPanel().getByRole('alertdialog', { name: 'Turn off auto-renewal?' })).toBeTruthy();
    expect(dialog!.textContent).toContain('Your plan stays active until the end of the period already paid.');
    expect(button('Turn it off').disabled).toBe(s.hasTag('busy'));
  }
  if (s.matches('accepting')) expect(statuses()).toContain('Applying the offer…');
  if (s.matches('cancelling')) expect(statuses()).toContain('Turning auto-renewal off…');
}

signedInScreenWalk({
  title: 'cancellation machine, walk (b): through the routed account page, against the real server',
  flow: 'cancellation',
  model: cancellationGraph(),
  clock,
  world: () => new CancellationWorld(server),
  url: here,
  // The flow starts when the customer asks to turn auto-renewal off.
  async open() {
    await waitFor(() => expect(button('Turn off auto-renewal').disabled).toBe(false));
    fireEvent.click(button('Turn off auto-renewal'));
  },
  perform: (event, world) => executorsFor(world)[event.type as CancellationEventType](),
  shows: (reached) => () => assertScreen(reached),
});
