/**
 * The web app's HTML per route (docs/decisions/030): each address's HTML names the chunks its
 * screen and language need beyond the entry's, every named file is in the build, the first screens
 * with banners name the first banner's pictures (kept fresh through the change feed and the
 * banners' validity windows), and the API, the assets and the answers without a build behave as
 * before.
 *
 * BUILT_APP_DIST may name a fresh production build (npm test builds once and passes it); otherwise
 * the app is built here.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import {
  bannerLinks,
  bootScript,
  entryFiles as entryFilesOf,
  expectedLinks,
  languageChunk as languageChunkOf,
  linked,
  screenFiles as screenFilesOf,
  useBuiltApp,
} from '../helpers/spa-build';
import { startTestServer, useTestServer } from '../helpers/test-server';

const root = path.resolve(import.meta.dirname, '..', '..');
const { dist, workDir } = useBuiltApp();

const clock = createFakeClock();
const server = useTestServer({ STATIC_DIR: dist }, { clock });
const HOUR = 3_600_000;

const page = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const screenFiles = (module: string) => screenFilesOf(dist, module);
const entryFiles = () => entryFilesOf(dist);
const languageChunk = (language: string) => languageChunkOf(dist, language);

describe("each route's HTML names its screen's chunks", () => {
  it.each([
    ['/forgot-password', 'src/screens/password-recovery/password-recovery-screen.tsx'],
    ['/payment?planId=1', 'src/screens/payment/payment-screen.tsx'],
    ['/plan-details/12', 'src/screens/plan-details/plan-details-screen.tsx'],
    ['/Orders/', 'src/screens/account/account-screen.tsx'],
  ])('%s links every file of %s, after the entry, and each is in the build', async (url, module) => {
    const res = await page(url, { 'accept-language': 'pt-BR,pt;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const files = linked(res.body);
    // Every file the screen needs is linked, either by the entry or as a hint.
    expect(files).toEqual(expect.arrayContaining(screenFiles(module)));
    const hints = files.slice(entryFiles().length);
    expect(files.slice(0, entryFiles().length).sort()).toEqual(entryFiles().sort());
    expect(hints.length).toBeGreaterThan(0);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(existsSync(path.join(dist, file)), file).toBe(true);
    // CSS is fetched early but applied by the app when the screen mounts, as before.
    for (const file of hints)
      expect(res.body).toContain(
        file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`,
      );
  });

  it("names no other screen's chunks: the landing page's screen is in the entry", async () => {
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const unknown = await page('/no-such-page', { 'accept-language': 'pt-BR' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(index);
    // The pricing table adds its first banner's pictures, and no file; / is the pricing table.
    const pricing = await page('/pricing-table', { 'accept-language': 'pt-BR' });
    expect(linked(pricing.body).sort()).toEqual(linked(index).sort());
    expect(bannerLinks(pricing.body).length).toBeGreaterThan(0);
    expect((await page('/', { 'accept-language': 'pt-BR' })).body).toBe(pricing.body);
  });

  it('follows the entry rules: an address the app redirects gets the hints of the screen it lands on', async () => {
    const payment = await page('/payment?planId=1', { 'accept-language': 'en-US' });
    const stb = await page('/stbPayment?p=1', { 'accept-language': 'en-US' });
    expect(stb.body).toBe(payment.body);
    expect(linked(stb.body)).toEqual(expect.arrayContaining(screenFiles('src/screens/payment/payment-screen.tsx')));
    // The language the redirect carries (la → language) picks the language chunk.
    expect(linked((await page('/order?la=es', { 'accept-language': 'en-US' })).body)).toContain(languageChunk('es'));
  });

  it('names the chunk of the language the app will pick: the address first, then the browser', async () => {
    const en = languageChunk('en');
    const es = languageChunk('es');
    expect(linked((await page('/login', { 'accept-language': 'en-US,en;q=0.9' })).body)).toContain(en);
    expect(linked((await page('/login', { 'accept-language': 'xx, es-AR;q=0.8' })).body)).toContain(es);
    expect(linked((await page('/login?language=es', { 'accept-language': 'en-US' })).body)).toEqual(expect.arrayContaining([es]));
    expect(linked((await page('/login?language=es', { 'accept-language': 'en-US' })).body)).not.toContain(en);
    expect(linked((await page('/login?la=es', { 'accept-language': 'en-US' })).body)).toContain(es);
    // Portuguese is in the entry.
    const pt = linked((await page('/login', { 'accept-language': 'pt-BR' })).body);
    expect(pt).not.toContain(en);
    expect(pt).not.toContain(es);
  });

  it('is compressed for browsers that accept it, revalidates with its ETag and answers HEAD', async () => {
    const plain = await page('/login', { 'accept-language': 'pt-BR' });
    const br = await page('/login', { 'accept-language': 'pt-BR', 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await page('/login', { 'accept-language': 'pt-BR', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page('/login', { 'accept-language': 'en', 'if-none-match': etag })).statusCode).toBe(200);
    const head = await server.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('the public first screens hold the app drawn for an anonymous visitor (docs/decisions/033)', () => {
  const messages = (language: string) =>
    JSON.parse(readFileSync(path.join(root, 'core', 'i18n', 'lang', `${language}.json`), 'utf8')) as Record<string, string>;
  const drawn = (html: string) => /<div id="root"><div class="preview" inert>([\s\S]*)<\/div><\/div>\s*<noscript>/.exec(html)?.[1];
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  async function planNames(language: string) {
    const res = await server.get(`/api/site/listPlans/v1?language=${language}`, { Language: language });
    expect(res.status).toBe(200);
    return (res.body.data as { name: string }[]).map((p) => p.name);
  }

  it.each([
    ['pt-BR', 'pt'],
    ['en-US,en;q=0.9', 'en'],
    ['ru', 'ru'],
  ])("/pricing-table in %s: the pricing screen in the visitor's language, with the API's plans and first banner", async (acceptLanguage, language) => {
    const html = (await page('/pricing-table', { 'accept-language': acceptLanguage })).body;
    expect(html).toContain(`<html lang="${language}">`);
    const markup = drawn(html);
    expect(markup).toBeDefined();
    expect(markup).toContain(`<h1 id="pricing-title">${escaped(messages(language)['pricing.title']!)}</h1>`);
    const names = await planNames(language);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(markup).toContain(escaped(name));
    const banner = await firstBanner('pricing', language);
    expect(markup).toContain(`srcSet="${banner!.mobileImageUrl}"`);
    expect(markup).toContain(`src="${banner!.imageUrl}"`);
  });

  it('/login and /register are drawn; the address language wins over the browser', async () => {
    const login = drawn((await page('/login?language=es', { 'accept-language': 'en-US' })).body);
    expect(login).toContain(`<h1 id="login-title">${escaped(messages('es')['login.title']!)}</h1>`);
    expect(login).toContain('id="login-account"');
    // The language the app last showed (its cookie) stands for the visitor's stored choice.
    const shown = (await page('/login', { 'accept-language': 'en-US', cookie: 'theme=x; language=ru' })).body;
    expect(shown).toContain(`<html lang="ru">`);
    expect(drawn(shown)).toContain(escaped(messages('ru')['login.title']!));
    expect(linked(shown)).toContain(languageChunk('ru'));
    expect(drawn((await page('/login?la=es', { cookie: 'language=ru' })).body)).toContain(escaped(messages('es')['login.title']!));
    expect(drawn((await page('/register', { 'accept-language': 'en' })).body)).toContain('<form');
  });

  it('starts the app through /boot.js once drawn: the same entry and modules, the screen stylesheets applied', async () => {
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const html = (await page('/login', { 'accept-language': 'en' })).body;
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const boot = bootScript(html)!;
    expect(boot.entry).toBe(/<script type="module" crossorigin src="([^"]+)">/.exec(index)![1]);
    const files = [boot.entry, ...boot.modules];
    const js = [...entryFiles(), ...screenFiles('src/screens/login/login-screen.tsx')].filter((f) => f.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining([...new Set(js), languageChunk('en')]));
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(existsSync(path.join(dist, file)), file).toBe(true);
    for (const css of [...entryFiles(), ...screenFiles('src/screens/login/login-screen.tsx')].filter((f) => f.endsWith('.css'))) {
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="${css}">`);
    }
    const script = await page('/boot.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('draws nothing where the server cannot know the page: signed-in screens, other screens, an unknown language', async () => {
    const cases = [
      ['/payment?planId=1', 'pt-BR', ''],
      ['/account', 'en', 'signed_in=1'],
      ['/orders', 'en', 'signed_in=1'],
      ['/help', 'pt-BR', 'signed_in=1'],
      ['/forgot-password', 'en', ''],
      ['/login', 'xx', ''],
      ['/Login', 'pt-BR', ''],
      ['/payment?planId=1', 'xx', 'signed_in=1'],
    ] as const;
    for (const [url, acceptLanguage, cookie] of cases) {
      const html = (await page(url, { 'accept-language': acceptLanguage, cookie })).body;
      expect(drawn(html), `${url} ${acceptLanguage} ${cookie}`).toBeUndefined();
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/');
    }
  });

  it("/payment is drawn for a browser that says it is signed in: the checkout's first frame, with no name, plan or order in it", async () => {
    const t = messages('en');
    const signedIn = { 'accept-language': 'en', cookie: 'language=en; signed_in=1' };
    const res = await page('/payment?planId=1', signedIn);
    const markup = drawn(res.body)!;
    expect(markup).toBeDefined();
    expect(markup).toContain(`<h1>${escaped(t['payment.title']!)}</h1>`);
    expect(markup).toContain(escaped(t['payment.loading']!));
    const banner = await firstBanner('payment', 'en');
    expect(markup).toContain(`src="${banner!.imageUrl}"`);
    // The header of a signed-in visitor, whose name the server does not know.
    expect(markup).toContain(`>${escaped(t['session.logOut']!)}</button>`);
    expect(markup).toContain('href="/account"');
    expect(markup).not.toContain(escaped(t['session.logIn']!));
    expect(markup).not.toMatch(/Signed in as/);
    const boot = bootScript(res.body)!;
    expect([boot.entry, ...boot.modules]).toEqual(
      expect.arrayContaining(screenFiles('src/screens/payment/payment-screen.tsx').filter((f) => f.endsWith('.js'))),
    );
    // One page for every checkout, whatever the plan or the code: nothing of the address is in it.
    for (const url of ['/payment?planId=2', '/payment?p=7&discountCode=SAVE10', '/payment?planId=1&utm_source=mail']) {
      const other = await page(url, signedIn);
      expect(other.body, url).toBe(res.body);
    }
    expect(res.body).not.toContain('SAVE10');
  });

  it('/payment draws a repay and a bare address each its own way, and nothing in the set-top-box scene', async () => {
    const t = messages('pt');
    const signedIn = { 'accept-language': 'pt-BR', cookie: 'signed_in=1' };
    const repay = await page('/payment?orderId=ORD-123', signedIn);
    const markup = drawn(repay.body)!;
    expect(markup).toContain(escaped(t['payment.loading']!));
    expect(markup).not.toContain('ORD-123');
    expect((await page('/payment?orderId=ORD-456', signedIn)).body).toBe(repay.body);
    const checkout = await page('/payment?planId=1', signedIn);
    expect(checkout.body).not.toBe(repay.body);
    const bare = drawn((await page('/payment', signedIn)).body)!;
    expect(bare).toContain(escaped(t['payment.noPlan']!));
    // The set-top-box scene links the very plan to the phone hand-off: not drawn.
    expect(drawn((await page('/payment?planId=1&releaseId=stb', signedIn)).body)).toBeUndefined();
  });

  it('draws the public screens with the header of a signed-in visitor when the browser says so', async () => {
    const t = messages('en');
    const anonymous = drawn((await page('/pricing-table', { 'accept-language': 'en' })).body)!;
    expect(anonymous).toContain(escaped(t['session.logIn']!));
    expect(anonymous).not.toContain(escaped(t['session.logOut']!));
    const signedIn = drawn((await page('/pricing-table', { 'accept-language': 'en', cookie: 'signed_in=1' })).body)!;
    expect(signedIn).toContain(`>${escaped(t['session.logOut']!)}</button>`);
    expect(signedIn).not.toContain(escaped(t['session.logIn']!));
    // The rest of the page is the same.
    expect(signedIn.replace(/<div class="session-menu"[\s\S]*?<\/div>/, '')).toBe(anonymous.replace(/<div class="session-menu"[\s\S]*?<\/div>/, ''));
    // A cookie that says anything else is no hint.
    expect(drawn((await page('/pricing-table', { 'accept-language': 'en', cookie: 'signed_in=0' })).body)).toBe(anonymous);
  });

  it('draws the new plan name once a plan is renamed in the database, through the change feed', async () => {
    const before = await page('/pricing-table', { 'accept-language': 'en' });
    const [name] = await planNames('en');
    const rows = await server.db.query<{ plan_id: number }>(`SELECT plan_id FROM plan_texts WHERE lang = 'en' AND name = $1`, [name]);
    const planId = rows[0]!.plan_id;
    try {
      await server.db.query(`UPDATE plan_texts SET name = 'Renamed <plan>' WHERE plan_id = $1 AND lang = 'en'`, [planId]);
      const after = await page('/pricing-table', { 'accept-language': 'en' });
      expect(drawn(after.body)).toContain('Renamed &lt;plan&gt;');
      expect(drawn(after.body)).not.toContain('<plan>');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await server.db.query(`UPDATE plan_texts SET name = $2 WHERE plan_id = $1 AND lang = 'en'`, [planId, name]);
    }
    expect((await page('/pricing-table', { 'accept-language': 'en' })).body).toBe(before.body);
  });

  it("keeps the build's own records to the server: the preview renderer and the manifest are not served", async () => {
    for (const url of ['/.vite/preview/render-preview.js', '/.vite/manifest.json', '/.vite/route-hints.json']) {
      const res = await page(url);
      expect(res.body, url).not.toContain('renderPreview');
      expect(res.body, url).not.toContain('"isEntry"');
      expect(res.body, url).not.toContain('"routes"');
    }
  });
});

/** The first banner the banners API answers for a place, as the app reads it. */
async function firstBanner(position: string, language: string) {
  const res = await server.get(`/api/site/banner/v1?position=${position}&language=${language}`, { Language: language });
  expect(res.status).toBe(200);
  return (res.body.data as { id: string; imageUrl: string; mobileImageUrl?: string }[])[0];
}

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

describe('everything else is answered as before', () => {
  it('API addresses that do not exist are refused in the envelope, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/login'],
      ['DELETE', '/payment'],
    ] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 1 });
    }
  });

  it('the hashed assets are served as files, kept for a year', async () => {
    const file = entryFiles().find((f) => f.endsWith('.js'))!;
    const res = await page(file, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a build without route hints is served its index.html as it is; without a build, the API alone', async () => {
    const bare = path.join(workDir, 'bare');
    mkdirSync(bare, { recursive: true });
    writeFileSync(path.join(bare, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    const empty = path.join(workDir, 'empty');
    mkdirSync(empty, { recursive: true });
    const [withIndex, without] = [await startTestServer({ STATIC_DIR: bare }), await startTestServer({ STATIC_DIR: empty })];
    try {
      const res = await withIndex.app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(readFileSync(path.join(bare, 'index.html'), 'utf8'));
      for (const url of ['/', '/login']) {
        const missing = await without.app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.json(), url).toMatchObject({ code: 1 });
      }
    } finally {
      await withIndex.close();
      await without.close();
    }
  });
});
