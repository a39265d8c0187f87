// @vitest-environment jsdom
// Walk (b) of the payment machine: every graph path through the payment panels where the app
// runs them, with its routes, providers and flow wiring, signed in as the world's customer, with
// Testing Library; the actor calls the real reference server, and answers are arranged for real
// by the payment world. A new order (`pay`) is paid on the routed payment page of a plan
// (/payment?planId=1, as the pricing table links to it): the customer picks the country,
// currency, method and code there, fills the method's form and presses Pay, and the checkout
// (useCheckout) runs the payment flow as its child, which the walk sees as its actor
// (router-bridge.tsx `inspectFlow`). PayPal's return (`capturePaypal`) is the routed
// /payment-redirect page PayPal sends the payer back to, which runs the flow on its own
// (usePaymentOf). One executor per event (typed with `satisfies`, so a new event without one does
// not compile) and, per state, what the customer sees, and where the page goes once it ended.
//
// What the page cannot ask for is met the closest way it can: the refusals of a request the form
// lets through only when the site changed meanwhile are arranged as that race (a saved card
// deleted in another tab, a code's last use taken, PIX or the dollar account changed by the
// site, the same payment claimed by another request); the three requests the page never builds
// (a number failing the Luhn check, a card method without a card, another account's saved card:
// 314, -2400, 1020) are handed to the routed checkout as a crafted client would send them,
// instead of being typed (payment.world.ts `pagePurchase`).
import './node-realm';
import { File as NodeFile } from 'node:buffer';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect } from 'vitest';
import type { Actor, AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import type { paymentMachine } from '../../machines/payment/payment.machine';
import type { PaymentEvent, PaymentOutcome } from '../../machines/payment/payment.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { paths } from '../../core/routing/paths';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { paymentGraph } from './payment.model';
import { PaymentWorld, type PagePurchase } from './payment.world';
import { inspectFlow, machineIdOf, renderSignedIn, watchDocumentNavigations, withSteadyStyles } from './router-bridge';
import { walkSuite } from './walk-suite';
import { methodNames, payButton, payerLabels } from './payment-labels';

// The page's uploads travel through Node's fetch in this process: its FormData, not jsdom's; one
// made from a form (the discount code's) takes the form's fields as jsdom reads them. Its File too:
// Node 24's FormData makes a named entry with the global File, and jsdom's would hold the text
// "[object File]" instead of the receipt's bytes. The walk's files are Node's (world.proof).
beforeAll(async () => {
  globalThis.File = NodeFile as unknown as typeof File;
  const PageFormData = globalThis.FormData;
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  globalThis.FormData = class extends NodeFormData {
    constructor(form?: HTMLFormElement) {
      super();
      if (form) for (const [name, value] of new PageFormData(form)) this.append(name, value);
    }
  } as typeof FormData;
});

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());
const heading = (name: string) => screen.getByRole('heading', { name });
/** The panels' titles, gone once the payment ended. */
const panelTitles = ['Pay with PIX', 'Pay the payment slip (boleto)', 'Pay with crypto', 'Pay by bank transfer', 'Confirm with the code from your operator'];
/** The line the payment page shows while a renewal runs on a saved card (the sandbox Visa the world saves). */
const billingCardLine = /renews by itself, charged to Visa ending in 4242/;

type Within = Pick<typeof screen, 'getByLabelText' | 'queryByLabelText'>;
const type = (label: string, value: string, scope: Within = screen) => fireEvent.input(scope.getByLabelText(label), { target: { value } });
const choose = (label: string, value: string, scope: Within = screen) => fireEvent.change(scope.getByLabelText(label), { target: { value } });

/**
 * What the customer does on the routed payment page for the path's first answer, the checkout
 * being the actor `checkout()`; `meanwhile` happens on the server right before Pay.
 */
