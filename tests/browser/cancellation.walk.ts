// Walk (c) of the cancellation machine: the shortest path to every state, on /account in Chromium,
// signed in as the world's customer, against the real server over HTTP; the flow starts from the
// auto-renewal panel's "Turn off auto-renewal". One executor per event (typed with `satisfies`, so
// a new event without one does not compile) and, per state, what the customer sees; the server's
// side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { CancellationEventType } from '../../machines/cancellation/cancellation.types';
import { cancellationGraph } from '../model/cancellation.model';
import { CancellationWorld } from '../model/cancellation.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

function executorsFor(cancellation: CancellationWorld) {
  return {
    REASON_SUBMITTED: async (page) => {
      const { reason, otherText } = cancellation.reason;
      await page.getByRole('radio', { name: reason === 'other' ? 'Other' : 'It is too expensive' }).check();
      if (reason === 'other') await page.getByRole('textbox', { name: 'Your reason' }).fill(otherText);
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    OFFER_ACCEPTED: (page) => page.getByRole('button', { name: 'Accept the offer' }).click(),
    OFFER_DECLINED: (page) => page.getByRole('button', { name: 'No thanks, turn it off' }).click(),
    CANCEL_CONFIRMED: (page) => page.getByRole('button', { name: 'Turn it off' }).click(),
  } satisfies Record<CancellationEventType, (page: Page) => Promise<void>>;
}

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const panel = page.getByRole('region', { name: 'Auto-renewal' });
  if (s.matches('accepted')) return panel.getByText(/Thank you for staying!/).waitFor();
  if (s.matches('confirmed')) return panel.getByText(/Auto-renewal is off\. Your plan stays active until/).waitFor();
  if (s.matches('refused')) {
    await panel.getByRole('alert').first().waitFor();
    return;
  }
  if (s.matches('choosingReason')) return page.getByRole('group', { name: 'Why are you turning it off?' }).waitFor();
  if (s.matches('offering')) return page.getByRole('alertdialog', { name: 'Before you go' }).waitFor();
  if (s.matches('confirming')) return page.getByRole('alertdialog', { name: 'Turn off auto-renewal?' }).getByRole('button', { name: 'Turn it off' }).waitFor();
  if (s.hasTag('busy')) expect(await visibleText(panel)).toMatch(/One moment…|Applying the offer…|Turning auto-renewal off…/);
}

browserWalkSuite({
  title: 'cancellation machine, walk (c): on /account in Chromium, against the real server',
  flow: 'cancellation',
  model: cancellationGraph(),
  world,
  async path(run) {
    const cancellation = new CancellationWorld(world.server);
    await cancellation.setUp();
    run.onEnd(() => cancellation.repair());
    const executors = executorsFor(cancellation);
    return {
      open: async () => ({ url: '/account', localStorage: signedInStorage(cancellation.customer.client.store) }),
      // The flow starts when the customer asks to turn auto-renewal off.
      enter: () => run.page.getByRole('button', { name: 'Turn off auto-renewal' }).click(),
      arrange: (event) => cancellation.arrange(event),
      perform: (event) => executors[event.type as CancellationEventType](run.page),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await cancellation.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
