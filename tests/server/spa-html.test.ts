/**
 * The web app's HTML per route (docs/decisions/030): each address's HTML names the chunks its
 * screen and language need beyond the entry's, every named file is in the build, and the API, the
 * assets and the answers without a build behave as before. The drawn first screens:
 * spa-html-drawn.test.ts; the banners' pictures: spa-html-banners.test.ts.
 *
 * BUILT_APP_DIST may name a fresh production build (npm test builds once and passes it); otherwise
 * the app is built once for the run (tests/helpers/built-app.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bannerLinks, linked, useHtmlServer } from '../helpers/spa-build';
import { startTestServer } from '../helpers/test-server';

const { dist, workDir, server, page, screenFiles, entryFiles, languageChunk, screenMessages } = useHtmlServer();

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
    // The screen's own messages, in that language only, travel with its code (docs/decisions/062).
    expect(pt).toContain(screenMessages('LoginScreen', 'pt'));
    expect(pt).not.toContain(screenMessages('LoginScreen', 'en'));
    const english = linked((await page('/login', { 'accept-language': 'en-US' })).body);
    expect(english).toEqual(expect.arrayContaining([en, screenMessages('LoginScreen', 'en')]));
    expect(english).not.toContain(screenMessages('LoginScreen', 'pt'));
    expect(linked((await page('/reset-password', { 'accept-language': 'pt-BR' })).body)).toContain(screenMessages('ResetPasswordScreen', 'pt'));
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
