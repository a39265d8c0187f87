// @vitest-environment jsdom
// Walk (b) of the cancellation machine: every graph path through the routed account page
// (/account), with the app's routes, providers and flow wiring: the auto-renewal panel's "Turn off
// auto-renewal" opens the dialog, whose useCancellation starts the actor the walk records. Signed
// in as the world's customer, with Testing Library; the actor calls the real reference server.
// One executor per event (typed with `satisfies`, so a new event without one does not compile)
// and, per state, what the customer sees.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { CancellationEventType } from '../../machines/cancellation/cancellation.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { useTestServer } from '../helpers/test-server';
import { cancellationGraph } from './cancellation.model';
import { CancellationWorld } from './cancellation.world';
import { inspectFlow, renderSignedIn, withSteadyStyles } from './router-bridge';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
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

walkSuite({
  title: 'cancellation machine, walk (b): through the routed account page, against the real server',
  flow: 'cancellation',
  walk: 'screens',
  model: cancellationGraph(),
  walkEveryTarget: true,
  async path(run) {
    const world = new CancellationWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    const gate = world.customer.client.gate;
    const executors = executorsFor(world);
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const { clock: simulatedClock, inspect, snapshots } = run.screenOptions(gate);
        const page = await renderSignedIn(world.customer.client, {
          url: here,
          actorOptions: { clock: simulatedClock, inspect: inspectFlow('cancellation', inspect) },
          now: () => clock.now(),
        });
        run.onEnd(page.stop);
        // The flow starts when the customer asks to turn auto-renewal off.
        await waitFor(() => expect(button('Turn off auto-renewal').disabled).toBe(false));
        fireEvent.click(button('Turn off auto-renewal'));
        return { snapshots, clock: simulatedClock };
      },
      perform: async (event) => void executors[event.type as CancellationEventType](),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => withSteadyStyles(() => assertScreen(reached)));
      },
    };
  },
});
