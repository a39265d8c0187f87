// Walk (c) of "Download my data": the shortest path to every state, on /settings in Chromium,
// signed in as the world's customer, against the real server over HTTP. The file itself is read by
// walks (a) and (b) and by e2e/personal-data.spec.ts; here, that the page shows each state.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { DataExportEventType } from '../../machines/data-export/data-export.types';
import { dataExportGraph } from '../model/data-export.model';
import { DataExportWorld } from '../model/data-export.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

const region = (page: Page) => page.getByRole('region', { name: 'Download my data' });

/** What the customer does in the section for each event. */
const executors = {
  DOWNLOAD_REQUESTED: (page, format) =>
    region(page)
      .getByRole('button', { name: format === 'pdf' ? 'Download as PDF' : 'Download as JSON' })
      .click(),
  RETRY_REQUESTED: (page) => region(page).getByRole('button', { name: 'Try again' }).click(),
} satisfies Record<DataExportEventType, (page: Page, format: string) => Promise<void>>;

async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const section = region(page);
  await expect.poll(() => section.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('preparing')) await section.getByText('Preparing your file…').waitFor();
  if (s.matches('downloaded')) await section.getByRole('status').filter({ hasText: 'Your file is downloaded.' }).waitFor();
  if (s.matches('failure')) expect(await visibleText(section)).toContain('Your file could not be prepared. Please try again.');
}

browserWalkSuite({
  title: 'download my data machine, walk (c): on /settings in Chromium, against the real server',
  flow: 'dataExport',
  model: dataExportGraph(),
  world,
  async path(run) {
    const data = new DataExportWorld(world.server);
    await data.setUp();
    run.onEnd(() => data.repair());
    return {
      open: async () => ({ url: '/settings', localStorage: signedInStorage(data.customer.client.store) }),
      arrange: (event) => data.arrange(event),
      perform: (event) => executors[event.type as DataExportEventType](run.page, (event as { format?: string }).format ?? 'json'),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        if (event.type.startsWith('xstate.error')) await data.repair();
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
