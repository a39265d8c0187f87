// @vitest-environment jsdom
// Walk (b) of the checkout machine: every graph path through the routed payment page of a plan
// (/payment?planId=…, as the pricing table links to it), with the app's routes, providers and
// flow wiring (useCheckout, its unbinding dialog and payment panels, the billing card line),
// signed in as the world's customer, with Testing Library; the actor and its child flows call the
// real reference server; answers are arranged for real by the checkout world. One executor per
// event (typed with `satisfies`, so a new event without one does not compile) and, per state,
// what the customer sees, and where the page goes once the checkout ended. The plan is the
// 180-day one, paid in instalments.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CheckoutEvent, CheckoutOutcome } from '../../machines/checkout/checkout.types';
import { paths } from '../../core/routing/paths';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { checkoutGraph } from './checkout.model';
import { CheckoutWorld } from './checkout.world';
import { changeEmail, fillAndPay, performOnPage } from './payment-page';
import { inspectRoot, renderSignedIn, watchDocumentNavigations, withSteadyStyles } from './router-bridge';
import { walkSuite } from './walk-suite';
import { methodNames, payButton } from './payment-labels';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/**
 * Where the page is once the checkout ended (src/queries/flows/payment-flows.ts): the order's
 * result, the unfinished order's payment, where the client's error rules sent the customer
 * (6000, 6001), or still here: the browser leaves for PayPal, -2500 offers the password reset.
 */
function landingOf(outcome: CheckoutOutcome, here: string): string {
  switch (outcome.kind) {
    case 'finishOrder':
      return paths.payment({ orderId: outcome.orderId });
    case 'unavailable':
      return outcome.errCode === 6000 ? paths.pricingTable({ errCode: 6000, type: 'cannotBuyPlan' }) : outcome.errCode === 6001 ? '/404' : here;
    case 'redirected':
    case 'resetPassword':
      return here;
    default:
      return outcome.orderId ? paths.paymentResult(outcome.orderId) : '/orders';
  }
}

/** What the customer sees in each state, on the page opened at `here`; `documents`, how often it sent the browser to another site. */
function assertScreen(s: AnyMachineSnapshot, here: string, documents: number) {
  const landed = screen.getByTestId('landed').textContent;
  if (s.status === 'done') {
    const outcome = s.context.outcome as CheckoutOutcome;
    expect(landed).toBe(landingOf(outcome, here));
    expect(documents).toBe(outcome.kind === 'redirected' ? 1 : 0);
    if (outcome.kind === 'resetPassword') {
      // -2500: said on the page, with the reset for this account and the way back to this plan.
      const offer = screen.getByRole('alert');
      expect(offer.textContent).toContain('Set a new password to buy');
      const reset = screen.getByRole('link', { name: 'Set a new password' });
      expect(reset.getAttribute('href')).toBe(paths.forgotPassword({ account: s.context.email || undefined, redirect: here }));
      return;
    }
    // Still here (the browser leaving for PayPal): the ended checkout shows no more than that.
    if (landed === here) expect(screen.getByRole('status').textContent).toBe('Preparing your order…');
    return;
  }
  expect(landed).toBe(here);
  // The first price is still on its way: nothing to show but that.
  if (s.hasTag('loading') || (s.hasTag('pricing') && !s.context.valuation)) {
    expect(screen.getByRole('status').textContent).toBe('Preparing your order…');
    return;
  }
  if (s.matches('cartFound')) {
    expect(screen.getByRole('dialog', { name: 'You have an unfinished order' })).toBeTruthy();
    expect(button('Finish that order')).toBeTruthy();
    expect(button('Start a new order')).toBeTruthy();
    return;
  }
  if (s.matches('failure')) {
    expect(screen.getByRole('alert').textContent).toBe('The payment page could not be prepared.');
    expect(button('Try again')).toBeTruthy();
    return;
  }
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
  // No renewal runs on this account: the billing card line says nothing.
  expect(screen.queryByText(/renews by itself, charged to/, { selector: 'p' })).toBeNull();
  const summary = screen.getByRole('region', { name: 'Order summary' });
  expect(summary.getAttribute('aria-busy')).toBe(String(s.matches('valuing')));
  if (s.matches('unbinding')) expect(screen.getByRole('dialog', { name: 'Use this code on this order?' })).toBeTruthy();
  // A typed code is being priced: it cannot be removed before the server applied it.
  if (s.matches('valuing') && (s.context as { discountCode?: string }).discountCode) expect(button('Applying…').disabled).toBe(true);
  if (s.matches('editing')) {
    const c = s.context as { methodCode?: string; codeErrCode?: number; payErrCode?: number; orderId?: string };
    expect((screen.getByRole('radio', { name: methodNames[c.methodCode ?? 'card'] ?? c.methodCode }) as HTMLInputElement).checked).toBe(true);
    expect(button(payButton).disabled).toBe(false);
    // Repaying a refused order, its code stays: the code field is off.
    expect((screen.getByLabelText('Discount code') as HTMLInputElement).disabled).toBe(c.orderId !== undefined);
    expect(screen.queryByRole('button', { name: (s.context as { discountCode?: string }).discountCode ? 'Remove' : 'Apply' })).toBeTruthy();
    if (c.codeErrCode === 9000) expect(screen.getByText('Unavailable code')).toBeTruthy();
    if (c.codeErrCode === 9001) expect(screen.getByText('Invalid coupon')).toBeTruthy();
    if (c.payErrCode === 301) expect(screen.getByText('Card rejected')).toBeTruthy();
  }
  // Paying, the form stays with its button off, or the payment's own step has taken its place.
  if (s.matches('paying')) expect(screen.queryByRole<HTMLButtonElement>('button', { name: payButton })?.disabled ?? true).toBe(true);
}

