// Walk (c) of the discount-unbinding machine: the shortest path to every state, in its dialog on
// the routed checkout (/payment?planId=1, as the pricing table links to it) in Chromium, signed in
// as the world's customer, against the real server over HTTP. The customer's earlier order holds
// the code (tests/model/discount-unbinding.world.ts); once the page is open the customer starts a
// new order and types the code, and the checkout opens the dialog. One executor per event (typed
// with `satisfies`) and, per state, what the customer sees and what the server holds.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { DiscountUnbindingEventType } from '../../machines/discount-unbinding/discount-unbinding.types';
import { paths } from '../../core/routing/paths';
import { boundOrderOf, orderStatus } from '../model/billing.world';
import { discountUnbindingGraph, UNBINDING_CODE } from '../model/discount-unbinding.model';
import { UnbindingWorld } from '../model/discount-unbinding.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage } from './page-helpers';

const world = await useBrowserServer();

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Use this code on this order?' });
const inDialog = (page: Page, name: string) => dialogOf(page).getByRole('button', { name, exact: true });

/** What the customer does in the dialog for each event. */
const executors = {
  CONFIRMED: (page) => inDialog(page, 'Cancel that order and use the code').click(),
  CANCELLED: (page) => inDialog(page, 'Keep that order').click(),
  RETRY_REQUESTED: (page) => inDialog(page, 'Try again').click(),
} satisfies Record<DiscountUnbindingEventType, (page: Page, event: EventObject) => Promise<void>>;

/** A toast of the client's (spec section 8): its catalogue message. */
const toast = (page: Page, text: string) => page.locator('.toaster').getByRole('alert').filter({ hasText: text });

/** What the customer sees in each state. */
async function assertScreen(page: Page, s: AnyMachineSnapshot, orderId: string) {
  const dialog = dialogOf(page);
  if (s.status === 'done') {
    // Settled: the dialog is gone and the checkout goes on (1003 was said by the client's toast).
    await expect.poll(() => dialog.count()).toBe(0);
    if (s.matches('cannotRemove')) await expect.poll(() => toast(page, 'Unable to remove code').count()).toBe(1);
    return;
  }
  await dialog.getByText(`The code ${UNBINDING_CODE} is already used by another unpaid order of yours (${orderId}).`).waitFor();
  await expect.poll(() => dialog.getAttribute('aria-busy')).toBe(String(s.matches('unbinding')));
  if (s.matches('explaining')) {
    await expect.poll(() => inDialog(page, 'Cancel that order and use the code').isEnabled()).toBe(true);
    await expect.poll(() => inDialog(page, 'Keep that order').isEnabled()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
  }
  if (s.matches('unbinding')) {
    await dialog.getByRole('status').filter({ hasText: 'Cancelling the other order…' }).waitFor();
    await expect.poll(() => inDialog(page, 'Cancel that order and use the code').isDisabled()).toBe(true);
    await expect.poll(() => inDialog(page, 'Keep that order').isDisabled()).toBe(true);
  }
  if (s.matches('failure')) {
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^The other order could not be cancelled just now\. Nothing was changed\.$/ })
      .waitFor();
    await expect.poll(() => inDialog(page, 'Try again').isEnabled()).toBe(true);
    await expect.poll(() => inDialog(page, 'Keep that order').isEnabled()).toBe(true);
    // The storage fault was said once, by the client's toast.
    await expect.poll(() => toast(page, 'System internal error').count()).toBe(1);
  }
}

browserWalkSuite({
  title: 'discount-unbinding machine, walk (c): in its dialog on the routed checkout in Chromium, against the real server',
  flow: 'discountUnbinding',
  model: discountUnbindingGraph(),
  world,
  async path(run) {
    const unbinding = new UnbindingWorld(world.server);
    const { orderId } = await unbinding.setUp();
    run.onEnd(() => unbinding.repair());
    const page = run.page;
    const server = world.server;

    /** What each state means on the server (the world's own check, but the toasts, which are the page's here). */
    const checkServer = async (reached: AnyMachineSnapshot, event: EventObject) => {
      if (event.type.startsWith('xstate.')) await unbinding.repair();
      // While the call runs, the server is as arranged for its answer (a fault may be in place).
      if (reached.matches('unbinding')) return expect(reached.hasTag('busy')).toBe(true);
      const order = await orderStatus(server.db, orderId);
      const unbindEvents = await server.db.query("SELECT 1 FROM order_events WHERE order_id = $1 AND reason = 'discount_code_unbound'", [orderId]);
      if (reached.matches('explaining') || reached.matches('kept') || reached.matches('failure')) {
        // Nothing changed: the order is open and still holds the code (spec section 4).
        expect(order).toEqual({ status: 'PAYMENT_FAILED', discount_code: UNBINDING_CODE });
        expect(unbindEvents).toEqual([]);
        expect(await boundOrderOf(server, unbinding.customer.auth, UNBINDING_CODE)).toBe(orderId);
      }
      if (reached.matches('kept')) expect(reached.output).toEqual({ kind: 'kept' });
      if (reached.matches('failure')) expect(reached.context.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
      if (reached.matches('unbound')) {
        expect(order.status).toBe('PAYMENT_CANCELLED');
        expect(unbindEvents).toHaveLength(1);
        expect(reached.output).toEqual({ kind: 'unbound' });
        // The code is free: a valuation applies it to the new order.
        await expect(boundOrderOf(server, unbinding.customer.auth, UNBINDING_CODE)).rejects.toThrow(/not held/);
      }
      if (reached.matches('cannotRemove')) {
        expect(order.status).toBe('PAYMENT_SUCCEEDED');
        expect(reached.output).toEqual({ kind: 'cannotRemove', errCode: 1003 });
      }
    };

    return {
      open: async () => ({ url: paths.payment({ planId: '1' }), localStorage: signedInStorage(unbinding.customer.client.store) }),
      // The checkout first offers the unfinished order (the one holding the code): the customer
      // starts a new order, types the code and applies it; the checkout opens the dialog.
      async enter() {
        const newOrder = page.getByRole('button', { name: 'Start a new order' });
        const code = page.getByLabel('Discount code');
        await newOrder.or(code).first().waitFor();
        if (await newOrder.isVisible()) await newOrder.click();
        await code.fill(UNBINDING_CODE);
        await page.getByRole('button', { name: 'Apply' }).click();
      },
      arrange: (event) => unbinding.arrange(event),
      perform: (event) => executors[event.type as DiscountUnbindingEventType](page),
      async check(reached, _expected, event) {
        await checkServer(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(page, reached, orderId);
      },
    };
  },
});
