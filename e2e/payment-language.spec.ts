// The payment page follows a language switch (spec section 2, in four languages), the names the
// server gives too: the plan's and the methods', which the checkout had read in the language before.
import { expect, test } from './fixtures';

test.use({ locale: 'pt-BR' });

test('a language switch on the payment page names the plan and the methods in the new language, and keeps the pick', async ({ page, login }) => {
  await login('Lia');
  await page.goto('/payment?planId=1');
  await expect(page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('Mensal · 1 tela');
  await expect(page.getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked();
  await page.getByRole('radio', { name: 'PIX' }).check();

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Monthly · 1 screen');
  await expect(page.getByRole('radio', { name: 'Credit card' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Cartão de crédito' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'PIX' })).toBeChecked();
});
