// The pricing page's reads besides the valuation (pricing.test.ts): the currencies, each method's
// discount, a converted price, the banners, and whether the account may buy a plan.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { createTestAccount, sessionFor } from '../helpers/accounts';
import { givePlan } from '../helpers/billing';
import { expectContract } from '../helpers/expect-contract';
import { useTestServer } from '../helpers/test-server';

const CURRENCIES = '/api/bill/getCheckCode/v1';
const METHOD_DISCOUNTS = '/api/site/plan/method/discount';
const CONVERT = '/api/site/plan/convert';
const BANNERS = '/api/site/banner/v1';
const AVAILABLE = '/api/site/checkPlanAvailable/v1';
const DAY = 86_400_000;

const clock = createFakeClock();
const server = useTestServer({}, { clock });

describe('GET /api/bill/getCheckCode/v1', () => {
  it('lists the active currencies with symbol, decimals and rate, the base first', async () => {
    await server.db.query("UPDATE currencies SET active = false WHERE code = 'RUB'");
    const res = await server.get(CURRENCIES);
    await server.db.query("UPDATE currencies SET active = true WHERE code = 'RUB'");
    expect(res.status).toBe(200);
    expectContract('get', CURRENCIES, res);
    expect(res.body.data.baseCurrency).toBe('BRL');
    expect(res.body.data.defaultCurrency).toBe('BRL');
    const list = res.body.data.currencies as any[];
    expect(list[0]).toEqual({ currency: 'BRL', symbol: 'R$', decimals: 2, exchangeRate: '1' });
    expect(list.find((c) => c.currency === 'CLP')).toEqual({ currency: 'CLP', symbol: '$', decimals: 0, exchangeRate: '171.30' });
    expect(list.find((c) => c.currency === 'PEN')?.symbol).toBe('S/.');
    expect(list.map((c) => c.currency)).not.toContain('RUB');
  });
});

describe('GET /api/site/plan/method/discount', () => {
  it('each enabled method’s discount, in display order', async () => {
    await server.db.query("UPDATE payment_methods SET enabled = false WHERE code = 'crypto'");
    const res = await server.get(`${METHOD_DISCOUNTS}?planId=3`);
    await server.db.query("UPDATE payment_methods SET enabled = true WHERE code = 'crypto'");
    expectContract('get', METHOD_DISCOUNTS, res);
    expect(res.body.data.planId).toBe('3');
    const discounts = res.body.data.discounts as any[];
    expect(discounts[0]).toEqual({ method: 'card', type: 'card', discountRate: 0 });
    expect(discounts.find((d) => d.method === 'pix')).toEqual({ method: 'pix', type: 'pix', discountRate: 5 });
    expect(discounts.map((d) => d.method)).not.toContain('crypto');
  });

  it('6001 for an unknown plan', async () => {
    const res = await server.get(`${METHOD_DISCOUNTS}?planId=404`);
    expectContract('get', METHOD_DISCOUNTS, res);
    expect(res.body.errCode).toBe(6001);
  });
});

describe('POST /api/site/plan/convert', () => {
  it('the BRL price beside the price in the currency: its own when it has one, else converted', async () => {
    const clp = await server.post(`${CONVERT}?planId=5`, { currency: 'CLP' });
    expectContract('post', CONVERT, clp);
    expect(clp.body.data).toEqual({ planId: '5', baseCurrency: 'BRL', basePrice: 29990, currency: 'CLP', price: 51373, exchangeRate: '171.30' });
    const usd = (await server.post(`${CONVERT}?planId=5`, { currency: 'USD' })).body.data;
    expect(usd).toMatchObject({ basePrice: 29990, price: 5999, exchangeRate: '0.182500' });
    const brl = (await server.post(`${CONVERT}?planId=5`, { currency: 'BRL' })).body.data;
    expect(brl).toMatchObject({ basePrice: 29990, price: 29990, exchangeRate: '1' });
  });

  it('6001, -2408 and 1030 as a valuation', async () => {
    expect((await server.post(`${CONVERT}?planId=50`, { currency: 'USD' })).body.errCode).toBe(6001);
    const eur = await server.post(`${CONVERT}?planId=5`, { currency: 'EUR' });
    expectContract('post', CONVERT, eur);
    expect(eur.body.errCode).toBe(-2408);
    await server.db.query("UPDATE currencies SET exchange_rate = '0' WHERE code = 'ZAR'");
    expect((await server.post(`${CONVERT}?planId=5`, { currency: 'ZAR' })).body.errCode).toBe(1030);
    await server.db.query("UPDATE currencies SET exchange_rate = '3.3200' WHERE code = 'ZAR'");
  });
});

