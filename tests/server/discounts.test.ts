import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redeemDiscountCode } from '../../server/billing/discount-codes';
import type { OrderStatus } from '../../server/billing/order-status';
import { valuate } from '../../server/billing/pricing';
import { createFakeClock } from '../../server/clock';
import { contractErrors } from '../helpers/contract-check';
import { createTestAccount, sessionFor } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const VALUATION = '/api/bill/goodsValuation';
const UNBIND = '/api/bill/unbindDiscountCode/v1';
const DAY = 86_400_000;

const clock = createFakeClock();
const server = useTestServer({}, { clock });

const expectValuationContract = (res: { status: number; body: unknown }) => expect(contractErrors('post', VALUATION, res.status, res.body)).toEqual([]);
const expectUnbindContract = (res: { status: number; body: unknown }) => expect(contractErrors('get', UNBIND, res.status, res.body)).toEqual([]);

async function signedIn() {
  const account = await createTestAccount(server);
  return { account, token: await sessionFor(server, account) };
}

/** An order row as the orders slice would write it (008_billing.sql), plan 1 in BRL. */
async function insertOrder(accountUid: number, status: OrderStatus, discountCode: string | null): Promise<string> {
  const id = `ord_${randomBytes(6).toString('hex')}`;
  const at = new Date(clock.now());
  await server.db.query(
    `INSERT INTO orders (id, account_uid, status, currency, base_currency, exchange_rate, subtotal, discount, interest, total,
       installments, installment_amount, discount_code, payment_method, email, view_code, valid_days, created_at, updated_at)
     VALUES ($1, $2, $3, 'BRL', 'BRL', '1', 2990, 299, 0, 2691, 1, 2691, $4, 'pix', 'buyer@example.com', $5, 30, $6, $6)`,
    [id, accountUid, status, discountCode, randomBytes(4).toString('hex').toUpperCase(), at],
  );
  await server.db.query(
    "INSERT INTO order_lines (order_id, line_no, plan_id, plan_name, quantity, price, subtotal, valid_days) VALUES ($1, 1, 1, 'Mensal · 1 tela', 1, 2990, 2990, 30)",
    [id],
  );
  return id;
}

const value = (body: Record<string, unknown>, token?: string) => server.post(VALUATION, { planId: '1', ...body }, token ? { Authorization: token } : {});

