import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, fillSlipPayer, payButton, screenshots, test } from './fixtures';

// The payment slip as a PDF (docs/decisions/044): paying a plan by boleto shows the digitable
// line with a download beside it, and what downloads is the slip, a PDF the server made.
test.describe('the payment slip PDF', () => {
  test.use({ locale: 'en-US' });

  test('paying by slip offers its PDF beside the digitable line, and the PDF downloads', async ({ page, login }) => {
    await login('slip-pdf');
    await page.goto('/payment?planId=1');
    await fillSlipPayer(page);
    await page.getByRole('button', { name: payButton }).click();

    const slip = page.getByRole('region', { name: 'Pay the payment slip (boleto)' });
    await expect(slip.getByLabel('Digitable line')).toHaveValue(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const button = slip.getByRole('button', { name: 'Download the slip (PDF)' });
    await expect(button).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'payment-slip');

    const answer = page.waitForResponse((r) => /\/api\/bill\/order\/v1\/ORD\w+\/slip\.pdf$/.test(r.url()));
    const download = page.waitForEvent('download');
    await button.click();
    const response = await answer;
    expect(response.headers()['content-type']).toBe('application/pdf');
    const file = await download;
    const orderId = /\/order\/v1\/(ORD\w+)\/slip\.pdf$/.exec(response.url())![1]!;
    expect(file.suggestedFilename()).toBe(`slip-${orderId}.pdf`);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
    // Saved, the button offers the slip again rather than staying busy.
    await expect(button).toBeEnabled();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
  });
});
