/**
 * The first screens with banners name the first banner's pictures in their HTML
 * (docs/decisions/030), kept fresh through the change feed and the banners' validity windows.
 *
 * BUILT_APP_DIST may name a fresh production build (npm test builds once and passes it); otherwise
 * the app is built once for the run (tests/helpers/built-app.ts).
 */
import { describe, expect, it } from 'vitest';
import { bannerLinks, expectedLinks, linked, useHtmlServer } from '../helpers/spa-build';

const HOUR = 3_600_000;
const { clock, server, page, firstBanner } = useHtmlServer();

describe("the first screens with banners name their first banner's pictures", () => {
  it.each([
    ['/pricing-table', 'pricing', 'pt-BR', 'pt'],
    ['/payment?planId=1', 'payment', 'en-US,en;q=0.9', 'en'],
    ['/account', 'account', 'es', 'es'],
    ['/orders?la=ru', 'account', 'en', 'ru'],
  ])('%s names the first %s banner the banners API returns in %s', async (url, position, acceptLanguage, language) => {
    const first = await firstBanner(position, language);
    expect(first).toBeDefined();
    const html = (await page(url, { 'accept-language': acceptLanguage })).body;
    expect(bannerLinks(html)).toEqual(expectedLinks(first));
    // After the route's chunks, so they are not delayed.
    expect(html.indexOf('as="image"')).toBeGreaterThan(html.lastIndexOf('/assets/', html.indexOf('</head>')));
  });

  it('names no banner where the app preloads none: other screens, an unknown language, another spelling of the address', async () => {
    for (const [url, acceptLanguage] of [
      ['/login', 'pt-BR'],
      ['/payment', ''],
      ['/payment', 'xx'],
      ['/Payment/', 'pt'],
    ] as const) {
      const html = (await page(url, acceptLanguage ? { 'accept-language': acceptLanguage } : {})).body;
      expect(bannerLinks(html), `${url} ${acceptLanguage}`).toEqual([]);
    }
  });

  it('names another banner once a banner is edited in the database, through the change feed', async () => {
    const before = await page('/payment', { 'accept-language': 'pt-BR' });
    expect(bannerLinks(before.body)).toEqual(expectedLinks(await firstBanner('payment', 'pt')));
    try {
      // Sorted before payment-pix (position, sort, id); without a phone picture.
      await server.db.query(
        `INSERT INTO banners (id, position, sort, titles, image_url) VALUES ('payment-a', 'payment', 0, '{"pt":"Novo"}', '/brand/new-payment.svg')`,
      );
      const after = await page('/payment', { 'accept-language': 'pt-BR' });
      expect((await firstBanner('payment', 'pt'))?.id).toBe('payment-a');
      expect(bannerLinks(after.body)).toEqual([{ href: '/brand/new-payment.svg', media: undefined }]);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      await server.db.query(`UPDATE banners SET image_url = '/brand/newer-payment.svg' WHERE id = 'payment-a'`);
      expect(bannerLinks((await page('/payment', { 'accept-language': 'pt-BR' })).body)).toEqual([{ href: '/brand/newer-payment.svg', media: undefined }]);
    } finally {
      await server.db.query(`DELETE FROM banners WHERE id = 'payment-a'`);
    }
    expect((await page('/payment', { 'accept-language': 'pt-BR' })).body).toBe(before.body);
  });

  it('names another banner once the clock passes a validity window opening or closing, with no change in the database', async () => {
    const usual = (await page('/payment', { 'accept-language': 'en' })).body;
    const now = clock.now();
    // Shown from an hour from now for an hour, before payment-pix.
    await server.db.query(
      `INSERT INTO banners (id, position, sort, titles, image_url, mobile_image_url, valid_from, valid_to)
       VALUES ('payment-0', 'payment', 0, '{"en":"Soon"}', '/brand/soon.svg', '/brand/soon-mobile.svg', $1, $2)`,
      [new Date(now + HOUR), new Date(now + 2 * HOUR)],
    );
    try {
      // Made and kept after the insert: the window has not opened.
      expect((await page('/payment', { 'accept-language': 'en' })).body).toBe(usual);
      expect((await page('/payment', { 'accept-language': 'en' })).body).toBe(usual);
      clock.advance(HOUR - 1);
      expect((await page('/payment', { 'accept-language': 'en' })).body).toBe(usual);
      clock.advance(1);
      expect((await firstBanner('payment', 'en'))?.id).toBe('payment-0');
      expect(bannerLinks((await page('/payment', { 'accept-language': 'en' })).body)).toEqual([
        { href: '/brand/soon.svg', media: '(min-width: 761px)' },
        { href: '/brand/soon-mobile.svg', media: '(max-width: 760px)' },
      ]);
      clock.advance(HOUR);
      expect((await firstBanner('payment', 'en'))?.id).toBe('payment-pix');
      expect((await page('/payment', { 'accept-language': 'en' })).body).toBe(usual);
    } finally {
      await server.db.query(`DELETE FROM banners WHERE id = 'payment-0'`);
    }
  });

  it('names no banner when the place has none', async () => {
    const withBanner = (await page('/account', { 'accept-language': 'pt-BR' })).body;
    expect(bannerLinks(withBanner).length).toBeGreaterThan(0);
    await server.db.query(`UPDATE banners SET active = false WHERE position = 'account'`);
    try {
      expect(await firstBanner('account', 'pt')).toBeUndefined();
      const html = (await page('/account', { 'accept-language': 'pt-BR' })).body;
      expect(bannerLinks(html)).toEqual([]);
      expect(linked(html)).toEqual(linked(withBanner));
    } finally {
      await server.db.query(`UPDATE banners SET active = true WHERE position = 'account'`);
    }
  });
});
