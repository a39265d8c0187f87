import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { base58check, decodeBase58check, decodeSegwitAddress, segwitAddress } from '../../server/payments/crypto-address';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { contractErrors } from '../helpers/contract-check';
import { multipartFile } from '../helpers/multipart';
import { useTestServer } from '../helpers/test-server';

// PayPal, e-wallet and mobile money: more-methods.test.ts.

type Auth = Record<string, string>;
const HOUR = 3_600_000;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('crypto and bank transfer', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const post = (url: string, body: unknown, headers: Auth) => server.postChecked(url, body, headers);
  const { statusOf, orderCount } = billingReads(server);
  const pay = (auth: Auth, body: Record<string, unknown>) => post('/api/bill/pay/v1', { planId: '1', email: 'ana@example.com', ...body }, auth);
  /** A proof of payment, uploaded as the browser's FormData sends it. */
  async function upload(auth: Auth, file: { field?: string; name: string; type: string; bytes: Buffer }) {
    const body = multipartFile(file.field ?? 'file', file.name, file.type, file.bytes);
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

  describe("crypto (a quote in the coin, a fresh address in the chain's format)", () => {
    it('quotes BTC exactly (rounded up) on a bech32 testnet address; an underpayment does not pay, the rest (here more than the rest) does', async () => {
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
      expect(partial.json()).toMatchObject({ result: 'partial' });
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
    const up = await upload(auth, { name: 'p.png', type: 'image/png', bytes: PNG });
    await post('/api/bill/order/upload/v1', { orderId: t.orderId, objectKey: up.body.data!.objectKey }, auth);
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
