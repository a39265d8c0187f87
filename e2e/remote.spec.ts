import type { Locator, Page } from '@playwright/test';
import { expect, payButton, test } from './fixtures';

/**
 * Presses `key` until `target` has focus (at most `max` times). After every press the page is
 * still in English: passing over the language picker must never change it.
 */
async function arrowTo(page: Page, key: string, target: Locator, max = 25) {
  const visited: string[] = [];
  for (let i = 0; i < max && !(await isFocused(target)); i++) visited.push(await press(page, key));
  expect(await isFocused(target), `${key} went: ${visited.join(' → ')}`).toBe(true);
}

/**
 * Moves focus to `target` as a person with a remote does: looking at the screen, pressing up or
 * down until it is on the focused control's row, then the arrow that points towards it, until it
 * has focus. The page must stay in English all the way.
 */
async function walkTo(page: Page, target: Locator, max = 30) {
  const visited: string[] = [];
  for (let i = 0; i < max && !(await isFocused(target)); i++) {
    const to = (await target.boundingBox())!;
    const from = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      // In a text field left and right move the caret and leave the field at its ends: pressing
      // towards a field beside it reaches it once the caret is there.
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const dx = from ? to.x + to.width / 2 - (from.x + from.width / 2) : 0;
    const dy = from ? to.y + to.height / 2 - (from.y + from.height / 2) : 1;
    // On another row, up or down first, as a person does; on the same row, towards it.
    const sameRow = from !== null && to.y + to.height > from.y + 1 && to.y < from.y + from.height - 1;
    const vertical = !sameRow || Math.abs(dy) >= Math.abs(dx);
    const key = vertical ? (dy >= 0 ? 'ArrowDown' : 'ArrowUp') : dx > 0 ? 'ArrowRight' : 'ArrowLeft';
    visited.push(`${key} ${await press(page, key)}`);
  }
  expect(await isFocused(target), `the way: ${visited.join(' → ')}`).toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses `key`; answers what has focus then. */
async function press(page: Page, key: string): Promise<string> {
  await page.keyboard.press(key);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  return page.evaluate(() => `${document.activeElement?.tagName} "${(document.activeElement?.textContent ?? '').trim().slice(0, 30)}"`);
}

test.describe('the set-top-box scene with a TV remote', () => {
  test.use({ locale: 'en-US' });

  test('arrow keys reach every control of the login form and Enter logs in', async ({ page, insertNewUser }) => {
    const who = await insertNewUser('remote');
    // releaseId=STB (spec section 2) makes this a set-top-box visit.
    await page.goto('/login?releaseId=STB');
    // The server draws the page first; arrows pressed before the app takes over are lost (docs/decisions/033).
    await expect(page.locator('.preview')).toHaveCount(0);
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
    // The server draws the page first; arrows pressed before the app takes over are lost (docs/decisions/033).
    await expect(page.locator('.preview')).toHaveCount(0);
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
    await walkTo(page, choose);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payment\?planId=1$/);

    // A radio is picked with Enter, not by passing over it, and Enter does not send the form.
    const card = page.getByRole('radio', { name: 'Credit card' });
    const pix = page.getByRole('radio', { name: 'PIX' });
    await walkTo(page, pix);
    await expect(card).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(pix).toBeChecked();
    // The order is priced again for PIX (the summary is busy meanwhile). The methods stay enabled,
    // but the checkout machine takes a method only once that price is in (its `editing` state), so
    // a pick made sooner is lost: on a loaded machine the two presses below can come that soon.
    await expect(page.getByRole('region', { name: 'Order summary' })).toHaveAttribute('aria-busy', 'false');
    await walkTo(page, card);
    await page.keyboard.press('Enter');
    await expect(card).toBeChecked();
    // Every field of the card is reached with the arrows, the expiry and security code side by side
    // included (down from the number reaches their row; left and right leave a field at its ends).
    for (const [label, value] of [
      ['Card number', '4000 0000 0000 0002'],
      ['Expiry (MM/YY)', '12/30'],
      ['Security code', '123'],
      ['Name on the card', 'ANA SOUZA'],
    ] as const) {
      await walkTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await walkTo(page, page.getByLabel('Save this card for next time and for auto-renewal'));
    await walkTo(page, page.getByLabel('Expiry (MM/YY)', { exact: true }));
    await walkTo(page, page.getByRole('button', { name: payButton }));
    await page.keyboard.press('Enter');
    // The test network declines 4000 0000 0000 0002: the refusal is said beside Pay.
    await expect(page.getByRole('alert').first()).toBeVisible();

    // The language: Enter opens it, arrows move inside, Back leaves it as it was, Enter picks.
    const language = page.getByRole('combobox', { name: 'Language' });
    await walkTo(page, language);
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
