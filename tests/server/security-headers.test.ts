import { createHash } from 'node:crypto';
import { brandPalette, paletteRule } from '../../core/config/colors';
import { readdirSync, readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listOperations, loadContract, toFastifyPath } from '../../server/openapi/contract';
import { appPolicy, HSTS } from '../../server/security/headers';
import { sandboxPagePolicy } from '../../server/routes/sandbox-pages';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

// Security headers on every answer (docs/decisions/031): the contract's operations, the web app's
// routes, its files, 404s and the health routes.
const server = useTestServer();
const proxied = useTestServer({ TRUST_PROXY: 'true' });

const operations = listOperations(loadContract());
const urlOf = (path: string) => toFastifyPath(path).replace(/:(\w+)/g, '1');
/** The public reads kept and revalidated (server/routes/cached-reads.ts): the same for everyone. */
const sharedReads = new Set(['getTheme', 'getSiteConfig']);

// The web app's routes, as the router declares them.
const spaRoutes = [...readFileSync('src/app/router.tsx', 'utf8').matchAll(/<Route\s+path="(\/[^"*]*)"/g)].map((m) => m[1]!.replace(/:\w+/g, '7'));

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = directives(res);
  // object-src and script-src fall back to default-src; base-uri and frame-ancestors do not.
  expect(csp.get('object-src') ?? csp.get('default-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  // Plain HTTP: HSTS means nothing there and is not sent (RFC 6797 §7.2).
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

async function signedIn(): Promise<string> {
  const account = await createTestAccount(server);
  const res = await server.app.inject({ method: 'POST', url: '/api/user/login/v1', payload: loginBody(account) });
  expect(res.json().code).toBe(0);
  return res.json().data.token as string;
}

describe('security headers on every answer', () => {
  it('the contract has its operations, the router its routes', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(spaRoutes).toEqual(expect.arrayContaining(['/login', '/reset-password', '/account', '/plan-details/7']));
  });

  it('every operation, anonymous and signed in: CSP, nosniff, no-referrer; no-store unless a shared read', async () => {
    const token = await signedIn();
    let answers = 0;
    for (const op of operations) {
      for (const authorization of ['null', token]) {
        const what = `${op.method.toUpperCase()} ${op.path} (${authorization === 'null' ? 'anonymous' : 'signed in'})`;
        const res = await server.app.inject({ method: op.method.toUpperCase() as 'GET', url: urlOf(op.path), headers: { authorization } });
        expectSecurityHeaders(res, what);
        const cache = res.headers['cache-control'];
        if (sharedReads.has(op.operationId) && res.statusCode === 200) {
          expect(cache, what).toBe('no-cache');
          expect(res.headers.etag, what).toBeTruthy();
        } else if (op.operationId === 'listPlans' && res.statusCode === 200 && authorization === 'null') {
          // The anonymous price list is the same for everyone with the same language and filters.
          expect(cache, what).toBe('no-cache');
        } else {
          expect(String(cache), what).toMatch(/(^|[\s,])no-store($|,)/);
        }
        answers++;
      }
    }
    console.log(`security headers: ${operations.length} operations × 2 callers = ${answers} answers, each with CSP, nosniff, no-referrer and its cache rule`);
  });

  it('a signed-in answer that sets its own caching still ends as no-store (listPlans has its own prices)', async () => {
    const token = await signedIn();
    const res = await server.app.inject({ method: 'GET', url: '/api/site/listPlans/v1', headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/site/listPlans/v1', headers: { authorization: 'null' } });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers.etag).toBeTruthy();
  });

  it("the web app's routes, the reset page with its token, an unknown page, assets, files, 404s and the health routes", async () => {
    const asset = readdirSync('dist/assets').find((f) => f.endsWith('.js'));
    expect(asset, 'a build in dist/').toBeTruthy();
    const urls = [
      ...spaRoutes,
      '/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      '/no-such-page',
      `/assets/${asset}`,
      '/brand/logo.svg',
      '/assets/missing.js',
      '/healthz',
      '/readyz',
      '/api/no/such/operation',
    ];
    for (const url of urls) {
      const res = await server.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res, url);
    }
    const page = await server.app.inject({ method: 'GET', url: '/reset-password?token=abc' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's policy, with the one inline style the page carries allowed by its hash: the site's colours (server/routes/spa-brand.ts).
    const brandRule = paletteRule(brandPalette('#5b2be0')!);
    expect(page.headers['content-security-policy']).toBe(
      appPolicy({ googleClientId: undefined }, [`'sha256-${createHash('sha256').update(brandRule).digest('base64')}'`]),
    );
    const hashed = await server.app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The brand's pictures are kept an hour (docs/decisions/064); the boot script is revalidated.
    expect((await server.app.inject({ method: 'GET', url: '/brand/logo-mark.svg' })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await server.app.inject({ method: 'GET', url: '/boot.js' })).headers['cache-control']).toBe('no-cache');
    const post404 = await server.app.inject({ method: 'POST', url: '/no-such-page' });
    expect(post404.statusCode).toBe(404);
    expectSecurityHeaders(post404, 'POST /no-such-page');
  });

  it('pages with their own policy keep it: the developer mailbox, the sandbox hosted pages', async () => {
    const mailbox = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(directives(mailbox).get('default-src')).toEqual(["'none'"]);
    expectSecurityHeaders(mailbox, '/dev/mailbox');
    const hosted = await server.app.inject({ method: 'GET', url: '/sandbox/paypal/checkoutnow?token=unknown' });
    expect(hosted.headers['content-type']).toMatch(/^text\/html/);
    expect(hosted.headers['content-security-policy']).toBe(sandboxPagePolicy);
    expectSecurityHeaders(hosted, '/sandbox/paypal/checkoutnow');
    // The one style block is the one the policy's hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(hosted.body)![1]!;
    const { createHash } = await import('node:crypto');
    expect(directives(hosted).get('style-src')).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`]);
    expect(hosted.body).not.toMatch(/<script|style="/);
  });

  it('HSTS for a year with subdomains over TLS behind a trusted proxy; not over plain HTTP', async () => {
    for (const url of ['/api/site/theme/v1', '/login', '/healthz']) {
      const tls = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security'], url).toBe(HSTS);
      expect(HSTS).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      // Without TRUST_PROXY the header is the client's word, and is not believed.
      const untrusted = await server.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(untrusted.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("Google's sign-in origins are allowed only when sign-in is configured", () => {
    const off = appPolicy({ googleClientId: undefined });
    expect(off).not.toContain('google');
    expect(off).toContain("frame-src 'none'");
    const on = appPolicy({ googleClientId: 'client.apps.googleusercontent.com' });
    expect(on).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(on).toContain('frame-src https://accounts.google.com/gsi/');
    expect(on).not.toMatch(/unsafe-/);
  });
});
