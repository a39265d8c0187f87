import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { TRANSFER_PROVIDER } from '../../server/payments/bank-transfer-provider';
import { BOLETO_PROVIDER } from '../../server/payments/boleto-provider';
import { CRYPTO_PROVIDER } from '../../server/payments/crypto-provider';
import { EWALLET_PROVIDER } from '../../server/payments/ewallet-provider';
import { PIX_PROVIDER } from '../../server/payments/pix-provider';
import { sandboxWebhookKey } from '../../server/payments/payment-events';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const BOLETO_PAYER = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };

// ---- Independent implementations of the protocols' checks (not the server's code) ----

/** CRC-16/CCITT-FALSE, table-driven (the server computes it bit by bit). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
function crc16(text: string): number {
  let crc = 0xffff;
  for (const b of Buffer.from(text, 'utf8')) crc = ((crc << 8) ^ CRC_TABLE[((crc >> 8) ^ b) & 0xff]!) & 0xffff;
  return crc;
}
/** Top-level EMV fields: id (2), length (2), value. */
function tlv(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length;) {
    const len = Number.parseInt(payload.slice(i + 2, i + 4), 10);
    out[payload.slice(i, i + 2)] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}
/** FEBRABAN mod 10: weights 2,1,2,… from the rightmost digit, two-digit products summed digit-wise. */
function dv10(digits: string): number {
  const sum = [...digits].reverse().reduce((s, d, i) => {
    const p = Number(d) * (i % 2 === 0 ? 2 : 1);
    return s + (p >= 10 ? p - 9 : p);
  }, 0);
  return sum % 10 === 0 ? 0 : 10 - (sum % 10);
}
/** FEBRABAN mod 11 for the barcode: weights 2..9 cycling from the right; 0, 10, 11 give 1. */
function dv11(digits: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * weights[i % 8]!, 0);
  const r = 11 - (sum % 11);
  return r >= 10 || r === 0 ? 1 : r;
}

