import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXPIRED_LISTED_SHOWN_MS, grantWelcomeCode, WELCOME_CODE } from '../../server/billing/coupons';
import type { OrderStatus } from '../../server/billing/order-status';
import { createFakeClock } from '../../server/clock';
import { loggedInCustomer, uniquePhone } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const COUPONS = '/api/bill/coupons/v1';
const VALUATION = '/api/bill/goodsValuation';
const DAY = 86_400_000;

const clock = createFakeClock();
const server = useTestServer({}, { clock });

type Coupon = {
  code: string;
  kind: string;
  source: string;
  status: string;
  heldByOrderId?: string;
  yourUses: number;
  usesPerAccount?: number;
  percent?: number;
  amount?: number;
  currency?: string;
  planId?: string;
  planName?: string;
  validFrom?: number;
  validTo?: number;
};

const coupons = async (auth: Record<string, string>) => {
  const res = await server.postChecked(COUPONS, {}, auth);
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(0);
  return res.body.data.items as Coupon[];
};
const find = (list: Coupon[], code: string) => list.find((c) => c.code === code);
const value = (discountCode: string, auth: Record<string, string> = {}, planId = '1') => server.post(VALUATION, { planId, discountCode }, auth);

/** An order row as the orders slice writes it (008_billing.sql), plan 1 in BRL, paid when the status is. */
async function insertOrder(accountUid: number, status: OrderStatus, code: string): Promise<string> {
  const id = `ord_${randomBytes(6).toString('hex')}`;
  const at = new Date(clock.now());
  await server.db.query(
    `INSERT INTO orders (id, account_uid, status, currency, base_currency, exchange_rate, subtotal, discount, interest, total,
       installments, installment_amount, discount_code, payment_method, email, view_code, valid_days, created_at, updated_at, paid_at)
     VALUES ($1, $2, $3, 'BRL', 'BRL', '1', 2990, 299, 0, 2691, 1, 2691, $4, 'pix', 'buyer@example.com', $5, 30, $6, $6, $7)`,
    [id, accountUid, status, code, randomBytes(4).toString('hex').toUpperCase(), at, status === 'PAYMENT_SUCCEEDED' ? at : null],
  );
  await server.db.query(
    "INSERT INTO order_lines (order_id, line_no, plan_id, plan_name, quantity, price, subtotal, valid_days) VALUES ($1, 1, 1, 'Mensal · 1 tela', 1, 2990, 2990, 30)",
    [id],
  );
  return id;
}

const code = (prefix: string) => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;
async function insertCode(c: { code: string; listed?: boolean; validFrom?: number; validTo?: number; maxUses?: number; usedCount?: number; active?: boolean }) {
  await server.db.query(
    `INSERT INTO discount_codes (code, kind, value, valid_from, valid_to, max_uses, used_count, active, listed)
     VALUES ($1, 'percent', 10, $2, $3, $4, $5, $6, $7)`,
    [
      c.code,
      c.validFrom === undefined ? null : new Date(c.validFrom),
      c.validTo === undefined ? null : new Date(c.validTo),
      c.maxUses ?? null,
      c.usedCount ?? 0,
      c.active ?? true,
      c.listed ?? true,
    ],
  );
}

