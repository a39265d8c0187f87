import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ServerOptions } from './servers';

/** A customer's log-in, as the login page takes it. */
export interface Customer {
  email: string;
  password: string;
}

interface Fixtures {
  consoleErrors: string[];
  /**
   * Removes an account after the test (the sandbox's account removal, server/routes/sandbox-accounts.ts):
   * for an account the test makes itself (through the sign-up screen or call); `insertNewUser`
   * removes its own. `account` as the API's account field has it, with `areaCode` for a phone.
   */
  removeAfterTest: (account: string, areaCode?: string) => void;
  /** A confirmed account of the test's own, made through the API (sign-up, then the emailed link), removed after it. */
  insertNewUser: (name: string) => Promise<Customer>;
  /** `insertNewUser`, then logged in through the login page of `page`. */
  login: (name: string) => Promise<Customer>;
}

interface WorkerFixtures extends ServerOptions {
  /** The origin of this worker's own server (e2e/servers.ts): every page and API call of its tests goes there. */
  server: string;
}

/**
 * Playwright's `test` on the worker's own server (e2e/servers.ts, docs/decisions/029), without the
 * fixtures below. A spec takes `test`, or this, from here, never from @playwright/test: only these
 * know which server is its worker's, and the config sets no baseURL of its own.
 */
export const serverTest = base.extend<object, WorkerFixtures>({
  servers: [[], { option: true, scope: 'worker' }],
  // By parallelIndex, not workerIndex: a worker started again after a failure takes its place's
  // index, so it keeps the server (and the PUBLIC_URL) of the worker it replaces.
  server: [
    async ({ servers }, use, workerInfo) => {
      const server = servers[workerInfo.parallelIndex];
      if (!server) throw new Error(`worker ${workerInfo.parallelIndex} has no server of its own: the config starts ${servers.length} (e2e/servers.ts)`);
      await use(server);
    },
    { scope: 'worker' },
  ],
  // Pages, browser.newContext() and the `request` fixture all resolve relative URLs against it.
  baseURL: async ({ server }, use) => use(server),
});

export const test = serverTest.extend<Fixtures>({
  /** Fails the test on any console error or uncaught exception in the page. */
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
  removeAfterTest: async ({ request }, use) => {
    const made: Array<{ account: string; areaCode?: string }> = [];
    await use((account, areaCode) => void made.push({ account, areaCode }));
    for (const { account, areaCode } of made) {
      const res = await request.delete(`/api/sandbox/accounts/${encodeURIComponent(account)}${areaCode ? `?areaCode=${areaCode}` : ''}`);
      expect(res.status(), `removing ${account}`).toBe(204);
    }
  },
  // The test's browser context is set up after the accounts' fixture, so it is closed before the
  // accounts are removed: nothing a page still does (a poll, a tracking beacon) meets its account
  // half-gone. Playwright sets a fixture's dependencies up in the order they are named here.
  context: async ({ removeAfterTest, context }, use) => {
    void removeAfterTest;
    await use(context);
  },
  insertNewUser: async ({ request, removeAfterTest }, use) => {
    await use(async (name) => {
      const email = `e2e.${name}.${Date.now()}@example.com`;
      const password = 'e2e-password-9';
      expect(
        (
          await (
            await request.post('/api/user/signup/v1', { headers: json, data: { account: email, password, nickname: 'Ana', acceptTerms: true, language: 'en' } })
          ).json()
        ).code,
      ).toBe(0);
      removeAfterTest(email);
      const [confirmation] = await mailbox(request, email);
      const token = new URL(confirmation!.links[0]!).searchParams.get('token');
      expect((await (await request.post('/api/site/active/user', { headers: json, data: { token } })).json()).code).toBe(0);
      return { email, password };
    });
  },
  login: async ({ page, insertNewUser }, use) => {
    await use(async (name) => {
      const who = await insertNewUser(name);
      await logIn(page, who);
      return who;
    });
  },
});
export { expect };
export { payButton } from '../tests/model/payment-labels';

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
    // JPEG: a full page's PNG took twice as long to encode, on a test's path (docs/decisions/029).
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.jpg`, type: 'jpeg', quality: 85, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export const json = { 'content-type': 'application/json', Language: 'en' };

/** The newest messages the developer mailbox holds for `to` (links and codes pulled out). */
export async function mailbox(request: APIRequestContext, to: string, limit = 1) {
  const box = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=${limit}`)).json()) as {
    messages: { links: string[]; code: string | null }[];
  };
  return box.messages;
}

