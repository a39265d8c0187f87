import type { Request } from '@playwright/test';
import { expect, expectAccessible, fillCard, fillPayer, payButton, payPix, screenshots, test } from './fixtures';

test.describe('buying a plan', () => {
  test.use({ locale: 'en-US' });

  test('from the pricing table, by sandbox card: a decline shows its message, then the order is paid', async ({ page, login }) => {
    // Two purchases, a dialog, axe twice and four full-page screenshots: 21 s on a quiet machine,
    // past the default 30 s when CI shares the cores.
    test.slow();
    await login('card');
    await page.goto('/pricing-table');
    await page.getByRole('article', { name: 'Monthly · 1 screen' }).getByRole('link', { name: 'Choose this plan' }).click();
    await expect(page).toHaveURL(/\/payment\?planId=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('R$ 29.90');
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    // What a customer checks before paying a shop (ADR 048): the card brands taken, who sells, and where to ask.
    await expect(page.getByRole('list', { name: 'Cards accepted' }).getByRole('listitem')).toContainText(['Visa', 'Mastercard', 'Elo']);
    await expect(page.getByText('Sold by Aurora TV Serviços Digitais Ltda., CNPJ 11.222.333/0001-81')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy policy' }).first()).toHaveAttribute('href', '/privacy');
    await expect(page.getByRole('link', { name: 'Help and contact' })).toHaveAttribute('href', '/help');

    // Spec section 5: the card is checked in the browser before anything is sent.
    await page.getByRole('button', { name: payButton }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: payButton }).click();
    // Spec section 8: 301 passes through to the form, which says it once.
    await expect(page.getByRole('alert').filter({ hasText: 'Card rejected' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'payment-card-declined');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Save this card for next time and for auto-renewal').check();
    await page.getByRole('button', { name: payButton }).click();
    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'payment-result-paid');

    // The next purchase offers the saved card, chosen already: nothing to type.
    await page.goto('/payment?planId=3');
    // The monthly plan now renews on that card; the payment page says so and can change it.
    await expect(page.getByText(/renews by itself, charged to Visa ending in 4242/i)).toBeVisible();
    await page.getByRole('button', { name: 'Change billing card' }).click();
    // Escape is ignored while the dialog still reads the cards (aria-busy), as Close is disabled.
    await expect(page.getByRole('dialog', { name: 'Change billing card' })).not.toHaveAttribute('aria-busy', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Change billing card' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Change billing card' })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'VISA ending in 4242, expires 12/2030' })).toBeChecked();
    await expect(page.getByLabel('Card number')).toBeHidden();
    await page.getByRole('button', { name: payButton }).click();
    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  test('chosen before logging in: the log-in page reads the methods ahead, and the payment asks for its price with its availability (ADR 066)', async ({
    page,
    insertNewUser,
  }) => {
    const who = await insertNewUser('ahead');
    // The API's requests and answers, in the order the page saw them.
    const api: string[] = [];
    const log = (what: string) => (r: Request) => void (new URL(r.url()).pathname.startsWith('/api/') && api.push(`${what} ${new URL(r.url()).pathname}`));
    page.on('request', log('asked'));
    page.on('requestfinished', log('answered'));
    const asked = (path: string) => api.filter((p) => p === `asked ${path}`).length;
    await page.goto('/pricing-table');
    await page.getByRole('article', { name: 'Monthly · 1 screen' }).getByRole('link', { name: 'Choose this plan' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpayment%3FplanId%3D1/);
    // Once the log-in page is quiet, in idle time (ADR 064).
    await expect.poll(() => asked('/api/bill/payment/methods/v1')).toBe(1);
    await page.getByLabel('Email or phone number').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/payment\?planId=1$/);
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('R$ 29.90');
    await expect(page.getByRole('button', { name: payButton })).toBeEnabled();
    // The methods were not asked again; the price was asked once, started with the availability check.
    expect(asked('/api/bill/payment/methods/v1')).toBe(1);
    expect(asked('/api/bill/goodsValuation')).toBe(1);
    expect(api.indexOf('asked /api/bill/goodsValuation')).toBeLessThan(api.indexOf('answered /api/site/checkPlanAvailable/v1'));
  });

  test('by PIX: the QR and the copy-and-paste code, then the page sees the bank pay it', async ({ page, request, login }) => {
    await login('pix');
    await page.goto('/payment?p=1');
    await page.getByLabel('Discount code').fill('BEMVINDO10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
    await fillPayer(page, 'PIX', { first: 'Ana', last: 'Souza', cpf: '123.456.789-0X' });
    // PIX's 5 % and the code's 10 % (of what PIX left) are two lines, as the customer chose each.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('PIX discount−R$ 1.50');
    await expect(summary).toContainText('Code BEMVINDO10−R$ 2.84');
    await expect(summary).toContainText('TotalR$ 25.56');
    await page.getByRole('button', { name: payButton }).click();
    // Spec section 5: a CPF is digits; typed as printed, with its dots and dash, it is taken (ADR 040).
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.getByLabel('CPF or CNPJ').fill('123.456.789-09');
    await page.getByRole('button', { name: payButton }).click();

    await expect(page.getByRole('heading', { name: 'Pay with PIX' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'PIX QR code' })).toBeVisible();
    const brCode = await page.getByLabel('PIX copy-and-paste code').inputValue();
    expect(brCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    // The window is shown as a live countdown next to its closing time.
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^Time left to pay: \d+:\d\d$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first!);
    await expectAccessible(page);
    await screenshots(page, 'payment-pix');
    // The same page in Portuguese, at once.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code do PIX' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');

    // The payer's bank pays the code.
    await payPix(request, brCode);
    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  test('by PayPal: the approval page, back to /payment-redirect, captured, paid', async ({ page, login }) => {
    await login('paypal');
    await page.goto('/payment?planId=1');
    await page.getByRole('radio', { name: 'PayPal' }).check();
    await page.getByRole('button', { name: payButton }).click();
    // The sandbox's PayPal page (it stands for paypal.com): the buyer approves.
    await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=[0-9A-Z]{17}$/);
    await expect(page.getByText('R$ 29.90 BRL')).toBeVisible();
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    // Back on the portal, the payment is captured, then the result page says so.
    await expect(page).toHaveURL(/\/paymentResult\?orderId=ORD/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    await expectAccessible(page);
  });
});
