// @vitest-environment jsdom
// Walk (b) of the auto-renewal machine: every graph path through the routed account page
// (/account), with the app's routes, providers and flow wiring (useAutoRenewal starts the actor),
// signed in as the world's customer, with Testing Library; the actor calls the real reference
// server. The page's other parts (account details, orders, devices) make their own calls on the
// same client; the walk looks at the auto-renewal panel. One executor per event (typed with
// `satisfies`, so a new event without one does not compile) and, per state, what the customer sees.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { AutoRenewalEventType } from '../../machines/auto-renewal/auto-renewal.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { useTestServer } from '../helpers/test-server';
import { autoRenewalGraph } from './auto-renewal.model';
import { RenewalWorld } from './auto-renewal.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const panel = () => screen.getByRole('region', { name: 'Auto-renewal' });
/** The panel's own controls and notices (its dialogs are inside it): the page's other parts have theirs (a "Try again", an alert). */
const inPanel = () => within(panel());
const button = (name: string | RegExp) => inPanel().getByRole('button', { name }) as HTMLButtonElement;
/** Where the page is: the routed account page, which the walk never leaves. */
const here = '/account';

/** What the customer does on the panel for each event. */
const executors = {
  CANCEL_REQUESTED: () => fireEvent.click(button('Turn off auto-renewal')),
  // Through the cancellation dialog: a reason, then the discount offer accepted (auto-renewal stays
  // on, so the next answer the walk arranges starts from an activated subscription).
  CANCELLATION_SETTLED: async () => {
    fireEvent.click(inPanel().getByRole('radio', { name: 'It is too expensive' }));
    fireEvent.click(button('Continue'));
    fireEvent.click(await inPanel().findByRole('button', { name: 'Accept the offer' }));
  },
  CANCEL_DISMISSED: () => fireEvent.click(button('Keep it on')),
  CARD_CHANGE_REQUESTED: () => fireEvent.click(inPanel().getAllByRole('button', { name: 'Change billing card' })[0]!),
  CARD_CHOSEN: () => fireEvent.click(button(/^Use Mastercard ending in 4444/)),
  CARD_CHANGE_DISMISSED: () => fireEvent.click(button('Close')),
  REFRESH_REQUESTED: () => fireEvent.click(inPanel().queryByRole('button', { name: 'Try again' }) ?? button('Check again')),
} satisfies Record<AutoRenewalEventType, () => unknown>;

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(panel().getAttribute('aria-busy')).toBe(String(busy));
  const status = () =>
    inPanel()
      .getAllByRole('status')
      .map((e) => e.textContent);
  if (s.matches('loading')) return expect(status()).toContain('Loading your auto-renewal…');
  if (s.matches('failure')) {
    expect(inPanel().getByRole('alert').textContent).toBe('Your auto-renewal could not be loaded.');
    return expect(button('Try again').disabled).toBe(false);
  }
  const on = s.matches('activated');
  expect(inPanel().getByText(on ? 'On' : 'Off')).toBeTruthy();
  // Off: the way back is buying a monthly plan with auto-renew (spec section 4).
  const link = inPanel().queryByRole('link', { name: 'Buy a monthly plan with auto-renew' });
  expect(link?.getAttribute('href') ?? null).toBe(on ? null : '/pricing-table');
  const explanation = { cancelled: 'You turned auto-renewal off.', expired: 'Auto-renewal has ended', none: 'None of your plans renews by itself.' };
  for (const [state, text] of Object.entries(explanation)) if (s.matches(state)) expect(panel().textContent).toContain(text);
  // A refusal is said once, on the panel or in its dialog, with its catalogue message.
  const { errCode, info } = s.context;
  if (errCode !== null)
    expect(
      inPanel()
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([String(errorMessageFor(errCode).defaultMessage)]);
  else expect(inPanel().queryByRole('alert')).toBeNull();
  if (!on) return;
  const card = info.card as { brand: string; last4: string };
  expect(panel().textContent).toContain(`${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`);
  expect(Boolean(inPanel().queryByText(/A renewal is being charged right now/))).toBe(info.renewing);
  expect(button('Turn off auto-renewal').disabled).toBe(info.renewing || !s.matches({ activated: 'idle' }));
  const confirming = s.matches({ activated: 'confirmingCancel' });
  expect(Boolean(inPanel().queryByRole('alertdialog', { name: 'Turn off auto-renewal?' }))).toBe(confirming);
  if (confirming) expect(inPanel().getByRole('group', { name: 'Why are you turning it off?' })).toBeTruthy();
  const cardDialog = inPanel().queryByRole('dialog', { name: 'Change billing card' });
  expect(Boolean(cardDialog)).toBe(
    s.matches({ activated: 'loadingCards' }) || s.matches({ activated: 'choosingCard' }) || s.matches({ activated: 'changingCard' }),
  );
  if (s.matches({ activated: 'loadingCards' })) expect(status()).toContain('Loading your saved cards…');
  if (s.matches({ activated: 'changingCard' })) expect(status()).toContain('Changing the billing card…');
  if (s.matches({ activated: 'choosingCard' })) expect(within(cardDialog!).getByText(/Visa ending in 4242.*\(current\)/)).toBeTruthy();
  if (s.matches({ activated: 'idle' }) && s.context.cardChanged) expect(status()).toContain('Your billing card was changed.');
}

signedInScreenWalk({
  title: 'auto-renewal machine, walk (b): through the routed account page, against the real server',
  flow: 'autoRenewal',
  model: autoRenewalGraph(),
  clock,
  world: () => new RenewalWorld(server),
  url: here,
  // The page starts the actor (useAutoRenewal), which reads the renewal at once: its first answer
  // waits at the gate from its creation, as the page's other calls then.
  holdFromCreation: true,
  perform: (event) => executors[event.type as AutoRenewalEventType](),
  shows: (reached) => () => assertScreen(reached),
});