/** Logs in through the login page, in English or Portuguese (the browser's language picks it). */
export async function logIn(page: Page, who: Customer) {
  await page.goto('/login');
  await page.getByLabel(/^(Email or phone number|E-mail ou número de telefone)$/).fill(who.email);
  await page.getByLabel(/^(Password|Senha)$/).fill(who.password);
  await page.getByRole('button', { name: /^(Log in|Entrar)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A new phone account (55 area code, no email), signed up through the API and logged in through
 * the login page in English; `remove` deletes it after the test. `salt` keeps numbers apart.
 */
export async function logInNewPhoneAccount(page: Page, request: APIRequestContext, remove: (account: string, areaCode?: string) => void, salt: number) {
  const phone = `119${String(Date.now() + salt).slice(-8)}`;
  const password = `e2e-password-${salt}`;
  const signup = await request.post('/api/user/signup/v1', {
    headers: json,
    data: { account: phone, areaCode: '55', password, nickname: 'Tel', acceptTerms: true, language: 'en' },
  });
  expect((await signup.json()).code).toBe(0);
  remove(phone, '55');
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(phone);
  await page.getByLabel('Country code (phone numbers only)').fill('55');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return phone;
}

/** Types a sandbox card into the payment form: `number`, expiring 12/30, security code 123. */
export async function fillCard(page: Page, number: string, holder = 'ANA SOUZA') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on the card').fill(holder);
}

/** Chooses PIX or the boleto on the payment page and types the payer they need: a name and a CPF. */
export async function fillPayer(page: Page, method: 'PIX' | 'Payment slip (boleto)', payer = { first: 'Ana', last: 'Souza', cpf: '12345678909' }) {
  await page.getByRole('radio', { name: method }).check();
  await page.getByLabel('First name').fill(payer.first);
  await page.getByLabel('Last name').fill(payer.last);
  await page.getByLabel('CPF or CNPJ').fill(payer.cpf);
}

/** Chooses the payment slip and types what it needs: the payer, then an address in São Paulo. */
export async function fillSlipPayer(page: Page) {
  await fillPayer(page, 'Payment slip (boleto)');
  await page.getByLabel('CEP (Brazilian postal code)').fill('01310-100');
  await page.getByLabel('State').fill('SP');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('Street').fill('Avenida Paulista');
  await page.getByLabel('Number').fill('1000');
}

/** The payer's bank pays a PIX BR Code: the sandbox bank reads the txid from it. */
export async function payPix(request: APIRequestContext, brCode: string) {
  const txid = /05(\d\d)([A-Za-z0-9]{25})6304/.exec(brCode)![2]!;
  expect((await (await request.post(`/api/sandbox/pix/pay/${txid}`)).json()).result).toBe('applied');
}

/** The headers of API calls in a new session of `who`, logged in through the API. */
export async function apiSession(request: APIRequestContext, who: Customer) {
  const login = await (await request.post('/api/user/login/v1', { headers: json, data: { account: who.email, password: who.password } })).json();
  return { ...json, Authorization: login.data.token as string };
}

/** Pays a plan in reais by sandbox card through the API, in the session whose headers are `auth`. */
export async function payThroughApi(request: APIRequestContext, auth: Record<string, string>, order: { planId: string; email: string; card: object }) {
  const res = await request.post('/api/bill/pay/v1', {
    headers: auth,
    data: { planId: order.planId, method: 'card', currency: 'BRL', email: order.email, card: order.card },
  });
  return (await res.json()) as { code: number; errCode?: number; data?: { orderId?: string; id?: string; status?: string } };
}

/** Pays plan 1 by sandbox card through the API, with the session the page logged in with. */
export async function payByCard(page: Page, request: APIRequestContext, email: string, number: string) {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
  const card = { number, expMonth: 12, expYear: 2030, cvc: '123', holder: 'ANA SOUZA', save: true };
  return payThroughApi(request, { ...json, Authorization: token! }, { planId: '1', email, card });
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
  return JSON.parse(Buffer.from(String(code), 'base64url').toString('utf8')) as {
    challenge: { parameters: { keyPrefix: string } };
    solution: { counter: number; derivedKey: string };
  };
}
