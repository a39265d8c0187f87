import { expect, expectAccessible, json, test } from './fixtures';

test.describe('settings', () => {
  test.use({ locale: 'en-US' });

  test('change the password (a wrong current one is refused in the form), choose offer emails, switch the language', async ({ page, request, login }) => {
    const who = await login('settings');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText(who.email)).toBeVisible();

    // The nickname: the spec's rule in the form first, then saved and shown in the header.
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('Ana!');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('region', { name: 'Your account' }).getByRole('alert')).toBeVisible();
    await name.fill('Анна');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('region', { name: 'Your account' }).getByRole('status')).toHaveText('Saved.');
    await expect(page.getByRole('group', { name: 'Your account' })).toContainText('Анна');
    // A real name with spaces and an apostrophe (ADR 040), stored as written, without stray spaces.
    await name.fill("  Ana   D'Ávila ");
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('group', { name: 'Your account' })).toContainText("Ana D'Ávila");

    // Spec section 5: the form checks the pair before anything is sent.
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password (at least 6 characters)').fill('brand-new-pass-1');
    await page.getByLabel('Repeat the new password').fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    // Spec section 8: 3, a wrong current password, said once in the form; the fields stay.
    await page.getByLabel('Repeat the new password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    const form = page.getByRole('region', { name: 'Change your password' });
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('New password (at least 6 characters)')).toHaveValue('brand-new-pass-1');
    await page.getByLabel('Current password').fill(who.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    const relogin = await request.post('/api/user/login/v1', { headers: json, data: { account: who.email, password: 'brand-new-pass-1' } });
    expect((await relogin.json()).code).toBe(0);

    // Offer emails: the choice is saved on the account and shown again after a reload.
    const offers = page.getByRole('checkbox', { name: 'Send me emails about offers and new plans' });
    const before = await offers.isChecked();
    await offers.click();
    await expect(page.getByRole('region', { name: 'Offer emails' }).getByText('Saved.')).toBeVisible();
    await page.reload();
    await expect(offers).toBeChecked({ checked: !before });

    await expectAccessible(page);
    // Language: instant, for the whole portal.
    await page.getByRole('region', { name: 'Language' }).getByRole('combobox').selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  });
});