describe('PIX and boleto: sandbox providers, the sandbox bank and signed, idempotent webhooks', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });

  const post = (url: string, body: unknown, headers: Record<string, string>) => server.postChecked(url, body, headers);
  async function getOrder(id: string, auth: Record<string, string>) {
    const res = await server.get(`/api/bill/order/v1/${id}`, auth);
    expect(res.body.code).toBe(0);
    expect(contractErrors('get', '/api/bill/order/v1/{id}', res.status, res.body)).toEqual([]);
    return res.body.data as { status: string; total: number; currency: string; validDays: number; paymentType?: string };
  }
  const pay = (auth: Record<string, string>, method: 'pix' | 'boleto', extra: Record<string, unknown> = {}) =>
    post(
      '/api/bill/pay/v1',
      { planId: '1', method, currency: 'BRL', country: 'BR', email: 'ana@example.com', payer: method === 'pix' ? PAYER : BOLETO_PAYER, ...extra },
      auth,
    );
  async function sandbox(url: string) {
    const res = await server.app.inject({ method: 'POST', url });
    return { status: res.statusCode, body: res.json() as { result?: string; status?: string } };
  }
  /** What the sandbox provider sends, signed with the sandbox's key (or another one), at a given time. */
  function webhook(provider: string, event: unknown, options: { at?: number; key?: Buffer | string } = {}) {
    const raw = JSON.stringify(event);
    const t = Math.floor((options.at ?? clock.now()) / 1000);
    const v1 = createHmac('sha256', options.key ?? sandboxWebhookKey(server.services))
      .update(`${t}.${raw}`)
      .digest('hex');
    return server.app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', 'webhook-signature': `t=${t},v1=${v1}` },
      payload: raw,
    });
  }
  const paidEvent = (id: string, reference: string, amount: number, currency = 'BRL') => ({
    id,
    type: 'payment.succeeded',
    data: { reference, amount, currency, paidAt: clock.now() },
  });
  const { expiry } = billingReads(server);

  it('offers PIX and boleto for Brazil in reais only', async () => {
    const { auth } = await loggedInCustomer(server);
    const br = await post('/api/bill/payment/methods/v1', { planId: '1', country: 'BR', currency: 'BRL' }, auth);
    expect(br.body.data.map((m: { code: string }) => m.code)).toEqual(expect.arrayContaining(['card', 'pix', 'boleto']));
    expect(br.body.data.find((m: { code: string }) => m.code === 'pix')).toMatchObject({ type: 'pix', maxInstallments: 1, savedCards: false });
    const us = await post('/api/bill/payment/methods/v1', { planId: '1', country: 'US', currency: 'USD' }, auth);
    expect(us.body.data.map((m: { code: string }) => m.code)).not.toContain('pix');
    expect(us.body.data.map((m: { code: string }) => m.code)).not.toContain('boleto');
  });

  it('pays plan 1 by PIX: a valid BR Code for the total, then the sandbox bank pays it and the order is fulfilled', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const before = (await expiry(account.uid)) ?? clock.now();
    const res = await pay(auth, 'pix');
    expect(res.body.code).toBe(0);
    const pix = res.body.data as {
      next: string;
      orderId: string;
      status: string;
      brCode: string;
      qrSvg: string;
      amount: number;
      currency: string;
      expiresAt: number;
    };
    expect(pix).toMatchObject({ next: 'pix', status: 'PAYMENT_PENDING', currency: 'BRL', expiresAt: clock.now() + 30 * 60_000 });
    expect(pix.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // The CRC, checked with this test's own CRC-16 (whose check value for "123456789" is 29B1).
    expect(crc16('123456789')).toBe(0x29b1);
    expect(pix.brCode.slice(-8, -4)).toBe('6304');
    expect(pix.brCode.slice(-4)).toBe(crc16(pix.brCode.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'));
    const fields = tlv(pix.brCode);
    const order = await getOrder(pix.orderId, auth);
    expect(order).toMatchObject({ status: 'PAYMENT_PENDING', paymentType: 'pix', currency: 'BRL' });
    expect(pix.amount).toBe(order.total);
    expect(fields['54']).toBe((order.total / 100).toFixed(2));
    expect(fields['53']).toBe('986');
    expect(fields['58']).toBe('BR');
    expect(fields['60']).toBe('Sao Paulo');
    const txid = tlv(fields['62']!)['05']!;
    expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(tlv(fields['26']!)['00']).toBe('br.gov.bcb.pix');

    // The app can show the code again while it waits.
    const detail = await post('/api/bill/payment-info/detail', { orderId: pix.orderId }, auth);
    expect(detail.body.data).toMatchObject({ next: 'pix', brCode: pix.brCode, orderId: pix.orderId });

    clock.advance(60_000);
    const paid = await sandbox(`/api/sandbox/pix/pay/${txid}`);
    expect(paid).toMatchObject({ status: 200, body: { delivered: 200, result: 'applied' } });
    const after = await getOrder(pix.orderId, auth);
    expect(after.status).toBe('PAYMENT_SUCCEEDED');
    expect(await expiry(account.uid)).toBe(Math.max(before, clock.now()) + after.validDays * DAY);
    const mail = await server.services.outbox.list({ to: 'ana@example.com' });
    expect(mail.filter((m) => m.template === 'receipt' && m.text.includes(pix.orderId))).toHaveLength(1);
    // Paid once: the bank cannot pay it again.
    expect((await sandbox(`/api/sandbox/pix/pay/${txid}`)).status).toBe(409);
  });

  /**
   * Every provider that settles by webhook, with a pay body that leaves its order pending. The
   * event is what that provider would send for the attempt the pay step recorded.
   */
  const webhookProviders = [
    { provider: PIX_PROVIDER, body: { method: 'pix', currency: 'BRL', country: 'BR', payer: PAYER } },
    { provider: BOLETO_PROVIDER, body: { method: 'boleto', currency: 'BRL', country: 'BR', payer: BOLETO_PAYER } },
    { provider: EWALLET_PROVIDER, body: { method: 'ewallet', currency: 'BRL', country: 'BR' } },
    { provider: CRYPTO_PROVIDER, body: { method: 'crypto', currency: 'USD', crypto: { coin: 'BTC' } } },
    { provider: TRANSFER_PROVIDER, body: { method: 'bank_transfer', currency: 'BRL', payer: { firstName: 'Ana', lastName: 'Souza' } } },
  ] as const;

  /** A pending order paid by `body`, and the reference, amount and currency its provider's events carry. */
  async function pendingPayment(body: Record<string, unknown>) {
    const { account, auth } = await loggedInCustomer(server);
    const res = await post('/api/bill/pay/v1', { planId: '1', email: 'ana@example.com', ...body }, auth);
    expect(res.body.code).toBe(0);
    const { orderId } = res.body.data as { orderId: string };
    const [attempt] = await server.db.query<{ provider_ref: string; amount: string | number; currency: string }>(
      "SELECT provider_ref, amount, currency FROM payment_attempts WHERE order_id = $1 AND status = 'pending'",
      [orderId],
    );
    expect(attempt).toBeDefined();
    return { account, auth, orderId, reference: attempt!.provider_ref, amount: Number(attempt!.amount), currency: attempt!.currency };
  }

  describe.each(webhookProviders)('webhooks of $provider', ({ provider, body }) => {
    it('applies the same event delivered 10 times (4 at once, then 6 in turn) once', async () => {
      const { account, auth, orderId, reference, amount, currency } = await pendingPayment(body);
      const event = paidEvent(`evt_repeat_${provider}`, reference, amount, currency);
      const first = await Promise.all(Array.from({ length: 4 }, () => webhook(provider, event)));
      const rest: typeof first = [];
      for (let i = 0; i < 6; i++) rest.push(await webhook(provider, event));
      const results = [...first, ...rest].map((r) => (r.json() as { result: string }).result);
      expect([...first, ...rest].every((r) => r.statusCode === 200)).toBe(true);
      expect(results.filter((r) => r === 'applied')).toHaveLength(1);
      expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);

      const order = await getOrder(orderId, auth);
      expect(order.status).toBe('PAYMENT_SUCCEEDED');
      expect(await expiry(account.uid)).toBe(clock.now() + order.validDays * DAY);
      const events = await server.db.query("SELECT 1 FROM order_events WHERE order_id = $1 AND to_status = 'PAYMENT_SUCCEEDED'", [orderId]);
      expect(events).toHaveLength(1);
      const receipts = (await server.services.outbox.list({ to: 'ana@example.com' })).filter((m) => m.template === 'receipt' && m.text.includes(orderId));
      expect(receipts).toHaveLength(1);
      const stored = await server.db.query('SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2', [provider, event.id]);
      expect(stored).toHaveLength(1);
      console.log(`webhook ${provider}: 10 deliveries of one event, ${results.filter((r) => r === 'applied').length} applied, ${events.length} payment`);
    });

    it('refuses a bad signature and a timestamp older than 300 s, and settles nothing', async () => {
      const { account, auth, orderId, reference, amount, currency } = await pendingPayment(body);
      const id = (name: string) => `evt_${name}_${provider}`;
      const event = (name: string) => paidEvent(id(name), reference, amount, currency);

      expect((await webhook(provider, event('forged'), { key: 'not-the-sandbox-key' })).statusCode).toBe(401);
      expect((await webhook(provider, event('stale'), { at: clock.now() - 301_000 })).statusCode).toBe(401);
      expect((await webhook(provider, event('future'), { at: clock.now() + 301_000 })).statusCode).toBe(401);
      const unsigned = await server.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event('unsigned')),
      });
      expect(unsigned.statusCode).toBe(401);
      // A body changed after signing fails too.
      const raw = JSON.stringify(event('tampered'));
      const t = Math.floor(clock.now() / 1000);
      const v1 = createHmac('sha256', sandboxWebhookKey(server.services)).update(`${t}.${raw}`).digest('hex');
      const tampered = await server.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        headers: { 'content-type': 'application/json', 'webhook-signature': `t=${t},v1=${v1}` },
        payload: raw.replace(id('tampered'), id('tampered2')),
      });
      expect(tampered.statusCode).toBe(401);

      expect((await getOrder(orderId, auth)).status).toBe('PAYMENT_PENDING');
      expect(await expiry(account.uid)).toBeNull();
      const refused = ['forged', 'stale', 'future', 'unsigned', 'tampered', 'tampered2'].map(id);
      expect(await server.db.query('SELECT 1 FROM webhook_events WHERE event_id = ANY($1)', [refused])).toHaveLength(0);
      // Just inside the window is accepted.
      const edge = await webhook(provider, event('edge'), { at: clock.now() - 299_000 });
      expect(edge.json()).toMatchObject({ result: 'applied' });
    });

    it("does not fulfil an event whose amount or currency is not the order's", async () => {
      const { account, auth, orderId, reference, amount, currency } = await pendingPayment(body);
      const other = currency === 'USD' ? 'BRL' : 'USD';
      expect((await webhook(provider, paidEvent(`evt_short_${provider}`, reference, amount - 1, currency))).json()).toMatchObject({
        received: true,
        result: 'mismatch',
      });
      expect((await webhook(provider, paidEvent(`evt_more_${provider}`, reference, amount + 1, currency))).json()).toMatchObject({
        received: true,
        result: 'mismatch',
      });
      expect((await webhook(provider, paidEvent(`evt_other_${provider}`, reference, amount, other))).json()).toMatchObject({
        received: true,
        result: 'mismatch',
      });
      expect((await getOrder(orderId, auth)).status).toBe('PAYMENT_PENDING');
      expect(await expiry(account.uid)).toBeNull();
      const unknown = await webhook(provider, paidEvent(`evt_unknown_${provider}`, 'NoSuchReference0000000000', amount, currency));
      expect(unknown.json()).toMatchObject({ result: 'ignored' });
    });
  });

  it('pays by boleto: a FEBRABAN slip due in 5 days whose check digits verify, settled when the bank pays it', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const res = await pay(auth, 'boleto');
    expect(res.body.code).toBe(0);
    const slip = res.body.data as {
      next: string;
      orderId: string;
      status: string;
      barcode: string;
      digitableLine: string;
      dueDate: string;
      amount: number;
      currency: string;
    };
    expect(slip).toMatchObject({ next: 'boleto', status: 'PAYMENT_PENDING', currency: 'BRL' });
    const order = await getOrder(slip.orderId, auth);
    expect(slip.amount).toBe(order.total);

    const { barcode: b, digitableLine: l } = slip;
    expect(b).toMatch(/^\d{44}$/);
    expect(l).toMatch(/^\d{47}$/);
    // Barcode: bank (3), currency 9, general DV, due factor (4), amount (10), free field (25).
    expect(b.slice(3, 4)).toBe('9');
    expect(Number(b[4])).toBe(dv11(b.slice(0, 4) + b.slice(5)));
    expect(Number(b.slice(9, 19))).toBe(order.total);
    // Due date: 5 days after today in São Paulo (UTC−3); its factor counts days from 2025-02-22 (= 1000).
    const todayBr = new Date(clock.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const due = new Date(Date.parse(`${todayBr}T00:00:00Z`) + 5 * DAY).toISOString().slice(0, 10);
    expect(slip.dueDate).toBe(due);
    expect(Number(b.slice(5, 9))).toBe(1000 + (Date.parse(`${due}T00:00:00Z`) - Date.UTC(2025, 1, 22)) / DAY);
    // Digitable line: three fields with mod-10 digits, then the general DV, factor and amount.
    const free = b.slice(19);
    expect(l.slice(0, 9)).toBe(b.slice(0, 4) + free.slice(0, 5));
    expect(Number(l[9])).toBe(dv10(l.slice(0, 9)));
    expect(l.slice(10, 20)).toBe(free.slice(5, 15));
    expect(Number(l[20])).toBe(dv10(l.slice(10, 20)));
    expect(l.slice(21, 31)).toBe(free.slice(15, 25));
    expect(Number(l[31])).toBe(dv10(l.slice(21, 31)));
    expect(l.slice(32)).toBe(b.slice(4, 19));

    clock.advance(2 * DAY);
    const paid = await sandbox(`/api/sandbox/boleto/pay/${b}`);
    expect(paid).toMatchObject({ status: 200, body: { result: 'applied' } });
    const after = await getOrder(slip.orderId, auth);
    expect(after.status).toBe('PAYMENT_SUCCEEDED');
    expect(await expiry(account.uid)).toBe(clock.now() + after.validDays * DAY);
  });

  it('cancels a PIX unpaid after 30 minutes and a boleto unpaid past its due date', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const res = await pay(auth, 'pix');
    const { orderId, amount, brCode } = res.body.data as { orderId: string; amount: number; brCode: string };
    const txid = tlv(tlv(brCode)['62']!)['05']!;

    clock.advance(29 * 60_000);
    await expireOverdue(server.services);
    expect((await getOrder(orderId, auth)).status).toBe('PAYMENT_PENDING');

    clock.advance(2 * 60_000);
    // The bank no longer takes it, even before the expiry round ran.
    expect(await sandbox(`/api/sandbox/pix/pay/${txid}`)).toMatchObject({ status: 409, body: { status: 'cancelled' } });
    expect(await expireOverdue(server.services)).toBeGreaterThanOrEqual(1);
    expect((await getOrder(orderId, auth)).status).toBe('PAYMENT_CANCELLED');
    // Money that still arrives for it (a bank that paid before it heard) buys nothing and goes back: a devolução (docs/decisions/069).
    expect((await webhook('sandbox-pix', paidEvent('evt_late', txid, amount))).json()).toMatchObject({ result: 'returned' });
    expect((await getOrder(orderId, auth)).status).toBe('PAYMENT_CANCELLED');
    expect(await expiry(account.uid)).toBeNull();
    const [returned] = await server.db.query<{ kind: string; status: string; amount: number; refund_ref: string | null }>(
      'SELECT kind, status, amount::int AS amount, refund_ref FROM refunds WHERE order_id = $1',
      [orderId],
    );
    expect(returned).toMatchObject({ kind: 'returned', status: 'pending', amount });
    expect(returned!.refund_ref).toMatch(/^D[A-Z0-9]{34}$/);

    const second = await loggedInCustomer(server);
    const slip = (await pay(second.auth, 'boleto')).body.data as { orderId: string; dueDate: string };
    // Still payable on its due date (São Paulo evening), cancelled the day after.
    clock.set(Date.parse(`${slip.dueDate}T23:00:00-03:00`));
    await expireOverdue(server.services);
    expect((await getOrder(slip.orderId, second.auth)).status).toBe('PAYMENT_PENDING');
    clock.set(Date.parse(`${slip.dueDate}T23:59:59-03:00`) + 1000);
    await expireOverdue(server.services);
    expect((await getOrder(slip.orderId, second.auth)).status).toBe('PAYMENT_CANCELLED');
  });
  it('repaying a pending PIX order by card takes the discount code once in all', async () => {
    const { auth } = await loggedInCustomer(server);
    await server.db.query("INSERT INTO discount_codes (code, kind, value, max_uses, active) VALUES ('DUPLA2', 'percent', 10, 5, true)");
    const used = async () => (await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'DUPLA2'"))[0]!.used_count;
    const pix = await pay(auth, 'pix', { discountCode: 'DUPLA2' });
    expect(pix.body.data.next).toBe('pix');
    expect(await used()).toBe(1);
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holder: 'Ana Souza' };
    const repay = await post('/api/bill/repay/v1', { orderId: pix.body.data.orderId, method: 'card', card }, auth);
    expect(repay.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    expect(await used()).toBe(1);
  });
});
