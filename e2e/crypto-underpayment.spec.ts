import { expect, expectAccessible, payButton, screenshots, test } from './fixtures';

// A crypto quote paid in two transfers (docs/decisions/050): after the first, short one the panel
// says what arrived and what is left, in the customer's language, with the rest to copy; the
// second transfer of exactly that rest pays the order.

/** `0.003` in units of 10^-8 (BTC's quoted decimals), without floats. */
const sats = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
};
const btc = (units: bigint) => {
  const s = units.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
};

test.describe('crypto underpayment', () => {
  test.use({ locale: 'en-US' });

  test('a short transfer shows what arrived and what is left; sending the rest pays the order', async ({ page, context, baseURL, request, login }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await login('crypto-underpaid');
    // The page asks for the quote every 5 s; its clock is driven here so each check comes when the test needs it.
    await page.clock.install();
    await page.goto('/payment?planId=1');
    await page.getByRole('radio', { name: 'Crypto', exact: true }).check();
    await page.getByRole('button', { name: payButton }).click();

    const panel = page.getByRole('region', { name: 'Pay with crypto' });
    const amount = panel.getByLabel('Exact amount to send');
    await expect(amount).toHaveValue(/^\d+(\.\d+)? BTC$/);
    const quoted = sats((await amount.inputValue()).replace(' BTC', ''));
    const address = await panel.getByLabel('Send to this address').inputValue();
    const line = panel.getByRole('status').filter({ hasText: /^Received / });
    await expect(line).toBeHidden();

    const first = (quoted * 2n) / 5n;
    const sent = await request.post(`/api/sandbox/crypto/pay/${address}?coinAmount=${btc(first)}`);
    expect((await sent.json()).result).toBe('partial');
    await page.clock.fastForward(5_000);
    await expect(line).toContainText(
      new RegExp(
        `^Received ${btc(first).replace('.', '\\.')} BTC of ${btc(quoted).replace('.', '\\.')} BTC\\. Send the remaining ${btc(quoted - first).replace('.', '\\.')} BTC to the same address before \\d{1,2}:\\d{2}\\s?[AP]M\\.`,
      ),
    );
    await expect(line).toContainText('our support returns it to you on request');
    // The quote's own fields stay: the same address takes the rest.
    await expect(panel.getByLabel('Send to this address')).toHaveValue(address);

    const copy = line.getByRole('button', { name: 'Copy', exact: true });
    await expect(copy).toHaveAccessibleDescription('Remaining amount');
    await copy.click();
    await expect(line.getByRole('button', { name: 'Copied' })).toBeVisible();
    const rest = await page.evaluate(() => navigator.clipboard.readText());
    expect(rest).toBe(btc(quoted - first));

    await expectAccessible(page);
    await screenshots(page, 'crypto-underpaid');

    // In Portuguese (the header's switcher), the same line in the customer's words.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(
      page
        .getByRole('region', { name: 'Pague com criptomoedas' })
        .getByRole('status')
        .filter({ hasText: /^Recebemos / }),
    ).toContainText(`Recebemos ${btc(first)} BTC de ${btc(quoted)} BTC. Envie os ${btc(quoted - first)} BTC restantes para o mesmo endereço até`);
    await expectAccessible(page);
    await screenshots(page, 'crypto-underpaid-pt');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');

    // The customer's wallet sends what the button copied: the order is paid.
    const paid = await request.post(`/api/sandbox/crypto/pay/${address}?coinAmount=${rest}`);
    expect((await paid.json()).result).toBe('applied');
    await page.clock.fastForward(5_000);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });
});
