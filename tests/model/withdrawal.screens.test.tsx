// @vitest-environment jsdom
// Walk (b) of the withdrawal machine (docs/decisions/058): every graph path through the routed
// order page (/receipt?orderId=…), with the app's routes, providers and flow wiring (the page holds
// the actor), signed in as the world's customer, with Testing Library; the actor calls the real
// reference server. One executor per event (typed with `satisfies`, so a new event without one does
// not compile) and, per state, what the customer sees in the "Withdraw from this purchase" section.
import './node-realm';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { WithdrawalEventType } from '../../machines/withdrawal/withdrawal.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { paths } from '../../core/routing/paths';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { signedInScreenWalk } from './signed-in-walk';
import { withdrawalGraph } from './withdrawal.model';
import { WithdrawalWorld } from './withdrawal.world';

// The page offers the withdrawal by the browser's clock: the server's starts at the same time.
const clock = createFakeClock(Date.now());
const server = useTestServer({}, { clock });
// Named "Refund" once a refund was asked for and no new withdrawal is offered.
const section = () => screen.getByRole('region', { name: /^(Withdraw from this purchase|Refund)$/ });
const inSection = () => within(section());
const button = (name: string) => inSection().getByRole('button', { name }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(inSection().getByLabelText(label), { target: { value } });

/** What the customer does in the withdrawal section for each event. */
const executors = {
  WITHDRAW_REQUESTED: () => fireEvent.click(button('Withdraw (cancel and refund)')),
  WITHDRAW_CONFIRMED: ({ details }) => {
    if (details.bankAccount) {
      type('Bank code (3 digits)', details.bankAccount.bank);
      type('Branch (4 digits)', details.bankAccount.branch);
      type('Account number with check digit', details.bankAccount.account);
      type('Account holder’s CPF', details.bankAccount.holderCpf);
    }
    if (details.refundAddress !== undefined) type('Refund address', details.refundAddress);
    fireEvent.click(button('Confirm withdrawal'));
  },
  WITHDRAW_DISMISSED: () => fireEvent.click(button('Keep my purchase')),
  CANCEL_REQUESTED: () => fireEvent.click(button('Cancel the refund request')),
  RETRY_REQUESTED: () => fireEvent.click(button('Try again')),
} satisfies Record<WithdrawalEventType, (world: WithdrawalWorld) => void>;

const statusText: Record<string, string | RegExp> = {
  pending: /^Refund pending: we asked for the money to go back\./,
  refunded: 'Refunded: the money went back and the plan this order gave has ended.',
  rejected: 'The refund was refused: the payment provider refused it. The purchase stays paid.',
  cancelled: 'You cancelled the refund request. The purchase stays paid.',
};

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, here: string) {
  expect(screen.getByTestId('landed').textContent).toBe(here);
  const busy = s.hasTag('busy');
  expect(section().getAttribute('aria-busy')).toBe(String(busy));
  const texts = (role: 'status' | 'alert') =>
    inSection()
      .queryAllByRole(role)
      .map((e) => e.textContent ?? '');
  const { errCode, refundsTo } = s.context;
  const confirmOpen = s.matches('confirming') || s.matches('withdrawing');
  expect(Boolean(inSection().queryByRole('button', { name: 'Confirm withdrawal' }))).toBe(confirmOpen);
  if (confirmOpen) {
    // The fields the refund needs, and a refusal of what was typed beside them.
    expect(inSection().queryAllByRole('textbox').length).toBe({ payer: 0, bank_account: 4, address: 1 }[refundsTo as string]);
    expect(button('Keep my purchase').disabled).toBe(busy);
    expect(texts('alert')).toEqual(errCode === null ? [] : [String(errorMessageFor(errCode).defaultMessage)]);
    expect(texts('status').includes('Asking for the refund…')).toBe(busy);
    return;
  }
  const offered = s.matches('idle') || s.matches('rejected') || s.matches('cancelled');
  expect(Boolean(inSection().queryByRole('button', { name: 'Withdraw (cancel and refund)' }))).toBe(offered);
  if (s.matches('idle')) expect(inSection().getByText(/you can withdraw: the order is cancelled, .+ goes back in full/)).toBeTruthy();
  expect(Boolean(inSection().queryByRole('button', { name: 'Cancel the refund request' }))).toBe(s.matches('pending') || s.matches('cancelling'));
  if (s.matches('cancelling')) expect(button('Cancel the refund request').getAttribute('aria-disabled')).toBe('true');
  const shown = Object.keys(statusText).find((state) => s.matches(state));
  if (shown) expect(texts('status')).toEqual([expect.stringMatching(statusText[shown]!)]);
  if (s.matches('closed')) {
    // Refused for good, said once; where the order stands (refunded meanwhile) shown above it;
    // past the 7 days, where support must refund (docs/decisions/058), or under a chargeback
    // (docs/decisions/069), there is no refund to show.
    expect(texts('alert')).toEqual([String(errorMessageFor(errCode).defaultMessage)]);
    expect(texts('status')).toEqual([8401, 8407, 8408].includes(errCode) ? [] : [statusText.refunded]);
  } else if (s.matches('failure')) {
    expect(texts('alert')).toEqual(['That did not work. Check your connection and look again.Try again']);
  } else expect(texts('alert')).toEqual([]);
}

signedInScreenWalk({
  title: 'withdrawal machine, walk (b): through the routed order page, against the real server',
  flow: 'withdrawal',
  model: withdrawalGraph(),
  clock,
  world: (path) => WithdrawalWorld.of(server, clock, path),
  url: (world) => paths.receipt(world.orderId),
  perform: (event, world) => executors[event.type as WithdrawalEventType](world),
  shows: (reached, world) => () => assertScreen(reached, paths.receipt(world.orderId)),
});
