// An order whose card answer was lost (NETWORK_ERROR, sandbox card 4000 0000 0000 1117) is not
// paid again before reconciliation settles it; two successful charges of one order are refunded
// down to one; a one-use discount code stays held while the outcome is unknown
// (docs/decisions/036). Against the real in-process server and its sandbox card network.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redeemDiscountCode } from '../../server/billing/discount-codes';
import { duplicateRefundKey } from '../../server/billing/duplicate-charges';
import { createFulfilment } from '../../server/billing/fulfilment';
import { loadOrder } from '../../server/billing/orders';
import { runPaymentJobs } from '../../server/billing/payment-jobs';
import { valuate } from '../../server/billing/pricing';
import { settlePending } from '../../server/billing/settlement';
import { createFakeClock } from '../../server/clock';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { useTestServer } from '../helpers/test-server';

const ANSWER_LOST = '4000000000001117';
const APPROVED = '4242424242424242';
const DECLINED = '4000000000000002';
const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123', holder: 'ANA SOUZA' });
/** Plan 1 in BRL: R$ 29,90. */
const PLAN_1_BRL = 2990;

/** A logger that keeps what the payment jobs say, to read the warnings back. */
function captureLog() {
  const lines: { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  return { log, lines };
}

describe('unknown outcomes, duplicate charges and code limits (docs/decisions/036)', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const pay = (auth: Record<string, string>, body: Record<string, unknown>) =>
    server.post('/api/bill/pay/v1', { planId: '1', method: 'card', currency: 'BRL', email: 'ana@example.com', ...body }, auth);
  const { statusOf } = billingReads(server);
  const ordersOf = async (uid: number) =>
    server.db.query<{ id: string; status: string; discount: number; total: number }>('SELECT id, status, discount, total FROM orders WHERE account_uid = $1', [
      uid,
    ]);
  const networkCharges = async (orderId: string) =>
    server.db.query<{ charge_id: string; status: string; amount: number; amount_refunded: number; refunded: boolean }>(
      'SELECT charge_id, status, amount::int AS amount, amount_refunded::int AS amount_refunded, refunded FROM sandbox_card_charges WHERE reference = $1 ORDER BY created_at, charge_id',
      [orderId],
    );
  const uses = async (code: string) =>
    (await server.db.query<{ used_count: number }>('SELECT used_count FROM discount_codes WHERE code = $1', [code]))[0]?.used_count;
  const incidents = async (orderId: string) =>
    server.db.query<{ kind: string; subject: string; detail: Record<string, unknown> }>(
      'SELECT kind, subject, detail FROM payment_incidents WHERE order_id = $1 ORDER BY id',
      [orderId],
    );

  it('1117 answers 1015; repaying by 4242 is refused with 1015 until reconciliation, which pays the order with one charge', async () => {
    const { account, auth } = await loggedInCustomer(server);
    expect((await pay(auth, { card: card(ANSWER_LOST) })).body).toMatchObject({ code: 1, errCode: 1015 });
    const [order] = await ordersOf(account.uid);
    expect(order?.status).toBe('NETWORK_ERROR');
    const orderId = order!.id;

    // The customer tries again from the orders list: refused, whatever the path, and nothing is charged.
    const repay = await server.post(
      '/api/bill/repay/v1',
      { orderId, method: 'card', card: card(APPROVED) },
      { ...auth, 'Idempotency-Key': 'repay-while-unknown' },
    );
    expect(repay).toMatchObject({ status: 200, body: { code: 1, errCode: 1015 } });
    expect((await server.post('/api/bill/payment/query/token', { method: 'card', orderId }, auth)).body).toMatchObject({ code: 1, errCode: 1015 });
    expect(await statusOf(orderId)).toBe('NETWORK_ERROR');
    expect((await networkCharges(orderId)).map((c) => c.status)).toEqual(['succeeded']);

    clock.advance(61_000);
    const { log } = captureLog();
    const pass = await runPaymentJobs(server.services, log);
    expect(pass.unknown).toEqual({ paid: 1, failed: 0 });
    expect(pass.duplicatesRefunded).toBe(0);
    expect(await statusOf(orderId)).toBe('PAYMENT_SUCCEEDED');
    // Paid once: one charge of R$ 29,90 at the network, one payment recorded, one fulfilment.
    const charges = await networkCharges(orderId);
    expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', amount: PLAN_1_BRL, amount_refunded: 0 })]);
    expect(await server.db.query("SELECT 1 FROM payment_attempts WHERE order_id = $1 AND status = 'succeeded'", [orderId])).toHaveLength(1);
    expect(await server.db.query("SELECT 1 FROM order_events WHERE order_id = $1 AND to_status = 'PAYMENT_SUCCEEDED'", [orderId])).toHaveLength(1);
    // Now it is paid, a repay is an order that is not open (1001), as before.
    expect((await server.post('/api/bill/repay/v1', { orderId, method: 'card', card: card(APPROVED) }, auth)).body).toMatchObject({ code: 1, errCode: 1001 });
  });

  it('two successful charges of one order: the payment jobs refund the later one at the network and record it', async () => {
    const { account, auth } = await loggedInCustomer(server);
    expect((await pay(auth, { card: card(APPROVED) })).body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    const [order] = await ordersOf(account.uid);
    const orderId = order!.id;
    // What a process that died after the network charged, or a second server racing the first,
    // leaves: another charge filed under the same order's reference, straight at the network.
    const network = server.services.payments.card!;
    clock.advance(1_000);
    const second = await network.charge(server.db, {
      orderId,
      accountUid: account.uid,
      amount: order!.total,
      currency: 'BRL',
      installments: 1,
      email: 'ana@example.com',
      description: 'Plan 1',
      input: { card: card(APPROVED) },
      now: clock.now(),
    });
    expect(second.status).toBe('succeeded');
    const [kept, later] = await networkCharges(orderId);
    expect(later?.charge_id).toBe((second as { providerRef: string }).providerRef);

    const { log, lines } = captureLog();
    const pass = await runPaymentJobs(server.services, log);
    expect(pass.duplicatesRefunded).toBe(1);

    // At the network: the later charge refunded in full by a refund of its own; the first stands.
    expect(await networkCharges(orderId)).toEqual([
      { charge_id: kept!.charge_id, status: 'succeeded', amount: PLAN_1_BRL, amount_refunded: 0, refunded: false },
      { charge_id: later!.charge_id, status: 'succeeded', amount: PLAN_1_BRL, amount_refunded: PLAN_1_BRL, refunded: true },
    ]);
    const refunds = await server.db.query<{ refund_id: string; charge_id: string; amount: number; currency: string; status: string; reason: string }>(
      'SELECT refund_id, charge_id, amount::int AS amount, currency, status, reason FROM sandbox_card_refunds WHERE charge_id = ANY($1)',
      [[kept!.charge_id, later!.charge_id]],
    );
    expect(refunds).toEqual([
      { refund_id: expect.stringMatching(/^re_/), charge_id: later!.charge_id, amount: PLAN_1_BRL, currency: 'BRL', status: 'succeeded', reason: 'duplicate' },
    ]);

    // Recorded where an operator reads it, and logged as a warning without card data.
    expect(await incidents(orderId)).toEqual([
      {
        kind: 'duplicate_charge',
        subject: later!.charge_id,
        detail: {
          provider: 'sandbox-card',
          keptRef: kept!.charge_id,
          refundedRef: later!.charge_id,
          refundRef: refunds[0]!.refund_id,
          refundStatus: 'succeeded',
          amount: PLAN_1_BRL,
          currency: 'BRL',
        },
      },
    ]);
    const warned = lines.filter((l) => l.level === 'warn' && l.obj.orderId === orderId);
    expect(warned).toHaveLength(1);
    expect(warned[0]!.obj).toMatchObject({ refundedRef: later!.charge_id, refundRef: refunds[0]!.refund_id });
    expect(JSON.stringify(lines)).not.toMatch(/4242424242424242|"cvc"|"number"/);
    expect(await statusOf(orderId)).toBe('PAYMENT_SUCCEEDED');
    // The network now says the order was paid by the charge that stands.
    expect(await network.lookup(server.db, orderId)).toMatchObject({ status: 'succeeded', providerRef: kept!.charge_id });

    // Once settled, the next passes leave it alone; the refund's key answers the same refund.
    expect((await runPaymentJobs(server.services, log)).duplicatesRefunded).toBe(0);
    const again = await network.refund(server.db, {
      providerRef: later!.charge_id,
      amount: PLAN_1_BRL,
      reason: 'duplicate',
      idempotencyKey: duplicateRefundKey(later!.charge_id),
      now: clock.now(),
    });
    expect(again).toEqual({ status: 'succeeded', refundRef: refunds[0]!.refund_id });
    // Nothing is left of that charge to return under another key.
    expect(
      await network.refund(server.db, {
        providerRef: later!.charge_id,
        amount: 1,
        reason: 'requested_by_customer',
        idempotencyKey: 'another',
        now: clock.now(),
      }),
    ).toEqual({ status: 'rejected', refundRef: null });
    expect(await server.db.query('SELECT 1 FROM sandbox_card_refunds WHERE charge_id = $1', [later!.charge_id])).toHaveLength(1);
    expect(await incidents(orderId)).toHaveLength(1);
  });

  it('UMAVEZ held by X awaiting confirmation (1117) is refused to Y (9003); reconciliation pays X with it, one use of one', async () => {
    await server.db.query("UPDATE discount_codes SET used_count = 0, max_uses = 1 WHERE code = 'UMAVEZ'");
    const x = await loggedInCustomer(server);
    const y = await loggedInCustomer(server);

    expect((await pay(x.auth, { discountCode: 'UMAVEZ', card: card(ANSWER_LOST) })).body).toMatchObject({ code: 1, errCode: 1015 });
    // Y is told the code is used up, before any order or charge: X's order still holds its use.
    expect((await pay(y.auth, { discountCode: 'UMAVEZ', card: card(APPROVED) })).body).toMatchObject({ code: 1, errCode: 9003 });
    expect(await ordersOf(y.account.uid)).toEqual([]);
    expect(await uses('UMAVEZ')).toBe(1);

    clock.advance(61_000);
    const { log, lines } = captureLog();
    expect((await runPaymentJobs(server.services, log)).unknown).toEqual({ paid: 1, failed: 0 });
    const [xOrder] = await ordersOf(x.account.uid);
    expect(xOrder).toMatchObject({ status: 'PAYMENT_SUCCEEDED', discount: PLAN_1_BRL / 2, total: PLAN_1_BRL / 2 });
    expect(await uses('UMAVEZ')).toBe(1);
    expect(await incidents(xOrder!.id)).toEqual([]);
    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
  });

  it("X's charge never reached the network: the code stays held until reconciliation fails the order, then it is free for Y", async () => {
    await server.db.query("UPDATE discount_codes SET used_count = 0, max_uses = 1 WHERE code = 'UMAVEZ'");
    const x = await loggedInCustomer(server);
    const y = await loggedInCustomer(server);
    const network = server.services.payments.card!;
    const original = network.charge;
    network.charge = async () => {
      throw new Error('connection reset by the gateway');
    };
    try {
      expect((await pay(x.auth, { discountCode: 'UMAVEZ', card: card(APPROVED) })).body).toMatchObject({ code: 1, errCode: 1015 });
    } finally {
      network.charge = original;
    }
    expect((await pay(y.auth, { discountCode: 'UMAVEZ', card: card(APPROVED) })).body).toMatchObject({ code: 1, errCode: 9003 });
    expect(await uses('UMAVEZ')).toBe(1);

    clock.advance(61_000);
    expect((await runPaymentJobs(server.services, captureLog().log)).unknown).toEqual({ paid: 0, failed: 1 });
    expect((await ordersOf(x.account.uid))[0]?.status).toBe('PAYMENT_FAILED');
    expect(await uses('UMAVEZ')).toBe(0);
    expect((await pay(y.auth, { discountCode: 'UMAVEZ', card: card(APPROVED) })).body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    expect(await uses('UMAVEZ')).toBe(1);
  });

  it('a PIX whose provider failed mid-call collected nothing: reconciled as failed (2003), then it can be paid', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const pix = server.services.payments.forMethod('pix')!;
    const original = pix.charge;
    pix.charge = async () => {
      throw new Error('connection reset by the provider');
    };
    const payer = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
    try {
      expect((await pay(auth, { method: 'pix', country: 'BR', payer })).body).toMatchObject({ code: 1, errCode: 1015 });
    } finally {
      pix.charge = original;
    }
    const [order] = await ordersOf(account.uid);
    expect(order?.status).toBe('NETWORK_ERROR');
    clock.advance(61_000);
    expect((await runPaymentJobs(server.services, captureLog().log)).unknown).toEqual({ paid: 0, failed: 1 });
    expect(await statusOf(order!.id)).toBe('PAYMENT_FAILED');
    expect((await server.post('/api/bill/repay/v1', { orderId: order!.id, method: 'card', card: card(APPROVED) }, auth)).body).toMatchObject({
      code: 0,
      data: { status: 'PAYMENT_SUCCEEDED' },
    });
  });

  it('a settlement that finds its code used up keeps the charge and the discount, counts the use beyond the limit and records it', async () => {
    await server.db.query("INSERT INTO discount_codes (code, kind, value, max_uses) VALUES ('LIMITE1', 'percent', 50, 1)");
    const x = await loggedInCustomer(server);
    const y = await loggedInCustomer(server);
    // X is declined (the use given back), Y then takes the only use.
    expect((await pay(x.auth, { discountCode: 'LIMITE1', card: card(DECLINED) })).body).toMatchObject({ code: 1, errCode: 301 });
    expect((await pay(y.auth, { discountCode: 'LIMITE1', card: card(APPROVED) })).body).toMatchObject({ code: 0 });
    expect(await uses('LIMITE1')).toBe(1);

    // X's payment is confirmed late by its provider (a settlement of an order holding no use).
    const [xOrder] = await ordersOf(x.account.uid);
    const [attempt] = await server.db.query<{ id: number }>('SELECT id FROM payment_attempts WHERE order_id = $1', [xOrder!.id]);
    const { log, lines } = captureLog();
    await server.db.transaction(async (tx) => {
      const order = await loadOrder(tx, xOrder!.id, { forUpdate: true });
      const fulfil = createFulfilment({ outbox: server.services.outbox, valuate });
      await settlePending(tx, order!, Number(attempt!.id), { fulfil, redeem: redeemDiscountCode, log }, 'test: confirmed late', clock.now());
    });

    expect((await ordersOf(x.account.uid))[0]).toMatchObject({ status: 'PAYMENT_SUCCEEDED', discount: PLAN_1_BRL / 2, total: PLAN_1_BRL / 2 });
    expect(await uses('LIMITE1')).toBe(2);
    expect(await incidents(xOrder!.id)).toEqual([
      { kind: 'discount_over_limit', subject: 'LIMITE1', detail: { maxUses: 1, usedCount: 2, discount: PLAN_1_BRL / 2, currency: 'BRL' } },
    ]);
    const warned = lines.filter((l) => l.level === 'warn');
    expect(warned).toEqual([expect.objectContaining({ obj: expect.objectContaining({ orderId: xOrder!.id, maxUses: 1, usedCount: 2 }) })]);
    // The code itself is not in the log line (a personal code is its owner's).
    expect(JSON.stringify(lines)).not.toContain('LIMITE1');
  });
});
