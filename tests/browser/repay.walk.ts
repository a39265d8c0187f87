// Walk (c) of the repay machine: the shortest path to every state, on the routed payment page of an
// order (/payment?orderId=…, as the orders list and the result page link to it) in Chromium,
// signed in as the order's customer, against the real server over HTTP. The order and every answer
// are made for real by the model walks' world (tests/model/repay.world.ts): declined, paid, or
// charged with its answer lost; the sandbox cards, PayPal, a PIX left unpaid; a request the world
// loses is aborted on the page's network. One executor per event (typed with `satisfies`) and, per
// state, what the customer sees and where the page goes once the order is settled.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { RepayEvent } from '../../machines/repay/repay.types';
import { paths } from '../../core/routing/paths';
import { repayGraph } from '../model/repay.model';
import { RepayWorld } from '../model/repay.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage } from './page-helpers';
import { methodNames, payButton } from '../model/payment-labels';
import { chooseMethod, fillAndPay, letPixExpireOnPage, loseOnTheNetwork } from './payment-form';

const world = await useBrowserServer();

type RepayContext = { methodCode?: string; payErrCode?: number; installments: number; outcome?: { orderId?: string } };

const where = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot, orderId: string, status: () => Promise<string | undefined>) {
  const c = s.context as RepayContext;
  const button = (name: string | RegExp) => page.getByRole('button', { name, exact: true });
  if (s.status === 'done') {
    if (s.matches('resuming')) {
      // The same PIX code again, on its own page.
      await expect.poll(() => where(page)).toBe(paths.paymentPix(orderId));
      return page.getByRole('heading', { name: 'Pay with PIX' }).waitFor();
    }
    if (s.matches('redirected')) {
      // The browser left for PayPal's approval page.
      await expect.poll(() => page.url()).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
      return button('Agree and continue').waitFor();
    }
    // Settled: on to the order's result, in the server's words.
    await expect.poll(() => where(page)).toBe(paths.paymentResult(orderId));
    const settled = await status();
    if (settled === 'PAYMENT_SUCCEEDED') await page.getByRole('link', { name: 'See the receipt' }).waitFor();
    if (settled === 'PAYMENT_CANCELLED') await page.getByRole('link', { name: 'See the plans' }).waitFor();
    if (settled === 'NETWORK_ERROR') await page.getByRole('heading', { level: 1, name: 'We are confirming your payment' }).waitFor();
    return;
  }
  expect(where(page)).toBe(paths.payment({ orderId }));
  if (s.hasTag('loading')) return page.getByText('Preparing your order…').waitFor();
  if (s.matches('failure')) {
    await page.getByRole('alert').filter({ hasText: 'The payment page could not be prepared.' }).waitFor();
    return button('Try again').waitFor();
  }
  await page.getByRole('heading', { level: 1, name: 'Finish paying your order' }).waitFor();
  if (s.matches('awaitingMoney')) {
    await page.getByRole('dialog', { name: 'This order is waiting for your payment' }).waitFor();
    return button('Pay another way').waitFor();
  }
  await page.getByRole('heading', { level: 2, name: `Order ${orderId}` }).waitFor();
  if (s.matches('editing')) {
    await expect.poll(() => page.getByRole('radio', { name: methodNames[c.methodCode ?? 'card'], exact: true }).isChecked()).toBe(true);
    if (c.methodCode === 'card') await expect.poll(() => page.getByLabel('Instalments').inputValue()).toBe(String(c.installments));
    await expect.poll(() => button(payButton).isEnabled()).toBe(true);
    if (c.payErrCode === 301) await page.getByText('Card rejected', { exact: true }).waitFor();
  }
  if (s.matches('paying')) {
    // The form stays as typed, its Pay button spinning and off (the answer waits until the walk has looked).
    await page.getByRole('status').filter({ hasText: 'Processing your payment…' }).waitFor();
    await expect.poll(() => button(payButton).isDisabled()).toBe(true);
  }
}

browserWalkSuite({
  title: 'repay machine, walk (c): on the routed payment page of an order in Chromium, against the real server',
  flow: 'repay',
  model: repayGraph(),
  world,
  // The states that wait for an answer hold it until the walk has looked: loading, and paying.
  busyTags: ['loading', 'paying'],
  async path(run) {
    const repay = new RepayWorld(world.server, world.clock, '3');
    await repay.setUp(run.path as never, expect);
    const page = run.page;
    await loseOnTheNetwork(page, repay.client.lose);
    const status = async () => (await world.server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [repay.orderId]))[0]?.status;

    /** What the customer does on the page for each event. */
    const executors = {
      METHOD_SELECTED: (page, e) => chooseMethod(page, (e as Extract<RepayEvent, { type: 'METHOD_SELECTED' }>).code),
      INSTALLMENTS_CHANGED: async (page, e) =>
        void (await page.getByLabel('Instalments').selectOption(String((e as Extract<RepayEvent, { type: 'INSTALLMENTS_CHANGED' }>).installments))),
      EMAIL_CHANGED: async (page, e) => {
        await page.getByLabel('Email for the receipt').fill((e as Extract<RepayEvent, { type: 'EMAIL_CHANGED' }>).email);
        await page.getByLabel('Email for the receipt').blur();
      },
      PAY_SUBMITTED: (page) => fillAndPay(page, (run.seen[run.seen.length - 1]!.context as RepayContext).methodCode ?? 'card', repay.details()),
      RETRY: (page) => page.getByRole('button', { name: 'Try again' }).click(),
      SHOW_AGAIN_CHOSEN: (page) => page.getByRole('button', { name: 'Show the PIX code again' }).click(),
      OTHER_METHOD_CHOSEN: (page) => page.getByRole('button', { name: 'Pay another way' }).click(),
    } satisfies Record<RepayEvent['type'], (page: Page, event: EventObject) => Promise<void>>;

    return {
      open: async () => ({ url: paths.payment({ orderId: repay.orderId }), localStorage: signedInStorage(repay.client.store) }),
      arrange: (event) => repay.arrange(event),
      perform: (event) => executors[event.type as RepayEvent['type']](page, event),
      async check(reached, _expected, event) {
        await repay.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(page, reached, repay.orderId, status);
      },
      async checked(reached) {
        // A PIX code left unpaid until its window closed.
        if (reached.matches('paying') && repay.outcome === 'closed') await letPixExpireOnPage(page, world.server, world.clock);
      },
    };
  },
});
