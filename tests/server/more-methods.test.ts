import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { base58check, decodeBase58check, decodeSegwitAddress, segwitAddress } from '../../server/payments/crypto-address';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { loggedInCustomer } from '../helpers/accounts';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

type Auth = Record<string, string>;
const HOUR = 3_600_000;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart/form-data body with one part, as a browser's FormData sends it. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----portal-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('PayPal, e-wallet, mobile money, crypto and bank transfer', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const post = (url: string, body: unknown, headers: Auth) => server.postChecked(url, body, headers);

  async function order(id: string, auth: Auth) {
    const res = await server.get(`/api/bill/order/v1/${id}`, auth);
    expect(res.body.code).toBe(0);
    return res.body.data as { status: string; total: number; currency: string; paymentType?: string };
  }
  const statusOf = async (id: string) => (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]?.status;
  const orderCount = async (uid: number) =>
    Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE account_uid = $1', [uid]))[0]?.n);
  const expiry = async (uid: number) => {
    const [row] = await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [uid]);
    return row ? new Date(row.expires_at).getTime() : null;
  };
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

  describe("crypto (a quote in the coin, a fresh address in the chain's format)", () => {
    it('quotes BTC exactly (rounded up) on a bech32 testnet address; an underpayment does not pay, the rest does', async () => {
      const { auth } = await loggedInCustomer(server);
      const res = await pay(auth, { method: 'crypto', currency: 'USD', crypto: { coin: 'BTC' } });
      const q = res.body.data as {
        orderId: string;
        coin: string;
        network: string;
        address: string;
        coinAmount: string;
        amount: number;
        currency: string;
        expiresAt: number;
      };
      expect(q).toMatchObject({
        next: 'crypto',
        status: 'PAYMENT_PENDING',
        coin: 'BTC',
        network: 'bitcoin',
        currency: 'USD',
        expiresAt: clock.now() + 30 * 60_000,
      });
      const decoded = decodeSegwitAddress(q.address);
      expect(decoded).toMatchObject({ hrp: 'tb', version: 0 });
      expect(decoded!.program).toHaveLength(20);
      // USD per BRL 0.1825, BRL per BTC 512300: satoshis = ceil(cents / 100 / 0.1825 / 512300 × 1e8).
      const sats = (BigInt(q.amount) * 10n ** 8n * 10n ** 6n + (100n * 182500n * 512300n - 1n)) / (100n * 182500n * 512300n);
      expect(BigInt(Math.round(Number(q.coinAmount) * 1e8))).toBe(sats);

      const short = (Number(q.coinAmount) / 2).toFixed(8);
      const partial = await server.app.inject({ method: 'POST', url: `/api/sandbox/crypto/pay/${q.address}?coinAmount=${short}` });
      expect(partial.json()).toMatchObject({ result: 'mismatch' });
      expect(await statusOf(q.orderId)).toBe('PAYMENT_PENDING');
      const full = await server.app.inject({ method: 'POST', url: `/api/sandbox/crypto/pay/${q.address}` });
      expect(full.json()).toMatchObject({ result: 'applied' });
      expect(await statusOf(q.orderId)).toBe('PAYMENT_SUCCEEDED');
    });

    it('another coin on another chain: a new quote and a Tron address; the first address no longer pays', async () => {
      const { auth } = await loggedInCustomer(server);
      const first = (await pay(auth, { method: 'crypto', currency: 'BRL', crypto: { coin: 'ETH' } })).body.data as { orderId: string; address: string };
      expect(first.address).toMatch(/^0x[0-9a-f]{40}$/);
      const res = await post('/api/bill/payment/crypto/v1', { orderId: first.orderId, coin: 'USDT', network: 'TRC20' }, auth);
      const usdt = res.body.data as { address: string; coinAmount: string; network: string };
      expect(usdt).toMatchObject({ next: 'crypto', coin: 'USDT', network: 'TRC20' });
      expect(usdt.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(decodeBase58check(usdt.address)?.[0]).toBe(0x41);
      expect(usdt.coinAmount).toMatch(/^\d+(\.\d{1,6})?$/);
      const stale = await server.app.inject({ method: 'POST', url: `/api/sandbox/crypto/pay/${first.address}` });
      expect(stale.json()).toMatchObject({ result: 'ignored' });
      expect((await server.app.inject({ method: 'POST', url: `/api/sandbox/crypto/pay/${usdt.address}` })).json()).toMatchObject({ result: 'applied' });
    });

    it('refuses an unknown chain or a missing coin before any order (5000)', async () => {
      const { account, auth } = await loggedInCustomer(server);
      expect((await pay(auth, { method: 'crypto', currency: 'USD' })).body).toMatchObject({ code: 1, errCode: 5000 });
      expect((await pay(auth, { method: 'crypto', currency: 'USD', crypto: { coin: 'BTC', network: 'TRC20' } })).body).toMatchObject({
        code: 1,
        errCode: 5000,
      });
      expect(await orderCount(account.uid)).toBe(0);
    });
  });

  describe("bank transfer (the receiving account, a proof, the bank's statement)", () => {
    const payer = { firstName: 'Ana', lastName: 'Souza' };
    async function upload(auth: Auth, file: { field?: string; name: string; type: string; bytes: Buffer }) {
      const body = multipart(file.field ?? 'file', file.name, file.type, file.bytes);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/uploadObject/v1',
        headers: { ...auth, 'content-type': body.contentType },
        payload: body.payload,
      });
      const json = res.json() as { code: number; errCode?: number; data?: { objectKey: string; contentType: string; size: number } };
      if (json.code === 0) expect(contractErrors('post', '/api/uploadObject/v1', res.statusCode, json)).toEqual([]);
      return { status: res.statusCode, body: json };
    }

    it('shows the account for the currency and a reference; a proof makes the order SUBMITTED; the statement pays it', async () => {
      const { auth } = await loggedInCustomer(server);
      const res = await pay(auth, { method: 'bank_transfer', currency: 'BRL', payer });
      const t = res.body.data as { orderId: string; reference: string; account: Record<string, string>; amount: number };
      expect(t).toMatchObject({
        next: 'bank_transfer',
        status: 'PAYMENT_PENDING',
        currency: 'BRL',
        account: { bankName: 'Banco Sandbox S.A. (999)', taxId: '11.222.333/0001-81' },
      });
      expect(t.reference).toMatch(/^TRF-[0-9A-Z]{10}$/);
      const usd = (await pay((await loggedInCustomer(server)).auth, { method: 'bank_transfer', currency: 'USD', payer })).body.data as {
        account: Record<string, string>;
      };
      expect(usd.account).toMatchObject({ routingNumber: '011000015', swift: 'SNDBUS33XXX' });

      const up = await upload(auth, { name: 'comprovante.png', type: 'image/png', bytes: PNG });
      expect(up.body.data).toMatchObject({ contentType: 'image/png', size: PNG.length });
      const attached = await post('/api/bill/order/upload/v1', { orderId: t.orderId, objectKey: up.body.data!.objectKey }, auth);
      expect(attached.body.data).toMatchObject({ id: t.orderId, status: 'SUBMITTED' });
      // Reported transfers wait for the bank, however long: the expiry leaves them alone.
      clock.advance(6 * 24 * HOUR);
      await expireOverdue(server.services);
      expect(await statusOf(t.orderId)).toBe('SUBMITTED');
      const received = await server.app.inject({ method: 'POST', url: `/api/sandbox/transfer/receive/${t.reference}` });
      expect(received.json()).toMatchObject({ result: 'applied' });
      expect(await statusOf(t.orderId)).toBe('PAYMENT_SUCCEEDED');
    });

    it('takes PNG, JPEG and PDF up to 5 MiB, by their bytes; refuses the rest with 5000', async () => {
      const { auth } = await loggedInCustomer(server);
      expect((await upload(auth, { name: 'r.pdf', type: 'application/pdf', bytes: PDF })).body.data).toMatchObject({ contentType: 'application/pdf' });
      expect(
        (await upload(auth, { name: 'r.jpg', type: 'application/octet-stream', bytes: Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(32)]) })).body
          .data,
      ).toMatchObject({ contentType: 'image/jpeg' });
      for (const bad of [
        { name: 'r.txt', type: 'text/plain', bytes: Buffer.from('not a receipt') },
        { name: 'r.pdf', type: 'application/pdf', bytes: PNG },
        { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
        { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
        { field: 'proof', name: 'r.png', type: 'image/png', bytes: PNG },
      ]) {
        expect((await upload(auth, bad)).body, bad.name).toMatchObject({ code: 1, errCode: 5000 });
      }
      expect((await server.db.query('SELECT 1 FROM uploads WHERE size > $1', [5 * 1024 * 1024])).length).toBe(0);
    });

    it("attaches only the caller's upload (1040) to the caller's transfer order (1001)", async () => {
      const a = await loggedInCustomer(server);
      const b = await loggedInCustomer(server);
      const t = (await pay(a.auth, { method: 'bank_transfer', currency: 'BRL', payer })).body.data as { orderId: string };
      const theirs = (await upload(b.auth, { name: 'x.png', type: 'image/png', bytes: PNG })).body.data!.objectKey;
      expect((await post('/api/bill/order/upload/v1', { orderId: t.orderId, objectKey: theirs }, a.auth)).body).toMatchObject({ code: 1, errCode: 1040 });
      expect((await post('/api/bill/order/upload/v1', { orderId: t.orderId, objectKey: theirs }, b.auth)).body).toMatchObject({ code: 1, errCode: 1001 });
      const pix = (await pay(a.auth, { method: 'pix', currency: 'BRL', country: 'BR', payer: { ...payer, cpf: '12345678909' } })).body.data as {
        orderId: string;
      };
      const mine = (await upload(a.auth, { name: 'y.png', type: 'image/png', bytes: PNG })).body.data!.objectKey;
      expect((await post('/api/bill/order/upload/v1', { orderId: pix.orderId, objectKey: mine }, a.auth)).body).toMatchObject({ code: 1, errCode: 1001 });
    });

    it('answers -2602 before any order when the currency has no receiving account', async () => {
      const { account, auth } = await loggedInCustomer(server);
      await server.db.query("UPDATE site_settings SET value = value - 'USD' WHERE key = 'bankAccounts'");
      try {
        expect((await pay(auth, { method: 'bank_transfer', currency: 'USD', payer })).body).toMatchObject({ code: 1, errCode: -2602 });
        expect(await orderCount(account.uid)).toBe(0);
      } finally {
        await server.db.query(
          `UPDATE site_settings SET value = value || '{"USD":{"bankName":"Sandbox National Bank","accountHolder":"Aurora Streaming LLC","accountNumber":"000123456789"}}'::jsonb WHERE key = 'bankAccounts'`,
        );
      }
    });
  });

  it('unbinding a discount code from a pending order gives its use back; a reported transfer cannot be unbound (1003)', async () => {
    const { auth } = await loggedInCustomer(server);
    await server.db.query(
      "INSERT INTO discount_codes (code, kind, value, max_uses, used_count, active) VALUES ('UNBINDPIX', 'percent', 10, 1, 0, true) ON CONFLICT DO NOTHING",
    );
    const used = async () =>
      Number((await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'UNBINDPIX'"))[0]?.used_count);
    const pix = (
      await pay(auth, {
        method: 'pix',
        currency: 'BRL',
        country: 'BR',
        discountCode: 'UNBINDPIX',
        payer: { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' },
      })
    ).body.data as { orderId: string };
    expect(await used()).toBe(1);
    const unbound = await server.get(`/api/bill/unbindDiscountCode/v1?orderId=${pix.orderId}&discountCode=UNBINDPIX`, auth);
    expect(unbound.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_CANCELLED' } });
    expect(await used()).toBe(0);

    const t = (await pay(auth, { method: 'bank_transfer', currency: 'BRL', discountCode: 'UNBINDPIX', payer: { firstName: 'Ana', lastName: 'Souza' } })).body
      .data as { orderId: string };
    const body = multipart('file', 'p.png', 'image/png', PNG);
    const up = await server.app.inject({
      method: 'POST',
      url: '/api/uploadObject/v1',
      headers: { ...auth, 'content-type': body.contentType },
      payload: body.payload,
    });
    await post('/api/bill/order/upload/v1', { orderId: t.orderId, objectKey: (up.json() as { data: { objectKey: string } }).data.objectKey }, auth);
    expect((await server.get(`/api/bill/unbindDiscountCode/v1?orderId=${t.orderId}&discountCode=UNBINDPIX`, auth)).body).toMatchObject({
      code: 1,
      errCode: 1003,
    });
    expect(await used()).toBe(1);
  });

  it("writes addresses the chains' reference vectors agree with (BIP-173, base58check)", () => {
    const program = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex');
    expect(segwitAddress('tb', program)).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(segwitAddress('bc', program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(decodeSegwitAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toEqual({ hrp: 'tb', version: 0, program: Uint8Array.from(program) });
    expect(decodeSegwitAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy')).toBeUndefined();
    expect(base58check(Buffer.from('00010966776006953D5567439E5E39F86A0D273BEE', 'hex'))).toBe('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM');
  });
});
