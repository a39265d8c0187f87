// Walk (c) of the plan change machine: the shortest path to every state, on /account in Chromium,
// signed in as the world's customer (the monthly one-screen plan, a change already waiting for the
// renewal), against the real server over HTTP. One executor per event (typed with `satisfies`, so a
// new event without one does not compile) and, per state, what the customer sees; the server's
// side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PlanChangeEventType } from '../../machines/plan-change/plan-change.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { planChangeGraph } from '../model/plan-change.model';
import { PlanChangeWorld } from '../model/plan-change.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage } from './page-helpers';

const world = await useBrowserServer();
/** The plans' names in English, read once the server runs. */
const names = new Map<string, string>();
async function readNames() {
  if (names.size > 0) return;
  for (const p of (await world.server.get('/api/site/listPlans/v1?language=en')).body.data as { id: string; name: string }[]) names.set(p.id, p.name);
}

const region = (page: Page) => page.getByRole('region', { name: 'Change plan' });

/** What the customer does in the "Change plan" panel for each event. */
const executors = (w: PlanChangeWorld) =>
  ({
    PLAN_CHOSEN: (page) =>
      region(page)
        .getByRole('button', { name: `Change to ${names.get(w.pick)}` })
        .click(),
    CHANGE_CONFIRMED: (page) =>
      page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^(Pay the difference|Change at renewal)$/ })
        .click(),
    CHANGE_DISMISSED: (page) => page.getByRole('alertdialog').getByRole('button', { name: 'Keep my plan' }).click(),
    UNDO_REQUESTED: (page) => region(page).getByRole('button', { name: 'Undo' }).click(),
  }) satisfies Record<PlanChangeEventType, (page: Page) => Promise<void>>;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  if (s.matches('upgradeOrdered')) return void (await page.waitForURL(/\/payment\?orderId=ORD/));
  const panel = region(page);
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('reviewing')) {
    const q = s.context.quote;
    await page
      .getByRole('alertdialog', { name: q.when === 'now' ? `Upgrade to ${q.planName} now?` : `Change to ${q.planName} at your next renewal?` })
      .waitFor();
    if (q.when === 'now') await page.getByRole('alertdialog').getByText('Due now').waitFor();
  }
  if (s.matches('changing')) await page.getByText('Changing…').waitFor();
  if (s.matches('scheduled')) await panel.getByRole('button', { name: 'Undo' }).waitFor();
  if (s.matches('undone')) await panel.getByRole('status').filter({ hasText: 'Plan change undone.' }).waitFor();
  if (s.matches('quoteRefused') || s.matches('changeRefused') || s.matches('undoRefused'))
    await panel.getByText(String(errorMessageFor(s.context.errCode).defaultMessage)).waitFor();
  if (s.matches('failure')) await panel.getByText('The plan could not be changed.', { exact: false }).waitFor();
}

browserWalkSuite({
  title: 'plan change machine, walk (c): on /account in Chromium, against the real server',
  flow: 'planChange',
  model: planChangeGraph(),
  world,
  async path(run) {
    await readNames();
    const w = new PlanChangeWorld(world.server);
    await w.setUp();
    run.onEnd(() => w.repair());
    const act = executors(w);
    return {
      open: async () => ({ url: '/account', localStorage: signedInStorage(w.customer.client.store) }),
      arrange: (event) => w.arrange(event),
      perform: (event) => act[event.type as PlanChangeEventType](run.page),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        if (reached.matches('upgradeOrdered')) await run.page.waitForURL(/\/payment\?orderId=ORD/);
        const opened = [...run.page.url().matchAll(/orderId=([A-Z0-9]+)/g)].map((m) => m[1]!);
        await w.check(reached, event, reached.matches('upgradeOrdered') ? opened : []);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
