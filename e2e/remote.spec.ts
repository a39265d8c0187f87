import { expect, test } from './fixtures';

test.describe('the set-top-box scene with a TV remote', () => {
  test.use({ locale: 'en-US' });

  test('arrow keys reach every control of the login form and Enter logs in', async ({ page, insertNewUser }) => {
    const who = await insertNewUser('remote');
    // releaseId=STB (spec section 2) makes this a set-top-box visit.
    await page.goto('/login?releaseId=STB');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    // From nowhere, down reaches the form within a few presses.
    for (let i = 0; i < 8 && !(await page.getByLabel('Email or phone number').evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Email or phone number')).toBeFocused();
    await page.keyboard.type(who.email);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Country code (phone numbers only)')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(who.password);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeFocused();
    // Up goes back the same way.
    await page.keyboard.press('ArrowUp');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    // The focused control shows it (a visible outline).
    const outline = await page.getByRole('button', { name: 'Log in' }).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
  });
});
