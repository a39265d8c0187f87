// @vitest-environment jsdom
// Walk (b) of the plan change machine: every graph path through the routed account page (/account),
// with the app's routes, providers and flow wiring (usePlanChange starts the actor), signed in as the
// world's customer, with Testing Library; the actor calls the real reference server. One executor
// per event (typed with `satisfies`, so a new event without one does not compile) and, per state,
// what the customer sees in the "Change plan" panel.
import './node-realm';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { PlanChangeEventType } from '../../machines/plan-change/plan-change.types';
import { formatMoney } from '../../core/config/money';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { planChangeGraph } from './plan-change.model';
import { PlanChangeWorld } from './plan-change.world';
import { signedInScreenWalk } from './signed-in-walk';

// The server's clock starts at the browser's time: the panel shows only while the plan runs, by the page's clock.
const clock = createFakeClock(Date.now());
const server = useTestServer({}, { clock });
const panel = () => screen.getByRole('region', { name: 'Change plan' });
const inPanel = () => within(panel());
const dialog = () => inPanel().getByRole('alertdialog');
/** Where the page is: the routed account page, until an upgrade opens the payment page. */
const here = '/account';
const names = new Map<string, string>();
beforeAll(async () => {
  const plans = (await server.get('/api/site/listPlans/v1?language=en')).body.data as { id: string; name: string }[];
  for (const p of plans) names.set(p.id, p.name);
});

/** What the customer does in the panel for each event. */
const executors = {
  PLAN_CHOSEN: (w) => fireEvent.click(inPanel().getByRole('button', { name: `Change to ${names.get(w.pick)}` })),
  CHANGE_CONFIRMED: () => fireEvent.click(within(dialog()).getByRole('button', { name: /^(Pay the difference|Change at renewal)$/ })),
  CHANGE_DISMISSED: () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep my plan' })),
  UNDO_REQUESTED: () => fireEvent.click(inPanel().getByRole('button', { name: 'Undo' })),
} satisfies Record<PlanChangeEventType, (world: PlanChangeWorld) => void>;

const money = (minor: number) => formatMoney(minor, 'BRL', 'en');

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, waiting: boolean) {
  if (s.matches('upgradeOrdered')) {
    // The payment page, on the upgrade order.
    expect(screen.getByTestId('landed').textContent).toMatch(/^\/payment\?orderId=ORD/);
    return;
  }
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(panel().getAttribute('aria-busy')).toBe(String(busy));
  const quoteOpen = s.matches('reviewing') || s.matches('changing');
  expect(Boolean(inPanel().queryByRole('alertdialog'))).toBe(quoteOpen);
  if (quoteOpen) {
    const q = s.context.quote;
    const text = dialog().textContent ?? '';
    if (q.when === 'now') {
      // The three lines before paying: the credit, the new plan's price, the amount due.
      expect(inPanel().getByRole('alertdialog', { name: `Upgrade to ${q.planName} now?` })).toBeTruthy();
      for (const line of ['Credit for unused days', `−${money(q.credit)}`, money(q.price), 'Due now', money(q.due)]) expect(text).toContain(line);
    } else expect(inPanel().getByRole('alertdialog', { name: `Change to ${q.planName} at your next renewal?` })).toBeTruthy();
  }
  const alerts = inPanel()
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  if (s.matches('quoteRefused') || s.matches('changeRefused') || s.matches('undoRefused'))
    expect(alerts).toEqual([String(errorMessageFor(s.context.errCode).defaultMessage)]);
  else if (s.matches('failure')) expect(alerts).toEqual(['The plan could not be changed. Nothing changed.']);
  else if (!quoteOpen) expect(alerts).toEqual([]);
  const statuses = inPanel()
    .queryAllByRole('status')
    .map((e) => e.textContent);
  expect(statuses.includes('Plan change undone.')).toBe(s.matches('undone'));
  if (busy) return;
  // The change waiting for the renewal shows with "Undo", as the server has it.
  expect(Boolean(inPanel().queryByRole('button', { name: 'Undo' }))).toBe(waiting);
}

signedInScreenWalk({
  title: 'plan change machine, walk (b): through the routed account page, against the real server',
  flow: 'planChange',
  model: planChangeGraph(),
  clock,
  world: () => new PlanChangeWorld(server),
  url: here,
  perform: (event, world) => executors[event.type as PlanChangeEventType](world),
  async check(reached, event, world) {
    // The payment page opens with the state's entry: the router shows it on the next render.
    if (reached.matches('upgradeOrdered')) await waitFor(() => expect(screen.getByTestId('landed').textContent).toMatch(/^\/payment/));
    const landed = screen.queryByTestId('landed')?.textContent ?? '';
    const opened = [...landed.matchAll(/orderId=([A-Z0-9]+)/g)].map((m) => m[1]!);
    await world.check(reached, event, reached.matches('upgradeOrdered') ? opened : []);
  },
  async shows(reached, world) {
    const waiting = reached.hasTag('busy') ? false : Boolean(await world.waiting());
    return () => assertScreen(reached, waiting);
  },
});
