import { expect, expectAccessible, screenshots, test } from './fixtures';

test.describe('plan details', () => {
  test.use({ locale: 'pt-BR' });

  test('an anonymous visitor opens a plan from the pricing table, in Portuguese and then in English', async ({ page }) => {
    await page.goto('/pricing-table');
    await expect(page.getByRole('article', { name: 'Semestral · 4 telas' }).getByRole('link', { name: 'Detalhes' })).toHaveAttribute('href', '/plan-details/4');
    await screenshots(page, 'plan-details-from-pricing-table');
    await page.getByRole('article', { name: 'Semestral · 4 telas' }).getByRole('link', { name: 'Detalhes' }).click();
    await expect(page).toHaveURL(/\/plan-details\/4$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Semestral · 4 telas' })).toBeVisible();
    await expect(page).toHaveTitle('Semestral · 4 telas · Aurora TV');
    await expect(page.getByText('Mais escolhido')).toBeVisible();
    await expect(page.getByText('180 dias', { exact: true })).toBeVisible();
    await expect(page.getByText('4 telas ao mesmo tempo')).toBeVisible();
    const price = page.getByRole('region', { name: 'Preço' });
    await expect(price).toContainText('R$ 269,90');
    await expect(price).toContainText('ou 3x de R$ 89,97');
    await expect(price).toContainText('10% de desconto por 6 períodos');
    // Spec section 2: an anonymous visitor sees list prices that may change after log-in.
    await expect(price).toContainText('podem mudar depois que você entrar');
    await expect(page.getByText('Mais de 200 canais ao vivo')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Escolher este plano' })).toHaveAttribute('href', '/payment?planId=4');
    await expectAccessible(page);
    await screenshots(page, 'plan-details');

    // The header's language switcher: the plan's own texts come again in the new language.
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: '180 days · 4 screens' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Price' })).toContainText('R$ 269.90');
    await expect(page.getByText('Over 200 live channels')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose this plan' })).toHaveAttribute('href', '/payment?planId=4');
    await expectAccessible(page);
    await screenshots(page, 'plan-details-en');

    await page.getByRole('link', { name: 'All plans' }).click();
    await expect(page).toHaveURL(/\/pricing-table$/);
  });

  test('signed in, the pricing table and the plan say no more that prices may change after log-in', async ({ page, login }) => {
    await login('member-prices');
    await page.goto('/pricing-table');
    await expect(page.getByRole('article', { name: 'Semestral · 4 telas' })).toBeVisible();
    await expect(page.getByText('podem mudar depois que você entrar')).toHaveCount(0);
    await page.goto('/plan-details/4');
    await expect(page.getByRole('region', { name: 'Preço' })).toContainText('R$ 269,90');
    await expect(page.getByText('podem mudar depois que você entrar')).toHaveCount(0);
  });

  test('?la=en opens a plan in English', async ({ page }) => {
    await page.goto('/plan-details/1?la=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly · 1 screen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Price' })).toContainText('R$ 29.90');
    await expect(page.getByText('Renews automatically; cancel any time')).toBeVisible();
  });

  test('an unknown plan id is refused: 6001 is the 404 page, with the way back to the plans', async ({ page }) => {
    await page.goto('/plan-details/999');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Ver os planos' }).click();
    await expect(page).toHaveURL(/\/pricing-table$/);
  });

  test('plan-details followed by anything but digits is /404', async ({ page }) => {
    await page.goto('/plan-details/abc');
    await expect(page).toHaveURL(/\/404$/);
  });
});
