// Walk (c) of "Delete my account": the shortest path to every state, on /settings in Chromium,
// signed in as the world's customer, against the real server over HTTP. One executor per event
// and, per state, what the customer sees; the server's side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { AccountDeletionEventType } from '../../machines/account-deletion/account-deletion.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { accountDeletionGraph } from '../model/account-deletion.model';
import { AccountDeletionWorld } from '../model/account-deletion.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

const region = (page: Page) => page.getByRole('region', { name: 'Delete my account' });
const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Delete your account?' });

/** What the customer does for each event. */
const executors = {
  DELETE_REQUESTED: (page) => region(page).getByRole('button', { name: 'Delete my account' }).first().click(),
  DELETE_CONFIRMED: async (page, w) => {
    await dialog(page).getByLabel('Your password').fill(w.password);
    await dialog(page).getByRole('button', { name: 'Delete my account' }).click();
  },
  DELETE_DISMISSED: (page) => dialog(page).getByRole('button', { name: 'Keep my account' }).click(),
} satisfies Record<AccountDeletionEventType, (page: Page, world: AccountDeletionWorld) => Promise<void>>;

async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  if (s.matches('deleted')) {
    await page.getByRole('heading', { name: 'Your account was deleted' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account-deleted');
    return;
  }
  const section = region(page);
  await expect.poll(() => section.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  const code = (s.context as { errCode: number | null }).errCode;
  if (s.matches('confirming')) {
    await dialog(page).waitFor();
    if (code !== null)
      await dialog(page)
        .getByText(String(errorMessageFor(code).defaultMessage))
        .waitFor();
  }
  if (s.matches('deleting')) await page.getByText('Deleting your account…').waitFor();
  if (s.matches('refused')) await section.getByText(String(errorMessageFor(code!).defaultMessage)).waitFor();
  if (s.matches('failure')) expect(await visibleText(section)).toContain('Your account could not be deleted. Nothing changed; please try again.');
  if (s.matches('idle') || s.matches('refused') || s.matches('failure')) await expect.poll(() => dialog(page).count()).toBe(0);
}

browserWalkSuite({
  title: 'delete my account machine, walk (c): on /settings in Chromium, against the real server',
  flow: 'accountDeletion',
  model: accountDeletionGraph(),
  world,
  async path(run) {
    const deletion = new AccountDeletionWorld(world.server);
    await deletion.setUp();
    run.onEnd(() => deletion.repair());
    return {
      open: async () => ({ url: '/settings', localStorage: signedInStorage(deletion.customer.client.store) }),
      arrange: (event) => deletion.arrange(event),
      perform: (event) => executors[event.type as AccountDeletionEventType](run.page, deletion),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await deletion.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
