// What the checkout, repay and payment browser walks do on the payment page's form: pick a method,
// fill its fields the way a customer types them, press Pay; and lose a request on the network the
// way the model walks' worlds arrange it (tests/model/payment-world.ts `lossyClient`).
import type { Page } from '@playwright/test';
import type { PayDetails } from '../../machines/payment/payment.types';
import { expireOverdue } from '../../server/billing/payment-jobs';
import type { FakeClock } from '../../server/clock';
import type { ServerServices } from '../../server/services';
import { methodNames, payButton, payerLabels } from '../model/payment-labels';

/** The chosen method's form (its accessible name is the method's). */
export const methodForm = (page: Page, method: string) => page.getByRole('form', { name: methodNames[method] ?? method });

/** Picks `method` among the payment methods. */
export async function chooseMethod(page: Page, method: string) {
  await page.getByRole('radio', { name: methodNames[method] ?? method, exact: true }).check();
}

/** Types `details` into the form of `method`, as a customer would, and presses Pay. */
export async function fillAndPay(page: Page, method: string, details: PayDetails) {
  await fillForm(page, method, details);
  await pressPay(page, method);
}

/** Presses Pay on the form of `method`, once the page lets the customer pay. */
export const pressPay = (page: Page, method: string) => methodForm(page, method).getByRole('button', { name: payButton }).click();

/** Types `details` into the form of `method`, as a customer would. */
export async function fillForm(page: Page, method: string, { card, payer, mobileMoney, crypto }: PayDetails) {
  const form = methodForm(page, method);
  await form.waitFor();
  const field = (label: string) => form.getByLabel(label, { exact: true });
  if (card && 'number' in card) {
    await field('Card number').fill(card.number);
    await field('Expiry (MM/YY)').fill(`${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`);
    await field('Security code').fill(card.cvc);
    await field('Name on the card').fill(card.holder);
  }
  for (const [name, value] of Object.entries(payer ?? {})) if (value && payerLabels[name]) await field(payerLabels[name]).fill(String(value));
  if (mobileMoney?.operator) await field('Mobile money operator').selectOption(mobileMoney.operator);
  if (crypto?.coin) await field('Coin').selectOption(crypto.coin);
}

/**
 * A request of the page that never gets an answer (the connection drops before the server
 * answers): the next request to a path in `lose` (a world's lossy set) is aborted.
 */
export async function loseOnTheNetwork(page: Page, lose: Set<string>) {
  await page.route(
    (url) => lose.has(url.pathname),
    async (route) => {
      if (!lose.delete(new URL(route.request().url()).pathname)) return route.continue();
      await route.abort('connectionreset');
    },
  );
}

/**
 * A PIX code left unpaid while the page shows it: its window closes on the server (the server's
 * clock moves past it and the expiry job runs), then the page's clock reaches its next status check.
 */
export async function letPixExpireOnPage(page: Page, server: { services: ServerServices }, clock: FakeClock) {
  await page.getByRole('heading', { name: 'Pay with PIX' }).waitFor();
  clock.advance(31 * 60_000);
  await expireOverdue(server.services);
  await page.evaluate(() => (window as unknown as { __flowWalk: { advance(ms: number): void } }).__flowWalk.advance(5_000));
}
