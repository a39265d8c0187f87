import type { Page } from '@playwright/test';
import { brandPalette } from '../core/config/colors';
import { expect, expectAccessible, payByCard, screenshots, test } from './fixtures';
import { accountScreens, openScreen, paidOrderScreens, publicScreens, type Screen } from './screen-list';

/**
 * Every screen of e2e/screens.spec.ts under a dark orange brand (#d9480f), on which neither white
 * nor near-black text reaches 4.5:1: axe finds no serious violation, so the colours the portal
 * derives from the server's (docs/decisions/043) hold on every screen. The server seeds the
 * colour from DEMO_THEME_COLOR (the `theme` project of playwright.config.ts); nothing here intercepts a response.
 */
const themeColor = '#d9480f';
const palette = brandPalette(themeColor)!;

/** Screens photographed for review: a form, the plan cards, the account's tabs and a receipt. */
const photographed = new Set(['login', 'pricing-table', 'account', 'coupons', 'receipt']);

test.beforeAll(async ({ request }) => {
  const theme = await (await request.get('/api/site/theme/v1')).json();
  expect(theme.data.themeColor, 'the server was started with DEMO_THEME_COLOR').toBe(themeColor);
});

test.describe('before the app runs', () => {
  // No script runs: what shows is the server's HTML and the stylesheets alone.
  test.use({ javaScriptEnabled: false });

  test('the first frame, drawn by the server, is already in the theme, and its policy allows the colours', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && refused.push(m.text())));
    await page.goto('/pricing-table?language=pt');
    await page.locator('.preview').first().waitFor();
    const fill = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-fill').trim());
    expect(fill).toBe(palette.fill);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(palette.brand);
    expect(refused).toEqual([]);
  });
});

/** The screen with the server's theme applied, then axe. */
async function checkScreen(page: Page, s: Screen, lang: 'pt' | 'en') {
  await openScreen(page, s, lang);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-fill').trim())).toBe(palette.fill);
  await expectAccessible(page);
  if (photographed.has(s.shot)) await screenshots(page, `theme-${s.shot}-${lang}`);
}

// Colours do not change with the language, so the default one (pt) is enough here; both languages
// are checked under the default theme by screens.spec.ts. One language keeps npm test's time down.
for (const lang of ['pt'] as const) {
  test.describe(`every screen in ${lang} with a dark orange theme`, () => {
    test.use({ locale: lang === 'pt' ? 'pt-BR' : 'en-US' });

    for (const s of publicScreens) {
      test(`${s.path}`, async ({ page }) => checkScreen(page, s, lang));
    }

    test('the account pages, signed in, and a paid order', async ({ page, request, login }) => {
      // Nine pages each checked by axe, a log-in and a payment: about a minute on a quiet machine,
      // so the budget is three, as the cores are shared in CI.
      test.setTimeout(180_000);
      const who = await login(`theme-${lang}`);
      for (const s of accountScreens) await checkScreen(page, s, lang);
      const paid = await payByCard(page, request, who.email, '4242424242424242');
      for (const s of paidOrderScreens(paid.data?.orderId ?? paid.data?.id ?? '')) await checkScreen(page, s, lang);
    });
  });
}
