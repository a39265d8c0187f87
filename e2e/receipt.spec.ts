import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { readPdf } from '../tests/helpers/pdf-text';
import { apiSession, expect, expectAccessible, fillCard, logIn, payButton, payThroughApi, screenshots, test } from './fixtures';

/** Clicks "Download PDF" (named in the page's language) and reads the file the browser saved. */
async function downloadReceipt(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  return { name: download.suggestedFilename(), bytes, facts: await readPdf(bytes) };
}

test.describe('the receipt', () => {
  test.use({ locale: 'en-US' });

  test("of an order paid by card: on screen, in Russian, printable and as a PDF in the page's language", async ({ page, login }) => {
    await login('receipt');
    await page.goto('/payment?planId=1');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: payButton }).click();
    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // From the result page to the receipt.
    await page.getByRole('link', { name: 'See the receipt' }).click();
    await expect(page).toHaveURL(`/receipt?orderId=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: orderId })).toBeVisible();
    await expect(details.filter({ hasText: 'Credit card' })).toBeVisible();
    const items = page.getByRole('table', { name: 'Items' });
    await expect(items.getByRole('row', { name: /Monthly · 1 screen/ })).toContainText('R$ 29.90');
    await expect(items.getByRole('row', { name: /Total/ })).toContainText('R$ 29.90 BRL');
    const period = page.getByRole('region', { name: 'Service period' });
    await expect(period).toContainText('Monthly · 1 screen');
    await expect(period).toContainText('30 days');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'receipt');

    // The printed page: the receipt alone, without the header and the buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByLabel('Language')).toBeHidden();
    await expect(items).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/receipt-print-1280.jpg', type: 'jpeg', quality: 85, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const english = await downloadReceipt(page, 'Download PDF');
    expect(english.name).toBe(`receipt-${orderId}.pdf`);
    expect(Buffer.from(english.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(english.facts.pages).toBe(1);
    expect(english.facts.texts).toEqual(expect.arrayContaining(['Receipt', orderId, 'Credit card', 'Monthly · 1 screen', 'R$ 29.90 (BRL)', 'Service period']));

    // While the PDF is made the button says so; a failure is told in place (and by the client's toast).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/receipt.pdf', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy error</html>' });
    });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await expect(page.getByRole('button', { name: 'Preparing the PDF…' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'The PDF could not be downloaded' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveAttribute('aria-busy', 'false');
    // A refusal the page expects (the order is no longer paid, say) is the catalogue's message.
    await page.unroute('**/receipt.pdf');
    await page.route('**/receipt.pdf', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, errCode: 1040, msg: 'Payment information not found' }) }),
    );
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment information not found' })).toBeVisible();
    await page.unroute('**/receipt.pdf');

    // In Russian: the page and the PDF.
    await page.getByLabel('Language').selectOption('ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Квитанция' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Период обслуживания' })).toContainText('30 дней');
    await expect(page.getByRole('table', { name: 'Позиции' }).getByRole('row', { name: /Итого/ })).toContainText('R$ 29,90');
    await expectAccessible(page);
    await screenshots(page, 'receipt-ru');
    const russian = await downloadReceipt(page, 'Скачать PDF');
    expect(russian.facts.texts).toEqual(expect.arrayContaining(['Квитанция', 'Способ оплаты', 'Банковская карта', 'Период обслуживания', 'R$ 29,90 (BRL)']));
    expect(russian.facts.texts.join('')).not.toContain('\uFFFD');
    // Kept for a look (rendered to PNG by hand where a PDF renderer is installed).
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/receipt-ru.pdf', russian.bytes);
  });

  test('of an unpaid order, an unknown one, and without a session', async ({ page, browser, request, insertNewUser }) => {
    const who = await insertNewUser('receipt-unpaid');
    // An order whose card was declined: it waits for its payment.
    const auth = await apiSession(request, who);
    const card = { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123', holder: 'ANA SOUZA' };
    const declined = await payThroughApi(request, auth, { planId: '1', email: who.email, card });
    expect(declined.errCode).toBe(301);
    const open = await (await request.post('/api/bill/query/cart', { headers: auth, data: {} })).json();
    const openId = open.data.id as string;

    await logIn(page, who);
    await page.goto(`/receipt?orderId=${openId}`);
    await expect(page.getByRole('status').filter({ hasText: 'This order is not paid yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay this order' })).toHaveAttribute('href', `/payment?orderId=${openId}`);
    await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'receipt-not-paid');

    // Paid from there, the same order has its receipt: the page reads the order afresh.
    await page.getByRole('link', { name: 'Pay this order' }).click();
    await expect(page).toHaveURL(`/payment?orderId=${openId}`);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: payButton }).click();
    await expect(page).toHaveURL(`/paymentResult?orderId=${openId}`);
    await page.getByRole('link', { name: 'See the receipt' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Service period' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: openId })).toBeVisible();

    // Unknown (or someone else's): the catalogue's message, in place, once.
    await page.goto('/receipt?orderId=ORDNOSUCHORDER');
    await expect(page.getByRole('alert').filter({ hasText: 'Order not found' })).toHaveCount(1);

    // Without a session: a way to log in that comes back here.
    const anonymous = await browser.newPage({ locale: 'en-US' });
    await anonymous.goto(`/receipt?orderId=${openId}`);
    await expect(anonymous.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/receipt?orderId=${openId}`)}`,
    );
    await anonymous.close();
  });
});
