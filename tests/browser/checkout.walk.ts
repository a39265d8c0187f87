// Walk (c) of the checkout machine: the shortest path to every state, on the routed /payment page
// as the pricing table links to it (`paths.payment({ planId })`), in Chromium, signed in as the
// world's customer, against the real server over HTTP. The server's side is the model walks'
// world (tests/model/checkout.world.ts): the unfinished order, the running plan, the code held by
// another order, the sandbox cards, PayPal, PIX; a request the world loses is aborted on the
// page's network. One executor per event (typed with `satisfies`, so a new event without one does
// not compile) and, per state, what the customer sees; the plan is the 180-day one (instalments).
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CheckoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent } from '../../machines/checkout/checkout.types';
import { paths } from '../../core/routing/paths';
import { checkoutGraph } from '../model/checkout.model';
import { CheckoutWorld } from '../model/checkout.world';
import type { GraphModel } from '../model/harness';
import { pollUntil } from '../model/gate';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage } from './page-helpers';
import { methodNames, payButton } from '../model/payment-labels';
import { chooseMethod, fillAndPay, letPixExpireOnPage, loseOnTheNetwork } from './payment-form';

const world = await useBrowserServer();

type CheckoutContext = { methodCode?: string; discountCode?: string; orderId?: string; codeErrCode?: number; payErrCode?: number; valuation?: unknown };

/**
 * The model's graph, with a vertex that tells states apart only by what their next answers depend
 * on: the method where it is chosen, priced and paid, and a typed code while pricing. The model's
 * own vertex also tells apart the same state reached with or without a code or a refused order
 * (60 paths, most of them the same screens again); this one reaches every state in 9.
 */
function browserGraph(): GraphModel<CheckoutMachine> {
  const graph = checkoutGraph();
  return {
    ...graph,
    vertex: (s) => {
      const c = s.context as CheckoutContext;
      if (s.matches('valuing')) return JSON.stringify([s.value, c.discountCode && !c.orderId ? 'code' : (c.methodCode ?? null)]);
      if (s.matches('editing') || s.matches('paying')) return JSON.stringify([s.value, c.methodCode ?? null]);
      return JSON.stringify(s.value);
    },
  };
}

const loading = (page: Page) => page.getByText('Preparing your order…');

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  const c = s.context as CheckoutContext & { cart?: { id: string }; outcome?: { orderId?: string } };
  const button = (name: string | RegExp) => page.getByRole('button', { name, exact: true });
  if (s.status === 'done') {
    if (s.matches('paid') || s.matches('pending') || s.matches('closed')) {
      // On to the order's result; a charge whose answer was lost made no order the page knows of: on to the orders.
      const to = c.outcome?.orderId ? paths.paymentResult(c.outcome.orderId) : paths.orders();
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(to);
      if (s.matches('paid')) await page.getByRole('link', { name: 'See the receipt' }).waitFor();
      if (s.matches('pending') && c.outcome?.orderId) await page.getByRole('heading', { name: 'We are confirming your payment' }).waitFor();
      if (s.matches('closed')) await page.getByRole('link', { name: 'See the plans' }).waitFor();
    }
    if (s.matches('redirected')) {
      // The browser left for PayPal's approval page.
      await expect.poll(() => page.url()).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
      await button('Agree and continue').waitFor();
    }
    if (s.matches('unavailable')) {
      // 6000: the client took the customer back to the plans, saying why.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing-table');
      await page.getByRole('alert').filter({ hasText: 'The selected plan is not available. Choose another plan.' }).waitFor();
    }
    if (s.matches('passwordResetNeeded')) {
      // -2500: the reset offered on the payment page, for this plan to come back to.
      await page.getByRole('heading', { level: 2, name: 'Set a new password to buy' }).waitFor();
      const reset = page.getByRole('link', { name: 'Set a new password' });
      await expect.poll(async () => new URLSearchParams((await reset.getAttribute('href'))!.split('?')[1]).get('redirect')).toMatch(/^\/payment\?planId=/);
    }
    if (s.matches('finishingOrder')) {
      // On to repaying the unfinished order.
      await expect.poll(() => new URL(page.url()).search).toBe(`?orderId=${c.cart!.id}`);
      await page.getByRole('heading', { level: 1, name: 'Finish paying your order' }).waitFor();
    }
    return;
  }
  if (s.hasTag('loading') || (s.hasTag('pricing') && !c.valuation)) return loading(page).waitFor();
  if (s.matches('cartFound')) {
    const dialog = page.getByRole('dialog', { name: 'You have an unfinished order' });
    await dialog.getByText(`Order ${c.cart!.id}`).waitFor();
    await dialog.getByRole('button', { name: 'Finish that order' }).waitFor();
    return dialog.getByRole('button', { name: 'Start a new order' }).waitFor();
  }
  if (s.matches('failure')) {
    await page.getByRole('alert').filter({ hasText: 'The payment page could not be prepared.' }).waitFor();
    return button('Try again').waitFor();
  }
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect.poll(() => summary.getAttribute('aria-busy')).toBe(String(s.matches('valuing')));
  if (s.matches('unbinding')) await page.getByRole('dialog', { name: 'Use this code on this order?' }).getByText(`The code ${c.discountCode}`).waitFor();
  if (s.matches('editing')) {
    await expect.poll(() => page.getByRole('radio', { name: methodNames[c.methodCode ?? 'card'], exact: true }).isChecked()).toBe(true);
    await expect.poll(() => button(payButton).isEnabled()).toBe(true);
    // Repaying a refused order, its code stays: the code field is off.
    await expect.poll(() => page.getByLabel('Discount code').isDisabled()).toBe(c.orderId !== undefined);
    if (c.codeErrCode === 9000) await page.getByText('Unavailable code', { exact: true }).waitFor();
    if (c.codeErrCode === 9001) await page.getByText('Invalid coupon', { exact: true }).waitFor();
    if (c.payErrCode === 301) await page.getByText('Card rejected', { exact: true }).waitFor();
  }
  if (s.matches('paying')) {
    // The form stays as typed, its Pay button spinning and off (the answer waits until the walk has looked).
    await page.getByRole('status').filter({ hasText: 'Processing your payment…' }).waitFor();
    await expect.poll(() => button(payButton).isDisabled()).toBe(true);
  }
  if (s.matches('findingRefusedOrder')) {
    // Back on the form, told why, while the refused order is looked up.
    await page.getByText('Card rejected', { exact: true }).waitFor();
    await expect.poll(() => button(payButton).isDisabled()).toBe(true);
  }
}

