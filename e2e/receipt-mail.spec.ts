import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, expect, expectAccessible, json, logInNewPhoneAccount, payByCard, screenshots, test } from './fixtures';

/** The receipts the developer mailbox holds for `to`, newest first. */
async function receiptsTo(request: APIRequestContext, to: string) {
  const box = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=20`)).json()) as {
    messages: { template: string; lang: string; subject: string; links: string[] }[];
  };
  return box.messages.filter((m) => m.template === 'receipt');
}

/**
 * Pays plan 1 by card with another payment email than the account's, opens its receipt, and holds
 * the email request until `release` is called, so the button's busy state can be seen.
 */
async function openPaidReceipt(page: Page, request: APIRequestContext) {
  const paid = await payByCard(page, request, `payer.${Date.now()}@example.com`, '4242424242424242');
  expect(paid.code).toBe(0);
  const orderId = paid.data!.orderId!;
  await page.goto(`/receipt?orderId=${orderId}`);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Held, then passed on to the real server: only the timing is the test's.
  await page.route('**/api/bill/order/receipt/mail/v1', async (route) => {
    await held;
    await route.continue();
  });
  return { orderId, release };
}

test.describe('emailing the receipt', () => {
  test.describe('in English', () => {
    test.use({ locale: 'en-US' });

    test("sends it to the account's address, says where, then asks to wait before another", async ({ page, request, login }) => {
      const who = await login('receipt-mail');
      const { orderId, release } = await openPaidReceipt(page, request);
      const before = (await receiptsTo(request, who.email)).length;

      await page.getByRole('button', { name: 'Email me this receipt' }).click();
      const busy = page.getByRole('button', { name: 'Sending…' });
      await expect(busy).toHaveAttribute('aria-busy', 'true');
      await expect(busy.locator('.spinner')).toBeVisible();
      // Next to the PDF's button, in the same group.
      await expect(page.getByRole('group', { name: 'Receipt actions' }).getByRole('button', { name: 'Download PDF' })).toBeVisible();
      release();
      await expect(page.getByRole('status').filter({ hasText: 'Sent to e***@example.com. It may take a few minutes to arrive.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Email me this receipt' })).toHaveAttribute('aria-busy', 'false');

      const mails = await receiptsTo(request, who.email);
      expect(mails).toHaveLength(before + 1);
      expect(mails[0]).toMatchObject({ lang: 'en', subject: expect.stringContaining('Receipt for order') });
      expect(mails[0]!.links.some((link) => link.endsWith(`/receipt?orderId=${orderId}`))).toBe(true);
      await expectAccessible(page);
      await screenshots(page, 'receipt-mail-sent');

      // At once again: the server's wait, in seconds, beside the button; nothing more is sent.
      await page.getByRole('button', { name: 'Email me this receipt' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: /This receipt was emailed a moment ago\. You can ask for it again in \d+ seconds\./ }),
      ).toBeVisible();
      expect(await receiptsTo(request, who.email)).toHaveLength(before + 1);
      await expectAccessible(page);
    });
  });

  test.describe('for a phone account', () => {
    test.use({ locale: 'en-US' });

    test('says there is no email yet and leads to settings to add one', async ({ page, request, removeAfterTest }) => {
      await logInNewPhoneAccount(page, request, removeAfterTest, 11);
      const { release } = await openPaidReceipt(page, request);
      release();

      await page.getByRole('button', { name: 'Email me this receipt' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'Your account has no email address yet, so the receipt cannot be sent.' });
      await expect(notice).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, 'receipt-mail-no-email');
      await notice.getByRole('link', { name: 'Add an email in settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByLabel('Add an email')).toBeVisible();
    });
  });

  test.describe('in Portuguese', () => {
    test.use({ locale: 'pt-BR' });

    test('the button, the status and the email speak Portuguese', async ({ page, request, login }) => {
      const who = await login('recibo-email');
      // The account reads Portuguese, so its emails do too.
      const auth = await apiSession(request, who);
      expect((await (await request.post('/api/user/language/v1', { headers: { ...json, ...auth }, data: { language: 'pt' } })).json()).code).toBe(0);
      const { orderId, release } = await openPaidReceipt(page, request);

      await page.getByRole('button', { name: 'Receber por e-mail' }).click();
      await expect(page.getByRole('button', { name: 'Enviando…' })).toHaveAttribute('aria-busy', 'true');
      release();
      await expect(page.getByRole('status').filter({ hasText: 'Enviado para e***@example.com.' })).toBeVisible();
      const [mail] = await receiptsTo(request, who.email);
      expect(mail).toMatchObject({ lang: 'pt', subject: expect.stringContaining('Recibo do pedido') });
      expect(mail!.links.some((link) => link.endsWith(`/receipt?orderId=${orderId}`))).toBe(true);
      await expectAccessible(page);
      await screenshots(page, 'receipt-mail-sent-pt');
    });
  });
});
