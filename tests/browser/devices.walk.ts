// Walk (c) of the device sign-out machine: the shortest path to every state, on /account in
// Chromium, signed in as the world's customer (also signed in on four other devices), against the
// real server over HTTP. One executor per event (typed with `satisfies`, so a new event without one
// does not compile) and, per state, what the customer sees; the server's side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { DevicesEventType } from '../../machines/devices/devices.types';
import { devicesGraph } from '../model/devices.model';
import { DevicesWorld, OTHER_DEVICE } from '../model/devices.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

const region = (page: Page) => page.getByRole('region', { name: 'Devices' });
const rowButtons = (page: Page) => region(page).getByRole('button', { name: new RegExp(`^Sign out ${OTHER_DEVICE}, `) });

/** What the customer does on the device list for each event. */
const executors = {
  SIGN_OUT_REQUESTED: (page) => rowButtons(page).first().click(),
  SIGN_OUT_OTHERS_REQUESTED: (page) => region(page).getByRole('button', { name: 'Sign out all other devices' }).click(),
  SIGN_OUT_CONFIRMED: (page) => page.getByRole('alertdialog').getByRole('button', { name: 'Sign out', exact: true }).click(),
  SIGN_OUT_DISMISSED: (page) => page.getByRole('button', { name: 'Cancel' }).click(),
  RETRY_REQUESTED: (page) => region(page).getByRole('button', { name: 'Try again' }).click(),
} satisfies Record<DevicesEventType, (page: Page) => Promise<void>>;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot, running: number) {
  const panel = region(page);
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('confirming')) {
    const title = s.context.target.kind === 'one' ? `Sign out ${OTHER_DEVICE}?` : 'Sign out all other devices?';
    await page.getByRole('alertdialog', { name: title }).waitFor();
  }
  if (s.matches('signingOut')) await page.getByText('Signing out…').waitFor();
  if (s.matches('done')) await panel.getByRole('status').filter({ hasText: 'Signed out.' }).waitFor();
  if (s.matches('refused')) await panel.getByText('This device is no longer signed in to your account.').waitFor();
  if (s.matches('failure')) expect(await visibleText(panel)).toContain('The device could not be signed out. Nothing changed.');
  if (s.hasTag('busy')) return;
  await expect.poll(() => rowButtons(page).count()).toBe(running);
  await panel.getByText('This device', { exact: true }).waitFor();
}

browserWalkSuite({
  title: 'device sign-out machine, walk (c): on /account in Chromium, against the real server',
  flow: 'devices',
  model: devicesGraph(),
  world,
  async path(run) {
    const devices = new DevicesWorld(world.server);
    await devices.setUp();
    run.onEnd(() => devices.repair());
    return {
      open: async () => ({ url: '/account', localStorage: signedInStorage(devices.customer.client.store) }),
      arrange: (event) => devices.arrange(event),
      perform: (event) => executors[event.type as DevicesEventType](run.page),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await devices.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) {
          const running = reached.hasTag('busy') ? 0 : (await devices.runningOthers()).length;
          await assertScreen(run.page, reached, running);
        }
      },
    };
  },
});
