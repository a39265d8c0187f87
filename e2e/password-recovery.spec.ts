import { expect, expectAccessible, json, mailbox, payButton, screenshots, test } from './fixtures';

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

  test('asked for a new password before buying (-2500): offered on the payment page, reset by the mailed link, back on the plan after the new log-in', async ({
    page,
    request,
    login,
  }) => {
    const who = await login('reset-first');
    expect((await request.post(`/api/sandbox/accounts/${encodeURIComponent(who.email)}/must-reset-password`)).status()).toBe(204);

    await page.goto('/payment?planId=1');
    await expect(page.getByRole('heading', { level: 2, name: 'Set a new password to buy' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'payment-reset-first');
    await page.getByRole('link', { name: 'Set a new password' }).click();

    // The recovery page knows the account already.
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(page.getByLabel('Email or phone number')).toHaveValue(who.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toContainText('we sent it a link');

    // The link, opened from the mailbox on a page of its own.
    const link = new URL((await mailbox(request, who.email))[0]!.links[0]!);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password (at least 6 characters)').fill('after-upgrade-3');
    await page.getByLabel('Repeat the new password').fill('after-upgrade-3');
    await page.getByRole('button', { name: 'Set the new password' }).click();

    // The log-in page says what happened, and goes back to the plan.
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed. Log in with the new one.' })).toBeVisible();
    await page.getByLabel('Email or phone number').fill(who.email);
    await page.getByLabel('Password').fill('after-upgrade-3');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/payment\?planId=1$/);
    await expect(page.getByRole('button', { name: payButton })).toBeVisible();
  });

  test('logging out, and opening an account page signed out, say so on the log-in page', async ({ page, login }) => {
    await login('reasons');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You logged out. See you soon!' })).toBeVisible();
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Forders&reason=signInRequired$/);
    await expect(page.getByRole('status').filter({ hasText: 'Log in to continue.' })).toBeVisible();
  });
});
