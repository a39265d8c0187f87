/**
 * The account the web bench measures signed-in pages with, and the checkout it times: a customer
 * made through the API and the developer mailbox (as e2e/fixtures.ts `newCustomer` does), logged in
 * and paying through the Portuguese UI of the Chromium the bench drives, so the session lands in
 * the localStorage Lighthouse then runs with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';

const root = path.resolve(import.meta.dirname, '..');
const pt = JSON.parse(readFileSync(path.join(root, 'core', 'i18n', 'lang', 'pt.json'), 'utf8')) as Record<string, string>;
/** A Portuguese text of the UI by message id, so a reworded message does not break the bench. */
export const text = (id: string) => {
  const t = pt[id];
  if (!t) throw new Error(`core/i18n/lang/pt.json has no message ${id}`);
  return t;
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exact = (s: string) => new RegExp(`^${escape(s)}$`);
/** A message with placeholders as a pattern: each `{name}` stands for any text. */
export const shaped = (s: string) =>
  new RegExp(
    `^${s
      .split(/\{\w+\}/)
      .map(escape)
      .join('.+')}$`,
  );

async function post(base: string, route: string, body: unknown) {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', Language: 'pt' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg?: string };
  if (json.code !== 0) throw new Error(`${route} answered ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export interface Customer {
  email: string;
  password: string;
}

/** A confirmed account: sign-up, then the emailed confirmation link's token. */
export async function newCustomer(base: string): Promise<Customer> {
  const who = { email: `bench.web.${Date.now()}@example.com`, password: 'bench-password-9' };
  await post(base, '/api/user/signup/v1', { account: who.email, password: who.password, nickname: 'Ana', acceptTerms: true, language: 'pt' });
  const box = (await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(who.email)}&limit=1`)).json()) as { messages: { links: string[] }[] };
  const link = box.messages[0]?.links[0];
  if (!link) throw new Error(`no confirmation email for ${who.email} in the developer mailbox`);
  await post(base, '/api/site/active/user', { token: new URL(link).searchParams.get('token') });
  return who;
}

/** Logs in on /login, as a visitor would. */
export async function logIn(page: Page, base: string, who: Customer) {
  await page.goto(`${base}/login`);
  await page.getByLabel(exact(text('login.account'))).fill(who.email);
  await page.getByLabel(exact(text('login.password'))).fill(who.password);
  await page.getByRole('button', { name: exact(text('login.submit')) }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

/** The sandbox network's card that is always approved (docs/decisions/009). */
const testCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'ANA SOUZA' };

// Functions handed to page.evaluate run in the page: they carry their own casts, not helpers.
type PayTiming = { clickedAt?: number; shownAt?: number };
type Timed = { __payTiming?: PayTiming };

/**
 * One purchase of plan 1 by the test card on /payment, timed in the page from the click on Pay to
 * the frame after the paid result page is in the DOM (the SPA navigates, so one clock serves).
 */
export async function timePayment(page: Page, base: string): Promise<number> {
  // A fresh visit makes a fresh order.
  await page.goto(`${base}/payment?planId=1`);
  await page.getByLabel(exact(text('payment.card.number'))).fill(testCard.number);
  await page.getByLabel(exact(text('payment.card.expiry'))).fill(testCard.expiry);
  await page.getByLabel(exact(text('payment.card.cvc'))).fill(testCard.cvc);
  await page.getByLabel(exact(text('payment.card.holder'))).fill(testCard.holder);
  // The button says what it charges ("Pagar R$ 29,90").
  const pay = page.getByRole('button', { name: shaped(text('payment.payAmount')) });
  await pay.waitFor();
  await page.evaluate(() => {
    const timing: PayTiming = {};
    (window as unknown as Timed).__payTiming = timing;
    addEventListener('click', () => (timing.clickedAt ??= performance.now()), { capture: true, once: true });
    // No named functions in here: tsx would wrap them in a __name() helper the page does not have.
    const observer = new MutationObserver(() => {
      if (location.pathname !== '/paymentResult' || !document.querySelector('[data-status="PAYMENT_SUCCEEDED"] h1')) return;
      observer.disconnect();
      requestAnimationFrame(() => (timing.shownAt = performance.now()));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] });
  });
  await pay.click();
  try {
    await page.waitForFunction(() => (window as unknown as Timed).__payTiming?.shownAt !== undefined, undefined, { timeout: 20_000 });
  } catch {
    throw new Error(`no paid result page within 20 s of the click on Pay (now on ${page.url()})`);
  }
  const t = await page.evaluate(() => (window as unknown as Timed).__payTiming!);
  return t.shownAt! - t.clickedAt!;
}
