// Walk (c) of the payment machine: the shortest path to every state, in Chromium against the real
// server over HTTP, signed in as the world's customer. The payment flow runs where the app runs
// it: a new order's, as the checkout's child on the routed /payment page (the customer picks the
// method there, fills its form and presses Pay: `enter`), and a PayPal return's, on its own on
// /payment-redirect. Every answer is made for real by the model walks' world
// (tests/model/payment.world.ts): the sandbox card network, PayPal, the sandbox bank paying or a
// payment window closing, the operator's code, the day's uploads, a storage fault. One executor per
// event (typed with `satisfies`) and, per state, what the customer sees on the panels.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PaymentMachine } from '../../machines/payment/payment.machine';
import type { PayDetails, PaymentEvent, PayResult } from '../../machines/payment/payment.types';
import { paths } from '../../core/routing/paths';
import { idempotencyHash } from '../../server/billing/idempotency';
import { deriveKey } from '../../server/security/secrets';
import { graphStates, type FlowPath } from '../model/harness';
import { payButton } from '../model/payment-labels';
import { card } from '../model/payment-world';
import { PAYER, PDF } from '../model/payment-refusals';
import { paymentGraph } from '../model/payment.model';
import { PaymentWorld } from '../model/payment.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage } from './page-helpers';
import { chooseMethod, fillForm, methodForm, pressPay } from './payment-form';

const world = await useBrowserServer();

/** What the customer chooses on the checkout for the first answer the path asks of the pay call. */
interface Purchase {
  method: string;
  country?: string;
  currency?: string;
  details: PayDetails;
}

/** The purchase whose pay call answers the path's first step: which method, which card, which wallet. */
function purchaseFor(path: FlowPath<PaymentMachine>, walletPhone: string): Purchase {
  const first = path.steps[1]?.event as EventObject & { output?: { kind: string; errCode?: number; result?: { next: PayResult['next'] } } };
  if (first.type.startsWith('xstate.error')) return { method: 'card', details: card('4242424242424242') };
  const output = first.output!;
  if (output.kind === 'refused') {
    // 301 declined by the network, 1015 charged with its answer lost; -3031 a card that pays, its key claimed meanwhile.
    const numbers: Record<number, string> = { 301: '4000000000000002', 1015: '4000000000001117', [-3031]: '4242424242424242' };
    const number = numbers[output.errCode!];
    if (!number) throw new Error(`the browser walk has no purchase refused with ${output.errCode}`);
    return { method: 'card', details: card(number) };
  }
  switch (output.result?.next) {
    case 'redirect':
      return { method: 'paypal', details: {} };
    case 'pix':
      return { method: 'pix', details: { payer: { firstName: PAYER.firstName, lastName: PAYER.lastName, cpf: PAYER.cpf } } };
    case 'boleto':
      // The form takes the CEP as its 8 digits (core/validation/helpers.ts `isZipcode`), not as 01310-100.
      return { method: 'boleto', details: { payer: { ...PAYER, zipcode: PAYER.zipcode.replace(/\D/g, '') } } };
    case 'bank_transfer':
      return { method: 'bank_transfer', details: { payer: { firstName: 'Ana', lastName: 'Souza' } } };
    case 'otp':
      return {
        method: 'mobile_money',
        country: 'KE',
        currency: 'USD',
        details: { payer: { areaCode: '254', phone: walletPhone }, mobileMoney: { operator: 'MPesa', areaCode: '254', phone: walletPhone } },
      };
    case 'crypto':
      return { method: 'crypto', details: { crypto: { coin: 'BTC' } } };
    default:
      return { method: 'card', details: card('4242424242424242') };
  }
}

