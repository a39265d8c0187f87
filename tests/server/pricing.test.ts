// What a plan costs (docs/decisions/008): the valuation, account prices and instalment plans,
// checked against an independent reckoning of the money. The pricing page's other reads are
// pricing-page.test.ts's.
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { monthlyValuation } from '../fixtures/valuation';
import { createTestAccount, sessionFor } from '../helpers/accounts';
import { expectContract } from '../helpers/expect-contract';
import { useTestServer } from '../helpers/test-server';

const VALUATION = '/api/bill/goodsValuation';
const INSTALLMENTS = '/api/bill/installmentsPlan';
const CONVERT = '/api/site/plan/convert';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

// ---- An independent reckoning of the money, in exact rationals (not server/billing/money.ts) ----

/** round(n / d) half-up for non-negative n, d. */
const halfUp = (n: bigint, d: bigint) => Number((2n * n + d) / (2n * d));
/** A decimal string as numerator / denominator. */
function ratio(text: string): [bigint, bigint] {
  const [whole, frac = ''] = text.split('.');
  return [BigInt(`${whole}${frac}`), 10n ** BigInt(frac.length)];
}
/** BRL centavos into a currency with `decimals`, at `rate` units per BRL. */
function fromBrl(centavos: number, rate: string, decimals: number): number {
  const [n, d] = ratio(rate);
  return halfUp(BigInt(centavos) * n * 10n ** BigInt(decimals), d * 100n);
}
/**
 * The Price-table instalment of `amount` over `n` months at `bp` basis points a month, from the
 * amortisation identity rather than the closed formula: the payment p that pays the balance off
 * solves A·(1+i)^n = p·Σ(1+i)^k (k = 0…n−1). Solved exactly in integers, then rounded half-up.
 */
function amortisedInstalment(amount: number, n: number, bp: number): number {
  // With g = 10000 + bp and s = 10000, multiplying both sides by s^n: A·g^n = p·Σ g^k·s^(n−k).
  const g = BigInt(10_000 + bp);
  const s = 10_000n;
  const grown = BigInt(amount) * g ** BigInt(n);
  let annuity = 0n;
  for (let k = 0; k < n; k++) annuity += g ** BigInt(k) * s ** BigInt(n - k);
  return halfUp(grown, annuity);
}

