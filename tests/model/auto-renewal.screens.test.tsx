// @vitest-environment jsdom
// Walk (b) of the auto-renewal machine: every graph path through the account screen's panel with
// Testing Library, its actor calling the real reference server. One executor per event (typed with
// `satisfies`, so a new event without one does not compile) and, per state, what the customer sees.
import './node-realm';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createAutoRenewalActors } from '../../machines/auto-renewal/auto-renewal.actors';
import { autoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import type { AutoRenewalEventType } from '../../machines/auto-renewal/auto-renewal.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { AutoRenewalSection } from '../../src/components/auto-renewal-panel';
import { useTestServer } from '../helpers/test-server';
import { autoRenewalGraph } from './auto-renewal.model';
import { RenewalWorld } from './auto-renewal.world';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const panel = () => screen.getByRole('region', { name: 'Auto-renewal' });

/** What the customer does on the panel for each event. */
const executors = {
  CANCEL_REQUESTED: () => fireEvent.click(button('Turn off auto-renewal')),
  CANCEL_CONFIRMED: () => fireEvent.click(button('Turn it off')),
  CANCEL_DISMISSED: () => fireEvent.click(button('Keep it on')),
  CARD_CHANGE_REQUESTED: () => fireEvent.click(within(panel()).getAllByRole('button', { name: 'Change billing card' })[0]!),
  CARD_CHOSEN: () => fireEvent.click(button(/^Use Mastercard ending in 4444/)),
  CARD_CHANGE_DISMISSED: () => fireEvent.click(button('Close')),
  REFRESH_REQUESTED: () => fireEvent.click(screen.queryByRole('button', { name: 'Try again' }) ?? button('Check again')),
} satisfies Record<AutoRenewalEventType, () => void>;

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot) {
  const busy = s.hasTag('busy');
  expect(panel().getAttribute('aria-busy')).toBe(String(busy));
  const status = () => screen.getAllByRole('status').map((e) => e.textContent);
  if (s.matches('loading')) return expect(status()).toContain('Loading your auto-renewal…');
  if (s.matches('failure')) {
    expect(screen.getByRole('alert').textContent).toBe('Your auto-renewal could not be loaded.');
    return expect(button('Try again').disabled).toBe(false);
  }
  const on = s.matches('activated');
  expect(within(panel()).getByText(on ? 'On' : 'Off')).toBeTruthy();
  // Off: the way back is buying a monthly plan with auto-renew (spec section 4).
  const link = screen.queryByRole('link', { name: 'Buy a monthly plan with auto-renew' });
  expect(link?.getAttribute('href') ?? null).toBe(on ? null : '/pricing-table');
  const explanation = { cancelled: 'You turned auto-renewal off.', expired: 'Auto-renewal has ended', none: 'None of your plans renews by itself.' };
  for (const [state, text] of Object.entries(explanation)) if (s.matches(state)) expect(panel().textContent).toContain(text);
  // A refusal is said once, on the panel or in its dialog, with its catalogue message.
  const { errCode, info } = s.context;
  if (errCode !== null) expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([String(errorMessageFor(errCode).defaultMessage)]);
  else expect(screen.queryByRole('alert')).toBeNull();
  if (!on) return;
  const card = info.card as { brand: string; last4: string };
  expect(panel().textContent).toContain(`${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`);
  expect(Boolean(screen.queryByText(/A renewal is being charged right now/))).toBe(info.renewing);
  expect(button('Turn off auto-renewal').disabled).toBe(info.renewing || !s.matches({ activated: 'idle' }));
  const confirming = s.matches({ activated: 'confirmingCancel' }) || s.matches({ activated: 'cancelling' });
  expect(Boolean(screen.queryByRole('alertdialog', { name: 'Turn off auto-renewal?' }))).toBe(confirming);
  if (confirming) expect(button('Turn it off').disabled).toBe(busy);
  const cardDialog = screen.queryByRole('dialog', { name: 'Change billing card' });
  expect(Boolean(cardDialog)).toBe(
    s.matches({ activated: 'loadingCards' }) || s.matches({ activated: 'choosingCard' }) || s.matches({ activated: 'changingCard' }),
  );
  if (s.matches({ activated: 'loadingCards' })) expect(status()).toContain('Loading your saved cards…');
  if (s.matches({ activated: 'changingCard' })) expect(status()).toContain('Changing the billing card…');
  if (s.matches({ activated: 'choosingCard' })) expect(within(cardDialog!).getByText(/Visa ending in 4242.*\(current\)/)).toBeTruthy();
  if (s.matches({ activated: 'idle' }) && s.context.cardChanged) expect(status()).toContain('Your billing card was changed.');
}

walkSuite({
  title: 'auto-renewal machine, walk (b): through the account panel, against the real server',
  flow: 'autoRenewal',
  walk: 'screens',
  model: autoRenewalGraph(),
  // A path for each refusal code the calls expect (6204, 6202, 1020 share a branch with another code).
  walkEveryTarget: true,
  async path(run) {
    const world = new RenewalWorld(server);
    await world.setUp();
    run.onEnd(() => world.repair());
    const gate = world.customer.client.gate;
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        gate.hold();
        const started = run.startOnScreen(autoRenewalMachine.provide({ actors: createAutoRenewalActors(world.customer.client.api) }), gate);
        render(
          <IntlProvider locale="en" messages={{}} onError={() => {}}>
            <MemoryRouter>
              <AutoRenewalSection actorRef={started.actor} />
            </MemoryRouter>
          </IntlProvider>,
        );
        return started;
      },
      perform: async (event) => void executors[event.type as AutoRenewalEventType](),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await world.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => assertScreen(reached));
      },
    };
  },
});