walkSuite({
  title: 'checkout machine, walk (b): through the routed payment page of a plan, against the real server',
  flow: 'checkout',
  walk: 'screens',
  model: checkoutGraph(),
  // A path for each refusal code the calls expect, not only for each transition.
  walkEveryTarget: true,
  // The customer's picks while a new price is on its way (docs/decisions/065).
  actsWhileBusy: ['METHOD_SELECTED', 'INSTALLMENTS_CHANGED'],
  async path(run) {
    const world = new CheckoutWorld(server, clock, '3');
    await world.setUp();
    const gate = world.gate;
    const documents = watchDocumentNavigations();
    run.onEnd(documents.stop);
    let simulated: { increment(ms: number): void } | undefined;
    /** The plan's payment page, as the pricing table links to it (a stale link's plan for 6001), once the first answers are arranged. */
    let here = '';

    /** What the customer does on the page for each event. */
    const executors = {
      FINISH_ORDER_CHOSEN: async () => void fireEvent.click(button('Finish that order')),
      NEW_ORDER_CHOSEN: async () => void fireEvent.click(button('Start a new order')),
      COUNTRY_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Country'), { target: { value: (e as unknown as { country: string }).country } }),
      CURRENCY_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Currency'), { target: { value: (e as unknown as { currency: string }).currency } }),
      METHOD_SELECTED: async (e) => {
        await world.picked();
        fireEvent.click(screen.getByRole('radio', { name: methodNames[(e as unknown as { code: string }).code] }));
      },
      INSTALLMENTS_CHANGED: async (e) => {
        await world.picked();
        fireEvent.change(screen.getByLabelText('Instalments'), { target: { value: String((e as unknown as { installments: number }).installments) } });
      },
      CODE_APPLIED: async (e) => {
        fireEvent.input(screen.getByLabelText('Discount code'), { target: { value: await world.typedCode(e) } });
        fireEvent.click(button('Apply'));
      },
      CODE_REMOVED: async () => void fireEvent.click(button('Remove')),
      EMAIL_CHANGED: async (e) => changeEmail((e as unknown as { email: string }).email),
      PAY_SUBMITTED: async () => fillAndPay(world.details()),
      RETRY: async () => void fireEvent.click(button('Try again')),
    } satisfies Record<CheckoutEvent['type'], (event: EventObject) => Promise<void>>;

    return {
      arrange: (event) => world.arrange(event),
      async start() {
        here = paths.payment({ planId: world.input.planId });
        const { clock: simulatedClock, inspect, snapshots } = run.screenOptions(gate, (s) => ['loading', 'pricing'].some((t) => s.hasTag(t)));
        simulated = simulatedClock;
        // The page's other flows (the billing card line's auto-renewal, a repay "Finish that order"
        // leads to) run on the same options; only the checkout's system is walked.
        const page = await renderSignedIn(world.client, {
          url: here,
          actorOptions: { clock: simulatedClock, inspect: inspectRoot('checkout', inspect) },
          now: () => clock.now(),
        });
        run.onEnd(page.stop);
        return { snapshots, clock: simulatedClock };
      },
      perform: (event) => performOnPage(event.type, run.seen, () => executors[event.type as CheckoutEvent['type']](event)),
      delayMs() {
        throw new Error('the checkout has no delays of its own');
      },
      async check(reached, _expected, event) {
        await world.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => withSteadyStyles(() => assertScreen(reached, here, documents.count())));
      },
      async checked(reached) {
        if (reached.matches('unbinding')) {
          await waitFor(() => withSteadyStyles(() => screen.getByRole('dialog', { name: 'Use this code on this order?' })));
          fireEvent.click(button(world.plan.unbinding === 'kept' ? 'Keep that order' : 'Cancel that order and use the code'));
        }
        if (reached.matches('paying'))
          await world.whilePaying((reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment, simulated!);
      },
    };
  },
});
