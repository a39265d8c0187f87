import { brandPalette, hexToRgb } from '../core/config/colors';
import { demoTheme } from '../server/db/demo-content';
import { expect, expectAccessible, payButton, payByCard, screenshots, test } from './fixtures';

const demoThemeColor = demoTheme.themeColor;
const rgbOf = (hex: string) => {
  const c = hexToRgb(hex)!;
  return `rgb(${c.r}, ${c.g}, ${c.b})`;
};

test.describe('the account screen and /stb-orders', () => {
  test.use({ locale: 'en-US' });

  test('plan, remaining days, devices and orders; in Portuguese too; then the TV order list by remote', async ({ page, request, login }) => {
    const who = await login('account');
    // A paid order (its card saved: auto-renewal on), then a declined one left to pay.
    expect((await payByCard(page, request, who.email, '4242424242424242')).code).toBe(0);
    expect((await payByCard(page, request, who.email, '4000000000000002')).errCode).toBe(301);

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const info = page.getByRole('region', { name: 'Account details' });
    await expect(info).toContainText(who.email);
    await expect(info.getByText('Monthly · 1 screen')).toBeVisible();
    // Spec section 3: a monthly plan bought just now has 30 days left, rounded up.
    await expect(info.getByText('30 days', { exact: true })).toBeVisible();
    await expect(info.getByText('Next billing date')).toBeVisible();

    const devices = page.getByRole('region', { name: 'Devices' });
    await expect(devices.getByRole('row')).not.toHaveCount(0);
    await expect(devices.getByRole('row').nth(1)).toContainText('Browser');
    await expect(devices.getByRole('row').nth(1)).toContainText('127.0.0.1');

    const orders = page.getByRole('region', { name: 'Orders' });
    const rows = orders.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // Newest first: the declined order, to pay again; then the paid one, with its receipt.
    await expect(rows.nth(0)).toContainText('Payment failed');
    const payLink = rows.nth(0).getByRole('link', { name: 'Pay now' });
    await expect(payLink).toHaveAttribute('href', /^\/payment\?orderId=ORD[0-9A-Z]{20}$/);
    await expect(rows.nth(1)).toContainText('Paid');
    await expect(rows.nth(1)).toContainText('R$ 29.90');
    await expect(rows.nth(1)).toContainText(/Order ORD[0-9A-Z]{20} · code [0-9A-Z]{8}/);
    await expect(rows.nth(1).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', /^\/receipt\?orderId=ORD[0-9A-Z]{20}$/);
    await expectAccessible(page);
    await screenshots(page, 'account');

    // The header's language switcher: the same screen in Portuguese.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pedidos' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dados da conta' }).getByText('30 dias', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pedidos' }).getByRole('listitem').nth(1)).toContainText('Pago');
    await expect(page.getByRole('region', { name: 'Pedidos' }).getByRole('listitem').nth(1)).toContainText('R$ 29,90');
    // Bought in English, the plan is named in the language on screen.
    await expect(page.getByRole('region', { name: 'Pedidos' }).getByRole('listitem').nth(1)).toContainText('Mensal · 1 tela');
    // The kind of device is translated too; the model names products only.
    await expect(page.getByRole('region', { name: 'Dispositivos' }).getByRole('row').nth(1)).toContainText('Navegador');
    await expect(page.getByRole('region', { name: 'Dispositivos' }).getByRole('row').nth(1)).toContainText(/Chrome · Linux|HeadlessChrome/);
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');

    // Paying the declined order from the list (with the saved card), then back to the orders: the list is fresh.
    await page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=ORD[0-9A-Z]{20}$/);
    await page.getByRole('button', { name: payButton }).click();
    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/);
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const fresh = page.getByRole('region', { name: 'Orders' }).getByRole('listitem');
    await expect(fresh.nth(0)).toContainText('Paid');
    await expect(fresh.nth(1)).toContainText('Paid');
    await expect(page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: 'View receipt' })).toHaveCount(2);
    // Two monthly periods paid: 60 days left.
    await expect(page.getByRole('region', { name: 'Account details' }).getByText('60 days', { exact: true })).toBeVisible();

    // /stb-orders: the same orders in big rows; the remote starts on the first and moves with the arrows.
    await page.goto('/stb-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const tvRows = page.getByRole('listitem');
    await expect(tvRows).toHaveCount(2);
    const first = tvRows.nth(0).getByRole('link', { name: 'View receipt' });
    const second = tvRows.nth(1).getByRole('link', { name: 'View receipt' });
    await expect(first).toBeFocused();
    // The focused row is marked (the brand's line colour around it, docs/decisions/043), not only the link.
    const line = rgbOf(brandPalette(demoThemeColor)!.line);
    await expect(tvRows.nth(0)).toHaveCSS('border-top-color', line);
    await expectAccessible(page);
    await screenshots(page, 'stb-orders');
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await expect(tvRows.nth(1)).toHaveCSS('border-top-color', line);
    await expect(tvRows.nth(0)).not.toHaveCSS('border-top-color', line);
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(first).toBeFocused();
    // OK (Enter) opens the focused order's receipt.
    const href = await first.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname + url.search === href);
  });
});