describe('GET /api/site/banner/v1', () => {
  it('banners for the pricing, payment and account pages, titled in the request’s language, with images that exist', async () => {
    const res = await server.get(BANNERS, { Language: 'ru' });
    expect(res.status).toBe(200);
    expectContract('get', BANNERS, res);
    const banners = res.body.data as any[];
    expect(new Set(banners.map((b) => b.position))).toEqual(new Set(['pricing', 'payment', 'account']));
    expect(banners.find((b) => b.id === 'payment-pix').title).toBe('Оплатите через PIX и получите скидку 5%');
    for (const b of banners) {
      for (const url of [b.imageUrl, b.mobileImageUrl].filter(Boolean)) {
        expect(url).toMatch(/^\/brand\/banner-[a-z-]+\.svg$/);
        expect(existsSync(path.join('public', url)), url).toBe(true);
      }
    }
  });

  it('filters by position; the language query beats the header; inactive and out-of-window banners are hidden', async () => {
    const payment = await server.get(`${BANNERS}?position=payment&language=es`, { Language: 'en' });
    expectContract('get', BANNERS, payment);
    expect(payment.body.data).toEqual([
      {
        id: 'payment-pix',
        title: 'Paga con PIX y obtén un 5% de descuento',
        imageUrl: '/brand/banner-payment.svg',
        mobileImageUrl: '/brand/banner-payment-mobile.svg',
        position: 'payment',
        sort: 0,
      },
    ]);
    await server.db.query('UPDATE banners SET active = false WHERE id = $1', ['payment-pix']);
    expect((await server.get(`${BANNERS}?position=payment`)).body.data).toEqual([]);
    await server.db.query('UPDATE banners SET active = true, valid_from = $2 WHERE id = $1', ['payment-pix', new Date(clock.now() + DAY)]);
    expect((await server.get(`${BANNERS}?position=payment`)).body.data).toEqual([]);
    await server.db.query('UPDATE banners SET valid_from = NULL WHERE id = $1', ['payment-pix']);
    // A title missing in the language falls back to the site's default language (pt).
    await server.db.query("UPDATE banners SET titles = titles - 'en' WHERE id = 'account-screens'");
    expect((await server.get(`${BANNERS}?position=account`, { Language: 'en' })).body.data[0].title).toBe('Assista em até 4 telas ao mesmo tempo');
  });
});

describe('POST /api/site/checkPlanAvailable/v1', () => {
  const check = (token: string | null, planId: string) => server.post(AVAILABLE, { planId }, { Authorization: token ?? 'null' });

  it('answers { available: true } for a plan the account may buy', async () => {
    const token = await sessionFor(server, await createTestAccount(server));
    const res = await check(token, '1');
    expect(res.status).toBe(200);
    expectContract('post', AVAILABLE, res);
    expect(res.body).toEqual({ code: 0, data: { available: true } });
  });

  it('needs a session', async () => {
    const res = await check(null, '1');
    expect(res.status).toBe(401);
    expectContract('post', AVAILABLE, res);
    expect(res.body.errCode).toBe(-24020);
  });

  it('6001 for an unknown or inactive plan', async () => {
    const token = await sessionFor(server, await createTestAccount(server));
    const res = await check(token, '404');
    expectContract('post', AVAILABLE, res);
    expect(res.body).toMatchObject({ code: 1, errCode: 6001 });
    await server.db.query('UPDATE plans SET active = false WHERE id = 4');
    expect((await check(token, '4')).body.errCode).toBe(6001);
    await server.db.query('UPDATE plans SET active = true WHERE id = 4');
  });

  it('-2500 when the account must reset its password after the upgrade (while the site’s upgrade policy is on)', async () => {
    const token = await sessionFor(server, await createTestAccount(server, { mustResetPassword: true }));
    const res = await check(token, '1');
    expectContract('post', AVAILABLE, res);
    expect(res.body).toMatchObject({ code: 1, errCode: -2500 });
    await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', 'false') WHERE key = 'siteConfig'`);
    expect((await check(token, '1')).body.data).toEqual({ available: true });
    await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', 'true') WHERE key = 'siteConfig'`);
  });

  it('6000 while a multi-device plan runs and the plan is single-device; fine once it expired, and for multi-device plans', async () => {
    const account = await createTestAccount(server);
    const token = await sessionFor(server, account);
    await givePlan(server, account.uid, 2, clock.now() + 10 * DAY);
    for (const single of ['1', '3', '5']) {
      const res = await check(token, single);
      expectContract('post', AVAILABLE, res);
      expect(res.body).toMatchObject({ code: 1, errCode: 6000 });
    }
    for (const multi of ['2', '4', '6']) expect((await check(token, multi)).body.data).toEqual({ available: true });
    await server.db.query('UPDATE entitlements SET expires_at = $2 WHERE account_uid = $1', [account.uid, new Date(clock.now() - 1)]);
    expect((await check(token, '1')).body.data).toEqual({ available: true });
  });

  it('a single-device holder may buy a multi-device plan (an upgrade)', async () => {
    const account = await createTestAccount(server);
    const token = await sessionFor(server, account);
    await givePlan(server, account.uid, 1, clock.now() + 10 * DAY);
    expect((await check(token, '6')).body.data).toEqual({ available: true });
    expect((await check(token, '1')).body.data).toEqual({ available: true });
  });
});
