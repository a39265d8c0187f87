// Walk (c) of the chargeback panel's machine: the shortest path to every state, on the order page
// (/receipt?orderId=…) in Chromium, signed in as the world's customer with a paid card order that
// the sandbox card network disputes step by step, against the real server over HTTP. One executor
// per event (typed with `satisfies`, so a new event without one does not compile) and, per state,
// what the customer sees; the server's side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { DisputeEventType } from '../../machines/dispute/dispute.types';
import { paths } from '../../core/routing/paths';
import { disputeGraph } from '../model/dispute.model';
import { DisputeWorld } from '../model/dispute.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

const region = (page: Page) => page.getByRole('region', { name: 'Chargeback' });

/** What the customer does in the chargeback panel for each event. */
const executors = {
  REFRESH_REQUESTED: (page) => region(page).getByRole('button', { name: 'Check the status again' }).click(),
  RETRY_REQUESTED: (page) => region(page).getByRole('button', { name: 'Try again' }).click(),
} satisfies Record<DisputeEventType, (page: Page) => Promise<void>>;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const panel = region(page);
  if (s.matches('none')) {
    // Never disputed: the receipt as ever, without a chargeback panel.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => panel.count()).toBe(0);
    return;
  }
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('open')) await panel.getByText('Your bank is reviewing a dispute of this payment. Your plan stays active while it decides.').waitFor();
  if (s.matches('closed')) await panel.getByText(/Your bank upheld the dispute and returned this payment to you\./).waitFor();
  if (s.matches('failure')) expect(await visibleText(panel)).toContain('The status of the chargeback could not be read.');
}

browserWalkSuite({
  title: 'chargeback panel machine, walk (c): on the order page in Chromium, against the real server',
  flow: 'dispute',
  model: disputeGraph(),
  world,
  async path(run) {
    const dispute = new DisputeWorld(world.server);
    await dispute.setUp();
    run.onEnd(() => dispute.repair());
    return {
      open: async () => ({ url: paths.receipt(dispute.orderId), localStorage: signedInStorage(dispute.customer.client.store) }),
      arrange: (event) => dispute.arrange(event),
      perform: (event) => executors[event.type as DisputeEventType](run.page),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await dispute.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
