// Walk (c) of the PIX Automático machine: the shortest path to every state, on /account in
// Chromium, signed in as the world's customer (a monthly plan running), against the real server
// over HTTP. One executor per event (typed with `satisfies`, so a new event without one does not
// compile) and, per state, what the customer sees; the server's side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PixAutomaticoEventType } from '../../machines/pix-automatico/pix-automatico.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { pixAutomaticoGraph } from '../model/pix-automatico.model';
import { PixAutomaticoWorld } from '../model/pix-automatico.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

const region = (page: Page) => page.getByRole('region', { name: 'PIX Automático' });
const button = (page: Page, name: string | RegExp) => region(page).getByRole('button', { name, exact: typeof name === 'string' });

/** What the customer does in the panel for each event. */
const executors = {
  START_REQUESTED: (page) => button(page, /^(Renew by PIX Automático|Authorise again)$/).click(),
  REFRESH_REQUESTED: (page) => button(page, /^(I have approved it|Back to PIX Automático)$/).click(),
  CANCEL_REQUESTED: (page) => button(page, 'Cancel authorisation').first().click(),
  CANCEL_CONFIRMED: (page) => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel authorisation' }).click(),
  CANCEL_DISMISSED: (page) => page.getByRole('alertdialog').getByRole('button', { name: 'Keep it' }).click(),
  RETRY_REQUESTED: (page) => button(page, 'Try again').click(),
} satisfies Record<PixAutomaticoEventType, (page: Page) => Promise<void>>;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const panel = region(page);
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('offered')) await button(page, 'Renew by PIX Automático').waitFor();
  if (s.matches('awaitingApproval')) {
    await panel.getByRole('img', { name: 'PIX Automático QR code' }).waitFor();
    await panel.getByText('Awaiting approval in your bank app').waitFor();
  }
  if (s.matches('authorised')) await panel.getByText('Active', { exact: true }).waitFor();
  if (s.matches('confirmingCancel')) await page.getByRole('alertdialog', { name: 'Cancel the PIX Automático authorisation?' }).waitFor();
  if (s.matches('cancelling')) await page.getByText('Cancelling…').waitFor();
  if (s.matches('ended')) await button(page, 'Authorise again').waitFor();
  if (s.matches('refused')) await panel.getByText(String(errorMessageFor(s.context.errCode).defaultMessage)).waitFor();
  if (s.matches('failure')) expect(await visibleText(panel)).toContain('PIX Automático could not be reached. Nothing changed.');
}

browserWalkSuite({
  title: 'PIX Automático machine, walk (c): on /account in Chromium, against the real server',
  flow: 'pixAutomatico',
  model: pixAutomaticoGraph(),
  world,
  async path(run) {
    const pix = new PixAutomaticoWorld(world.server);
    await pix.setUp();
    run.onEnd(() => pix.repair());
    return {
      open: async () => ({ url: '/account', localStorage: signedInStorage(pix.customer.client.store) }),
      arrange: (event) => pix.arrange(event),
      perform: (event) => executors[event.type as PixAutomaticoEventType](run.page),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await pix.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