async function payOnPage(purchase: PagePurchase, meanwhile: () => Promise<void>, checkout: () => AnyActorRef | undefined) {
  /** The form priced again and ready for the customer's next step, then `find`'s control (enabled). */
  const ready = (find: () => HTMLElement = () => screen.getByRole('button', { name: payButton })) =>
    waitFor(() => {
      expect(checkout()?.getSnapshot().matches('editing')).toBe(true);
      const control = find();
      expect(control.matches(':disabled')).toBe(false);
      return control;
    });
  await ready();
  if (purchase.currency !== 'BRL') {
    choose('Currency', purchase.currency);
    await ready();
  }
  if (purchase.country !== 'BR') {
    choose('Country', purchase.country);
    await ready();
  }
  if (purchase.method !== 'card') {
    fireEvent.click(await ready(() => screen.getByLabelText(methodNames[purchase.method] ?? purchase.method, { selector: 'input[type=radio]' })));
    await ready();
  }
  if (purchase.discountCode) {
    type('Discount code', purchase.discountCode);
    fireEvent.click(screen.getByText('Apply', { selector: 'button' }));
    await ready(() => screen.getByText('Remove', { selector: 'button' }));
  }
  const { card, payer, mobileMoney, crypto } = purchase.details;
  const savedCard = card && 'savedCardId' in card ? card.savedCardId : undefined;
  // A renewal runs on the account's saved card only where the world saved one for this payment.
  if (savedCard && !purchase.crafted) await screen.findByText(billingCardLine);
  else expect(screen.queryByText(billingCardLine, { selector: 'p' })).toBeNull();
  if (!purchase.crafted) {
    // The chosen method's form, the one with the Pay button.
    const form = within(screen.getByRole('button', { name: payButton }).closest('form')!);
    if (savedCard) {
      const saved = document.querySelector<HTMLInputElement>(`input[type=radio][value="${savedCard}"]`)!;
      if (!saved.checked) fireEvent.click(saved);
    } else if (card && 'number' in card) {
      // A saved card is offered first: the customer types a new one.
      if (form.queryByLabelText('A new card')) fireEvent.click(form.getByLabelText('A new card'));
      type('Card number', card.number, form);
      type('Expiry (MM/YY)', `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`, form);
      type('Security code', card.cvc, form);
      type('Name on the card', card.holder, form);
    }
    // The ZIP code as the form takes it: its eight digits.
    for (const [name, value] of Object.entries(payer ?? {}))
      if (value && payerLabels[name] && form.queryByLabelText(payerLabels[name]))
        type(payerLabels[name], name === 'zipcode' ? String(value).replace(/\D/g, '') : String(value), form);
    if (mobileMoney?.operator) choose('Mobile money operator', mobileMoney.operator, form);
    if (crypto?.coin) choose('Coin', crypto.coin, form);
  }
  await meanwhile();
  if (purchase.crafted) checkout()!.send({ type: 'PAY_SUBMITTED', details: purchase.details });
  else fireEvent.click(screen.getByRole('button', { name: payButton }));
}

/** Where the page is once the payment ended: the order's result, the orders, or still here (refused, failed; the browser leaves for PayPal). */
function landingOf(start: string, outcome: PaymentOutcome, here: string, orderId: string): string {
  if (outcome.kind === 'redirected') return here;
  // PayPal's return page goes on to the order's result whatever happened.
  if (start === 'capturePaypal') return paths.paymentResult(orderId);
  if (outcome.kind === 'declined' || outcome.kind === 'failed') return here;
  return outcome.orderId ? paths.paymentResult(outcome.orderId) : '/orders';
}

interface Page {
  start: string;
  /** The address the page opened at. */
  here: string;
  orderId: string;
  /** How often the page sent the browser to another site. */
  documents: number;
}

