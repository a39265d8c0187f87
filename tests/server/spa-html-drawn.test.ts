/**
 * The public first screens hold the app drawn on the server (docs/decisions/033), in the visitor's
 * language, with the API's plans and banners, kept fresh through the change feed.
 *
 * BUILT_APP_DIST may name a fresh production build (npm test builds once and passes it); otherwise
 * the app is built once for the run (tests/helpers/built-app.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootScript, linked, useHtmlServer } from '../helpers/spa-build';

const root = path.resolve(import.meta.dirname, '..', '..');
const { dist, server, page, screenFiles, entryFiles, languageChunk, firstBanner } = useHtmlServer();

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

  it('carries the reads it was drawn from for an anonymous visitor, as the API answers them, and none for a signed-in one (docs/decisions/064)', async () => {
    const readsOf = (html: string) => {
      const block = /<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html)?.[1];
      return block === undefined ? undefined : (JSON.parse(block) as Record<string, unknown>);
    };
    const reads = readsOf((await page('/pricing-table', { 'accept-language': 'en' })).body);
    expect(Object.keys(reads ?? {}).sort()).toEqual(['banners:pricing:en', 'plans:en', 'siteConfig', 'theme']);
    expect(reads!['plans:en']).toEqual((await server.get('/api/site/listPlans/v1?language=en', { Language: 'en' })).body.data);
    expect(reads!.theme).toEqual((await server.get('/api/site/theme/v1')).body.data);
    expect(reads!['banners:pricing:en']).toEqual((await server.get('/api/site/banner/v1?position=pricing&language=en', { Language: 'en' })).body.data);
    // A signed-in visitor's plans have their own prices: their page carries no reads.
    expect(readsOf((await page('/pricing-table', { 'accept-language': 'en', cookie: 'signed_in=1' })).body)).toBeUndefined();
    expect(readsOf((await page('/payment?planId=1', { 'accept-language': 'en', cookie: 'signed_in=1' })).body)).toBeUndefined();
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
    // List prices "may vary after you log in" is the anonymous visitor's notice only (spec section 2).
    const notice = `<p class="muted">${escaped(t['pricing.mayVary']!)}</p>`;
    expect(anonymous).toContain(notice);
    expect(signedIn).not.toContain(notice);
    // The rest of the page is the same.
    expect(signedIn.replace(/<div class="session-menu"[\s\S]*?<\/div>/, '')).toBe(
      anonymous.replace(/<div class="session-menu"[\s\S]*?<\/div>/, '').replace(notice, ''),
    );
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
