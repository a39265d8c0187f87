// @vitest-environment jsdom
// Walk (b) of the device sign-out machine: every graph path through the routed account page
// (/account), with the app's routes, providers and flow wiring (useDevices starts the actor), signed
// in as the world's customer, with Testing Library; the actor calls the real reference server. The
// page's other parts make their own calls on the same client; the walk looks at the device list.
// One executor per event (typed with `satisfies`, so a new event without one does not compile) and,
// per state, what the customer sees.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DevicesEventType } from '../../machines/devices/devices.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { useTestServer } from '../helpers/test-server';
import { devicesGraph } from './devices.model';
import { DevicesWorld, OTHER_DEVICE } from './devices.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const panel = () => screen.getByRole('region', { name: 'Devices' });
const inPanel = () => within(panel());
const button = (name: string | RegExp) => inPanel().getByRole('button', { name }) as HTMLButtonElement;
const rowButtons = () => inPanel().queryAllByRole('button', { name: new RegExp(`^Sign out ${OTHER_DEVICE}, `) });
/** Where the page is: the routed account page, which the walk never leaves. */
const here = '/account';

/** What the customer does on the device list for each event. */
const executors = {
  // The newest other device still signed in: the list's first row that offers it.
  SIGN_OUT_REQUESTED: () => fireEvent.click(rowButtons()[0]!),
  SIGN_OUT_OTHERS_REQUESTED: () => fireEvent.click(button('Sign out all other devices')),
  SIGN_OUT_CONFIRMED: () => fireEvent.click(within(inPanel().getByRole('alertdialog')).getByRole('button', { name: 'Sign out' })),
  SIGN_OUT_DISMISSED: () => fireEvent.click(button('Cancel')),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<DevicesEventType, () => void>;

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, running: number) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(panel().getAttribute('aria-busy')).toBe(String(busy));
  const statuses = () =>
    inPanel()
      .queryAllByRole('status')
      .map((e) => e.textContent);
  const dialogOpen = s.matches('confirming') || s.matches('signingOut');
  const dialog = inPanel().queryByRole('alertdialog');
  expect(Boolean(dialog)).toBe(dialogOpen);
  if (dialogOpen) {
    const { target } = s.context;
    const title = target.kind === 'one' ? `Sign out ${OTHER_DEVICE}?` : 'Sign out all other devices?';
    expect(inPanel().getByRole('alertdialog', { name: title })).toBeTruthy();
    expect(within(dialog!).getByRole('button', { name: 'Sign out' }).hasAttribute('disabled')).toBe(busy);
    if (busy) expect(statuses()).toContain('Signing out…');
  }
  expect(statuses().includes('Signed out.')).toBe(s.matches('done'));
  const alerts = inPanel()
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  if (s.matches('refused')) expect(alerts).toEqual([String(errorMessageFor(s.context.errCode).defaultMessage)]);
  else if (s.matches('failure')) {
    expect(alerts).toEqual(['The device could not be signed out. Nothing changed.Try again']);
    expect(button('Try again').disabled).toBe(false);
  } else expect(alerts).toEqual([]);
  // The list shows where the devices stand: one way to sign out each other device still signed in,
  // "This device" on the customer's own.
  if (busy) return;
  expect(inPanel().getByText('This device')).toBeTruthy();
  expect(rowButtons()).toHaveLength(running);
  expect(Boolean(inPanel().queryByRole('button', { name: 'Sign out all other devices' }))).toBe(running > 0);
}

signedInScreenWalk({
  title: 'device sign-out machine, walk (b): through the routed account page, against the real server',
  flow: 'devices',
  model: devicesGraph(),
  clock,
  world: () => new DevicesWorld(server),
  url: here,
  perform: (event) => executors[event.type as DevicesEventType](),
  async shows(reached, world) {
    // The other devices still signed in, as the server has them once the answer came.
    const running = reached.hasTag('busy') ? 0 : (await world.runningOthers()).length;
    return () => assertScreen(reached, running);
  },
});