/** What the customer sees in each state; `walletPhone`, the mobile-money wallet the path pays from. */
function assertScreen(s: AnyMachineSnapshot, walletPhone: string, page: Page) {
  const landed = screen.getByTestId('landed').textContent;
  if (s.status === 'done') {
    const outcome = s.context.outcome as PaymentOutcome;
    expect(landed).toBe(landingOf(page.start, outcome, page.here, page.orderId));
    expect(page.documents).toBe(s.matches('redirecting') ? 1 : 0);
    if (landed !== page.here) return;
    for (const title of panelTitles) expect(screen.queryByText(title, { selector: 'h2' })).toBeNull();
    // PayPal's return page says where the browser goes; the checkout has ended and says only that much.
    if (s.matches('redirecting'))
      expect(screen.getByRole('status').textContent).toBe(page.start === 'capturePaypal' ? 'Taking you to the payment provider…' : 'Preparing your order…');
    // Refused: the checkout's form is back, saying why.
    if (outcome.kind === 'declined') expect(screen.getByText(String(errorMessageFor(outcome.errCode).defaultMessage))).toBeTruthy();
    return;
  }
  expect(landed).toBe(page.here);
  if (s.matches('submitting') || s.matches('waitingToRetry'))
    expect(screen.getByRole('status').textContent).toBe(
      page.start === 'capturePaypal' && s.matches('submitting') ? 'Confirming your PayPal payment…' : 'Processing your payment…',
    );
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
    // A file the server cannot read as a receipt: said in the receipt's words, not as "Invalid request".
    if (s.matches({ transfer: 'awaitingProof' }) && s.context.errCode === 5000)
      expect(screen.getByRole('alert').textContent).toBe("Send the bank's receipt as a PNG, JPEG or PDF file of at most 5 MB.");
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
  title: 'payment machine, walk (b): through the payment panels in the routed payment pages, against the real server',
  flow: 'payment',
  walk: 'screens',
  model: paymentGraph(),
  // A path for each refusal code the calls expect, not only for each transition.
  walkEveryTarget: true,
  async path(run) {
    /** The walk's actor: the payment flow the page runs (the checkout's child, or PayPal's return page's own). */
    let actor: Actor<typeof paymentMachine> | undefined;
    /** The routed checkout a new order is paid on. */
    let checkout: AnyActorRef | undefined;
    const world = new PaymentWorld(server, clock, run.path, () => actor?.getSnapshot() as AnyMachineSnapshot | undefined);
    await world.setUp();
    run.onEnd(() => world.undoFaults());
    const gate = world.client.gate;
    const documents = watchDocumentNavigations();
    run.onEnd(documents.stop);
    const page: Page = { start: '', here: '', orderId: '', documents: 0 };
    /** What happens on the server while the customer fills the form in (the first answer's race), right before Pay. */
    let meanwhile: (() => Promise<void>) | undefined;

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
      async arrange(event) {
        // A new order's first answer is arranged for the page: part before it opens, part while the customer fills the form in.
        if (run.path.start === 'pay' && !actor && event.type.endsWith('.actor.submit')) meanwhile = await world.arrangeOnPage(event);
        else await world.arrange(event);
      },
      async start(start) {
        page.start = start;
        // A status check's answer waits too, while the walk looks at the panel: the customer may leave, change coin or upload meanwhile.
        const {
          clock: simulatedClock,
          inspect,
          snapshots,
        } = run.screenOptions(gate, (s) => s.hasTag('busy') || JSON.stringify(s.value).includes('"checking"'));
        const flow = inspectFlow('payment', inspect, (a) => void (actor = a as Actor<typeof paymentMachine>));
        const pageInspect = (event: InspectionEvent) => {
          if (event.type === '@xstate.actor' && machineIdOf(event.actorRef) === 'checkout') checkout = event.actorRef as AnyActorRef;
          flow(event);
        };
        if (start === 'capturePaypal') {
          // PayPal sends the payer back to the portal (server/payments/paypal-provider.ts).
          const input = await world.input(start);
          page.orderId = (input.request as { orderId: string }).orderId;
          const cancelled = (run.path.steps[1]?.event as { output?: { kind?: string } }).output?.kind === 'refused';
          page.here = `/payment-redirect?provider=paypal&orderId=${encodeURIComponent(page.orderId)}${cancelled ? '&cancelled=1' : ''}`;
        } else page.here = paths.payment({ planId: '1' });
        const rendered = await renderSignedIn(world.client, {
          url: page.here,
          actorOptions: { clock: simulatedClock, inspect: pageInspect },
          now: () => clock.now(),
        });
        run.onEnd(rendered.stop);
        if (start === 'pay') {
          await payOnPage(world.pagePurchase(), meanwhile ?? (async () => {}), () => checkout);
          await waitFor(() => {
            if (!actor)
              throw new Error(
                `Pay did not start the payment; the page says: ${screen
                  .queryAllByRole('alert')
                  .map((a) => a.textContent)
                  .join(' | ')}`,
              );
          });
        }
        return { snapshots, clock: simulatedClock };
      },
      perform: (event) => executors[event.type as PaymentEvent['type']](),
      delayMs: (delay) => (delay === 'retryDelay' ? 1_000 : 5_000),
      async check(reached, _expected, event) {
        if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) await world.undoFaults();
        await world.checkServer(reached, event, expect);
        page.orderId ||= world.orderId();
        page.documents = documents.count();
        if (run.seen[run.seen.length - 1] === reached) await waitFor(() => withSteadyStyles(() => assertScreen(reached, world.walletPhone, page)));
      },
    };
  },
});
