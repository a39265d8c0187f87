// @vitest-environment jsdom
// Walk (b) of the PIX Automático machine: every graph path through the routed account page
// (/account), with the app's routes, providers and flow wiring (usePixAutomatico starts the actor),
// signed in as the world's customer, with Testing Library; the actor calls the real reference
// server. One executor per event (typed with `satisfies`, so a new event without one does not
// compile) and, per state, what the customer sees.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { PixAutomaticoEventType } from '../../machines/pix-automatico/pix-automatico.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { useTestServer } from '../helpers/test-server';
import { pixAutomaticoGraph } from './pix-automatico.model';
import { PixAutomaticoWorld } from './pix-automatico.world';
import { signedInScreenWalk } from './signed-in-walk';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const panel = () => screen.getByRole('region', { name: 'PIX Automático' });
const inPanel = () => within(panel());
const button = (name: string | RegExp) => inPanel().getByRole('button', { name }) as HTMLButtonElement;
const dialog = () => within(inPanel().getByRole('alertdialog'));
const here = '/account';

/** What the customer does in the panel for each event. */
const executors = {
  START_REQUESTED: () => fireEvent.click(button(/^(Renew by PIX Automático|Authorise again)$/)),
  REFRESH_REQUESTED: () => fireEvent.click(button(/^(I have approved it|Back to PIX Automático)$/)),
  CANCEL_REQUESTED: () => fireEvent.click(button('Cancel authorisation')),
  CANCEL_CONFIRMED: () => fireEvent.click(dialog().getByRole('button', { name: 'Cancel authorisation' })),
  CANCEL_DISMISSED: () => fireEvent.click(dialog().getByRole('button', { name: 'Keep it' })),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<PixAutomaticoEventType, () => void>;

const statusText: Record<string, string> = {
  CRIADA: 'Awaiting approval in your bank app',
  APROVADA: 'Active',
  CANCELADA: 'Cancelled',
  EXPIRADA: 'Expired',
  REJEITADA: 'Rejected by your bank',
};

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(panel().getAttribute('aria-busy')).toBe(String(busy));
  const dialogOpen = s.matches('confirmingCancel') || s.matches('cancelling');
  expect(Boolean(inPanel().queryByRole('alertdialog'))).toBe(dialogOpen);
  if (dialogOpen) expect(dialog().getByRole('button', { name: 'Cancel authorisation' }).hasAttribute('disabled')).toBe(busy);
  const alerts = inPanel()
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  if (s.matches('refused')) expect(alerts).toEqual([String(errorMessageFor(s.context.errCode).defaultMessage)]);
  else if (s.matches('failure')) expect(alerts).toEqual(['PIX Automático could not be reached. Nothing changed.Try again']);
  else expect(alerts).toEqual([]);
  if (s.matches('offered')) expect(button('Renew by PIX Automático').disabled).toBe(false);
  const info = s.context.info;
  const shown = ['awaitingApproval', 'authorised', 'confirmingCancel', 'cancelling', 'ended'].some((v) => s.matches(v));
  if (shown && info) {
    expect(inPanel().getByText(statusText[info.status]!)).toBeTruthy();
    for (const term of ['Amount', 'Maximum amount', 'Frequency', 'End date']) expect(inPanel().getByText(term)).toBeTruthy();
  }
  expect(Boolean(inPanel().queryByRole('img', { name: 'PIX Automático QR code' }))).toBe(s.matches('awaitingApproval'));
  if (s.matches('authorised') || s.matches('awaitingApproval')) expect(button('Cancel authorisation').disabled).toBe(false);
  if (s.matches('ended')) expect(button('Authorise again').disabled).toBe(false);
}

signedInScreenWalk({
  title: 'PIX Automático machine, walk (b): through the routed account page, against the real server',
  flow: 'pixAutomatico',
  model: pixAutomaticoGraph(),
  clock,
  world: () => new PixAutomaticoWorld(server),
  url: here,
  perform: (event) => executors[event.type as PixAutomaticoEventType](),
  shows: (reached) => () => assertScreen(reached),
});