describe('discount codes in a valuation', () => {
  it('a percent code applies, whatever the case it is typed in, and is echoed as stored (upper case)', async () => {
    const res = await value({ discountCode: 'bemVindo10' });
    expectValuationContract(res);
    expect(res.body.data).toMatchObject({ price: 2990, discount: 299, total: 2691, discountCode: { code: 'BEMVINDO10', applied: true } });
    expect(res.body.data.discountCode).not.toHaveProperty('errCode');
  });

  it('a fixed code takes its sum off in its own currency, and its value through BRL in another', async () => {
    expect((await value({ discountCode: 'DESCONTO5' })).body.data).toMatchObject({ discount: 500, total: 2490 });
    // R$ 5.00 at 0.1825 USD per BRL = 0.9125 -> 91 cents.
    const usd = await value({ discountCode: 'desconto5', currency: 'USD' });
    expectValuationContract(usd);
    expect(usd.body.data).toMatchObject({ price: 599, discount: 91, total: 508, discountCode: { code: 'DESCONTO5', applied: true } });
    // A USD code in BRL: 1.00 USD / 0.1825 = R$ 5.4795 -> 548 centavos.
    await server.db.query("INSERT INTO discount_codes (code, kind, value, currency) VALUES ('DOLAR1', 'fixed', 100, 'USD')");
    expect((await value({ discountCode: 'DOLAR1' })).body.data).toMatchObject({ discount: 548 });
  });

  it('a fixed code never takes more than the price', async () => {
    await server.db.query("INSERT INTO discount_codes (code, kind, value, currency) VALUES ('GRANDE', 'fixed', 1000000, 'BRL')");
    const res = await value({ discountCode: 'GRANDE' });
    expectValuationContract(res);
    expect(res.body.data).toMatchObject({ price: 2990, discount: 2990, total: 0, installmentAmount: 0 });
  });

  it('9001 for an unknown code: the price without it, not a refusal', async () => {
    const res = await value({ discountCode: 'NAOEXISTE' });
    expect(res.body.code).toBe(0);
    expectValuationContract(res);
    expect(res.body.data).toMatchObject({ discount: 0, total: 2990, discountCode: { code: 'NAOEXISTE', applied: false, errCode: 9001 } });
  });

  it('9000 for a code switched off, expired, or not yet valid (by the server clock)', async () => {
    for (const code of ['PAUSADO', 'EXPIRADO']) {
      const res = await value({ discountCode: code });
      expectValuationContract(res);
      expect(res.body.data.discountCode).toEqual({ code, applied: false, errCode: 9000 });
    }
    await server.db.query("INSERT INTO discount_codes (code, kind, value, valid_from, valid_to) VALUES ('FUTURO', 'percent', 10, $1, $2)", [
      new Date(clock.now() + DAY),
      new Date(clock.now() + 2 * DAY),
    ]);
    expect((await value({ discountCode: 'FUTURO' })).body.data.discountCode.errCode).toBe(9000);
    clock.advance(DAY);
    expect((await value({ discountCode: 'FUTURO' })).body.data.discountCode).toEqual({ code: 'FUTURO', applied: true });
    clock.advance(DAY);
    expect((await value({ discountCode: 'FUTURO' })).body.data.discountCode.errCode).toBe(9000);
  });

  it('9002 for a code of another plan; it applies on its own plan', async () => {
    const res = await value({ discountCode: 'ANUAL20' });
    expectValuationContract(res);
    expect(res.body.data).toMatchObject({ discount: 0, total: 2990, discountCode: { code: 'ANUAL20', applied: false, errCode: 9002 } });
    expect((await value({ planId: '5', discountCode: 'ANUAL20' })).body.data).toMatchObject({ discount: 5998, discountCode: { applied: true } });
  });

  it('9003 once a code reached its maximum uses; a use is counted once, atomically', async () => {
    expect((await value({ discountCode: 'UMAVEZ' })).body.data).toMatchObject({ discount: 1495, discountCode: { applied: true } });
    expect(await redeemDiscountCode(server.db, 'umavez')).toBe(true);
    expect(await redeemDiscountCode(server.db, 'UMAVEZ')).toBe(false);
    const res = await value({ discountCode: 'UMAVEZ' });
    expectValuationContract(res);
    expect(res.body.data.discountCode).toEqual({ code: 'UMAVEZ', applied: false, errCode: 9003 });
    expect((await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'UMAVEZ'"))[0]!.used_count).toBe(1);
  });

  it('9991 when checking fails unexpectedly (a fixed code in a currency without a rate)', async () => {
    await server.db.query("INSERT INTO discount_codes (code, kind, value, currency) VALUES ('EUROS', 'fixed', 500, 'EUR')");
    const res = await value({ discountCode: 'EUROS' });
    expect(res.body.code).toBe(0);
    expectValuationContract(res);
    expect(res.body.data).toMatchObject({ discount: 0, total: 2990, discountCode: { code: 'EUROS', applied: false, errCode: 9991 } });
  });

  it('a malformed code is refused at the door', async () => {
    const res = await value({ discountCode: 'no spaces!' });
    expect(res.status).toBe(400);
    expect(res.body.errCode).toBe(5000);
  });
});

describe('a code held by another open order of the account', () => {
  it('answers 9004 with the order to unbind; other accounts, anonymous visitors and that order itself still get it', async () => {
    const { account, token } = await signedIn();
    const held = await insertOrder(account.uid, 'PAYMENT_PENDING', 'BEMVINDO10');

    const res = await value({ discountCode: 'bemvindo10' }, token);
    expect(res.body.code).toBe(0);
    expectValuationContract(res);
    expect(res.body.data).toMatchObject({
      discount: 0,
      total: 2990,
      discountCode: { code: 'BEMVINDO10', applied: false, errCode: 9004, boundOrderId: held },
    });

    expect((await value({ discountCode: 'BEMVINDO10' })).body.data.discountCode).toEqual({ code: 'BEMVINDO10', applied: true });
    const other = await signedIn();
    expect((await value({ discountCode: 'BEMVINDO10' }, other.token)).body.data.discountCode.applied).toBe(true);
    // Paying that same order again (repay) is not "another" order.
    const again = await valuate(server.db, { accountUid: account.uid, planId: '1', discountCode: 'BEMVINDO10', lang: 'en', orderId: held, now: clock.now() });
    expect(again.discountCode).toEqual({ code: 'BEMVINDO10', applied: true });
    // The same through the API: the order being repaid is named; someone else's order is 1001.
    const repaying = await value({ discountCode: 'BEMVINDO10', orderId: held }, token);
    expectValuationContract(repaying);
    expect(repaying.body.data).toMatchObject({ total: 2691, discountCode: { code: 'BEMVINDO10', applied: true } });
    expect((await value({ discountCode: 'BEMVINDO10', orderId: held }, other.token)).body).toMatchObject({ code: 1, errCode: 1001 });
    expect((await value({ discountCode: 'BEMVINDO10', orderId: held })).body).toMatchObject({ code: 1, errCode: -24020 });
  });

  it('every open status holds the code; paid and cancelled orders do not', async () => {
    const { account, token } = await signedIn();
    for (const status of ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_FAILED'] as const) {
      const id = await insertOrder(account.uid, status, 'DESCONTO5');
      expect((await value({ discountCode: 'DESCONTO5' }, token)).body.data.discountCode, status).toMatchObject({ errCode: 9004, boundOrderId: id });
      await server.db.query("UPDATE orders SET status = 'PAYMENT_CANCELLED' WHERE id = $1", [id]);
    }
    await insertOrder(account.uid, 'PAYMENT_SUCCEEDED', 'DESCONTO5');
    expect((await value({ discountCode: 'DESCONTO5' }, token)).body.data.discountCode).toEqual({ code: 'DESCONTO5', applied: true });
  });
});

describe('GET /api/bill/unbindDiscountCode/v1', () => {
  const unbind = (token: string | null, orderId: string, code: string) =>
    server.get(`${UNBIND}?orderId=${orderId}&discountCode=${code}`, { Authorization: token ?? 'null' });

  it('cancels the order holding the code, records why, and the code then applies', async () => {
    const { account, token } = await signedIn();
    const held = await insertOrder(account.uid, 'PAYMENT_PENDING', 'BEMVINDO10');
    const before = await value({ discountCode: 'BEMVINDO10' }, token);
    expect(before.body.data.discountCode.boundOrderId).toBe(held);

    const res = await unbind(token, held, 'bemvindo10');
    expect(res.status).toBe(200);
    expectUnbindContract(res);
    expect(res.body).toEqual({ code: 0, data: { orderId: held, status: 'PAYMENT_CANCELLED', discountCode: 'BEMVINDO10' } });

    const [order] = await server.db.query<{ status: string; updated_at: Date }>('SELECT status, updated_at FROM orders WHERE id = $1', [held]);
    expect(order!.status).toBe('PAYMENT_CANCELLED');
    expect(new Date(order!.updated_at).getTime()).toBe(clock.now());
    const events = await server.db.query('SELECT from_status, to_status, reason, at FROM order_events WHERE order_id = $1', [held]);
    expect(events).toEqual([{ from_status: 'PAYMENT_PENDING', to_status: 'PAYMENT_CANCELLED', reason: 'discount_code_unbound', at: new Date(clock.now()) }]);

    const after = await value({ discountCode: 'BEMVINDO10' }, token);
    expectValuationContract(after);
    expect(after.body.data).toMatchObject({ discount: 299, total: 2691, discountCode: { code: 'BEMVINDO10', applied: true } });
    // A second unbinding finds nothing open to cancel.
    expect((await unbind(token, held, 'BEMVINDO10')).body.errCode).toBe(1003);
  });

  it('1001 for an order that does not exist or is another account’s (the two are not told apart)', async () => {
    const { token } = await signedIn();
    const missing = await unbind(token, 'ord_nope', 'BEMVINDO10');
    expectUnbindContract(missing);
    expect(missing.body).toMatchObject({ code: 1, errCode: 1001 });
    const stranger = await signedIn();
    const theirs = await insertOrder(stranger.account.uid, 'PAYMENT_PENDING', 'BEMVINDO10');
    expect((await unbind(token, theirs, 'BEMVINDO10')).body.errCode).toBe(1001);
    expect((await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [theirs]))[0]!.status).toBe('PAYMENT_PENDING');
  });

  it('1003 for the caller’s order that holds another code or none, is not open, or whose payment outcome is unknown', async () => {
    const { account, token } = await signedIn();
    const cases: [OrderStatus, string | null, string][] = [
      ['PAYMENT_PENDING', 'DESCONTO5', 'BEMVINDO10'],
      ['PAYMENT_FAILED', null, 'BEMVINDO10'],
      ['PAYMENT_SUCCEEDED', 'BEMVINDO10', 'BEMVINDO10'],
      ['PAYMENT_CANCELLED', 'BEMVINDO10', 'BEMVINDO10'],
      ['NETWORK_ERROR', 'UMAVEZ', 'UMAVEZ'],
    ];
    const ids: string[] = [];
    for (const [status, held, asked] of cases) {
      const id = await insertOrder(account.uid, status, held);
      ids.push(id);
      const res = await unbind(token, id, asked);
      expectUnbindContract(res);
      expect(res.body, `${status} ${held} ${asked}`).toMatchObject({ code: 1, errCode: 1003 });
      expect((await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]!.status).toBe(status);
      if (held !== null && status !== 'PAYMENT_SUCCEEDED' && status !== 'PAYMENT_CANCELLED') {
        await server.db.query("UPDATE orders SET status = 'PAYMENT_CANCELLED' WHERE id = $1", [id]);
      }
    }
    expect(await server.db.query('SELECT order_id FROM order_events WHERE order_id = ANY($1::text[])', [ids])).toEqual([]);
  });

  it('unbinds an order that failed or was only submitted', async () => {
    const { account, token } = await signedIn();
    for (const status of ['PAYMENT_FAILED', 'SUBMITTED'] as const) {
      const id = await insertOrder(account.uid, status, 'DESCONTO5');
      const res = await unbind(token, id, 'DESCONTO5');
      expect(res.body.data, status).toEqual({ orderId: id, status: 'PAYMENT_CANCELLED', discountCode: 'DESCONTO5' });
    }
  });

  it('needs a session', async () => {
    const res = await unbind(null, 'ord_x', 'BEMVINDO10');
    expect(res.status).toBe(401);
    expectUnbindContract(res);
    expect(res.body.errCode).toBe(-24020);
  });
});
