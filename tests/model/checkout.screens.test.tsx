// @vitest-environment jsdom
// Walk (b) of the checkout machine: every graph path through the payment page's checkout section
// (with its unbinding dialog and payment panels) with Testing Library, the actor and its child
// flows calling the real reference server; answers are arranged for real by the checkout world.
// One executor per event (typed with `satisfies`, so a new event without one does not compile)
// and, per state, what the customer sees. The plan is the 180-day one, paid in instalments.
import './node-realm';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createCheckoutActors } from '../../machines/checkout/checkout.actors';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent } from '../../machines/checkout/checkout.types';
import { createFakeClock } from '../../server/clock';
import { CheckoutSection } from '../../src/screens/payment/checkout-section';
import { useTestServer } from '../helpers/test-server';
import { checkoutGraph } from './checkout.model';
import { CheckoutWorld } from './checkout.world';
import { changeEmail, fillAndPay, performOnPage } from './payment-page';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const methodNames: Record<string, string> = { paypal: 'PayPal', pix: 'PIX', card: 'Credit card' };

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot) {
  // The first price is still on its way: nothing to show but that.
  if (s.hasTag('loading') || s.status === 'done' || (s.hasTag('pricing') && !s.context.valuation)) {
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
  const summary = screen.getByRole('region', { name: 'Order summary' });
  expect(summary.getAttribute('aria-busy')).toBe(String(s.matches('valuing')));
  if (s.matches('unbinding')) expect(screen.getByRole('dialog', { name: 'Use this code on this order?' })).toBeTruthy();
  if (s.matches('editing')) {
    const c = s.context as { methodCode?: string; codeErrCode?: number; payErrCode?: number; orderId?: string };
    expect((screen.getByRole('radio', { name: methodNames[c.methodCode ?? 'card'] ?? c.methodCode }) as HTMLInputElement).checked).toBe(true);
    expect(button('Pay now').disabled).toBe(false);
    // Repaying a refused order, its code stays: the code field is off.
    expect((screen.getByLabelText('Discount code') as HTMLInputElement).disabled).toBe(c.orderId !== undefined);
    if (c.codeErrCode === 9000) expect(screen.getByText('Unavailable code')).toBeTruthy();
    if (c.codeErrCode === 9001) expect(screen.getByText('Invalid coupon')).toBeTruthy();
    if (c.payErrCode === 301) expect(screen.getByText('Card rejected')).toBeTruthy();
  }
  if (s.matches('paying')) expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
}

walkSuite({
  title: 'checkout machine, walk (b): through the payment page, against the real server',
  flow: 'checkout',
  walk: 'screens',
  model: checkoutGraph(),
  // A path for each refusal code the calls expect, not only for each transition.
  walkEveryTarget: true,
  async path(run) {
    const world = new CheckoutWorld(server, clock, '3');
    await world.setUp();
    const gate = world.gate;
    let simulated: { increment(ms: number): void } | undefined;

    /** What the customer does on the page for each event. */
    const executors = {
      FINISH_ORDER_CHOSEN: async () => void fireEvent.click(button('Finish that order')),
      NEW_ORDER_CHOSEN: async () => void fireEvent.click(button('Start a new order')),
      COUNTRY_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Country'), { target: { value: (e as unknown as { country: string }).country } }),
      CURRENCY_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Currency'), { target: { value: (e as unknown as { currency: string }).currency } }),
      METHOD_SELECTED: async (e) => void fireEvent.click(screen.getByRole('radio', { name: methodNames[(e as unknown as { code: string }).code] })),
      INSTALLMENTS_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Instalments'), { target: { value: String((e as unknown as { installments: number }).installments) } }),
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
        const started = run.startOnScreen(checkoutMachine.provide({ actors: createCheckoutActors(world.api) }), gate, {
          input: world.input,
          busy: (s) => ['loading', 'pricing'].some((t) => s.hasTag(t)),
        });
        simulated = started.clock;
        render(
          <IntlProvider locale="en" messages={{}} onError={() => {}}>
            <CheckoutSection actorRef={started.actor} sandbox={false} />
          </IntlProvider>,
        );
        return started;
      },
      perform: (event) => performOnPage(event.type, run.seen, () => executors[event.type as CheckoutEvent['type']](event)),
      delayMs() {
        throw new Error('the checkout has no delays of its own');
      },
      async check(reached, _expected, event) {
        await world.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => assertScreen(reached));
      },
      async checked(reached) {
        if (reached.matches('unbinding')) {
          await waitFor(() => screen.getByRole('dialog', { name: 'Use this code on this order?' }));
          fireEvent.click(button(world.plan.unbinding === 'kept' ? 'Keep that order' : 'Cancel that order and use the code'));
        }
        if (reached.matches('paying'))
          await world.whilePaying((reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment, simulated!);
      },
    };
  },
});