const where = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot, walletPhone: string, orderId: string) {
  const heading = (name: string) => page.getByRole('heading', { name }).waitFor();
  const c = s.context as { result?: PayResult & { address?: string; reference?: string }; errCode?: number };
  if (s.status === 'done') {
    if (s.matches('redirecting')) {
      // The browser left for PayPal's approval page.
      await expect.poll(() => page.url()).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
      return page.getByRole('button', { name: 'Agree and continue' }).waitFor();
    }
    if (s.matches('declined')) {
      // Back on the checkout's form, told why.
      await page.getByText('Card rejected', { exact: true }).waitFor();
      return expect.poll(() => page.getByRole('button', { name: payButton }).isVisible()).toBe(true);
    }
    if (s.matches('failure')) {
      // Back on the checkout's form; the client said what went wrong.
      await page.locator('.toaster').getByRole('alert').filter({ hasText: 'System internal error' }).first().waitFor();
      return expect.poll(() => page.getByRole('button', { name: payButton }).isVisible()).toBe(true);
    }
    if (s.matches('unanswered')) {
      // A charge whose answer was lost made no order the page knows of: on to the orders, where it waits to be confirmed.
      return expect.poll(() => where(page)).toBe(paths.orders());
    }
    // Paid, closed, expired or left to pay later: on to the order's result, in the server's words.
    await expect.poll(() => where(page)).toBe(paths.paymentResult(orderId));
    if (s.matches('paid')) await page.getByRole('link', { name: 'See the receipt' }).waitFor();
    if (s.matches('expired') || s.matches('closed')) await page.getByRole('link', { name: 'See the plans' }).waitFor();
    // Left to pay later: the same code, slip, details or quote again; a reported transfer waits for the bank.
    if (s.matches('pending'))
      await page
        .getByRole('link', { name: 'See how to pay' })
        .or(page.getByRole('heading', { level: 1, name: 'Payment being processed' }))
        .first()
        .waitFor();
    return;
  }
  if (s.matches('submitting') || s.matches('waitingToRetry')) {
    const busy = where(page).startsWith('/payment-redirect') ? 'Confirming your PayPal payment…' : 'Processing your payment…';
    return page.getByRole('status').filter({ hasText: busy }).waitFor();
  }
  if (s.matches('pix')) {
    await heading('Pay with PIX');
    await page.getByRole('img', { name: 'PIX QR code' }).waitFor();
    await expect.poll(() => page.getByLabel('PIX copy-and-paste code').inputValue()).toMatch(/^000201/);
  }
  if (s.matches('boleto')) {
    await heading('Pay the payment slip (boleto)');
    await expect.poll(() => page.getByLabel('Digitable line').inputValue()).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  }
  if (s.matches('crypto')) {
    await heading('Pay with crypto');
    await expect.poll(() => page.getByLabel('Coin and network').isDisabled()).toBe(s.matches({ crypto: 'requoting' }));
    await expect.poll(() => page.getByLabel('Send to this address').inputValue()).toBe(c.result!.address);
    if (c.errCode) await page.getByRole('alert').filter({ hasText: 'Invalid request' }).waitFor();
  }
  if (s.matches('transfer')) {
    await heading('Pay by bank transfer');
    await page.getByText(c.result!.reference!, { exact: true }).waitFor();
    if (s.matches({ transfer: 'reported' })) await page.getByText(/your transfer is reported/).waitFor();
    else await page.getByLabel(/Upload the bank receipt/).waitFor();
    if (s.matches({ transfer: 'uploadingProof' })) await page.getByText('Uploading your receipt…').waitFor();
    if (s.matches({ transfer: 'awaitingProof' }) && c.errCode === 5000)
      await page.getByRole('alert').filter({ hasText: "Send the bank's receipt as a PNG, JPEG or PDF file of at most 5 MB." }).waitFor();
  }
  if (s.matches('otp')) {
    await heading('Confirm with the code from your operator');
    await page.getByText(`MPesa sent a code by SMS to +254 •••• ${walletPhone.slice(-4)}.`).waitFor();
    if (s.matches({ otp: 'enteringCode' }) && c.errCode === -3033) await page.getByRole('alert').filter({ hasText: 'Incorrect verification code' }).waitFor();
  }
  // Leaving to pay later is offered while the money is awaited, for the methods that allow it.
  await expect.poll(() => page.getByRole('button', { name: 'I will pay later' }).isVisible()).toBe(s.can({ type: 'LEFT_TO_PAY_LATER' }));
}

