import type { APIRequestContext, Page } from '@playwright/test';
import { expect, json, serverTest as base, test } from '../fixtures';
import { armTripwires, expectNoneTripped, isInertParseReport, xssEmails, xssPayloads, type Tripwires } from './xss-payloads';

// docs/security.md: every text a user can type and later see, tried with the OWASP filter-evasion vectors
// in real Chromium under the server's Content-Security-Policy (docs/decisions/031). Whatever is
// refused is refused with its translated message; whatever is kept comes back as text.
test.use({ locale: 'en-US' });
base.use({ locale: 'en-US' });
test.describe.configure({ timeout: 600_000 });
base.describe.configure({ timeout: 600_000 });

const submitted = { nickname: 0, email: 0, discountCode: 0, payer: 0, policyHtml: 0 };
const armed: Tripwires[] = [];
const arm = async (page: Page): Promise<Tripwires> => {
  const wires = await armTripwires(page);
  armed.push(wires);
  return wires;
};

const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '');

/** The pages that show what an account typed: account, orders, settings, and an order's receipt and tips. */
async function visitEverything(page: Page, orderId?: string) {
  for (const path of ['/account', '/orders', '/settings', ...(orderId ? [`/receipt?orderId=${orderId}`, `/paynowTips?orderId=${orderId}`] : [])]) {
    await page.goto(path);
    await expect(page.locator('main h1, h1').first()).toBeVisible();
    // Lazy parts (orders, details) have arrived when nothing is loading any more.
    await page.waitForLoadState('networkidle');
  }
}

async function post(request: APIRequestContext, url: string, data: unknown, token = 'null') {
  return (await (await request.post(url, { headers: { ...json, Authorization: token }, data })).json()) as {
    code: number;
    errCode?: number;
    data?: Record<string, unknown>;
  };
}

test('nickname: the settings form refuses every vector with its message and sends nothing; so does the API', async ({ page, request, login }) => {
  const wires = await arm(page);
  await login('xss-nick');
  const token = await tokenOf(page);
  let sent = 0;
  page.on('request', (r) => void (r.url().includes('/api/user/nickname/v1') && sent++));

  await page.goto('/settings');
  const field = page.locator('#settings-nickname');
  for (const payload of xssPayloads) {
    await field.fill(payload);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Nickname cannot contain special characters')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const api = await post(request, '/api/user/nickname/v1', { nickname: payload }, token);
    expect(api, payload).toMatchObject({ code: 1, errCode: 5000 });
    submitted.nickname += 2;
  }
  expect(sent, 'nickname requests from the form').toBe(0);
  await visitEverything(page);
  await expect(page.getByText('Ana').first()).toBeVisible();
  expectNoneTripped(wires);
});

test('email: sign-up and the log-in form refuse every vector; an order email the contract lets through comes back as text', async ({
  page,
  request,
  login,
}) => {
  const wires = await arm(page);
  let refusedBySignup = 0;
  for (const payload of [...xssEmails, ...xssPayloads]) {
    const answer = await post(request, '/api/user/signup/v1', {
      account: payload,
      password: 'e2e-password-9',
      nickname: 'Ana',
      acceptTerms: true,
      language: 'en',
    });
    // 5000: not even the contract's email shape; 5 or 8: not an email by the site's rule.
    expect(answer.code, payload).toBe(1);
    expect([5, 8, 5000], payload).toContain(answer.errCode);
    refusedBySignup++;
    submitted.email++;
  }
  expect(refusedBySignup).toBe(xssEmails.length + xssPayloads.length);

  await page.goto('/login');
  for (const payload of xssEmails) {
    await page.getByLabel('Email or phone number').fill(payload);
    await page.getByLabel('Password').fill('e2e-password-9');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    submitted.email++;
  }

  // The receipt email of an order: the contract's Email shape only, so some vectors are kept.
  await login('xss-mail');
  const token = await tokenOf(page);
  let kept = 0;
  let lastOrder: string | undefined;
  for (const payload of xssEmails) {
    const answer = await post(request, '/api/bill/pay/v1', { planId: '1', method: 'boleto', currency: 'BRL', email: payload, payer: payerOf('Ana') }, token);
    submitted.email++;
    if (answer.code === 0) {
      kept++;
      lastOrder = String(answer.data?.orderId);
    } else expect([5000], payload).toContain(answer.errCode);
  }
  console.log(`xss email: ${kept} of ${xssEmails.length} email-shaped vectors kept on orders`);
  await visitEverything(page, lastOrder);
  expectNoneTripped(wires);
});

function payerOf(text: string) {
  return {
    firstName: text.slice(0, 64),
    lastName: text.slice(0, 64),
    cpf: '52998224725',
    zipcode: '01310-100',
    state: text.slice(0, 64),
    city: text.slice(0, 64),
    street: text.slice(0, 128),
    streetNumber: '100',
  };
}

