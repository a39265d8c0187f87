// Walk (c) of the withdrawal machine (docs/decisions/058): the shortest path to every state, on the
// order page (/receipt?orderId=…) in Chromium, signed in as the world's customer with a purchase
// paid by the method the path needs, against the real server over HTTP. One executor per event
// (typed with `satisfies`, so a new event without one does not compile) and, per state, what the
// customer sees; the server's side is the model walks' world.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { WithdrawalEventType } from '../../machines/withdrawal/withdrawal.types';
import { paths } from '../../core/routing/paths';
import { withdrawalGraph } from '../model/withdrawal.model';
import { WithdrawalWorld } from '../model/withdrawal.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage, visibleText } from './page-helpers';

const world = await useBrowserServer();

// Headed "Refund" once a refund was asked for and no new withdrawal is offered.
const region = (page: Page) => page.getByRole('region', { name: /^(Withdraw from this purchase|Refund)$/ });
const button = (page: Page, name: string) => region(page).getByRole('button', { name, exact: true });

/** What the customer does in the withdrawal section for each event. */
const executors = {
  WITHDRAW_REQUESTED: (page) => button(page, 'Withdraw (cancel and refund)').click(),
  async WITHDRAW_CONFIRMED(page, { details }) {
    const fill = (label: string, value: string) => region(page).getByLabel(label, { exact: true }).fill(value);
    if (details.bankAccount) {
      await fill('Bank code (3 digits)', details.bankAccount.bank);
      await fill('Branch (4 digits)', details.bankAccount.branch);
      await fill('Account number with check digit', details.bankAccount.account);
      await fill('Account holder’s CPF', details.bankAccount.holderCpf);
    }
    if (details.refundAddress !== undefined) await fill('Refund address', details.refundAddress);
    await button(page, 'Confirm withdrawal').click();
  },
  WITHDRAW_DISMISSED: (page) => button(page, 'Keep my purchase').click(),
  CANCEL_REQUESTED: (page) => button(page, 'Cancel the refund request').click(),
  RETRY_REQUESTED: (page) => button(page, 'Try again').click(),
} satisfies Record<WithdrawalEventType, (page: Page, world: WithdrawalWorld) => Promise<void>>;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const panel = region(page);
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('idle')) await button(page, 'Withdraw (cancel and refund)').waitFor();
  if (s.matches('confirming')) {
    await button(page, 'Confirm withdrawal').waitFor();
    const fields = { payer: 0, bank_account: 4, address: 1 }[s.context.refundsTo as string];
    await expect.poll(() => panel.getByRole('textbox').count()).toBe(fields);
  }
  if (s.matches('withdrawing')) await panel.getByText('Asking for the refund…').waitFor();
  if (s.matches('pending') || s.matches('cancelling')) await panel.getByText(/^Refund pending: we asked for the money to go back\./).waitFor();
  if (s.matches('cancelling')) await expect.poll(() => button(page, 'Cancel the refund request').getAttribute('aria-disabled')).toBe('true');
  if (s.matches('refunded')) await panel.getByText('Refunded: the money went back and the plan this order gave has ended.').waitFor();
  if (s.matches('rejected')) await panel.getByText('The refund was refused: the payment provider refused it. The purchase stays paid.').waitFor();
  if (s.matches('cancelled')) await panel.getByText('You cancelled the refund request. The purchase stays paid.').waitFor();
  if (s.matches('closed')) await panel.getByRole('alert').waitFor();
  if (s.matches('failure')) expect(await visibleText(panel)).toContain('That did not work. Check your connection and look again.');
}

browserWalkSuite({
  title: 'withdrawal machine, walk (c): on the order page in Chromium, against the real server',
  flow: 'withdrawal',
  model: withdrawalGraph(),
  world,
  async path(run) {
    const withdrawal = WithdrawalWorld.of(world.server, world.clock, run.path);
    await withdrawal.setUp();
    run.onEnd(() => withdrawal.repair());
    return {
      open: async () => ({ url: paths.receipt(withdrawal.orderId), localStorage: signedInStorage(withdrawal.customer.client.store) }),
      arrange: (event) => withdrawal.arrange(event),
      perform: (event) => executors[event.type as WithdrawalEventType](run.page, withdrawal),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await withdrawal.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