browserWalkSuite({
  title: 'payment machine, walk (c): on the routed checkout and the PayPal return in Chromium, against the real server',
  flow: 'payment',
  model: paymentGraph(),
  world,
  // A status check's answer waits too, while the walk looks at the panel (as in the screens walk).
  busyStates: graphStates(paymentGraph().machine).filter((id) => id.endsWith('.checking')),
  async path(run) {
    const page = run.page;
    const current = () => run.seen[run.seen.length - 1];
    const payment = new PaymentWorld(world.server, world.clock, run.path, current);
    await payment.setUp();
    run.onEnd(() => payment.undoFaults());
    const purchase = purchaseFor(run.path, payment.walletPhone);
    /** The PayPal order a return captures (the capturePaypal start). */
    let capturedOrder = '';

    /**
     * The pay call's answer is arranged once the checkout is ready, right before the customer
     * presses Pay: a storage fault in place from the start would keep the checkout from loading.
     */
    let deferred: EventObject[] | undefined = [];
    const arrangeDeferred = async () => {
      for (const event of deferred ?? []) await payment.arrange(event);
      deferred = undefined;
    };
    const first = run.path.steps[1]?.event as { output?: { errCode?: number } } | undefined;
    if (first?.output?.errCode === -3031) {
      // The same payment still running in another request (a double click): its claim on the key
      // the page sends, made as the page's request reaches the server.
      await page.route('**/api/bill/pay/v1', async (route) => {
        const request = route.request();
        const body = request.postDataJSON() as unknown;
        const hash = idempotencyHash(deriveKey(world.server.services.secret, 'idempotency'), 'pay', body);
        await world.server.db.query(
          "INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at) VALUES ($1, $2, 'pay', $3, 'in_progress', $4) ON CONFLICT DO NOTHING",
          [payment.account.uid, request.headers()['idempotency-key'], hash, new Date(world.clock.now())],
        );
        await route.continue();
      });
    }

    /** What the customer does on the panels for each event. */
    const executors = {
      OTP_SUBMITTED: async (page) => {
        await page.getByLabel('Code', { exact: true }).fill(await payment.otp());
        await page.getByRole('button', { name: 'Confirm payment' }).click();
      },
      COIN_CHANGED: async (page) => void (await page.getByLabel('Coin and network').selectOption({ label: 'Tether (USDT, TRC20)' })),
      PROOF_SELECTED: (page) =>
        page
          .getByLabel(/Upload the bank receipt/)
          .setInputFiles(
            payment.next.badProof
              ? { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a receipt') }
              : { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
          ),
      LEFT_TO_PAY_LATER: (page) => page.getByRole('button', { name: 'I will pay later' }).click(),
    } satisfies Record<PaymentEvent['type'], (page: Page, event: EventObject) => Promise<void>>;

    return {
      async open(start) {
        if (start === 'capturePaypal') {
          // The payer approved the payment (or not) on PayPal's page, which sends the browser back here.
          await arrangeDeferred();
          const input = await payment.input(start);
          capturedOrder = (input.request as { orderId: string }).orderId;
          return { url: `/payment-redirect?provider=paypal&orderId=${encodeURIComponent(capturedOrder)}`, localStorage: signedInStorage(payment.client.store) };
        }
        // The plan as the pricing table links to it.
        return { url: paths.payment({ planId: '1' }), localStorage: signedInStorage(payment.client.store) };
      },
      async enter(start) {
        if (start === 'capturePaypal') return;
        // On the checkout: the country and currency the method is offered in, the method, its form, Pay.
        const pix = page.getByRole('radio', { name: 'PIX', exact: true });
        await pix.waitFor();
        if (purchase.country) {
          await page.getByLabel('Country', { exact: true }).selectOption(purchase.country);
          await expect.poll(() => pix.count()).toBe(0);
        }
        if (purchase.currency) await page.getByLabel('Currency', { exact: true }).selectOption(purchase.currency);
        if (purchase.method !== 'card') await chooseMethod(page, purchase.method);
        await fillForm(page, purchase.method, purchase.details);
        // Priced and ready to pay: the answer's arrangement can no longer reach the checkout's own calls.
        await expect.poll(() => methodForm(page, purchase.method).getByRole('button', { name: payButton }).isEnabled()).toBe(true);
        await arrangeDeferred();
        await pressPay(page, purchase.method);
      },
      arrange: async (event) => void (deferred ? deferred.push(event) : await payment.arrange(event)),
      perform: (event) => executors[event.type as PaymentEvent['type']](page),
      delayMs: (delay) => (delay === 'retryDelay' ? 1_000 : 5_000),
      async check(reached, _expected, event) {
        if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) await payment.undoFaults();
        await payment.checkServer(reached, event, expect);
        const orderId = payment.orderId((reached.context as { result?: PayResult }).result) || capturedOrder;
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(page, reached, payment.walletPhone, orderId);
      },
    };
  },
});
