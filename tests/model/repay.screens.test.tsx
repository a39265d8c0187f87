// @vitest-environment jsdom
// Walk (b) of the repay machine: every graph path through the repay section of the payment page
// (with its payment panels) with Testing Library, the actor and its payment flow calling the real
// reference server; the order and the answers are made for real by the repay world. One executor
// per event (typed with `satisfies`) and, per state, what the customer sees. The order is for the
// 180-day plan, which may be paid in instalments.
import './node-realm';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createRepayActors } from '../../machines/repay/repay.actors';
import { repayMachine } from '../../machines/repay/repay.machine';
import type { RepayEvent } from '../../machines/repay/repay.types';
import { createFakeClock } from '../../server/clock';
import { RepaySection } from '../../src/screens/payment/repay-section';
import { useTestServer } from '../helpers/test-server';
import { repayGraph } from './repay.model';
import { RepayWorld } from './repay.world';
import { changeEmail, fillAndPay, performOnPage } from './payment-page';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const methodNames: Record<string, string> = { paypal: 'PayPal', pix: 'PIX', card: 'Credit card' };

/** What the customer sees in each state. */
function assertScreen(s: AnyMachineSnapshot, orderId: string) {
  if (s.hasTag('loading') || s.status === 'done') {
    expect(screen.getByRole('status').textContent).toBe('Preparing your order…');
    return;
  }
  if (s.matches('failure')) {
    expect(screen.getByRole('alert').textContent).toBe('The payment page could not be prepared.');
    return;
  }
  expect(screen.getByRole('heading', { level: 1, name: 'Finish paying your order' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: `Order ${orderId}` })).toBeTruthy();
  if (s.matches('editing')) {
    const c = s.context as { methodCode?: string; payErrCode?: number; installments: number };
    expect((screen.getByRole('radio', { name: methodNames[c.methodCode ?? 'card'] ?? c.methodCode }) as HTMLInputElement).checked).toBe(true);
    if (c.methodCode === 'card') expect((screen.getByLabelText('Instalments') as HTMLSelectElement).value).toBe(String(c.installments));
    if (c.payErrCode === 301) expect(screen.getByText('Card rejected')).toBeTruthy();
  }
  if (s.matches('paying')) expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
}

walkSuite({
  title: 'repay machine, walk (b): through the payment page, against the real server',
  flow: 'repay',
  walk: 'screens',
  model: repayGraph(),
  async path(run) {
    const world = new RepayWorld(server, clock, '3');
    await world.setUp(run.path as never, expect);
    let simulated: { increment(ms: number): void } | undefined;
    const executors = {
      METHOD_SELECTED: async (e) => void fireEvent.click(screen.getByRole('radio', { name: methodNames[(e as unknown as { code: string }).code] })),
      INSTALLMENTS_CHANGED: async (e) =>
        void fireEvent.change(screen.getByLabelText('Instalments'), { target: { value: String((e as unknown as { installments: number }).installments) } }),
      EMAIL_CHANGED: async (e) => changeEmail((e as unknown as { email: string }).email),
      PAY_SUBMITTED: async () => fillAndPay(world.details()),
      RETRY: async () => void fireEvent.click(button('Try again')),
    } satisfies Record<RepayEvent['type'], (event: EventObject) => Promise<void>>;

    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const started = run.startOnScreen(repayMachine.provide({ actors: createRepayActors(world.api) }), world.gate, {
          input: world.input,
          busy: (s) => s.hasTag('loading'),
        });
        simulated = started.clock;
        render(
          <IntlProvider locale="en" messages={{}} onError={() => {}}>
            <RepaySection actorRef={started.actor} sandbox={false} />
          </IntlProvider>,
        );
        return started;
      },
      perform: (event) => performOnPage(event.type, run.seen, () => executors[event.type as RepayEvent['type']](event)),
      delayMs() {
        throw new Error('the repay flow has no delays of its own');
      },
      async check(reached, _expected, event) {
        await world.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => assertScreen(reached, world.orderId));
      },
      async checked(reached) {
        if (reached.matches('paying'))
          await world.whilePaying((reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment, simulated!);
      },
    };
  },
});
