import { expect, expectAccessible, test } from './fixtures';

// The methods a country offers take its currency (docs/decisions/053): choosing the payer's country
// brings the currency those methods are paid in, so mobile money appears for Kenya without the
// customer having to guess that it wants dollars.
test.describe('the payer’s country chooses the currency', () => {
  test.describe('in English', () => {
    test.use({ locale: 'en-US' });

    test('Kenya brings dollars and mobile money; Brazil brings reais and PIX back', async ({ page, login }) => {
      await login('country-ke');
      await page.goto('/payment?planId=1');
      await expect(page.getByRole('radio', { name: 'PIX' })).toBeVisible();
      await page.getByLabel('Country', { exact: true }).selectOption('KE');
      await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('USD');
      await expect(page.getByRole('radio', { name: 'Mobile money' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'PIX' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('$ 5.99');
      await expectAccessible(page);

      await page.getByLabel('Country', { exact: true }).selectOption('BR');
      await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('BRL');
      await expect(page.getByRole('radio', { name: 'PIX' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Mobile money' })).toHaveCount(0);
    });
  });

  test.describe('in Portuguese', () => {
    test.use({ locale: 'pt-BR' });

    test('o Quênia traz dólares e dinheiro móvel', async ({ page, login }) => {
      await login('country-ke-pt');
      await page.goto('/payment?planId=1');
      await page.getByLabel('País', { exact: true }).selectOption('KE');
      await expect(page.getByLabel('Moeda', { exact: true })).toHaveValue('USD');
      await expect(page.getByRole('radio', { name: 'Dinheiro móvel' })).toBeVisible();
    });
  });
});
