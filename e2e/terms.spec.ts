import { expect, expectAccessible, screenshots, test } from './fixtures';
import type { Page } from '@playwright/test';

// The checkout's links to the terms and their section on cancelling and refunds
// (docs/decisions/051): the section lands in view below the sticky header, in each language.
const languages = [
  {
    language: 'pt',
    locale: 'pt-BR',
    terms: 'Termos de uso',
    refunds: 'Cancelamento e reembolso',
    withdrawal: 'Pelo Código de Defesa do Consumidor (art. 49)',
    pay: 'Pagamento',
  },
  {
    language: 'en',
    locale: 'en-US',
    terms: 'Terms of use',
    refunds: 'Cancellation and refunds',
    withdrawal: 'Under the Brazilian Consumer Defence Code',
    pay: 'Payment',
  },
] as const;

/** The heading is at the top of the viewport, just below the sticky header rather than under it. */
async function expectLandedOn(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 2, name });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  const header = await page.locator('.site-header').boundingBox();
  const box = await heading.boundingBox();
  const headerBottom = header!.y + header!.height;
  expect(box!.y).toBeGreaterThanOrEqual(headerBottom);
  // The page scrolled to it: on this phone's screen it starts lower down the unscrolled page.
  expect(box!.y).toBeLessThan(headerBottom + 48);
  return heading;
}

for (const t of languages) {
  test.describe(`terms of use, in ${t.language}`, () => {
    test.use({ locale: t.locale });

    test('the checkout links the terms and their refunds section, which opens in view', async ({ page, login }) => {
      test.slow();
      await login(`terms-${t.language}`);
      // A phone's screen, where the section starts below the fold.
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(`/payment?planId=1&language=${t.language}`);
      await expect(page.getByRole('heading', { level: 1, name: t.pay })).toBeVisible();
      await expect(page.getByRole('link', { name: t.terms }).first()).toHaveAttribute('href', '/terms');
      await page.locator('.checkout-trust').screenshot({ path: `e2e/screenshots/payment-trust-links-${t.language}-375.jpg`, type: 'jpeg', quality: 85 });
      await page.getByRole('link', { name: t.refunds }).click();
      await expect(page).toHaveURL(/\/terms#refunds$/);
      await expect(page.getByRole('heading', { level: 1, name: t.terms })).toBeAttached();
      await expectLandedOn(page, t.refunds);
      await expect(page.getByText(t.withdrawal)).toBeInViewport();
      await page.screenshot({ path: `e2e/screenshots/terms-refunds-landed-${t.language}-375.jpg`, type: 'jpeg', quality: 85 });

      // Back at the checkout, the terms now read: the same link lands on the section again, the
      // layout's scroll to the top on a new page leaving it where it is.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: t.pay })).toBeVisible();
      await page.getByRole('link', { name: t.refunds }).click();
      await expect(page).toHaveURL(/\/terms#refunds$/);
      await expectLandedOn(page, t.refunds);

      await expectAccessible(page);
      // The whole page from its top: a full-page picture taken scrolled draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshots(page, `terms-${t.language}`);
    });

    test('an address naming the section lands on it once the text has loaded', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(`/terms?language=${t.language}#refunds`);
      await expectLandedOn(page, t.refunds);
      // The footer links the terms beside the privacy policy.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: t.terms })).toHaveAttribute('href', '/terms');
    });
  });
}
