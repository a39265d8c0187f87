import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, fillCard, logIn, payButton, screenshots, test } from './fixtures';

/** A second device (the customer's phone) on the same portal. */
async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 390, height: 844 } });
  return context.newPage();
}

async function payByCard(page: Page) {
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: payButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
}

test.describe('paying on a phone from the TV (docs/decisions/025)', () => {
  test.use({ locale: 'en-US' });

  test('/paymentCaishen: the TV shows a QR for the plan, the phone pays, the TV moves on to the result', async ({ page, browser, baseURL, login }) => {
    const who = await login('tv');
    await page.goto('/payment?planId=1&releaseId=STB');
    await page.getByRole('link', { name: 'Pay on your phone instead' }).click();
    await expect(page).toHaveURL(/\/paymentCaishen\?planId=1$/);
    await expect(page.getByRole('img', { name: 'QR code that opens the payment page on your phone' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Waiting for your payment…');
    await expectAccessible(page);
    await screenshots(page, 'payment-caishen');

    const address = new URL((await page.locator('.cashier-url').textContent())!);
    expect(address.pathname + address.search).toBe('/payment?planId=1');
    const mobile = await phone(browser, baseURL);
    await logIn(mobile, who);
    await mobile.goto(address.pathname + address.search);
    await payByCard(mobile);

    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await mobile.context().close();
  });

  test('/caishenRepay: an unpaid order paid on the phone; a paid one shows its receipt link', async ({ page, browser, baseURL, login }) => {
    const who = await login('tvrepay');
    // A declined card leaves an order to pay again.
    await page.goto('/payment?planId=1');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: payButton }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Card rejected' })).toBeVisible();
    await page.goto('/orders');
    const row = page.getByRole('link', { name: /Pay/ }).first();
    const orderId = new URL(await row.evaluate((a) => (a as HTMLAnchorElement).href)).searchParams.get('orderId')!;

    await page.goto(`/caishenRepay?orderId=${orderId}`);
    await expect(page.getByText(`Order ${orderId}`)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Waiting for your payment…');
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Pague pelo celular' })).toBeVisible();
    await expect(page.getByText(`Pedido ${orderId}`)).toBeVisible();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    const mobile = await phone(browser, baseURL);
    await logIn(mobile, who);
    await mobile.goto(`/payment?orderId=${orderId}`);
    await payByCard(mobile);
    await expect(page).toHaveURL(new RegExp(`/paymentResult\\?orderId=${orderId}$`), { timeout: 15_000 });

    // Opened again once paid: nothing to scan, the receipt instead.
    await page.goto(`/caishenRepay?orderId=${orderId}`);
    await expect(page.getByText('This order is paid already.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the receipt' })).toBeVisible();
    await mobile.context().close();
  });
});
