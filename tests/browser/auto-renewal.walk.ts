// Walk (c) of the auto-renewal machine: the shortest path to every state, on /account in Chromium,
// signed in as the world's customer, against the real server over HTTP. One executor per event
// (typed with `satisfies`, so a new event without one does not compile) and, per state, what the
// customer sees on the panel; the server's side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { AutoRenewalEventType } from '../../machines/auto-renewal/auto-renewal.types';
import { autoRenewalGraph } from '../model/auto-renewal.model';
import { RenewalWorld } from '../model/auto-renewal.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

/** What the customer does on the panel for each event. */
const executors = {
  CANCEL_REQUESTED: (page) => page.getByRole('button', { name: 'Turn off auto-renewal' }).click(),
  // Through the cancellation dialog: a reason, then the discount offer accepted (auto-renewal stays on).
  CANCELLATION_SETTLED: async (page) => {
    await page.getByRole('radio', { name: 'It is too expensive' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Accept the offer' }).click();
  },
  CANCEL_DISMISSED: (page) => page.getByRole('button', { name: 'Keep it on' }).click(),
  CARD_CHANGE_REQUESTED: (page) => page.getByRole('region', { name: 'Auto-renewal' }).getByRole('button', { name: 'Change billing card' }).first().click(),
  CARD_CHOSEN: (page) => page.getByRole('button', { name: /^Use Mastercard ending in 4444/ }).click(),
  CARD_CHANGE_DISMISSED: (page) => page.getByRole('button', { name: 'Close' }).click(),
  REFRESH_REQUESTED: async (page) => {
    const retry = page.getByRole('button', { name: 'Try again' });
    await ((await retry.count()) ? retry : page.getByRole('button', { name: 'Check again' })).click();
  },
} satisfies Record<AutoRenewalEventType, (page: Page) => Promise<void>>;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const panel = page.getByRole('region', { name: 'Auto-renewal' });
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('loading')) return expect(await visibleText(panel)).toContain('Loading your auto-renewal…');
  if (s.matches('failure')) return expect(await page.getByRole('alert').first().textContent()).toBe('Your auto-renewal could not be loaded.');
  const text = await visibleText(panel);
  expect(text).toContain(s.matches('activated') ? 'On' : 'Off');
  if (s.matches('cancelled')) expect(text).toContain('You turned auto-renewal off.');
  if (s.matches('expired')) expect(text).toContain('Auto-renewal has ended');
  if (s.matches('none')) expect(text).toContain('None of your plans renews by itself.');
  if (s.matches({ activated: 'confirmingCancel' })) await page.getByRole('alertdialog', { name: 'Turn off auto-renewal?' }).waitFor();
  if (s.matches({ activated: 'choosingCard' }))
    await page
      .getByRole('dialog', { name: 'Change billing card' })
      .getByText(/Visa ending in 4242.*\(current\)/)
      .waitFor();
  if (s.matches({ activated: 'changingCard' })) await page.getByText('Changing the billing card…').waitFor();
}

browserWalkSuite({
  title: 'auto-renewal machine, walk (c): on /account in Chromium, against the real server',
  flow: 'autoRenewal',
  model: autoRenewalGraph(),
  world,
  async path(run) {
    const renewal = new RenewalWorld(world.server);
    await renewal.setUp();
    run.onEnd(() => renewal.repair());
    return {
      open: async () => ({ url: '/account', localStorage: signedInStorage(renewal.customer.client.store) }),
      arrange: (event) => renewal.arrange(event),
      perform: (event) => executors[event.type as AutoRenewalEventType](run.page),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await renewal.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
