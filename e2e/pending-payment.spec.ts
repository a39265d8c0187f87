import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillCard, fillSlipPayer, payButton, screenshots, test } from './fixtures';

// A PIX code or slip still to pay is shown again, never replaced behind the customer's back
// (docs/decisions/052): the orders list and the checkout's unfinished-order prompt lead to the same
// slip or code, and paying another way is a choice made after a warning.
test.describe('an order waiting for the customer’s money', () => {
  test.describe('in English', () => {
    test.use({ locale: 'en-US' });

    test('the slip comes back the same from the orders list and the checkout, and can still be paid by card', async ({ page, login }) => {
      await login('pending-slip');
      await page.goto('/payment?planId=1');
      await fillSlipPayer(page);
      await page.getByRole('button', { name: payButton }).click();
      const slip = page.getByRole('region', { name: 'Pay the payment slip (boleto)' });
      const line = await slip.getByLabel('Digitable line').inputValue();
      expect(line).toMatch(/^\d{5}\.\d{5} /);

      // From the orders list: the same slip, with its PDF, and no name or CPF asked again.
      await page.goto('/orders');
      await page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(/\/payment-pix\?orderId=ORD\w+$/);
      await expect(slip.getByLabel('Digitable line')).toHaveValue(line);
      await expect(slip.getByRole('button', { name: 'Download the slip (PDF)' })).toBeVisible();
      await expect(page.getByLabel('CPF or CNPJ')).toHaveCount(0);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;

      // From the checkout of the same plan: finishing the unfinished order asks before replacing the slip.
      await page.goto('/payment?planId=1');
      await page.getByRole('button', { name: 'Finish that order' }).click();
      const prompt = page.getByRole('dialog', { name: 'This order is waiting for your payment' });
      await expect(prompt).toContainText('Paying another way cancels this slip.');
      await expect(prompt).toContainText(`Order ${orderId}`);
      await expectAccessible(page);
      await screenshots(page, 'payment-pending-prompt');
      await prompt.getByRole('button', { name: 'Show the payment slip again' }).click();
      await expect(page).toHaveURL(`/payment-pix?orderId=${orderId}`);
      await expect(slip.getByLabel('Digitable line')).toHaveValue(line);

      // Paying another way, after the warning: the card pays the order the slip was for.
      await page.goto(`/payment?orderId=${orderId}`);
      await page.getByRole('button', { name: 'Pay another way' }).click();
      await page.getByRole('radio', { name: 'Credit card' }).check();
      await fillCard(page, '4242424242424242');
      await page.getByRole('button', { name: payButton }).click();
      await expect(page).toHaveURL(`/paymentResult?orderId=${orderId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    });
  });

  test.describe('in Portuguese', () => {
    test.use({ locale: 'pt-BR' });

    test('o mesmo código PIX volta, sem pedir nome nem CPF de novo', async ({ page, login }) => {
      await login('pending-pix');
      await page.goto('/payment?planId=1');
      await page.getByRole('radio', { name: 'PIX' }).check();
      await page.getByLabel('Nome', { exact: true }).fill('Ana');
      await page.getByLabel('Sobrenome').fill('Souza');
      await page.getByLabel('CPF ou CNPJ').fill('12345678909');
      await page.getByRole('button', { name: /^Pagar/ }).click();
      const code = await page.getByLabel('PIX copia e cola').inputValue();
      expect(code).toMatch(/^000201/);
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? (await orderOfPage(page));

      await page.goto(`/payment?orderId=${orderId}`);
      const prompt = page.getByRole('dialog', { name: 'Este pedido está aguardando o seu pagamento' });
      await expect(prompt).toContainText('Pagar de outra forma cancela este código PIX.');
      await expectAccessible(page);
      await prompt.getByRole('button', { name: 'Mostrar o código PIX de novo' }).click();
      await expect(page).toHaveURL(`/payment-pix?orderId=${orderId}`);
      await expect(page.getByLabel('PIX copia e cola')).toHaveValue(code);
    });
  });
});

/** The order a payment page is paying, read from the orders list when the page's address does not carry it. */
async function orderOfPage(page: Page): Promise<string> {
  await page.goto('/orders');
  const link = page.getByRole('region', { name: 'Pedidos' }).getByRole('link', { name: 'Pagar agora' });
  const href = await link.getAttribute('href');
  return new URL(href!, 'http://x').searchParams.get('orderId')!;
}
