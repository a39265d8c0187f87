import { expect, expectAccessible, payByCard, screenshots, test } from './fixtures';
import { accountScreens, openScreen, paidOrderScreens, publicScreens } from './screen-list';

/**
 * Every screen of spec section 2, opened in a real browser on the real server in two languages:
 * its heading in each, the page title, no serious accessibility violation, and screenshots at
 * 1280 and 375 px for review. Journeys through the screens live in the other specs.
 */
// Its tests share nothing (each opens its own pages, on the worker's own server) and together
// take the longest of any file: they are shared out between the workers (docs/decisions/029).
test.describe.configure({ mode: 'parallel' });

for (const lang of ['pt', 'en'] as const) {
  test.describe(`every screen in ${lang}`, () => {
    test.use({ locale: lang === 'pt' ? 'pt-BR' : 'en-US' });

    for (const s of publicScreens) {
      test(`${s.path}`, async ({ page }) => {
        await openScreen(page, s, lang);
        await expect(page).toHaveTitle(new RegExp(`^${s.heading[lang]} · `));
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pt' ? 'pt' : 'en');
        await expectAccessible(page);
        await screenshots(page, `screen-${s.shot}-${lang}`);
      });
    }

    test('the account pages, signed in', async ({ page, request, login }) => {
      // Eight pages, each checked by axe and photographed at two widths, and a payment: 20 s on
      // a quiet machine, so the default 30 s budget is too tight when CI shares the cores.
      test.slow();
      const who = await login(`screens-${lang}`);
      for (const s of accountScreens) {
        await openScreen(page, s, lang);
        await expectAccessible(page);
        await screenshots(page, `screen-${s.shot}-${lang}`);
      }
      // The pages of a paid order: its result and its receipt.
      const paid = await payByCard(page, request, who.email, '4242424242424242');
      for (const s of paidOrderScreens(paid.data?.orderId ?? paid.data?.id ?? '')) {
        await openScreen(page, s, lang);
        await expectAccessible(page);
        await screenshots(page, `screen-${s.shot}-${lang}`);
      }
    });
  });
}

test.describe('the router in the browser (spec section 2; docs/decisions/020)', () => {
  test.use({ locale: 'en-US' });

  test('aliases land on their screens', async ({ page }) => {
    for (const [from, to] of [
      ['/plan', '/pricing-table'],
      ['/tokenLogin', '/pricing-table'],
      ['/resendConfirmation', '/resend-confirm'],
      ['/no-such-page', '/404'],
    ]) {
      await page.goto(from!);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });

  test('an account page sends an anonymous visitor to log in, then back with its query', async ({ page, insertNewUser }) => {
    const who = await insertNewUser('guard');
    // /order is an alias of /orders, which needs a session.
    await page.goto('/order');
    await expect(page).toHaveURL(/\/login\?redirect=%2Forders&reason=signInRequired$/);
    await page.goto('/payment?planId=3');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpayment%3FplanId%3D3&reason=signInRequired$/);
    await page.getByLabel('Email or phone number').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/payment\?planId=3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  });

  test("the server's banners: the pricing banner links to its plan, in the page language, in the phone image at 375 px", async ({ page }) => {
    await page.goto('/pricing-table');
    const banner = page.getByRole('link', { name: 'Yearly plan: 16% off over 12 months' });
    await expect(banner).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => banner.locator('img').evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/banner-pricing-mobile\.svg$/);
    await banner.click();
    await expect(page).toHaveURL(/\/plan-details\/5$/);
  });

  test('sign-up shows the terms of use it asks to accept, from the server, and links the privacy policy', async ({ page }) => {
    await page.goto('/register');
    await page.getByText('Read the terms of use').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Terms of use' })).toBeVisible();
    // With their section on cancelling and refunds (docs/decisions/051), read in place.
    await expect(page.getByRole('heading', { level: 2, name: 'Cancellation and refunds' })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('an email link with a token opens its screen in the link language', async ({ page }) => {
    await page.goto('/resetPassword?token=not-a-live-token&la=ru');
    // The screen keeps the token and takes it out of the address (no Referer, history or screenshot carries it).
    await expect(page).toHaveURL(/\/reset-password\?language=ru$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});