browserWalkSuite({
  title: 'checkout machine, walk (c): on the routed /payment page in Chromium, against the real server',
  flow: 'checkout',
  model: browserGraph(),
  world,
  // The states that wait for an answer hold it until the walk has looked: loading, pricing, and
  // paying (the payment's own answers too, so the panel is seen before the page moves on).
  busyTags: ['loading', 'pricing', 'paying'],
  async path(run) {
    const checkout = new CheckoutWorld(world.server, world.clock, '3');
    await checkout.setUp();
    const page = run.page;
    await loseOnTheNetwork(page, checkout.client.lose);

    /** What the customer does on the page for each event. */
    const executors = {
      FINISH_ORDER_CHOSEN: (page) => page.getByRole('button', { name: 'Finish that order' }).click(),
      NEW_ORDER_CHOSEN: (page) => page.getByRole('button', { name: 'Start a new order' }).click(),
      COUNTRY_CHANGED: async (page, e) =>
        void (await page.getByLabel('Country', { exact: true }).selectOption((e as Extract<CheckoutEvent, { type: 'COUNTRY_CHANGED' }>).country)),
      CURRENCY_CHANGED: async (page, e) =>
        void (await page.getByLabel('Currency', { exact: true }).selectOption((e as Extract<CheckoutEvent, { type: 'CURRENCY_CHANGED' }>).currency)),
      METHOD_SELECTED: (page, e) => chooseMethod(page, (e as Extract<CheckoutEvent, { type: 'METHOD_SELECTED' }>).code),
      INSTALLMENTS_CHANGED: async (page, e) =>
        void (await page.getByLabel('Instalments').selectOption(String((e as Extract<CheckoutEvent, { type: 'INSTALLMENTS_CHANGED' }>).installments))),
      CODE_APPLIED: async (page, e) => {
        await page.getByLabel('Discount code').fill(await checkout.typedCode(e));
        await page.getByRole('button', { name: 'Apply' }).click();
      },
      CODE_REMOVED: (page) => page.getByRole('button', { name: 'Remove' }).click(),
      EMAIL_CHANGED: async (page, e) => {
        await page.getByLabel('Email for the receipt').fill((e as Extract<CheckoutEvent, { type: 'EMAIL_CHANGED' }>).email);
        await page.getByLabel('Email for the receipt').blur();
      },
      PAY_SUBMITTED: (page, _e) => fillAndPay(page, (run.seen[run.seen.length - 1]!.context as CheckoutContext).methodCode ?? 'card', checkout.details()),
      RETRY: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    } satisfies Record<CheckoutEvent['type'], (page: Page, event: EventObject) => Promise<void>>;

    return {
      // The plan as the pricing table links to it (one that does not exist when the check is to answer 6001).
      open: async () => ({ url: paths.payment({ planId: checkout.input.planId }), localStorage: signedInStorage(checkout.client.store) }),
      arrange: (event) => checkout.arrange(event),
      perform: (event) => executors[event.type as CheckoutEvent['type']](page, event),
      async check(reached, _expected, event) {
        await checkout.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] !== reached) return;
        // The unfinished order and the methods are asked for with the availability (ADR 064): when
        // their answers are in by the time the flow gets to them, their loading states pass before
        // the page paints them. Such a state is seen on the page, or seen left in the flow's record.
        if (!reached.matches('checkingCart') && !reached.matches('preparing')) return assertScreen(page, reached);
        const shown = assertScreen(page, reached);
        const left = pollUntil(() => (run.seen[run.seen.length - 1] !== reached ? true : undefined), `${JSON.stringify(reached.value)} shown or left`);
        // The one that does not decide must not fail the run later.
        shown.catch(() => undefined);
        left.catch(() => undefined);
        await Promise.race([shown, left]);
      },
      async checked(reached) {
        if (reached.matches('unbinding')) {
          const dialog = page.getByRole('dialog', { name: 'Use this code on this order?' });
          await dialog.getByRole('button', { name: checkout.plan.unbinding === 'kept' ? 'Keep that order' : 'Cancel that order and use the code' }).click();
        }
        // A PIX code left unpaid until its window closed.
        if (reached.matches('paying') && checkout.plan.payment === 'closed') await letPixExpireOnPage(page, world.server, world.clock);
      },
    };
  },
});
