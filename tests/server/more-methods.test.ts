import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

// Crypto and bank transfer: crypto-and-transfer.test.ts.

type Auth = Record<string, string>;
const HOUR = 3_600_000;

describe('PayPal, e-wallet and mobile money', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const post = (url: string, body: unknown, headers: Auth) => server.postChecked(url, body, headers);

  async function order(id: string, auth: Auth) {
    const res = await server.get(`/api/bill/order/v1/${id}`, auth);
    expect(res.body.code).toBe(0);
    return res.body.data as { status: string; total: number; currency: string; paymentType?: string };
  }
  const { statusOf, orderCount, expiry } = billingReads(server);
  const pay = (auth: Auth, body: Record<string, unknown>) => post('/api/bill/pay/v1', { planId: '1', email: 'ana@example.com', ...body }, auth);
  /** Follows a redirect the way the browser would: the path and query of a URL on this server. */
  const local = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  async function form(url: string, fields: Record<string, string>) {
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
  }
  async function capture(orderId: string, auth: Auth) {
    const res = await server.get(`/api/bill/payment/paypalCapture/v1/${orderId}`, auth);
    if (res.body.code === 0) expect(contractErrors('get', '/api/bill/payment/paypalCapture/v1/{id}', res.status, res.body)).toEqual([]);
    return res.body;
  }

  it('lists each method with what it needs: operators by country, coins', async () => {
    const { auth } = await loggedInCustomer(server);
    const codes = async (country: string, currency: string) =>
      ((await post('/api/bill/payment/methods/v1', { planId: '1', country, currency }, auth)).body.data as { code: string }[]).map((m) => m.code);
    expect(await codes('BR', 'BRL')).toEqual(['card', 'pix', 'boleto', 'paypal', 'bank_transfer', 'ewallet', 'crypto']);
    expect(await codes('KE', 'USD')).toEqual(['card', 'paypal', 'bank_transfer', 'mobile_money', 'crypto']);
    const ke = (await post('/api/bill/payment/methods/v1', { planId: '1', country: 'KE', currency: 'USD' }, auth)).body.data as Record<string, unknown>[];
    expect(ke.find((m) => m.code === 'mobile_money')).toMatchObject({
      type: 'mobile_money',
      mobileMoneyOperators: ['MPesa', 'airtel'],
      requiredFields: ['areaCode', 'phone'],
    });
    expect(ke.find((m) => m.code === 'crypto')).toMatchObject({ coins: ['BTC', 'ETH', 'USDT', 'USDC', 'LTC'] });
    const zm = (await post('/api/bill/payment/methods/v1', { planId: '1', country: 'ZM', currency: 'ZAR' }, auth)).body.data as Record<string, unknown>[];
    expect(zm.find((m) => m.code === 'mobile_money')).toMatchObject({ mobileMoneyOperators: ['mtn', 'airtel', 'zamtel'] });
  });

  describe('PayPal (Orders v2: approve on PayPal, back to /payment-redirect, capture)', () => {
    it('pays after approval and capture; capturing again answers the same', async () => {
      const { account, auth } = await loggedInCustomer(server);
      const before = (await expiry(account.uid)) ?? clock.now();
      const res = await pay(auth, { method: 'paypal', currency: 'USD' });
      expect(res.body.data).toMatchObject({ next: 'redirect', status: 'PAYMENT_PENDING' });
      const { orderId, url } = res.body.data as { orderId: string; url: string };
      expect(url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=[0-9A-Z]{17}$/);
      const token = new URL(url).searchParams.get('token')!;

      const page = await server.app.inject({ method: 'GET', url: local(url) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Agree and continue');
      expect(page.body).toMatch(/\$ \d+\.\d\d USD/);

      // Not approved yet: the client is sent back to PayPal.
      expect(await capture(orderId, auth)).toMatchObject({ code: 0, data: { next: 'redirect', url, status: 'PAYMENT_PENDING' } });

      const approved = await form('/sandbox/paypal/checkoutnow', { token, decision: 'approve' });
      expect(approved.status).toBe(303);
      const back = new URL(approved.location!);
      expect(back.pathname).toBe('/payment-redirect');
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ provider: 'paypal', orderId, token, PayerID: expect.stringMatching(/^[0-9A-Z]{13}$/) });
      // Approval alone moves no money.
      expect(await statusOf(orderId)).toBe('PAYMENT_PENDING');

      expect(await capture(orderId, auth)).toMatchObject({ code: 0, data: { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' } });
      expect(await capture(orderId, auth)).toMatchObject({ code: 0, data: { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' } });
      expect(await expiry(account.uid)).toBe(before + 30 * 86_400_000);
      const receipts = await server.services.outbox.list({ to: 'ana@example.com' });
      expect(receipts.some((m) => m.template === 'receipt' && m.text.includes(orderId))).toBe(true);
      // The approval page of a completed order cannot be approved again.
      expect((await form('/sandbox/paypal/checkoutnow', { token, decision: 'approve' })).status).toBe(409);
    });

    it('a payer who cancels at PayPal fails the order (2003), which can then be paid another way', async () => {
      const { auth } = await loggedInCustomer(server);
      const res = await pay(auth, { method: 'paypal', currency: 'BRL' });
      const { orderId, url } = res.body.data as { orderId: string; url: string };
      const cancelled = await form('/sandbox/paypal/checkoutnow', { token: new URL(url).searchParams.get('token')!, decision: 'cancel' });
      expect(cancelled.status).toBe(303);
      expect(Object.fromEntries(new URL(cancelled.location!).searchParams)).toMatchObject({ provider: 'paypal', orderId, cancelled: '1' });
      expect(await capture(orderId, auth)).toMatchObject({ code: 1, errCode: 2003 });
      expect(await statusOf(orderId)).toBe('PAYMENT_FAILED');
      const repaid = await post(
        '/api/bill/repay/v1',
        { orderId, method: 'card', card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', holder: 'ANA SOUZA' } },
        auth,
      );
      expect(repaid.body.data).toMatchObject({ next: 'done', status: 'PAYMENT_SUCCEEDED' });
    });

    it("answers 1001 for another account's order and 1040 for an order not paid by PayPal", async () => {
      const a = await loggedInCustomer(server);
      const b = await loggedInCustomer(server);
      const { orderId } = (await pay(a.auth, { method: 'paypal', currency: 'USD' })).body.data as { orderId: string };
      expect(await capture(orderId, b.auth)).toMatchObject({ code: 1, errCode: 1001 });
      const transfer = (await pay(b.auth, { method: 'bank_transfer', currency: 'USD', payer: { firstName: 'Bo', lastName: 'Li' } })).body.data as {
        orderId: string;
      };
      expect(await capture(transfer.orderId, b.auth)).toMatchObject({ code: 1, errCode: 1040 });
    });

    it("an order never approved is cancelled when PayPal's 3 hours pass", async () => {
      const { auth } = await loggedInCustomer(server);
      const { orderId, url } = (await pay(auth, { method: 'paypal', currency: 'USD' })).body.data as { orderId: string; url: string };
      clock.advance(3 * HOUR + 1000);
      expect(await expireOverdue(server.services)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(orderId)).toBe('PAYMENT_CANCELLED');
      expect((await server.app.inject({ method: 'GET', url: local(url) })).body).toContain('cannot be approved');
    });
  });

  it('e-wallet: approving on the wallet pays, the signed webhook settles the order, the payer lands on /paymentResult', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const res = await pay(auth, { method: 'ewallet', currency: 'BRL', country: 'BR' });
    const { orderId, url } = res.body.data as { orderId: string; url: string };
    expect(url).toMatch(/\/sandbox\/wallet\/checkout\?id=[0-9A-Z]{17}$/);
    const id = new URL(url).searchParams.get('id')!;
    const approved = await form('/sandbox/wallet/checkout', { id, decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(local(approved.location!)).toBe(`/paymentResult?orderId=${orderId}&id=${id}`);
    expect(await order(orderId, auth)).toMatchObject({ status: 'PAYMENT_SUCCEEDED', paymentType: 'ewallet' });
    expect(await expiry(account.uid)).not.toBeNull();
    const events = await server.db.query<{ provider: string }>("SELECT provider FROM webhook_events WHERE provider = 'sandbox-ewallet'");
    expect(events.length).toBeGreaterThanOrEqual(1);
  });

  describe("mobile money (Liquido: a code texted to the wallet's phone, then confirmed)", () => {
    const wallet = (phone: string) => ({ operator: 'MPesa', areaCode: '254', phone });
    async function textedCode(phone: string) {
      const [sms] = await server.services.outbox.list({ to: `+254${phone}` });
      expect(sms?.channel).toBe('sms');
      return /\b(\d{6})\b/.exec(sms!.text)![1]!;
    }
    const confirm = (orderId: string, otp: string, auth: Auth) => post('/api/bill/payment/liQuiDo/confirm/v1', { orderId, otp }, auth);
    const payByWallet = (auth: Auth, phone: string) =>
      pay(auth, { method: 'mobile_money', currency: 'USD', country: 'KE', payer: { areaCode: '254', phone }, mobileMoney: wallet(phone) });

    it('texts a 6-digit code and pays when it is confirmed', async () => {
      const { auth } = await loggedInCustomer(server);
      const res = await payByWallet(auth, '712340001');
      expect(res.body.data).toMatchObject({
        next: 'otp',
        status: 'PAYMENT_PENDING',
        operator: 'MPesa',
        phone: '+254 •••• 0001',
        otpLength: 6,
        expiresAt: clock.now() + 10 * 60_000,
      });
      const { orderId } = res.body.data as { orderId: string };
      const code = await textedCode('712340001');
      expect((await server.db.query('SELECT 1 FROM sandbox_mobile_money WHERE otp_hash = $1', [code])).length).toBe(0);
      expect((await confirm(orderId, code, auth)).body).toMatchObject({ code: 0, data: { next: 'done', status: 'PAYMENT_SUCCEEDED' } });
      // Confirming again (a double submit) answers the settled order; nothing is paid twice.
      expect((await confirm(orderId, code, auth)).body).toMatchObject({ code: 0, data: { next: 'done', status: 'PAYMENT_SUCCEEDED' } });
      expect((await server.db.query("SELECT 1 FROM payment_attempts WHERE order_id = $1 AND status = 'succeeded'", [orderId])).length).toBe(1);
    });

    it('a wrong code uses one of 3 tries (-3033); the third fails the order (17); repaying texts a new code', async () => {
      const { auth } = await loggedInCustomer(server);
      const { orderId } = (await payByWallet(auth, '712340002')).body.data as { orderId: string };
      const code = await textedCode('712340002');
      const wrong = code === '000000' ? '000001' : '000000';
      expect((await confirm(orderId, wrong, auth)).body).toMatchObject({ code: 1, errCode: -3033 });
      expect((await confirm(orderId, wrong, auth)).body).toMatchObject({ code: 1, errCode: -3033 });
      expect(await statusOf(orderId)).toBe('PAYMENT_PENDING');
      expect((await confirm(orderId, wrong, auth)).body).toMatchObject({ code: 1, errCode: 17 });
      expect(await statusOf(orderId)).toBe('PAYMENT_FAILED');
      expect((await confirm(orderId, code, auth)).body).toMatchObject({ code: 1, errCode: 1040 });

      const again = await post(
        '/api/bill/repay/v1',
        { orderId, method: 'mobile_money', payer: { areaCode: '254', phone: '712340002' }, mobileMoney: wallet('712340002') },
        auth,
      );
      expect(again.body.data).toMatchObject({ next: 'otp' });
      const fresh = await textedCode('712340002');
      expect((await confirm(orderId, fresh, auth)).body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    });

    it('an empty wallet (…9995) is declined with 302; an expired code answers -3032', async () => {
      const { auth } = await loggedInCustomer(server);
      const { orderId } = (await payByWallet(auth, '712349995')).body.data as { orderId: string };
      expect((await confirm(orderId, await textedCode('712349995'), auth)).body).toMatchObject({ code: 1, errCode: 302 });
      expect(await statusOf(orderId)).toBe('PAYMENT_FAILED');

      const late = (await payByWallet(auth, '712340003')).body.data as { orderId: string };
      clock.advance(10 * 60_000);
      expect((await confirm(late.orderId, await textedCode('712340003'), auth)).body).toMatchObject({ code: 1, errCode: -3032 });
    });

    it('refuses before any order: no wallet (5000), an operator not in the country (5003)', async () => {
      const { account, auth } = await loggedInCustomer(server);
      const base = { method: 'mobile_money', currency: 'USD', payer: { areaCode: '254', phone: '712340004' } };
      expect((await pay(auth, { ...base, country: 'KE' })).body).toMatchObject({ code: 1, errCode: 5000 });
      expect((await pay(auth, { ...base, country: 'KE', mobileMoney: { operator: 'zamtel', phone: '712340004' } })).body).toMatchObject({
        code: 1,
        errCode: 5003,
      });
      expect(await orderCount(account.uid)).toBe(0);
    });
  });
});
