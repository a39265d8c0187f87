import { expect, logIn, test } from '../fixtures';
import { armTripwires, expectNoneTripped } from './xss-payloads';

// Spec section 4 (docs/security.md): tabs of one browser share the session kept in local storage. A tab
// follows the others (core/session/store.ts watchOtherTabs), and a session ends at its expiry.
test.use({ locale: 'en-US' });

/** The bound: the other tab is on /login within 2 s. */
const FOLLOW_MS = 2_000;

test('logging out in one tab takes the other to /login; logging in again in one reloads the other', async ({ page, context, request, insertNewUser }) => {
  const ana = await insertNewUser('tabs-ana');
  const rui = await insertNewUser('tabs-rui');
  const first = page;
  const firstWires = await armTripwires(first);
  await logIn(first, ana);
  await first.goto('/account');
  await expect(first.getByText(ana.email)).toBeVisible();

  const second = await context.newPage();
  const secondWires = await armTripwires(second);
  await second.goto('/account');
  await expect(second.getByText(ana.email)).toBeVisible();

  const started = Date.now();
  await first.getByRole('button', { name: 'Log out' }).click();
  await expect(first).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/, { timeout: FOLLOW_MS });
  console.log(`two tabs: the other tab reached /login ${Date.now() - started} ms after the log-out click (bound ${FOLLOW_MS} ms)`);

  // Another account logs in in the first tab: the second, holding no token, reloads with the new one.
  const reloaded = second.waitForEvent('load', { timeout: FOLLOW_MS + 10_000 });
  await logIn(first, rui);
  await reloaded;
  await second.goto('/account');
  await expect(second.getByText(rui.email)).toBeVisible();

  // A token written by another tab that differs from the one this tab holds reloads it too.
  const anaSession = await (
    await request.post('/api/user/login/v1', { headers: { 'content-type': 'application/json' }, data: { account: ana.email, password: ana.password } })
  ).json();
  expect(anaSession.code).toBe(0);
  const reloadedAgain = second.waitForEvent('load', { timeout: FOLLOW_MS + 10_000 });
  await first.evaluate((token) => {
    const info = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('userInfo', JSON.stringify({ ...info, token }));
  }, anaSession.data.token as string);
  await reloadedAgain;
  await expect(second).toHaveURL(/\/account/);
  expectNoneTripped(firstWires);
  expectNoneTripped(secondWires);
});

test('a session past its expiry (10 days after log-in) ends, and the account page sends the visitor to /login', async ({ page, login }) => {
  const wires = await armTripwires(page);
  await page.clock.install();
  const ana = await login('tabs-expiry');
  await page.goto('/account');
  await expect(page.getByText(ana.email)).toBeVisible();
  const { expiration } = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { expiration: number });
  const now = await page.evaluate(() => Date.now());
  // One second short of the expiry the session holds.
  await page.clock.fastForward(expiration - now - 1_000);
  await expect(page).toHaveURL(/\/account/);
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  expectNoneTripped(wires);
});
