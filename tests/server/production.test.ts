/**
 * A production server on a fresh database, started as the README says (NODE_ENV=production,
 * APP_SECRET, PUBLIC_URL), takes no sandbox money and has no demo content; the same with
 * PAYMENTS=sandbox is a demo site that says so (docs/decisions/035, docs/security.md).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HSTS } from '../../server/security/headers';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const production = { NODE_ENV: 'production', APP_SECRET: 'production-secret-of-at-least-32-characters', PUBLIC_URL: 'https://tv.example.com' };
const live = useTestServer(production);
const demoSite = useTestServer({ ...production, PAYMENTS: 'sandbox', FLOWS_PAGE: 'on' });
const development = useTestServer({ NODE_ENV: 'development' });

type Server = typeof live;
const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '737', holder: 'Ana Souza' };

async function customer(server: Server) {
  const account = await createTestAccount(server);
  const res = await server.post('/api/user/login/v1', loginBody(account));
  expect(res.body.code).toBe(0);
  return { Authorization: res.body.data.token as string, Language: 'en' };
}
const methods = (server: Server, auth: Record<string, string>) =>
  server.post('/api/bill/payment/methods/v1', { planId: '1', country: 'BR', currency: 'BRL' }, auth);
const payByCard = (server: Server, auth: Record<string, string>) =>
  server.post('/api/bill/pay/v1', { planId: '1', method: 'card', currency: 'BRL', country: 'BR', email: 'ana@example.com', card }, auth);

// The build, when there is one (npm test builds before the suites): the app's own addresses.
const built = existsSync(path.join('dist', '.vite', 'manifest.json'));
const aSourceMap = built ? readdirSync(path.join('dist', 'assets')).find((f) => f.endsWith('.js.map')) : undefined;

describe('a production server (payments off by default)', () => {
  it('has no demo account, demo discount codes or demo banners, but the site content the portal needs', async () => {
    const demo = await live.post('/api/user/login/v1', { account: 'demo@aurora.example', password: 'aurora-demo-2026' });
    expect(demo.body.code).toBe(1);
    expect(await live.db.query("SELECT 1 FROM accounts WHERE email = 'demo@aurora.example'")).toEqual([]);
    expect(await live.db.query('SELECT code FROM discount_codes')).toEqual([]);
    expect(await live.db.query("SELECT 1 FROM site_settings WHERE key = 'bankAccounts'")).toEqual([]);
    // The demo's banners (a PIX discount no production site has offered) are demo content too.
    expect(await live.db.query('SELECT id FROM banners')).toEqual([]);
    expect((await development.db.query<{ id: string }>('SELECT id FROM banners ORDER BY id')).map((b) => b.id)).toEqual([
      'account-screens',
      'payment-pix',
      'pricing-yearly',
    ]);
    expect((await live.db.query<{ n: number }>('SELECT count(*)::int AS n FROM plans'))[0]!.n).toBeGreaterThan(0);
    expect((await live.get('/api/site/theme/v1')).body.code).toBe(0);
  });

  it('tells the browser it is not a sandbox, and has no flow atlas', async () => {
    const config = await live.get('/api/user/get/config/v1');
    expect(config.body.data).toMatchObject({ env: 'production', flowAtlas: false });
  });

  it('offers no payment method, and a card payment answers -2502 with no order and no charge', async () => {
    const auth = await customer(live);
    expect((await methods(live, auth)).body).toMatchObject({ code: 0, data: [] });
    expect((await payByCard(live, auth)).body).toMatchObject({ code: 1, errCode: -2502 });
    expect((await live.post('/api/bill/payment/query/token', { method: 'card' }, auth)).body).toMatchObject({ code: 1, errCode: -2502 });
    expect(await live.db.query('SELECT 1 FROM orders')).toEqual([]);
    expect(await live.db.query('SELECT 1 FROM sandbox_card_charges')).toEqual([]);
  });

  it('has no sandbox bank, chain, webhooks or hosted pages', async () => {
    const urls = ['/api/sandbox/pix/pay/x', '/api/sandbox/crypto/pay/x', '/api/sandbox/transfer/receive/x', '/api/payments/webhooks/sandbox-pix'];
    for (const url of [...urls, '/api/sandbox/card/dispute/x']) {
      expect((await live.app.inject({ method: 'POST', url })).statusCode, url).toBe(404);
    }
    // A card dispute is development-only, even on a demo site taking sandbox money (docs/decisions/059).
    expect((await demoSite.app.inject({ method: 'POST', url: '/api/sandbox/card/dispute/x' })).statusCode).toBe(404);
    // So is making its refund calls fail (docs/decisions/058): anyone could stop a demo site's refunds.
    const outage = { method: 'POST', url: '/api/sandbox/refunds/outage', payload: { fault: 'unavailable', calls: 1 } } as const;
    expect((await demoSite.app.inject(outage)).statusCode).toBe(404);
    expect((await live.app.inject(outage)).statusCode).toBe(404);
    // With the build, an unknown address is the app's own 404 page; without it, a 404: never PayPal's sandbox page.
    const hosted = await live.app.inject({ method: 'GET', url: '/sandbox/paypal/checkoutnow?token=x' });
    expect(hosted.body).not.toContain('sandbox checkout');
    expect((await demoSite.app.inject({ method: 'GET', url: '/sandbox/paypal/checkoutnow?token=x' })).body).toContain('sandbox checkout');
  });

  it('sends HSTS on every answer when its public address is https, whatever a proxy says', async () => {
    for (const url of ['/api/user/get/config/v1', '/healthz', '/api/nothing']) {
      expect((await live.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe(HSTS);
    }
    expect((await development.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
  });

  it.runIf(built)('answers /flows with a 404 and serves no source map (with the build)', async () => {
    expect((await live.app.inject({ method: 'GET', url: '/flows' })).statusCode).toBe(404);
    expect((await demoSite.app.inject({ method: 'GET', url: '/flows' })).statusCode).toBe(200);
    expect(aSourceMap).toBeDefined();
    expect((await live.app.inject({ method: 'GET', url: `/assets/${aSourceMap}` })).statusCode).toBe(404);
    expect((await development.app.inject({ method: 'GET', url: `/assets/${aSourceMap}` })).statusCode).toBe(200);
  });

  it.runIf(built)('serves the static atlas beside /flows where the page is on, and nothing else of docs/flows', async () => {
    const atlas = (server: typeof live) => server.app.inject({ method: 'GET', url: '/flows/atlas/index.html' });
    // Off: the address is the app's, which shows its page for unknown addresses.
    expect((await atlas(live)).body).not.toContain('How to read this page');
    const shown = await atlas(demoSite);
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, expect.stringContaining('text/html')]);
    expect(shown.body).toContain('How to read this page');
    expect((await demoSite.app.inject({ method: 'GET', url: '/flows/atlas/coverage.json' })).body).not.toContain('"machines"');
  });
});

describe('a production demo site (PAYMENTS=sandbox)', () => {
  it('says it is a sandbox, offers the sandbox methods and takes a test card', async () => {
    expect((await demoSite.get('/api/user/get/config/v1')).body.data).toMatchObject({ env: 'sandbox', flowAtlas: true });
    const auth = await customer(demoSite);
    const offered = (await methods(demoSite, auth)).body.data as { code: string }[];
    expect(offered.map((m) => m.code)).toEqual(expect.arrayContaining(['card', 'pix', 'boleto', 'bank_transfer']));
    expect((await payByCard(demoSite, auth)).body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    expect((await demoSite.post('/api/bill/payment/query/token', { method: 'card' }, auth)).body.data).toMatchObject({ environment: 'sandbox' });
  });

  it('still seeds no demo account, and its transfers go to the sandbox bank', async () => {
    expect(await demoSite.db.query("SELECT 1 FROM accounts WHERE email = 'demo@aurora.example'")).toEqual([]);
    const auth = await customer(demoSite);
    const transfer = await demoSite.post(
      '/api/bill/pay/v1',
      { planId: '1', method: 'bank_transfer', currency: 'BRL', country: 'BR', email: 'ana@example.com', payer: { firstName: 'Ana', lastName: 'Souza' } },
      auth,
    );
    expect(transfer.body.data).toMatchObject({ next: 'bank_transfer', account: { bankName: 'Banco Sandbox S.A. (999)' } });
    expect((await demoSite.app.inject({ method: 'POST', url: `/api/sandbox/transfer/receive/${transfer.body.data.reference}` })).json()).toMatchObject({
      result: 'applied',
    });
  });
});
