import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, json, logInNewPhoneAccount, mailbox, screenshots, test } from './fixtures';

/** The newest link to `to` from the developer mailbox, as a path the browser can open. */
async function latestLink(request: APIRequestContext, to: string): Promise<string> {
  const link = (await mailbox(request, to))[0]?.links[0];
  if (!link) throw new Error(`no link for ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test.describe('links from emails', () => {
  test.use({ locale: 'en-US' });

  test('the confirmation link activates the account once; a second use offers a new link', async ({ page, request, removeAfterTest }) => {
    const email = `e2e.confirm.${Date.now()}@example.com`;
    const signup = await request.post('/api/user/signup/v1', {
      headers: json,
      data: { account: email, password: 'e2e-password-1', nickname: 'Eve', acceptTerms: true, language: 'en' },
    });
    expect((await signup.json()).code).toBe(0);
    removeAfterTest(email);
    const link = await latestLink(request, email);
    expect(link).toMatch(/^\/activate\?token=/);

    await page.goto(link);
    await expect(page).toHaveURL(/\/resend-confirm\?token=/);
    await expect(page.getByRole('status')).toContainText('Your email is confirmed');
    await expectAccessible(page);
    await screenshots(page, 'confirm-activated');
    const login = await request.post('/api/user/login/v1', { headers: json, data: { account: email, password: 'e2e-password-1' } });
    expect((await login.json()).code).toBe(0);

    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: 'can no longer be used' })).toBeVisible();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Complete this field' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid Email' })).toBeVisible();
    // Sign-up sent the first email moments ago: another within 60 s is refused, with a toast.
    await page.getByRole('textbox', { name: 'Email' }).fill(` ${email} `);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Operation too frequent' })).toBeVisible();
    // Any other address gets the same answer whether or not an account waits there.
    await page.getByRole('textbox', { name: 'Email' }).fill(`someone.else.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('status')).toContainText('a new link is on its way');
    await expectAccessible(page);
    await screenshots(page, 'confirm-resent');
  });

  test('the email-binding link of a phone account shows its result on /notice, in the link language', async ({ page, request, removeAfterTest }) => {
    const email = `e2e.bind.${Date.now()}@example.com`;
    const phone = `119${String(Date.now()).slice(-8)}`;
    const signup = await request.post('/api/user/signup/v1', {
      headers: json,
      data: { account: phone, areaCode: '55', email, password: 'e2e-password-2', nickname: 'Tel', acceptTerms: true, language: 'pt' },
    });
    expect((await signup.json()).code).toBe(0);
    removeAfterTest(phone, '55');
    const link = await latestLink(request, email);
    expect(link).toMatch(/^\/bindEmailConfirmed\?token=.*la=pt/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/notice\?token=/);
    await expect(page.getByRole('status')).toContainText(`${email} agora é o e-mail da sua conta.`);
    await expectAccessible(page);
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível vincular' })).toBeVisible();
  });

  test('a phone account adds an email in settings; the link it gets adds it (docs/decisions/042)', async ({ page, request, removeAfterTest }) => {
    const email = `e2e.later.${Date.now()}@example.com`;
    await logInNewPhoneAccount(page, request, removeAfterTest, 7);

    await page.goto('/settings');
    const field = page.getByLabel('Add an email');
    // A malformed address is told beside the field, and stays to be corrected.
    await field.fill('ana@');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await expect(field).toHaveValue('ana@');
    // An address another account holds: the server's 187, beside the button.
    await field.fill('demo@aurora.example');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email not available' })).toBeVisible();
    await field.fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: /We sent a link to e\*\*\*@example\.com\. Open it within 48 hours/ })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'settings-add-email');

    const link = await latestLink(request, email);
    expect(link).toMatch(/^\/bindEmailConfirmed\?token=.*la=en/);
    await page.goto(link);
    await expect(page.getByRole('status')).toContainText(`${email} is now the email of your account.`);
    await page.goto('/settings');
    await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
    await expect(page.getByLabel('Add an email')).toHaveCount(0);
  });

  test('a failed set-top-box log-in lands on the notice page with its reason', async ({ page }) => {
    await page.goto('/notice?type=stbLoginErr&code=201');
    await expect(page.getByRole('heading', { level: 1, name: 'Could not log in on the TV' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Login failed, try again');
    await expectAccessible(page);
    await screenshots(page, 'notice-stb');
  });
});
