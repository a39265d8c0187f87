// @vitest-environment jsdom
// Walk (b) of "Delete my account": every graph path through the routed settings page (/settings),
// with the app's routes, providers and flow wiring (the session machine included), signed in as the
// world's customer, with Testing Library; the actor calls the real reference server. A deletion
// ends on the confirmation page, signed out.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { AccountDeletionEventType } from '../../machines/account-deletion/account-deletion.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { accountDeletionGraph } from './account-deletion.model';
import { AccountDeletionWorld } from './account-deletion.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

const region = () => screen.getByRole('region', { name: 'Delete my account' });
const dialog = () => within(region()).queryByRole('alertdialog');
/** The section's own button, not the dialog's of the same name. */
const requestButton = () =>
  within(region())
    .getAllByRole('button', { name: 'Delete my account' })
    .find((b) => !b.closest('[role="alertdialog"]')) as HTMLButtonElement;
const here = '/settings';

/** What the customer does for each event. */
const executors = {
  DELETE_REQUESTED: () => fireEvent.click(requestButton()),
  DELETE_CONFIRMED: (w) => {
    const d = within(dialog()!);
    fireEvent.change(d.getByLabelText('Your password'), { target: { value: w.password } });
    fireEvent.click(d.getByRole('button', { name: 'Delete my account' }));
  },
  DELETE_DISMISSED: () => fireEvent.click(within(dialog()!).getByRole('button', { name: 'Keep my account' })),
} satisfies Record<AccountDeletionEventType, (world: AccountDeletionWorld) => void>;

const message = (code: number) => String(errorMessageFor(code).defaultMessage);

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, signedIn: boolean) {
  if (s.matches('deleted')) {
    // Signed out on this device too: the header offers to log in.
    expect(signedIn).toBe(false);
    expect(screen.getByTestId('landed').textContent).toBe('/account-deleted');
    expect(screen.getByRole('heading', { name: 'Your account was deleted' })).toBeTruthy();
    return;
  }
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(region().getAttribute('aria-busy')).toBe(String(busy));
  const open = s.matches('confirming') || s.matches('deleting');
  expect(Boolean(dialog())).toBe(open);
  const { errCode } = s.context as { errCode: number | null };
  const alerts = within(region())
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  if (open) {
    expect(within(dialog()!).getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled')).toBe(busy);
    if (busy) expect(within(dialog()!).getByRole('status').textContent).toBe('Deleting your account…');
    // A wrong password is said under the field.
    expect(alerts).toEqual(s.matches('confirming') && errCode !== null ? [message(errCode)] : []);
  } else if (s.matches('refused')) expect(alerts).toEqual([message(errCode!)]);
  else if (s.matches('failure')) expect(alerts).toEqual(['Your account could not be deleted. Nothing changed; please try again.']);
  else expect(alerts).toEqual([]);
}

signedInScreenWalk({
  title: 'delete my account machine, walk (b): through the routed settings page, against the real server',
  flow: 'accountDeletion',
  model: accountDeletionGraph(),
  clock,
  world: () => new AccountDeletionWorld(server),
  url: here,
  perform: (event, world) => executors[event.type as AccountDeletionEventType](world),
  shows: (reached, world) => () => assertScreen(reached, Boolean(world.customer.client.store.get('userInfo'))),
});
