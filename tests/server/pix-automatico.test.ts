import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runPixAutomatico } from '../../server/billing/pix-automatico';
import { createFakeClock } from '../../server/clock';
import { sandboxWebhookKey } from '../../server/payments/payment-events';
import { loggedInCustomer, sessionFor } from '../helpers/accounts';
import { testCard, VISA_OK } from '../helpers/cards';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const MIN = 60_000;

// ---- Independent checks of the composite BR Code (not the server's code; as tests/server/pix-boleto.test.ts) ----
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
function tlv(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length;) {
    const len = Number.parseInt(payload.slice(i + 2, i + 4), 10);
    out[payload.slice(i, i + 2)] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

interface View {
  idRec: string;
  status: string;
  amount: number;
  maxAmount: number;
  frequency: string;
  startDate: number;
  endDate: number;
  nextDueDate?: number;
  cancelledBy?: string;
  qr?: { orderId: string; brCode: string; qrSvg: string; expiresAt: number };
  charge?: { dueDate: number; tryDate: number; status: string; failures: number };
}

describe('PIX Automático: the composite QR, the monthly charges, retries and cancellations', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const post = (url: string, body: unknown, headers: Record<string, string>) => server.postChecked(url, body, headers);
  /** The authorisation as the account page reads it, with a session opened now (the clock moves past log-ins' 10 days). */
  const authOf = async (c: { account: { uid: number } }) => ({ Authorization: await sessionFor(server, c.account), Language: 'en' });
  const info = async (c: { account: { uid: number } }) => (await post('/api/job/pixAutomatico/v1', {}, await authOf(c))).body.data as View;
  const sandbox = async (url: string) => {
    const res = await server.app.inject({ method: 'POST', url: `/api/sandbox/pix-automatico/${url}` });
    return { status: res.statusCode, body: res.json() as { result?: string } };
  };
  const run = () => runPixAutomatico(server.services, { now: clock.now() });
  const expiry = async (uid: number) =>
    new Date((await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [uid]))[0]!.expires_at).getTime();
  const txidOf = async (idRec: string) =>
    (await server.db.query<{ txid: string }>('SELECT txid FROM pix_recurring_charges WHERE id_rec = $1 ORDER BY due_at DESC LIMIT 1', [idRec]))[0]!.txid;
  const renewals = (uid: number) =>
    server.db.query<{ status: string; total: string; payment_type: string }>(
      "SELECT status, total, payment_type FROM orders WHERE account_uid = $1 AND kind = 'renewal' ORDER BY created_at, id",
      [uid],
    );

  /** A customer whose plan-1 authorisation the payer's bank approved by the composite QR. */
  async function authorised() {
    const c = await loggedInCustomer(server);
    const started = (await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth)).body.data as View;
    expect((await sandbox(`rec/${started.idRec}/approve`)).body).toMatchObject({ delivered: 200, result: 'applied' });
    return { ...c, uid: c.account.uid, idRec: started.idRec, started };
  }

  it('starts with a composite QR that passes the independent BR Code checks, pays the first month and authorises', async () => {
    const c = await loggedInCustomer(server);
    expect((await post('/api/job/pixAutomatico/v1', {}, c.auth)).body).toMatchObject({ code: 1, errCode: 8603 });
    expect((await post('/api/job/pixAutomatico/start/v1', { planId: '3' }, c.auth)).body).toMatchObject({ code: 1, errCode: 8601 });

    const res = await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth);
    expect(res.body.code).toBe(0);
    const v = res.body.data as View;
    const [firstOrder] = await server.db.query<{ total: string }>('SELECT total FROM orders WHERE id = $1', [v.qr?.orderId]);
    const amount = Number(firstOrder!.total);
    expect(v).toMatchObject({ status: 'CRIADA', amount, maxAmount: amount, currency: 'BRL', frequency: 'MONTHLY', startDate: clock.now() });
    expect(v.endDate).toBe(clock.now() + 12 * 30 * DAY);
    expect(v.idRec).toMatch(/^RR\d{8}\d{8}[A-Za-z0-9]{11}$/);
    const qr = v.qr!;
    expect(qr.expiresAt).toBe(clock.now() + 30 * MIN);
    expect(qr.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.brCode.slice(-8, -4)).toBe('6304');
    expect(qr.brCode.slice(-4)).toBe(crc16(qr.brCode.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'));
    const f = tlv(qr.brCode);
    expect(f['00']).toBe('01');
    expect(f['01']).toBe('12');
    expect(f['53']).toBe('986');
    expect(f['54']).toBe((amount / 100).toFixed(2));
    expect(f['58']).toBe('BR');
    expect(tlv(f['26']!)['00']).toBe('br.gov.bcb.pix');
    expect(tlv(f['62']!)['05']).toMatch(/^[A-Za-z0-9]{25}$/);
    // Journey 3: the same code carries the recurrence the payer's bank reads and approves.
    const rec = tlv(f['80']!);
    expect(rec['00']).toBe('br.gov.bcb.pix');
    expect(rec['25']).toMatch(new RegExp(`/api/sandbox/pix-automatico/rec/${v.idRec}$`));
    expect(rec['25']).not.toMatch(/^https?:/);
    const read = await server.app.inject({ method: 'GET', url: `/api/sandbox/pix-automatico/rec/${v.idRec}` });
    expect(read.json()).toMatchObject({ idRec: v.idRec, status: 'CRIADA', valor: { valorRec: amount }, calendario: { periodicidade: 'MENSAL' } });

    // Asked again while the QR is payable: the same QR, not a second order.
    expect(((await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth)).body.data as View).idRec).toBe(v.idRec);

    clock.advance(MIN);
    expect((await sandbox(`rec/${v.idRec}/approve`)).body).toMatchObject({ result: 'applied' });
    const [first] = await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [qr.orderId]);
    expect(first!.status).toBe('PAYMENT_SUCCEEDED');
    const approved = await info(c);
    expect(approved).toMatchObject({ status: 'APROVADA', nextDueDate: await expiry(c.account.uid) });
    expect(approved.qr).toBeUndefined();
    expect((await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth)).body).toMatchObject({ code: 1, errCode: 8602 });
    expect((await sandbox(`rec/${v.idRec}/approve`)).status).toBe(409);
  });

  it('replaces card renewal: approving cancels the card subscription', async () => {
    const c = await loggedInCustomer(server);
    const paid = await post(
      '/api/bill/pay/v1',
      { planId: '1', method: 'card', currency: 'BRL', email: c.account.email, card: testCard(VISA_OK, { save: true }) },
      c.auth,
    );
    expect(paid.body.data.status).toBe('PAYMENT_SUCCEEDED');
    expect((await post('/api/job/renewInfo/v1', {}, c.auth)).body.data.status).toBe('activated');
    const v = (await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth)).body.data as View;
    await sandbox(`rec/${v.idRec}/approve`);
    expect((await post('/api/job/renewInfo/v1', {}, c.auth)).body.data.status).toBe('cancelled');
    // Two months paid: the next PIX Automático charge falls due when both have run out.
    expect((await info(c)).nextDueDate).toBe(await expiry(c.account.uid));
  });

  it('two cycles on the moved clock: each charge scheduled 10 days ahead, settled by a signed webhook, renewing the plan', async () => {
    const c = await authorised();
    for (const cycle of [1, 2]) {
      const due = (await info(c)).nextDueDate!;
      clock.set(due - 10 * DAY - MIN);
      expect((await run()).scheduled).toBe(0);
      clock.set(due - 10 * DAY);
      expect((await run()).scheduled).toBeGreaterThanOrEqual(1);
      expect((await info(c)).charge).toEqual({ dueDate: due, tryDate: due, status: 'ATIVA', failures: 0 });
      // Scheduled once per cycle.
      await run();
      expect(await server.db.query('SELECT 1 FROM pix_recurring_charges WHERE id_rec = $1', [c.idRec])).toHaveLength(cycle);

      clock.set(due);
      const txid = await txidOf(c.idRec);
      expect((await sandbox(`cobr/${txid}/settle`)).body).toMatchObject({ delivered: 200, result: 'applied' });
      expect((await info(c)).charge).toMatchObject({ status: 'CONCLUIDA' });
      expect(await expiry(c.uid)).toBe(due + 30 * DAY);
      expect((await info(c)).nextDueDate).toBe(due + 30 * DAY);
      expect(await renewals(c.uid)).toHaveLength(cycle);
      // A settled charge is not debited twice.
      expect((await sandbox(`cobr/${txid}/settle`)).status).toBe(409);
    }
    expect((await renewals(c.uid)).map((o) => [o.status, Number(o.total), o.payment_type])).toEqual([
      ['PAYMENT_SUCCEEDED', c.started.amount, 'pix'],
      ['PAYMENT_SUCCEEDED', c.started.amount, 'pix'],
    ]);
    const mail = await server.services.outbox.list({ to: c.account.email! });
    expect(mail.filter((m) => m.template === 'receipt')).toHaveLength(3);
  });

  it('a failed debit is retried the next day, up to 3 times within 7 days, then renewal ends', async () => {
    const c = await authorised();
    const due = (await info(c)).nextDueDate!;
    clock.set(due - 10 * DAY);
    await run();
    const txid = await txidOf(c.idRec);
    for (const failures of [1, 2, 3]) {
      clock.set(due + (failures - 1) * DAY);
      expect((await sandbox(`cobr/${txid}/fail`)).body.result).toBe('applied');
      expect((await info(c)).charge).toEqual({ dueDate: due, tryDate: due + failures * DAY, status: 'ATIVA', failures });
    }
    clock.set(due + 3 * DAY);
    await sandbox(`cobr/${txid}/fail`);
    const ended = await info(c);
    expect(ended).toMatchObject({ status: 'CANCELADA', cancelledBy: 'receiver', charge: { status: 'EXPIRADA', failures: 4 } });
    expect(await expiry(c.uid)).toBe(due);
    expect(await renewals(c.uid)).toEqual([]);
  });

  it('a retry that settles renews the plan from the day it is paid', async () => {
    const c = await authorised();
    const due = (await info(c)).nextDueDate!;
    clock.set(due - 10 * DAY);
    await run();
    const txid = await txidOf(c.idRec);
    clock.set(due);
    await sandbox(`cobr/${txid}/fail`);
    clock.set(due + DAY);
    expect((await sandbox(`cobr/${txid}/settle`)).body.result).toBe('applied');
    expect((await info(c)).charge).toMatchObject({ status: 'CONCLUIDA', failures: 1 });
    // The plan lapsed for the day between: it runs a full month from the retry that paid.
    expect(await expiry(c.uid)).toBe(due + DAY + 30 * DAY);
  });

  it('a cancellation in the bank app arrives as a signed webhook, applied once, and ends renewal', async () => {
    const c = await authorised();
    const due = (await info(c)).nextDueDate!;
    clock.set(due - 10 * DAY);
    await run();
    const event = JSON.stringify({ id: 'evt_bank_app_cancel_1', type: 'rec.cancelled', data: { idRec: c.idRec } });
    const t = Math.floor(clock.now() / 1000);
    const sign = (key: Buffer | string) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.${event}`).digest('hex')}`;
    const send = (signature: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox-pix-automatico',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        payload: event,
      });
    expect((await send(sign('not-the-psp-key'))).statusCode).toBe(401);
    expect((await info(c)).status).toBe('APROVADA');
    expect((await send(sign(sandboxWebhookKey(server.services)))).json()).toMatchObject({ received: true, result: 'applied' });
    expect((await send(sign(sandboxWebhookKey(server.services)))).json()).toMatchObject({ result: 'duplicate' });
    expect(await info(c)).toMatchObject({ status: 'CANCELADA', cancelledBy: 'payer', charge: { status: 'CANCELADA' } });
    // Nothing more is scheduled or settled.
    clock.set(due + 25 * DAY);
    await run();
    expect(await server.db.query('SELECT 1 FROM pix_recurring_charges WHERE id_rec = $1', [c.idRec])).toHaveLength(1);
    expect((await sandbox(`cobr/${await txidOf(c.idRec)}/settle`)).status).toBe(409);
    expect((await post('/api/job/pixAutomatico/cancel/v1', {}, await authOf(c))).body).toMatchObject({ code: 1, errCode: 8605 });
  });

  it('the customer cancels on the account page; a QR nobody approves lapses; a late pass schedules 2 days ahead', async () => {
    const c = await authorised();
    const cancelled = await post('/api/job/pixAutomatico/cancel/v1', {}, c.auth);
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELADA', cancelledBy: 'receiver' });
    expect((await post('/api/job/pixAutomatico/cancel/v1', {}, c.auth)).body).toMatchObject({ code: 1, errCode: 8605 });

    const idle = await loggedInCustomer(server);
    const v = (await post('/api/job/pixAutomatico/start/v1', { planId: '2' }, idle.auth)).body.data as View;
    clock.advance(30 * MIN);
    expect((await run()).expired).toBeGreaterThanOrEqual(1);
    expect((await info(idle)).status).toBe('EXPIRADA');
    expect((await sandbox(`rec/${v.idRec}/approve`)).status).toBe(409);
    const again = (await post('/api/job/pixAutomatico/start/v1', { planId: '2' }, idle.auth)).body.data as View;
    expect(again).toMatchObject({ status: 'CRIADA', amount: v.amount });
    expect(again.idRec).not.toBe(v.idRec);

    const late = await authorised();
    const due = (await info(late)).nextDueDate!;
    clock.set(due - DAY);
    await run();
    expect((await info(late)).charge).toMatchObject({ dueDate: due, tryDate: clock.now() + 2 * DAY, status: 'ATIVA' });
  });

  it('a phone account without an email is told to add one', async () => {
    const c = await loggedInCustomer(server, { phone: '11987654321' });
    expect((await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth)).body).toMatchObject({ code: 1, errCode: 8604 });
  });
});

describe('PIX Automático with payments off', () => {
  const server = useTestServer({ PAYMENTS: 'off' });
  it('has no sandbox PSP and no webhook receiver', async () => {
    for (const url of ['/api/sandbox/pix-automatico/rec/RR9999999920260101abcdefghijk/approve', '/api/payments/webhooks/sandbox-pix-automatico']) {
      expect((await server.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
    }
    expect(await runPixAutomatico(server.services, { now: Date.now() })).toEqual({ expired: 0, scheduled: 0, ended: 0 });
  });
});
