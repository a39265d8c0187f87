import type { Locator, Page } from '@playwright/test';
import { expect, payButton, test } from './fixtures';

/**
 * Presses `key` until `target` has focus (at most `max` times). After every press the page is
 * still in English: passing over the language picker must never change it.
 */
async function arrowTo(page: Page, key: string, target: Locator, max = 25) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press(key);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  await expect(target).toBeFocused();
}

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

  test('the code tab is reached with right, and left comes back', async ({ page }) => {
    await page.goto('/login?releaseId=STB');
    const emailTab = page.getByRole('tab', { name: 'Phone or email' });
    await arrowTo(page, 'ArrowDown', page.getByLabel('Email or phone number'));
    await arrowTo(page, 'ArrowUp', emailTab);
    await page.keyboard.press('ArrowRight');
    const codeTab = page.getByRole('tab', { name: 'Fast login' });
    await expect(codeTab).toBeFocused();
    await expect(codeTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(emailTab).toBeFocused();
    await expect(emailTab).toHaveAttribute('aria-selected', 'true');
  });

  test('signed in on a TV, arrows pass over the language and reach the plans, the payment methods and Pay', async ({ page, login }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await login('remotetv');
    await page.goto('/pricing-table?releaseId=STB');
    const choose = page.getByRole('article', { name: 'Monthly · 1 screen' }).getByRole('link', { name: 'Choose this plan' });
    await arrowTo(page, 'ArrowDown', choose);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payment\?planId=1$/);

    // A radio is picked with Enter, not by passing over it, and Enter does not send the form.
    const pix = page.getByRole('radio', { name: 'PIX' });
    await arrowTo(page, 'ArrowDown', pix);
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(pix).toBeChecked();
    await arrowTo(page, 'ArrowUp', page.getByRole('radio', { name: 'Credit card' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    await arrowTo(page, 'ArrowDown', page.getByRole('button', { name: payButton }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').first()).toBeVisible();

    // The language: Enter opens it, arrows move inside, Back leaves it as it was, Enter picks.
    const language = page.getByRole('combobox', { name: 'Language' });
    await arrowTo(page, 'ArrowUp', language, 40);
    await page.keyboard.press('Enter');
    await expect(language).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(language).toHaveAttribute('aria-expanded', 'false');
    await expect(language).toHaveValue('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  });
});