describe('POST /api/bill/goodsValuation', () => {
  it('anonymous: the list price in the default currency (BRL), in full, the name in the Language header', async () => {
    const res = await server.post(VALUATION, { planId: '1' }, { Language: 'pt' });
    expect(res.status).toBe(200);
    expectContract('post', VALUATION, res);
    // The valuation the checkout's client-side tests start from is this answer, but for the plan's name.
    expect(res.body.data).toEqual({ ...monthlyValuation(), planName: 'Mensal · 1 tela' });
  });

  it('USD: the plan’s own USD price, a code and six instalments with interest, equal to an independent reckoning', async () => {
    const res = await server.post(VALUATION, { planId: '5', currency: 'USD', discountCode: 'ANUAL20', installments: 6 }, { Language: 'en' });
    expectContract('post', VALUATION, res);
    const price = 5999; // plan 5's own USD price, not BRL 29990 converted (5473)
    const discount = halfUp(BigInt(price) * 20n, 100n); // 1199.8 -> 1200
    const payable = price - discount;
    const instalment = amortisedInstalment(payable, 6, 199);
    expect(res.body.data).toEqual({
      planId: '5',
      planName: 'Yearly · 1 screen',
      price,
      discount,
      subtotal: price,
      interest: instalment * 6 - payable,
      total: instalment * 6,
      currency: 'USD',
      baseCurrency: 'BRL',
      exchangeRate: '0.182500',
      validDays: 365,
      installments: 6,
      installmentAmount: instalment,
      discountCode: { code: 'ANUAL20', applied: true },
      methodDiscount: 0,
      codeDiscount: discount,
    });
    expect(res.body.data.total).toBe(res.body.data.subtotal - res.body.data.discount + res.body.data.interest);
  });

  it('CLP (no own price, no minor unit): BRL converted at the rate, half-up, then a code and instalments', async () => {
    const res = await server.post(VALUATION, { planId: '5', currency: 'CLP', discountCode: 'BEMVINDO10', installments: 6, method: 'card' });
    expectContract('post', VALUATION, res);
    const price = fromBrl(29990, '171.30', 0); // 51372.87 -> 51373
    expect(price).toBe(51373);
    const discount = halfUp(BigInt(price) * 10n, 100n); // 5137.3 -> 5137
    const payable = price - discount;
    const instalment = amortisedInstalment(payable, 6, 199);
    expect(res.body.data).toMatchObject({
      price,
      discount,
      subtotal: price,
      interest: instalment * 6 - payable,
      total: instalment * 6,
      currency: 'CLP',
      exchangeRate: '171.30',
      installments: 6,
      installmentAmount: instalment,
    });
  });

  it('interest-free counts split the amount exactly; the first instalments carry the leftover', async () => {
    const res = await server.post(VALUATION, { planId: '5', currency: 'CLP', installments: 3 });
    expect(res.body.data).toMatchObject({ price: 51373, interest: 0, total: 51373, installments: 3, installmentAmount: 17125 });
  });

  it('a payment method’s discount comes off the price, then the code off what is left', async () => {
    const pix = (await server.post(VALUATION, { planId: '5', method: 'pix' })).body.data;
    expect(pix).toMatchObject({ price: 29990, discount: 1500, total: 28490, methodDiscount: 1500, codeDiscount: 0 }); // 5 % of 29990 = 1499.5 -> 1500
    const both = await server.post(VALUATION, { planId: '5', method: 'pix', discountCode: 'BEMVINDO10' });
    expectContract('post', VALUATION, both);
    // 10 % of 28490; the two parts are given apart for the summary's two lines.
    expect(both.body.data).toMatchObject({ price: 29990, discount: 1500 + 2849, total: 29990 - 1500 - 2849, methodDiscount: 1500, codeDiscount: 2849 });
    expect((await server.post(VALUATION, { planId: '5', method: 'card' })).body.data).toMatchObject({ discount: 0, total: 29990 });
  });

  it('plan benefits are labels of the saving inside the price, not taken off again', async () => {
    const res = await server.post(VALUATION, { planId: '3' });
    expect(res.body.data).toMatchObject({ price: 15990, discount: 0, total: 15990 });
  });

  it('6001 for an unknown or inactive plan', async () => {
    for (const planId of ['999', '99999999999']) {
      const res = await server.post(VALUATION, { planId });
      expectContract('post', VALUATION, res);
      expect(res.body).toMatchObject({ code: 1, errCode: 6001 });
    }
    await server.db.query('UPDATE plans SET active = false WHERE id = 6');
    expect((await server.post(VALUATION, { planId: '6' })).body.errCode).toBe(6001);
    await server.db.query('UPDATE plans SET active = true WHERE id = 6');
  });

  it('-2408 for an unknown or inactive currency', async () => {
    const res = await server.post(VALUATION, { planId: '1', currency: 'EUR' });
    expectContract('post', VALUATION, res);
    expect(res.body).toMatchObject({ code: 1, errCode: -2408 });
    await server.db.query("UPDATE currencies SET active = false WHERE code = 'ARS'");
    expect((await server.post(VALUATION, { planId: '1', currency: 'ARS' })).body.errCode).toBe(-2408);
    await server.db.query("UPDATE currencies SET active = true WHERE code = 'ARS'");
  });

  it('1030 when the price cannot be converted (a zero rate, or no BRL price to convert from)', async () => {
    await server.db.query("UPDATE currencies SET exchange_rate = '0' WHERE code = 'ARS'");
    const res = await server.post(VALUATION, { planId: '1', currency: 'ARS' });
    expectContract('post', VALUATION, res);
    expect(res.body).toMatchObject({ code: 1, errCode: 1030 });
    await server.db.query("UPDATE currencies SET exchange_rate = '182.40' WHERE code = 'ARS'");
    await server.db.query("DELETE FROM plan_prices WHERE plan_id = 2 AND currency = 'BRL'");
    expect((await server.post(VALUATION, { planId: '2', currency: 'MXN' })).body.errCode).toBe(1030);
    // Its own USD price still sells.
    expect((await server.post(VALUATION, { planId: '2', currency: 'USD' })).body.data.price).toBe(999);
    await server.db.query("INSERT INTO plan_prices (plan_id, currency, amount_minor) VALUES (2, 'BRL', 4990)");
  });

  it('5000 for instalments beyond the plan’s maximum, on a plan without them, beyond the method’s, or below the minimum instalment', async () => {
    for (const body of [
      { planId: '5', installments: 13 },
      { planId: '1', installments: 2 },
      { planId: '5', installments: 3, method: 'pix' },
    ]) {
      const res = await server.post(VALUATION, body);
      expectContract('post', VALUATION, res);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 1, errCode: 5000 });
    }
    await server.db.query('UPDATE plans SET min_installment_minor = 9000 WHERE id = 5');
    try {
      expect((await server.post(VALUATION, { planId: '5', installments: 3 })).body.data.installmentAmount).toBe(9997);
      expect((await server.post(VALUATION, { planId: '5', installments: 6 })).body.errCode).toBe(5000);
    } finally {
      await server.db.query('UPDATE plans SET min_installment_minor = 500 WHERE id = 5');
    }
    // The contract's own bound (24) is refused at the door.
    const door = await server.post(VALUATION, { planId: '5', installments: 25 });
    expect(door.status).toBe(400);
    expect(door.body.errCode).toBe(5000);
  });

  it('-2502 for an unknown method, or one that does not take the currency', async () => {
    for (const body of [
      { planId: '1', method: 'cheque' },
      { planId: '1', currency: 'USD', method: 'pix' },
    ]) {
      const res = await server.post(VALUATION, body);
      expectContract('post', VALUATION, res);
      expect(res.body).toMatchObject({ code: 1, errCode: -2502 });
    }
  });

  it('a token that is sent must be valid (the client resets a stale session)', async () => {
    const res = await server.post(VALUATION, { planId: '1' }, { Authorization: 'stale-token' });
    expect(res.status).toBe(401);
    expect(res.body.errCode).toBe(-24020);
  });
});

