import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** Fails the test on any console error or uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        // Chromium logs every 4xx answer as a failed resource; those are refusals the app handles
        // (wrong password, rate limit…), asserted by the tests themselves. 5xx and script errors count.
        if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** No serious or critical accessibility violation (axe-core, WCAG 2.1 AA rules). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Screenshots for review, at the two widths the issue asks for. */
export async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export const json = { 'content-type': 'application/json', Language: 'en' };

/** The newest messages the developer mailbox holds for `to` (links and codes pulled out). */
export async function mailbox(request: APIRequestContext, to: string, limit = 1) {
  const box = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=${limit}`)).json()) as { messages: { links: string[]; code: string | null }[] };
  return box.messages;
}

/** A confirmed account of its own, made through the API (sign-up, then the emailed link's token). */
export async function newCustomer(request: APIRequestContext, name: string) {
  const email = `e2e.${name}.${Date.now()}@example.com`;
  const password = 'e2e-password-9';
  expect((await (await request.post('/api/user/signup/v1', { headers: json, data: { account: email, password, nickname: 'Ana', acceptTerms: true, language: 'en' } })).json()).code).toBe(0);
  const [confirmation] = await mailbox(request, email);
  const token = new URL(confirmation!.links[0]!).searchParams.get('token');
  expect((await (await request.post('/api/site/active/user', { headers: json, data: { token } })).json()).code).toBe(0);
  return { email, password };
}

/** Logs in through the login page, in English or Portuguese (the browser's language picks it). */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(/^(Email or phone number|E-mail ou número de telefone)$/).fill(who.email);
  await page.getByLabel(/^(Password|Senha)$/).fill(who.password);
  await page.getByRole('button', { name: /^(Log in|Entrar)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Pays plan 1 by sandbox card through the API, with the session the page logged in with. */
export async function payByCard(page: Page, request: APIRequestContext, email: string, number: string) {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
  const card = { number, expMonth: 12, expYear: 2030, cvc: '123', holder: 'ANA SOUZA', save: true };
  const res = await request.post('/api/bill/pay/v1', { headers: { ...json, Authorization: token! }, data: { planId: '1', method: 'card', currency: 'BRL', email, card } });
  return (await res.json()) as { code: number; errCode?: number; data?: { orderId?: string; id?: string } };
}

/**
 * The server asks for a captcha on the next `times` log-ins (-3034), as it does after a lockout,
 * which takes 15 minutes of its clock to reach. Later log-ins reach the real server; `sent()` is
 * every log-in body the page sent.
 */
export async function demandCaptcha(page: Page, times = 1) {
  const sent: Record<string, unknown>[] = [];
  let left = times;
  await page.route('**/api/user/login/v1', async (route) => {
    sent.push(route.request().postDataJSON() as Record<string, unknown>);
    if (left-- > 0) return route.fulfill({ json: { code: 1, errCode: -3034, msg: 'Captcha required' } });
    return route.continue();
  });
  return { sent: () => sent };
}

/** The solved challenge in a request's `captchaCode` (docs/decisions/037). */
export function decodeCaptchaCode(code: unknown) {
  return JSON.parse(Buffer.from(String(code), 'base64url').toString('utf8')) as { challenge: { parameters: { keyPrefix: string } }; solution: { counter: number; derivedKey: string } };
}
