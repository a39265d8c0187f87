import { expect, expectAccessible, json, mailbox, screenshots, test } from './fixtures';

test.describe('password recovery', () => {
  test.use({ locale: 'en-US' });

  test('by link: asked on /forgot-password, opened from the email, a new password, then a log-in with it', async ({ page, request, insertNewUser }) => {
    const { email } = await insertNewUser('recover');

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    // The page shows the address masked, as the server answers it.
    await expect(page.getByRole('status')).toContainText('If an account uses e***@example.com, we sent it a link');
    await expectAccessible(page);
    await screenshots(page, 'recovery-link-sent');

    // The newest link in the developer mailbox (the sign-up's confirmation came first).
    const link = new URL((await mailbox(request, email))[0]!.links[0]!);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(/Choose a new password for /)).toBeVisible();
    await page.getByLabel('New password (at least 6 characters)').fill('new-password-2');
    await page.getByLabel('Repeat the new password').fill('not-the-same');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Repeat the new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page).toHaveURL(/\/login/);

    const login = await request.post('/api/user/login/v1', { headers: json, data: { account: email, password: 'new-password-2' } });
    expect((await login.json()).code).toBe(0);
    // The link worked once.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Link no longer available').or(page.getByText('This link cannot be used. Ask for a new one.'))).toBeVisible();
  });
});
