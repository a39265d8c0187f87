import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillPayer, fillSlipPayer, mailbox, payButton, payPix, screenshots, test } from './fixtures';

/** Submits the payment form, leaves the instructions headed `instructions` for later, and answers the order's id. */
async function payLater(page: Page, instructions: string) {
  await page.getByRole('button', { name: payButton }).click();
  await expect(page.getByRole('heading', { name: instructions })).toBeVisible();
  await page.getByRole('button', { name: 'I will pay later' }).click();
  await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

test.describe('/paynowTips', () => {
  test.use({ locale: 'en-US' });

  test('a PIX left pending: its code again, a check, a reminder email, then the bank pays and the check sees it', async ({
    page,
    request,
    context,
    baseURL,
    login,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const who = await login('paynow');
    await page.goto('/payment?planId=1');
    await fillPayer(page, 'PIX');
    const orderId = await payLater(page, 'Pay with PIX');

    // The page also reads the tip again every 10 s by itself; time is paused here so that the
    // checks below are the customer's own (the quiet poll has its own test in tests/screens).
    await page.clock.install();
    await page.goto(`/paynowTips?orderId=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    await expect(page).toHaveTitle('Finish paying your order · Aurora TV');
    const pix = page.getByRole('region', { name: 'Pay with PIX' });
    await expect(pix.getByRole('img', { name: 'PIX QR code' })).toBeVisible();
    const brCode = await pix.getByLabel('PIX copy-and-paste code').inputValue();
    expect(brCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await pix.getByRole('button', { name: 'Copy' }).click();
    await expect(pix.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);
    await expect(page.getByRole('link', { name: 'Pay another way' })).toHaveAttribute('href', `/payment?orderId=${orderId}`);
    await expect(page.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');

    // Not paid yet: the check says so and the code stays.
    await page.getByRole('button', { name: 'I have paid, check again' }).click();
    await expect(page.getByText(/^Not received yet \(checked at/)).toBeVisible();
    await expect(pix).toBeVisible();

    // The reminder is its own action: it emails the instructions (once a minute at most).
    await page.getByRole('button', { name: 'Email me these instructions' }).click();
    await expect(page.getByText(/^We emailed the payment instructions to /)).toBeVisible();
    await expect.poll(async () => (await mailbox(request, who.email))[0]?.links.some((l) => l.includes(`/payment-pix?orderId=${orderId}`))).toBe(true);
    await page.getByRole('button', { name: 'Email me these instructions' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Operation too frequent' })).toBeVisible();
    // axe runs on timers: time flows while it looks (a quiet poll meanwhile still reads pending).
    await page.clock.resume();
    await expectAccessible(page);
    await screenshots(page, 'paynow-tips');
    await page.clock.pauseAt(Date.now() + 2000);

    // The payer's bank pays the code; the next check sees it.
    await payPix(request, brCode);
    await page.getByRole('button', { name: 'I have paid, check again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByText('Your payment is confirmed and your plan is active.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the receipt' })).toHaveAttribute('href', `/receipt?orderId=${orderId}`);
    await expect(pix).toBeHidden();
    await page.clock.resume();
    await expectAccessible(page);
    await screenshots(page, 'paynow-tips-paid');

    // In Portuguese (the header's switcher): the server's tip and the page's own words.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento recebido' })).toBeVisible();
    await expect(page.getByText('Seu pagamento foi confirmado e seu plano está ativo.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver o recibo' })).toHaveAttribute('href', `/receipt?orderId=${orderId}`);
  });

  test('a payment slip left pending: its digitable line and due date again, then the bank pays it', async ({ page, request, login }) => {
    await login('paynow-slip');
    await page.goto('/payment?planId=1');
    await fillSlipPayer(page);
    const orderId = await payLater(page, 'Pay the payment slip (boleto)');

    await page.clock.install();
    await page.goto(`/paynowTips?orderId=${orderId}`);
    const slip = page.getByRole('region', { name: 'Pay the payment slip (boleto)' });
    await expect(slip).toContainText(/Pay by \w+ \d+, \d{4}/);
    await page.clock.pauseAt(Date.now() + 1000);
    const grouped = await slip.getByLabel('Digitable line').inputValue();
    expect(grouped).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);

    // The bank reads the barcode the line stands for (FEBRABAN: bank, currency, check digit, due factor and amount, free field).
    const line = grouped.replace(/\D/g, '');
    const barcode = line.slice(0, 4) + line.slice(32, 33) + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
    expect((await request.post(`/api/sandbox/boleto/pay/${barcode}`)).ok()).toBe(true);
    await page.getByRole('button', { name: 'I have paid, check again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the receipt' })).toHaveAttribute('href', `/receipt?orderId=${orderId}`);
  });

  test("someone else's order, or none: its catalogue message", async ({ page, login }) => {
    await login('paynow-unknown');
    await page.goto('/paynowTips?orderId=ORD-NOT-MINE');
    await expect(page.getByRole('alert')).toHaveText('Order not found');
    await expect(page.getByRole('link', { name: 'My orders' })).toBeVisible();
  });
});
