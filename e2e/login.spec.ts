import { decodeCaptchaCode, demandCaptcha, expect, expectAccessible, mailbox, screenshots, test } from './fixtures';

test.describe('log-in', () => {
  test.use({ locale: 'en-US' });

  test('fast login: a 4-digit code by email, the resend countdown ticking in the dialog, then back where the user came from', async ({
    page,
    request,
    insertNewUser,
  }) => {
    const who = await insertNewUser('code');
    await page.goto('/login?redirect=%2Forders');
    await page.getByRole('tab', { name: 'Fast login' }).click();
    await page.getByLabel('Email or phone number').fill(who.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enter your code' });
    const timer = dialog.getByRole('timer');
    // Spec section 9: 60 s from the site's configuration, counted down once a second.
    await expect(timer).toHaveText('You can ask for a new code in 60 seconds.');
    await expect(timer).toHaveText(/in 5[0-8] seconds\./, { timeout: 5_000 });
    await expect(dialog.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    await expectAccessible(page);
    await screenshots(page, 'login-code-dialog');

    // A wrong code is refused in the dialog, which stays open; the countdown goes on where it was
    // (not from 60 again, and not ended): a new code still waits for it.
    const [message] = await mailbox(request, who.email);
    const code = message!.code!;
    await dialog.getByLabel('4-digit code').fill(code === '0000' ? '0001' : '0000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(timer).toHaveText(/in ([1-5]\d|\d) seconds?\./);
    expect(Number(/in (\d+)/.exec((await timer.textContent())!)![1])).toBeLessThan(59);
    await expect(dialog.getByRole('button', { name: 'Send a new code' })).toBeDisabled();

    await dialog.getByLabel('4-digit code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });

  test('an app link to /orders logs in with its token and lands on /orders (docs/decisions/020)', async ({ page, request, insertNewUser }) => {
    const who = await insertNewUser('applink');
    const link = (await (await request.get(`/dev/sso-link?email=${encodeURIComponent(who.email)}&scene=APP`)).json()) as {
      appToken: string;
      accountId: string;
      loginId: string;
    };
    await page.goto(`/orders?${new URLSearchParams({ t: link.appToken, a: link.accountId, e: link.loginId, r: 'APP' })}`);
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("the site's configuration completes the account fields: email domains and the area-code picker's countries", async ({ page }) => {
    await page.goto('/login');
    const account = page.getByLabel('Email or phone number');
    await account.fill('ana');
    // siteConfig.login.emailSuffix: the six domains (spec section 9), offered as completions.
    await expect(account).toHaveAttribute('list', 'login-emails');
    await expect(page.locator('#login-emails option')).toHaveCount(6);
    await expect(page.locator('#login-emails option').first()).toHaveAttribute('value', 'ana@gmail.com');
    // Digits are a phone number: no email completions.
    await account.fill('11987654321');
    await expect(page.locator('#login-emails')).toHaveCount(0);
    // siteConfig.login.areaCode: the countries from contry/phone/areacode, with their names.
    await expect(page.getByLabel('Country code (phone numbers only)')).toHaveAttribute('list', 'login-area-codes');
    await expect(page.locator('#login-area-codes option[value="55"]')).toHaveAttribute('label', /\(\+55\)$/);
  });

  test('the captcha the server asks for: a proof of work solved in a worker on a press of Enter, announced, and loaded only then', async ({
    page,
    insertNewUser,
  }) => {
    const who = await insertNewUser('captcha');
    const captcha = await demandCaptcha(page);
    const solverFiles: string[] = [];
    page.on('request', (r) => /captcha-(solver|worker)/.test(r.url()) && solverFiles.push(r.url()));
    await page.goto('/login?redirect=%2Forders');
    await page.getByLabel('Email or phone number').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Captcha required' })).toBeVisible();
    const check = page.getByRole('group', { name: 'Security check' });
    const verify = check.getByRole('button', { name: 'Verify that I am not a robot' });
    await expect(verify).toBeVisible();
    // The solver and altcha-lib are not part of the page until the check is asked for.
    expect(solverFiles).toEqual([]);
    await expectAccessible(page);
    await screenshots(page, 'login-captcha');

    // Sent unverified: the form says so and puts the focus on the check.
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(check.getByRole('alert')).toHaveText('Verify that you are not a robot first');
    await expect(verify).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(check.getByRole('status')).toHaveText(/^(Verifying…|Verified\. You can send the form\.)$/);
    await expect(check.getByRole('status')).toHaveText('Verified. You can send the form.', { timeout: 20_000 });
    expect(solverFiles.some((url) => url.includes('captcha-worker'))).toBe(true);
    await expect(verify).toBeFocused();
    await expect(verify).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible(page);
    await screenshots(page, 'login-captcha-verified');

    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const body = captcha.sent().at(-1)!;
    const { challenge, solution } = decodeCaptchaCode(body.captchaCode);
    expect(solution.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);
  });
});