describe('per-account prices ("prices may vary after login")', () => {
  it('an account’s own price wins after log-in, in its currency and converted from its BRL price', async () => {
    const account = await createTestAccount(server);
    const token = await sessionFor(server, account);
    await server.db.query("INSERT INTO account_plan_prices (account_uid, plan_id, currency, amount_minor) VALUES ($1, 1, 'BRL', 1990)", [account.uid]);
    const mine = await server.post(VALUATION, { planId: '1' }, { Authorization: token });
    expectContract('post', VALUATION, mine);
    expect(mine.body.data).toMatchObject({ price: 1990, total: 1990 });
    // USD has a list price (599), but the account's deal is converted from its BRL price.
    expect((await server.post(VALUATION, { planId: '1', currency: 'USD' }, { Authorization: token })).body.data.price).toBe(fromBrl(1990, '0.182500', 2));
    const converted = await server.post(`${CONVERT}?planId=1`, { currency: 'USD' }, { Authorization: token });
    expect(converted.body.data).toMatchObject({ basePrice: 1990, price: 363 });
    // Anonymous visitors see the list price.
    expect((await server.post(VALUATION, { planId: '1' })).body.data.price).toBe(2990);
  });

  it('the pricing table and plan details show them after log-in, the list price struck through beside', async () => {
    const account = await createTestAccount(server);
    const token = await sessionFor(server, account);
    await server.db.query(
      "INSERT INTO account_plan_prices (account_uid, plan_id, currency, amount_minor) VALUES ($1, 3, 'BRL', 12990), ($1, 3, 'CLP', 20000)",
      [account.uid],
    );
    const mine = await server.get('/api/site/listPlans/v1', { Authorization: token });
    expectContract('get', '/api/site/listPlans/v1', mine);
    const plans = mine.body.data as any[];
    expect(plans.find((p) => p.id === '3').prices).toEqual([
      { currency: 'BRL', amount: 12990, originalAmount: 15990 },
      { currency: 'CLP', amount: 20000 },
      { currency: 'USD', amount: fromBrl(12990, '0.182500', 2), originalAmount: 3199 },
    ]);
    expect(plans.find((p) => p.id === '1').prices).toEqual([
      { currency: 'BRL', amount: 2990 },
      { currency: 'USD', amount: 599 },
    ]);
    const detail = await server.get('/api/site/plan/detail/3', { Authorization: token });
    expectContract('get', '/api/site/plan/detail/{id}', detail);
    expect(detail.body.data.prices[0]).toEqual({ currency: 'BRL', amount: 12990, originalAmount: 15990 });
    // Anonymous, or with a stale token, the list prices: the landing page never breaks on a session.
    for (const headers of [{}, { Authorization: 'stale-token' }] as Record<string, string>[]) {
      const list = await server.get('/api/site/listPlans/v1', headers);
      expect(list.body.code).toBe(0);
      expect((list.body.data as any[]).find((p) => p.id === '3').prices[0]).toEqual({ currency: 'BRL', amount: 15990 });
    }
  });
});

