// @vitest-environment jsdom
// Walk (b) of "Download my data": every graph path through the routed settings page (/settings),
// with the app's routes, providers and flow wiring, signed in as the world's customer, with Testing
// Library; the actor calls the real reference server. jsdom cannot save a file: the page's hand-over
// to the browser (an object URL and a link's click) is recorded instead, by the file name.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DataExportEventType } from '../../machines/data-export/data-export.types';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { dataExportGraph } from './data-export.model';
import { DataExportWorld } from './data-export.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** The names of the files the page handed to the browser, in order. */
const saved: string[] = [];
const original = { click: HTMLAnchorElement.prototype.click, create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = () => 'blob:walk';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterAll(() => {
  Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
  HTMLAnchorElement.prototype.click = original.click;
});

const region = () => screen.getByRole('region', { name: 'Download my data' });
const button = (name: string) => within(region()).getByRole('button', { name }) as HTMLButtonElement;
const here = '/settings';

/** What the customer does in the section for each event. */
const executors = {
  DOWNLOAD_REQUESTED: (format: string) => fireEvent.click(button(format === 'pdf' ? 'Download as PDF' : 'Download as JSON')),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<DataExportEventType, (format: string) => void>;

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, uid: number) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(region().getAttribute('aria-busy')).toBe(String(busy));
  expect(button('Download as JSON').disabled).toBe(busy);
  const statuses = within(region())
    .queryAllByRole('status')
    .map((e) => e.textContent);
  expect(statuses).toEqual([busy ? 'Preparing your file…' : s.matches('downloaded') ? 'Your file is downloaded.' : '']);
  const alerts = within(region())
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  expect(alerts).toEqual(s.matches('failure') ? ['Your file could not be prepared. Please try again.Try again'] : []);
  if (s.matches('downloaded')) expect(saved[saved.length - 1]).toBe(`personal-data-${uid}.${s.context.format}`);
}

signedInScreenWalk({
  title: 'download my data machine, walk (b): through the routed settings page, against the real server',
  flow: 'dataExport',
  model: dataExportGraph(),
  clock,
  world: () => new DataExportWorld(server),
  url: here,
  perform: (event) => executors[event.type as DataExportEventType]((event as { format?: string }).format ?? 'json'),
  shows: (reached, world) => () => assertScreen(reached, world.customer.account.uid),
});