test('payer fields: first and last name, state, city and street carry every vector to the server; the pages show them as text', async ({
  page,
  request,
  login,
}) => {
  const wires = await arm(page);
  const customer = await login('xss-payer');
  const token = await tokenOf(page);
  const answers = new Map<string, number>();
  let lastOrder: string | undefined;
  for (const payload of xssPayloads) {
    const answer = await post(
      request,
      '/api/bill/pay/v1',
      { planId: '1', method: 'boleto', currency: 'BRL', email: customer.email, payer: payerOf(payload) },
      token,
    );
    const key = answer.code === 0 ? 'accepted' : `refused ${answer.errCode}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
    if (answer.code === 0) lastOrder = String(answer.data?.orderId);
    submitted.payer += 5;
  }
  console.log(`xss payer: ${[...answers].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  await visitEverything(page, lastOrder);
  expectNoneTripped(wires);
});

test('discount code: the code field and the address refuse every vector; nothing is applied', async ({ page, login }) => {
  const wires = await arm(page);
  await login('xss-code');
  const field = page.locator('#discount-code');
  const apply = page.locator('.code-form').getByRole('button', { name: 'Apply' });
  await page.goto('/payment?planId=1');
  await expect(apply).toBeEnabled();
  let refused = 0;
  for (const payload of xssPayloads) {
    await field.fill(payload);
    await apply.click();
    // No coupon has such a shape: the field refuses it on the spot as the server refuses an
    // unknown code ("Invalid coupon"), nothing is sent or applied, and the page stays usable.
    await expect(page.locator('.code-form').getByRole('alert')).toHaveText('Invalid coupon');
    await expect(page.locator('.code-form').getByRole('button', { name: 'Remove' })).toHaveCount(0);
    refused++;
    submitted.discountCode++;
  }
  console.log(`xss discount code: ${refused} of ${xssPayloads.length} vectors refused in the field, none applied`);
  for (const payload of xssPayloads) {
    await page.goto(`/payment?planId=1&discountCode=${encodeURIComponent(payload)}`);
    await expect(field).toHaveValue('');
    submitted.discountCode++;
  }
  expectNoneTripped(wires);
});

// Without the console-error fixture: Chromium logs, as errors, the policy reports of DOMPurify's
// inert parse (see isInertParseReport); page errors are still counted here.
base('policy HTML from the server: privacy and terms with every vector go through SafeHtml and run nothing', async ({ page }) => {
  const wires = await arm(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const marker = 'policy-text-arrived';
  await page.route('**/api/site/dynamic/config/v1?**', (route) => {
    const type = new URL(route.request().url()).searchParams.get('type') ?? 'privacy';
    return route.fulfill({
      json: { code: 0, data: { type, language: 'en', title: xssPayloads[2], content: `<p>${marker}</p>${xssPayloads.join('\n')}`, updatedAt: Date.now() } },
      headers: { 'cache-control': 'no-store' },
    });
  });
  await page.goto('/privacy?language=en');
  await expect(page.getByText(marker)).toBeVisible();
  // The title is text: the vector's own characters are on the page.
  await expect(page.getByRole('heading', { name: xssPayloads[2] })).toBeVisible();
  submitted.policyHtml += xssPayloads.length;
  await page.waitForLoadState('networkidle');
  const live =
    'main script, main iframe, main frame, main object, main embed, main base, main style, main link, main meta, main [style], main [onerror], main [onload], main [onmouseover], main [ontoggle], main [onstart], main [formaction]';
  expect(await page.locator(live).count(), 'active elements in the privacy text').toBe(0);

  await page.goto('/register?language=en');
  await page.getByText('Read the terms of use').click();
  await expect(page.getByText(marker)).toBeVisible();
  submitted.policyHtml += xssPayloads.length;
  await page.waitForLoadState('networkidle');
  expect(await page.locator(live).count(), 'active elements in the terms text').toBe(0);
  expect(await page.locator('main a[href^="javascript:" i], main [src^="javascript:" i], main [background]').count()).toBe(0);
  const parseReports = wires.violations.filter(isInertParseReport).length;
  console.log(
    `xss policy HTML: ${xssPayloads.length} vectors × 2 texts; ${parseReports} policy reports from DOMPurify's inert parse, nothing active left in the page`,
  );
  expect(pageErrors).toEqual([]);
  expectNoneTripped(wires, { inertParse: true });
});

test('a reset link: its token leaves the address bar once read, and the page sends no referrer', async ({ page }) => {
  const wires = await arm(page);
  const token = 'a'.repeat(43);
  const answer = await page.goto(`/reset-password?token=${token}&la=en`);
  expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page).toHaveURL(/\/reset-password\?language=en$/);
  await expect(page.getByText('Link no longer available').or(page.getByText('This link cannot be used. Ask for a new one.'))).toBeVisible();
  expect(await page.evaluate(() => document.referrer)).toBe('');
  expectNoneTripped(wires);
});

test.afterAll(() => {
  const total = Object.values(submitted).reduce((a, b) => a + b, 0);
  const count = (k: 'dialogs' | 'executions') => armed.reduce((n, w) => n + w[k].length, 0);
  const violations = armed.flatMap((w) => w.violations);
  const inert = violations.filter(isInertParseReport).length;
  console.log(
    `xss: ${xssPayloads.length} vectors (+${xssEmails.length} email-shaped) in ${armed.length} pages; submissions nickname ${submitted.nickname}, email ${submitted.email}, discount code ${submitted.discountCode}, payer fields ${submitted.payer}, policy HTML ${submitted.policyHtml}; total ${total}; dialogs ${count('dialogs')}, executions ${count('executions')}, CSP violations ${violations.length - inert} (+${inert} reports of DOMPurify's inert parse, policy HTML only)`,
  );
});
