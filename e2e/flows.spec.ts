import { expect, expectAccessible, screenshots, test } from './fixtures';

test.describe('the flow atlas', () => {
  test.use({ locale: 'en-US' });

  test('shows each flow drawn, and steps through the checkout from its first state', async ({ page }) => {
    await page.goto('/flows');
    await expect(page.getByRole('heading', { level: 1, name: 'Flow atlas' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Flow' })).toHaveValue('checkout');
    const drawing = page.getByRole('img', { name: 'checkout' });
    await expect(drawing.locator('svg')).toBeVisible();
    await expect(page.getByTestId('current-state')).toHaveText('checkingAvailability');
    await expect(drawing.locator('g.node.flows-current title')).toHaveText('checkout.checkingAvailability');

    await page.getByRole('button', { name: 'done: checkAvailability [isAvailable] → checkingCart' }).click();
    await expect(page.getByTestId('current-state')).toHaveText('checkingCart');
    await page.getByRole('button', { name: 'done: loadCart → preparing' }).click();
    await expect(page.getByRole('list').filter({ hasText: 'done: loadCart → preparing' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'flows-checkout');

    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(page.getByTestId('current-state')).toHaveText('checkingCart');
    await page.getByRole('combobox', { name: 'Flow' }).selectOption('payment');
    await expect(page.getByTestId('current-state')).toHaveText('submitting');
    await expect(page.getByRole('link', { name: 'Open the screen of this flow' })).toHaveAttribute('href', '/payment?planId=1');
  });

  test.describe('in Portuguese', () => {
    test.use({ locale: 'pt-BR' });

    test("draws the refusals with the customer's messages in the page's language", async ({ page }) => {
      await page.goto('/flows');
      await page.getByRole('combobox', { name: /fluxo/i }).selectOption('payment');
      const drawing = page.getByRole('img', { name: 'payment' });
      await expect(drawing.locator('svg')).toBeVisible();
      await expect(drawing.getByText('Erro no pagamento, atualize a página', { exact: false }).first()).toBeVisible();
    });
  });
});