describe('POST /api/bill/installmentsPlan', () => {
  it('one option per count from 1 to the plan’s maximum, interest-free up to its free count, the site default preselected', async () => {
    const res = await server.post(INSTALLMENTS, { amount: 29990, currency: 'BRL', planId: '5' });
    expect(res.status).toBe(200);
    expectContract('post', INSTALLMENTS, res);
    const plan = res.body.data;
    expect(plan).toMatchObject({ amount: 29990, currency: 'BRL', defaultCount: 3, monthlyInterestRate: '1.99' });
    expect(plan.options.map((o: any) => o.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(plan.options[2]).toEqual({ count: 3, installmentAmount: 9997, total: 29990, interestFree: true });
    const twelve = amortisedInstalment(29990, 12, 199);
    expect(plan.options[11]).toEqual({ count: 12, installmentAmount: twelve, total: twelve * 12, interestFree: false });
  });

  it('leaves out counts below the minimum instalment (R$ 5, converted for other currencies) and then preselects 1', async () => {
    const brl = (await server.post(INSTALLMENTS, { amount: 1000, currency: 'BRL', planId: '5' })).body.data;
    expect(brl.options.map((o: any) => o.count)).toEqual([1, 2]);
    expect(brl.defaultCount).toBe(1);
    // The minimum in CLP is R$ 5.00 at 171.30 = 856.5 -> 857: 2 x 857 = 1714 still passes, 3 does not.
    const clp = (await server.post(INSTALLMENTS, { amount: 1714, currency: 'CLP', planId: '5' })).body.data;
    expect(clp.options.map((o: any) => o.count)).toEqual([1, 2]);
    const monthly = (await server.post(INSTALLMENTS, { amount: 2990, currency: 'BRL', planId: '1' })).body.data;
    expect(monthly).toMatchObject({ defaultCount: 1, options: [{ count: 1, installmentAmount: 2990, total: 2990, interestFree: true }] });
  });

  it('6001 for an unknown plan, -2408 for an unknown currency', async () => {
    const plan = await server.post(INSTALLMENTS, { amount: 1000, currency: 'BRL', planId: '77' });
    expectContract('post', INSTALLMENTS, plan);
    expect(plan.body.errCode).toBe(6001);
    const currency = await server.post(INSTALLMENTS, { amount: 1000, currency: 'XXX', planId: '5' });
    expectContract('post', INSTALLMENTS, currency);
    expect(currency.body.errCode).toBe(-2408);
  });
});
