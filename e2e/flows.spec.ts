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

    // The chart zooms in and out, fits the width and comes back to its drawn size, from the
    // toolbar and from the keyboard.
    const svg = drawing.locator('svg');
    const width = async () => (await svg.boundingBox())?.width ?? 0;
    const drawn = await width();
    await expect(page.getByTestId('flows-zoom')).toHaveText('Zoom: 100 %');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByTestId('flows-zoom')).toHaveText('Zoom: 125 %');
    expect(await width()).toBeCloseTo(drawn * 1.25, 0);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByTestId('flows-zoom')).toHaveText('Zoom: 80 %');
    expect(await width()).toBeCloseTo(drawn * 0.8, 0);
    await page.getByRole('button', { name: 'Fit to width' }).click();
    const box = (await drawing.evaluate((el) => ({ inner: el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) * 2 }))).inner;
    expect(await width()).toBeCloseTo(box, 0);
    await expect(page.getByTestId('flows-zoom')).toHaveText(`Zoom: ${Math.round((box / drawn) * 100)} %`);
    await page.getByRole('button', { name: 'Actual size' }).click();
    expect(await width()).toBeCloseTo(drawn, 0);
    await drawing.focus();
    await page.keyboard.press('+');
    await expect(page.getByTestId('flows-zoom')).toHaveText('Zoom: 125 %');
    await page.keyboard.press('0');
    expect(await width()).toBeCloseTo(box, 0);
    await page.getByRole('button', { name: 'Actual size' }).click();

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
      // The catalogue's text of a refusal (-3033), and a screen's own words where its branch names them (1015).
      await expect(drawing.getByText('Código de verificação incorreto', { exact: false }).first()).toBeVisible();
      await expect(drawing.getByText('Pagamento em confirmação', { exact: false }).first()).toBeVisible();
    });
  });
});
