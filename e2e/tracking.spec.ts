import { expect, test } from './fixtures';

test.describe('tracking and resilience (spec section 9)', () => {
  test.use({ locale: 'en-US' });

  test('page loads are reported as events 1, 3 and 5 with their page ids and ver_code 2.3.2', async ({ page }) => {
    const reports: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/site/report') && r.method() === 'POST') reports.push(r.postDataJSON() as Record<string, unknown>);
    });
    await page.goto('/pricing-table');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
    await expect.poll(() => reports.map((r) => `${r.eventId}:${r.pageId}`)).toEqual(['1:1', '3:1', '5:1', '1:14', '3:14']);
    expect(reports[0]).toMatchObject({ verCode: '2.3.2', clientType: 'WEB', scene: 'WEB', language: 'en', path: '/pricing-table' });
    expect(reports[1]!.durationMs).toEqual(expect.any(Number));
  });

  test('a tracking endpoint that is down changes nothing for the visitor', async ({ page, consoleErrors }) => {
    await page.route('**/api/site/report', (route) => route.abort('connectionrefused'));
    await page.goto('/pricing-table');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
    // No toast: a tracking failure is nobody's business but the log's.
    await expect(page.getByRole('status').filter({ hasText: /network|connection/i })).toHaveCount(0);
    // The browser logs the refused reports themselves; anything else would be a fault.
    const others = consoleErrors.filter((e) => !/net::ERR_CONNECTION_REFUSED|Failed to load resource/.test(e));
    expect(others).toEqual([]);
    consoleErrors.splice(0, consoleErrors.length);
  });

  test('a page whose code cannot be downloaded shows a translated retry, never a blank page', async ({ page, consoleErrors }) => {
    await page.goto('/pricing-table');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    // The help page's chunk (and only it) fails to download from now on.
    await page.route(/\/assets\/help-screen-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('navigation').getByRole('link', { name: 'Help' }).click();
    await expect(page.getByText('This page could not be loaded. Check your connection and try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    // The failed download is logged by the browser and the boundary; nothing else went wrong.
    const others = consoleErrors.filter((e) => !/Failed to load resource|net::ERR_FAILED|screen failed to render|dynamically imported module/.test(e));
    expect(others).toEqual([]);
    consoleErrors.splice(0, consoleErrors.length);
  });
});
