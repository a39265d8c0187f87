import { apiSession, expect, expectAccessible, payThroughApi, screenshots, test } from './fixtures';

test.describe('coupons and my cloud', () => {
  test.use({ locale: 'en-US' });

  test('a new customer sees their welcome code and the offered codes in English and Portuguese, and uses them at checkout', async ({ page, login }) => {
    await login('coupons');
    await page.getByRole('link', { name: 'Coupons' }).click();
    await expect(page).toHaveURL(/\/coupons$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your discount codes' })).toBeVisible();

    const ready = page.getByRole('region', { name: 'Ready to use' });
    const welcome = ready.getByRole('article').filter({ hasText: 'Just for you' });
    await expect(welcome.getByRole('heading', { name: '15% off' })).toBeVisible();
    const code = (await welcome.locator('code').textContent()) ?? '';
    expect(code).toMatch(/^BEMVINDO-[A-Z2-9]{6}$/);
    await expect(welcome).toContainText('Any plan');
    await expect(welcome).toContainText('Can be used once per account.');
    const yearly = ready.getByRole('article').filter({ hasText: 'ANUAL20' });
    await expect(yearly.getByRole('heading', { name: '20% off' })).toBeVisible();
    await expect(yearly).toContainText('Only for Yearly · 1 screen');
    await expect(ready.getByRole('article').filter({ hasText: 'DESCONTO5' }).getByRole('heading', { name: 'R$ 5.00 off' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'coupons');

    // "Use" on a code for any plan: the pricing table carries it to the plan chosen.
    await welcome.getByRole('link', { name: 'Use this code' }).click();
    await expect(page).toHaveURL(new RegExp(`/pricing-table\\?discountCode=${code}$`));
    await expect(page.getByRole('status').filter({ hasText: `the code ${code} will be applied at checkout` })).toBeVisible();
    await page.getByRole('link', { name: 'Choose this plan' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?planId=1&discountCode=${code}$`));
    await expect(page.getByLabel('Discount code')).toHaveValue(code);
    // Plan 1 is R$ 29.90: 15 % of what the first method leaves comes off.
    await expect(page.getByRole('definition').filter({ hasText: /^−R\$ \d+\.\d\d$/ })).toBeVisible();
    // Removed, then Apply with nothing typed: the form asks for a code (spec section 5), nothing is sent.
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('Discount code').fill('  ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Enter coupon code to continue')).toBeVisible();
    await expect(page.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true');

    // The same page in Portuguese; "Usar este código" on the yearly plan's code opens its payment page.
    await page.goto('/coupons');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Seus códigos de desconto' })).toBeVisible();
    const prontos = page.getByRole('region', { name: 'Prontos para usar' });
    await expect(prontos.getByRole('article').filter({ hasText: 'Só para você' }).getByRole('heading', { name: '15% de desconto' })).toBeVisible();
    const anual = prontos.getByRole('article').filter({ hasText: 'ANUAL20' });
    await expect(anual).toContainText('Somente para Anual · 1 tela');
    await expect(prontos.getByRole('article').filter({ hasText: 'DESCONTO5' }).getByRole('heading', { name: 'R$ 5,00 de desconto' })).toBeVisible();
    await expectAccessible(page);
    await anual.getByRole('link', { name: 'Usar este código' }).click();
    await expect(page).toHaveURL(/\/payment\?planId=5&discountCode=ANUAL20$/);
    await expect(page.getByLabel('Cupom de desconto')).toHaveValue('ANUAL20');
    await expect(page.getByRole('definition').filter({ hasText: /^−R\$ \d+,\d\d$/ })).toBeVisible();
  });

  test('my cloud: the way to a plan without one; with a plan, the quota, the recordings and a delete with its confirmation', async ({
    page,
    request,
    login,
  }) => {
    const who = await login('cloud');
    await page.getByRole('link', { name: 'My cloud' }).click();
    await expect(page).toHaveURL(/\/my-cloud$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My cloud' })).toBeVisible();
    await expect(page.getByText('Your account has no plan, so the TV app cannot record to the cloud.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the plans' })).toBeVisible();
    await expect(page.getByText('No recordings yet.')).toBeVisible();

    // A plan bought with a card (plan 2: four screens, 100 hours), then the TV app records six programmes.
    const auth = await apiSession(request, who);
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holder: 'Ana Lima' };
    const paid = await payThroughApi(request, auth, { planId: '2', email: who.email, card });
    expect(paid.data?.status).toBe('PAYMENT_SUCCEEDED');
    expect(await (await request.post('/dev/cloud/recordings', { data: { email: who.email, count: 6 } })).json()).toEqual({ recordings: 6 });

    await page.reload();
    const storage = page.getByRole('region', { name: 'Storage' });
    await expect(storage.getByText('6.5 hours of 100 hours used')).toBeVisible();
    await expect(storage.getByRole('meter', { name: 'Recording time used' })).toHaveAttribute('max', String(100 * 3600));
    await expect(storage).toContainText('6 recordings, 10.5 GB');
    const recordings = page.getByRole('region', { name: 'Recordings' }).getByRole('article');
    await expect(recordings).toHaveCount(6);
    await expect(recordings.first().getByRole('heading', { name: 'Jornal da Noite' })).toBeVisible();
    await expect(recordings.first()).toContainText('Aurora Notícias');
    await expect(recordings.first()).toContainText('45 min');
    await expect(recordings.nth(1)).toContainText('2 hr 10 min');
    await expectAccessible(page);
    await screenshots(page, 'my-cloud');

    // Escape keeps the recording and gives focus back to its button.
    const deleteNews = page.getByRole('button', { name: 'Delete Jornal da Noite' });
    await deleteNews.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this recording?' });
    await expect(dialog).toBeFocused();
    await expect(dialog).toContainText('“Jornal da Noite” (Aurora Notícias) will be removed from your cloud');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteNews).toBeFocused();
    await expect(recordings).toHaveCount(6);

    await deleteNews.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('The recording was deleted.')).toBeVisible();
    await expect(recordings).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Jornal da Noite' })).toHaveCount(0);
    await expect(storage.getByText('5.8 hours of 100 hours used')).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Minha nuvem' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Armazenamento' }).getByText('5,8 horas de 100 horas usadas')).toBeVisible();
  });
});
