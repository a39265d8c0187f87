// @vitest-environment jsdom
// Walk (b) of the payment machine: every graph path through the payment panels (PaymentSteps) with
// Testing Library, the actor calling the real reference server; answers are arranged for real by
// the payment world. One executor per event (typed with `satisfies`, so a new event without one
// does not compile) and, per state, what the customer sees.
import './node-realm';
import { File as NodeFile } from 'node:buffer';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, expect } from 'vitest';
import type { Actor, AnyMachineSnapshot } from 'xstate';
import { createPaymentActors } from '../../machines/payment/payment.actors';
import { paymentMachine } from '../../machines/payment/payment.machine';
import type { PaymentEvent } from '../../machines/payment/payment.types';
import { createFakeClock } from '../../server/clock';
import { PaymentSteps } from '../../src/screens/payment/payment-steps';
import { useTestServer } from '../helpers/test-server';
import { paymentGraph } from './payment.model';
import { PaymentWorld } from './payment.world';
import { walkSuite } from './walk-suite';

// The page's uploads travel through Node's fetch in this process: its FormData, not jsdom's.
beforeAll(async () => {
  globalThis.FormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
});

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const heading = (name: string) => screen.getByRole('heading', { name });

/** What the customer sees in each state; `walletPhone`, the mobile-money wallet the path pays from. */
function assertScreen(s: AnyMachineSnapshot, walletPhone: string) {
  if (s.status === 'done') {
    if (s.matches('redirecting')) expect(screen.getByRole('status').textContent).toBe('Taking you to the payment provider…');
    else expect(screen.queryByRole('heading')).toBeNull();
    return;
  }
  if (s.matches('submitting') || s.matches('waitingToRetry')) expect(screen.getByRole('status').textContent).toBe('Processing your payment…');
  if (s.matches('pix')) {
    expect(heading('Pay with PIX')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'PIX QR code' })).toBeTruthy();
    expect((screen.getByLabelText('PIX copy-and-paste code') as HTMLTextAreaElement).value).toMatch(/^000201/);
  }
  if (s.matches('boleto')) {
    expect(heading('Pay the payment slip (boleto)')).toBeTruthy();
    expect((screen.getByLabelText('Digitable line') as HTMLInputElement).value).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  }
  if (s.matches('crypto')) {
    expect(heading('Pay with crypto')).toBeTruthy();
    expect((screen.getByLabelText('Coin and network') as HTMLSelectElement).disabled).toBe(s.matches({ crypto: 'requoting' }));
    expect((screen.getByLabelText('Send to this address') as HTMLInputElement).value).toBe((s.context.result as { address: string }).address);
    if (s.context.errCode) expect(screen.getByRole('alert').textContent).toBe('Invalid request');
  }
  if (s.matches('transfer')) {
    expect(heading('Pay by bank transfer')).toBeTruthy();
    expect(screen.getByText((s.context.result as { reference: string }).reference)).toBeTruthy();
    if (s.matches({ transfer: 'reported' })) expect(screen.getByText(/your transfer is reported/)).toBeTruthy();
    else expect(screen.getByLabelText(/Upload the bank receipt/)).toBeTruthy();
    if (s.matches({ transfer: 'uploadingProof' })) expect(screen.getByText('Uploading your receipt…')).toBeTruthy();
  }
  if (s.matches('otp')) {
    expect(heading('Confirm with the code from your operator')).toBeTruthy();
    expect(screen.getByText(`MPesa sent a code by SMS to +254 •••• ${walletPhone.slice(-4)}.`)).toBeTruthy();
    if (s.matches({ otp: 'enteringCode' }) && s.context.errCode === -3033) expect(screen.getByRole('alert').textContent).toBe('Incorrect verification code');
  }
  // Leaving to pay later is offered while the money is awaited, for the methods that allow it.
  const leave = screen.queryByRole('button', { name: 'I will pay later' });
  expect(leave !== null).toBe(s.can({ type: 'LEFT_TO_PAY_LATER' }));
}

walkSuite({
  title: 'payment machine, walk (b): through the payment panels, against the real server',
  flow: 'payment',
  walk: 'screens',
  model: paymentGraph(),
  // A path for each refusal code the calls expect, not only for each transition.
  walkEveryTarget: true,
  async path(run) {
    let actor: Actor<typeof paymentMachine> | undefined;
    const world = new PaymentWorld(server, clock, run.path, () => actor?.getSnapshot() as AnyMachineSnapshot | undefined);
    await world.setUp();
    run.onEnd(() => world.undoFaults());
    const gate = world.client.gate;

    /** What the customer does on the panels for each event. */
    const executors = {
      OTP_SUBMITTED: async () => {
        fireEvent.input(screen.getByLabelText('Code'), { target: { value: await world.otp() } });
        fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
      },
      COIN_CHANGED: async () => {
        const select = screen.getByLabelText('Coin and network') as HTMLSelectElement;
        const option = [...select.options].find((o) => o.textContent === 'Tether (USDT, TRC20)')!;
        fireEvent.change(select, { target: { value: option.value } });
      },
      PROOF_SELECTED: async () => {
        fireEvent.change(screen.getByLabelText(/Upload the bank receipt/), { target: { files: [world.proof(NodeFile as unknown as typeof File)] } });
      },
      LEFT_TO_PAY_LATER: async () => void fireEvent.click(screen.getByRole('button', { name: 'I will pay later' })),
    } satisfies Record<PaymentEvent['type'], () => Promise<void>>;

    return {
      arrange: (event) => world.arrange(event),
      async start(start) {
        const input = await world.input(start);
        const machine = paymentMachine.provide({ actors: createPaymentActors(world.client.api), actions: { goToProvider: () => {} } });
        // A status check's answer waits too, while the walk looks at the panel: the customer may leave, change coin or upload meanwhile.
        const started = run.startOnScreen(machine, gate, { input, busy: (s) => s.hasTag('busy') || JSON.stringify(s.value).includes('"checking"') });
        actor = started.actor;
        render(
          <IntlProvider locale="en" messages={{}} onError={() => {}}>
            <PaymentSteps actorRef={started.actor} />
          </IntlProvider>,
        );
        return started;
      },
      perform: (event) => executors[event.type as PaymentEvent['type']](),
      delayMs: (delay) => (delay === 'retryDelay' ? 1_000 : 5_000),
      async check(reached, _expected, event) {
        if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) await world.undoFaults();
        await world.checkServer(reached, event, expect);
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => assertScreen(reached, world.walletPhone));
      },
    };
  },
});
