// @vitest-environment jsdom
// Walk (b) of the repay machine: every graph path through the routed payment page of an order
// (/payment?orderId=…, as the orders list and the result page link to it), with the app's routes,
// providers and flow wiring (useRepay), signed in as the order's customer, with Testing Library;
// the actor and its payment flow call the real reference server; the order and the answers are
// made for real by the repay world. One executor per event (typed with `satisfies`) and, per
// state, what the customer sees, and where the page goes once the order is settled. The order is
// for the 180-day plan, which may be paid in instalments.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { RepayEvent } from '../../machines/repay/repay.types';
import { paths } from '../../core/routing/paths';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { repayGraph } from './repay.model';
import { RepayWorld } from './repay.world';
import { changeEmail, fillAndPay, performOnPage } from './payment-page';
import { inspectRoot, renderSignedIn, watchDocumentNavigations, withSteadyStyles } from './router-bridge';
import { walkSuite } from './walk-suite';
import { methodNames, payButton } from './payment-labels';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** What the customer sees in each state; `documents`, how often the page sent the browser to another site. */
function assertScreen(s: AnyMachineSnapshot, orderId: string, documents: number) {
  const landed = screen.getByTestId('landed').textContent;
  if (s.status === 'done') {
    // The pending PIX code again, on its own page.
    if (s.matches('resuming')) return expect(landed).toBe(paths.paymentPix(orderId));
    // Settled: on to the order's result, but for PayPal, where the browser goes instead.
    expect(documents).toBe(s.matches('redirected') ? 1 : 0);
    if (!s.matches('redirected')) return expect(landed).toBe(paths.paymentResult(orderId));
    expect(landed).toBe(paths.payment({ orderId }));
    expect(screen.getByRole('status').textContent).toBe('Preparing your order…');
    return;
  }
  expect(landed).toBe(paths.payment({ orderId }));
  if (s.hasTag('loading')) {
    expect(screen.getByRole('status').textContent).toBe('Preparing your order…');
    return;
  }
  if (s.matches('failure')) {
    expect(screen.getByRole('alert').textContent).toBe('The payment page could not be prepared.');
    return;
  }
  expect(screen.getByRole('heading', { level: 1, name: 'Finish paying your order' })).toBeTruthy();
  if (s.matches('awaitingMoney')) {
    expect(screen.getByRole('dialog', { name: 'This order is waiting for your payment' }).textContent).toContain('Paying another way cancels this PIX code.');
    expect(button('Show the PIX code again')).toBeTruthy();
    expect(button('Pay another way')).toBeTruthy();
    return;
  }
  expect(screen.getByRole('heading', { level: 2, name: `Order ${orderId}` })).toBeTruthy();
  if (s.matches('editing')) {
    const c = s.context as { methodCode?: string; payErrCode?: number; installments: number };
    expect((screen.getByRole('radio', { name: methodNames[c.methodCode ?? 'card'] ?? c.methodCode }) as HTMLInputElement).checked).toBe(true);
    if (c.methodCode === 'card') expect((screen.getByLabelText('Instalments') as HTMLSelectElement).value).toBe(String(c.installments));
    if (c.payErrCode === 301) expect(screen.getByText('Card rejected')).toBeTruthy();
  }
  // Paying, the form stays with its button off, or the payment's own step has taken its place.
  if (s.matches('paying')) expect(screen.queryByRole<HTMLButtonElement>('button', { name: payButton })?.disabled ?? true).toBe(true);
}

walkSuite({
  title: 'repay machine, walk (b): through the routed payment page of an order, against the real server',
  flow: 'repay',
  walk: 'screens',
  model: repayGraph(),
  async path(run) {
    const world = new RepayWorld(server, clock, '3');
    await world.setUp(run.path as never, expect);
    const documents = watchDocumentNavigations();
    run.onEnd(documents.stop);
    let simulated: { increment(ms: number): void } | undefined;
    const executors = {
      METHOD_SELECTED: async (e) => void fireEvent.click(screen.getByRole('radio', { name: methodNames[(e as unknown as { code: string }).code] })),
      INSTALLMENTS_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Instalments'), { target: { value: String((e as unknown as { installments: number }).installments) } }),
      EMAIL_CHANGED: async (e) => changeEmail((e as unknown as { email: string }).email),
      PAY_SUBMITTED: async () => fillAndPay(world.details()),
      RETRY: async () => void fireEvent.click(button('Try again')),
      SHOW_AGAIN_CHOSEN: async () => void fireEvent.click(button('Show the PIX code again')),
      OTHER_METHOD_CHOSEN: async () => void fireEvent.click(button('Pay another way')),
    } satisfies Record<RepayEvent['type'], (event: EventObject) => Promise<void>>;

    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const { clock: simulatedClock, inspect, snapshots } = run.screenOptions(world.gate, (s) => s.hasTag('loading'));
        simulated = simulatedClock;
        // Every flow actor the page starts runs on these options; the walk takes the repay's system (its payment child with it).
        const page = await renderSignedIn(world.client, {
          url: paths.payment({ orderId: world.orderId }),
          actorOptions: { clock: simulatedClock, inspect: inspectRoot('repay', inspect) },
          now: () => clock.now(),
        });
        run.onEnd(page.stop);
        return { snapshots, clock: simulatedClock };
      },
      perform: (event) => performOnPage(event.type, run.seen, () => executors[event.type as RepayEvent['type']](event)),
      delayMs() {
        throw new Error('the repay flow has no delays of its own');
      },
      async check(reached, _expected, event) {
        await world.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => withSteadyStyles(() => assertScreen(reached, world.orderId, documents.count())));
      },
      async checked(reached) {
        if (reached.matches('paying'))
          await world.whilePaying((reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment, simulated!);
      },
    };
  },
});