describe('POST /api/bill/coupons/v1', () => {
  it('a new account sees its welcome code and the codes offered to everyone, in the request language; codes only typed are not listed', async () => {
    const phone = uniquePhone();
    const signup = await server.post('/api/user/signup/v1', {
      account: phone,
      areaCode: '55',
      password: 'secret-pass',
      nickname: 'Ana',
      acceptTerms: true,
      language: 'en',
    });
    expect(signup.body.code).toBe(0);
    const auth = { Authorization: signup.body.data.userInfo.token as string, Language: 'en' };

    const list = await coupons(auth);
    const welcome = list.find((c) => c.source === 'personal');
    expect(welcome).toEqual({
      code: expect.stringMatching(/^BEMVINDO-[A-Z2-9]{6}$/),
      kind: 'percent',
      percent: WELCOME_CODE.percent,
      validFrom: clock.now(),
      validTo: clock.now() + WELCOME_CODE.days * DAY,
      source: 'personal',
      status: 'available',
      yourUses: 0,
      usesPerAccount: 1,
    });
    expect(find(list, 'ANUAL20')).toMatchObject({
      kind: 'percent',
      percent: 20,
      planId: '5',
      planName: 'Yearly · 1 screen',
      source: 'offered',
      status: 'available',
      yourUses: 0,
    });
    expect(find(list, 'DESCONTO5')).toMatchObject({ kind: 'fixed', amount: 500, currency: 'BRL', source: 'offered', status: 'available' });
    expect(find(list, 'DESCONTO5')).not.toHaveProperty('percent');
    for (const hidden of ['BEMVINDO10', 'UMAVEZ', 'EXPIRADO', 'PAUSADO']) expect(find(list, hidden), hidden).toBeUndefined();
    // The soonest to end first among the available ones; codes without an end last.
    expect(list[0]!.code).toBe(welcome!.code);

    const pt = await coupons({ ...auth, Language: 'pt' });
    expect(find(pt, 'ANUAL20')!.planName).toBe('Anual · 1 tela');

    // The welcome code takes 15 % off for its account.
    const priced = await value(welcome!.code.toLowerCase(), auth);
    expect(priced.body.data).toMatchObject({ price: 2990, discount: 449, discountCode: { code: welcome!.code, applied: true } });
  });

  it('a personal code is another account’s secret: not listed, and 9001 for everyone else, as if unknown', async () => {
    const owner = await loggedInCustomer(server);
    const personal = await grantWelcomeCode(server.db, owner.account.uid, clock.now());
    const other = await loggedInCustomer(server);

    expect(find(await coupons(owner.auth), personal)).toMatchObject({ source: 'personal', status: 'available' });
    expect(find(await coupons(other.auth), personal)).toBeUndefined();
    expect((await value(personal, other.auth)).body.data.discountCode).toEqual({ code: personal, applied: false, errCode: 9001 });
    expect((await value(personal)).body.data.discountCode).toEqual({ code: personal, applied: false, errCode: 9001 });
    expect((await value('NOPE-NEVER', other.auth)).body.data.discountCode).toEqual({ code: 'NOPE-NEVER', applied: false, errCode: 9001 });
    // Even held or used by its owner, it never shows for someone else.
    await insertOrder(owner.account.uid, 'PAYMENT_PENDING', personal);
    expect(find(await coupons(other.auth), personal)).toBeUndefined();
  });

  it('held by the account’s open order (with its id), for every open status; free again once that order closes', async () => {
    const c = await loggedInCustomer(server);
    const personal = await grantWelcomeCode(server.db, c.account.uid, clock.now());
    for (const status of ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'] as const) {
      const id = await insertOrder(c.account.uid, status, personal);
      expect(find(await coupons(c.auth), personal), status).toMatchObject({ status: 'held', heldByOrderId: id, yourUses: 0 });
      await server.db.query("UPDATE orders SET status = 'PAYMENT_CANCELLED' WHERE id = $1", [id]);
    }
    const free = find(await coupons(c.auth), personal)!;
    expect(free.status).toBe('available');
    expect(free).not.toHaveProperty('heldByOrderId');
    // Another account's open order holding a listed code changes nothing for this one.
    const other = await loggedInCustomer(server);
    await insertOrder(other.account.uid, 'PAYMENT_PENDING', 'DESCONTO5');
    expect(find(await coupons(c.auth), 'DESCONTO5')).toMatchObject({ status: 'available', yourUses: 0 });
    expect(find(await coupons(other.auth), 'DESCONTO5')).toMatchObject({ status: 'held' });
  });

  it('used by you once a paid order carried a once-per-account code, which then answers 9003 for that account', async () => {
    const c = await loggedInCustomer(server);
    const personal = await grantWelcomeCode(server.db, c.account.uid, clock.now());
    await insertOrder(c.account.uid, 'PAYMENT_SUCCEEDED', personal);
    expect(find(await coupons(c.auth), personal)).toMatchObject({ status: 'used', yourUses: 1, usesPerAccount: 1 });
    expect((await value(personal, c.auth)).body.data.discountCode).toEqual({ code: personal, applied: false, errCode: 9003 });

    // A listed code limited per account: used for this account, still available for others.
    const limited = code('LIMIT');
    await insertCode({ code: limited });
    await server.db.query('UPDATE discount_codes SET per_account_limit = 1 WHERE code = $1', [limited]);
    await insertOrder(c.account.uid, 'PAYMENT_SUCCEEDED', limited);
    expect(find(await coupons(c.auth), limited)).toMatchObject({ source: 'offered', status: 'used', yourUses: 1 });
    expect((await value(limited, c.auth)).body.data.discountCode.errCode).toBe(9003);
    const other = await loggedInCustomer(server);
    expect(find(await coupons(other.auth), limited)).toMatchObject({ status: 'available', yourUses: 0 });
    expect((await value(limited, other.auth)).body.data.discountCode.applied).toBe(true);
    // Anonymous prices are previews: the per-account limit binds once signed in.
    expect((await value(limited)).body.data.discountCode.applied).toBe(true);
  });

  it('a code the account typed into a paid order shows as ordered, counting its uses, and stays usable when not limited', async () => {
    const c = await loggedInCustomer(server);
    await insertOrder(c.account.uid, 'PAYMENT_SUCCEEDED', 'BEMVINDO10');
    await insertOrder(c.account.uid, 'PAYMENT_SUCCEEDED', 'BEMVINDO10');
    await insertOrder(c.account.uid, 'PAYMENT_CANCELLED', 'EXPIRADO');
    const list = await coupons(c.auth);
    expect(find(list, 'BEMVINDO10')).toMatchObject({ source: 'ordered', status: 'available', yourUses: 2 });
    expect(find(list, 'BEMVINDO10')).not.toHaveProperty('usesPerAccount');
    expect(find(list, 'EXPIRADO')).toMatchObject({ source: 'ordered', status: 'expired', yourUses: 0, validTo: Date.parse('2024-01-01T00:00:00Z') });
    // Nobody else sees what this account ordered.
    const other = await loggedInCustomer(server);
    expect(find(await coupons(other.auth), 'BEMVINDO10')).toBeUndefined();
  });

  it('expired, used up, switched off and not yet started offered codes, in order: available, held, used, expired, exhausted', async () => {
    const now = clock.now();
    const recent = code('GONE');
    const old = code('OLD');
    const exhausted = code('FULL');
    const paused = code('OFF');
    const later = code('SOON');
    await insertCode({ code: recent, validTo: now - DAY });
    await insertCode({ code: old, validTo: now - EXPIRED_LISTED_SHOWN_MS - DAY });
    await insertCode({ code: exhausted, maxUses: 1, usedCount: 1 });
    await insertCode({ code: paused, active: false });
    await insertCode({ code: later, validFrom: now + DAY });

    const c = await loggedInCustomer(server);
    const personal = await grantWelcomeCode(server.db, c.account.uid, now);
    const held = await insertOrder(c.account.uid, 'PAYMENT_PENDING', 'DESCONTO5');
    const list = await coupons(c.auth);
    expect(find(list, recent)).toMatchObject({ status: 'expired', source: 'offered' });
    expect(find(list, exhausted)).toMatchObject({ status: 'exhausted' });
    for (const hidden of [old, paused, later]) expect(find(list, hidden), hidden).toBeUndefined();
    expect(find(list, 'DESCONTO5')).toMatchObject({ status: 'held', heldByOrderId: held });
    expect(find(list, personal)!.status).toBe('available');

    const rank = ['available', 'held', 'used', 'expired', 'exhausted'];
    const ranks = list.map((x) => rank.indexOf(x.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Its window ends by the server clock (a session does not last the 30 days): the personal code expires too.
    await server.db.query('UPDATE discount_codes SET valid_to = $2 WHERE code = $1', [personal, new Date(clock.now())]);
    expect(find(await coupons(c.auth), personal)!.status).toBe('expired');
    expect((await value(personal, c.auth)).body.data.discountCode.errCode).toBe(9000);
  });

  it('needs a session (401), and takes an empty body only (400/5000)', async () => {
    expect((await server.post(COUPONS, {}, { Language: 'en' })).status).toBe(401);
    expect((await server.post(COUPONS, {}, { Authorization: 'not-a-token', Language: 'en' })).body).toMatchObject({ code: 1, errCode: -24020 });
    const c = await loggedInCustomer(server);
    const res = await server.post(COUPONS, { uid: '1' }, c.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1, errCode: 5000 });
  });
});
