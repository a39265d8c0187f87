import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { createTestAccount, dumpTables, loginBody, type TestAccount } from '../helpers/accounts';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const DEMO = { email: 'demo@aurora.example', password: 'aurora-demo-2026' };
/** A security code that occurs nowhere else, so the "never stored or logged" check can look for it. */
const CVC = '737';
const card = (number: string, extra: Record<string, unknown> = {}) => ({ number, expMonth: 12, expYear: 2030, cvc: CVC, holder: 'Ana Souza', ...extra });
const usedNumbers = new Set<string>();

/**
 * The server with the production logger's settings (bodies never logged), its log captured at
 * trace level so the suite can prove no card number or code reaches it.
 */
const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
const clock = createFakeClock();
const server = useTestServer({}, { clock, logStream });

const post = (url: string, body: unknown, headers: Record<string, string> = {}) => server.postChecked(url, body, { language: 'en', ...headers });
async function get(url: string, path: string, headers: Record<string, string> = {}) {
  const res = await server.get(url, { language: 'en', ...headers });
  if (res.body.code === 0) expect(contractErrors('get', path, res.status, res.body)).toEqual([]);
  return res;
}

async function loginFull(account: { account: string; password: string }) {
  const res = await post('/api/user/login/v1', { account: account.account, password: account.password });
  expect(res.body.code).toBe(0);
  const user = res.body.data as { token: string; uid: string; account: string; type: string };
  return { auth: { authorization: user.token }, who: { uid: user.uid, account: user.account, type: user.type } };
}
const login = async (account: { account: string; password: string }) => (await loginFull(account)).auth;
async function newCustomer(): Promise<{ account: TestAccount; auth: Record<string, string> }> {
  const account = await createTestAccount(server);
  return { account, auth: await login(loginBody(account) as { account: string; password: string }) };
}

function pay(auth: Record<string, string>, body: Record<string, unknown>) {
  const c = body.card as { number?: string } | undefined;
  if (c?.number) usedNumbers.add(c.number);
  return post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', country: 'BR', email: 'buyer@example.com', ...body }, auth);
}
function repay(auth: Record<string, string>, body: Record<string, unknown>) {
  const c = body.card as { number?: string } | undefined;
  if (c?.number) usedNumbers.add(c.number);
  return post('/api/bill/repay/v1', { method: 'card', ...body }, auth);
}

describe('the demo account buys plan 3 with BEMVINDO10 in 3 instalments by card', () => {
  it('values, pays, and sees the paid order, the longer expiry and the receipt', async () => {
    const { auth, who } = await loginFull({ account: DEMO.email, password: DEMO.password });

    const methods = await post('/api/bill/payment/methods/v1', { planId: '3', country: 'BR', currency: 'BRL' }, auth);
    const cardMethod = (methods.body.data as { code: string; savedCards: boolean; maxInstallments: number }[]).find((m) => m.code === 'card');
    expect(cardMethod).toMatchObject({ savedCards: true, maxInstallments: 12, installmentsAllowed: true, type: 'card', name: 'Credit card' });

    const valuation = await post(
      '/api/bill/goodsValuation',
      { planId: '3', currency: 'BRL', discountCode: 'BEMVINDO10', installments: 3, method: 'card' },
      auth,
    );
    expect(valuation.body.code).toBe(0);
    const v = valuation.body.data;
    expect(v).toMatchObject({ planId: '3', price: 15990, discount: 1599, installments: 3, discountCode: { code: 'BEMVINDO10', applied: true } });

    const before = await post('/api/user/queryInfo/v1', who, auth);
    expect(before.body.data.userType).toBe('free');

    const paid = await pay(auth, { installments: 3, discountCode: 'BEMVINDO10', email: DEMO.email, card: card('4242424242424242') });
    expect(paid.body).toMatchObject({ code: 0, data: { next: 'done', status: 'PAYMENT_SUCCEEDED' } });
    const orderId = paid.body.data.orderId as string;
    expect(orderId).toMatch(/^ORD[0-9A-Z]{20}$/);

    const order = await get(`/api/bill/order/v1/${orderId}`, '/api/bill/order/v1/{id}', auth);
    expect(order.body.data).toMatchObject({
      id: orderId,
      status: 'PAYMENT_SUCCEEDED',
      paymentType: 'card',
      paymentMethod: 'card',
      discountCode: 'BEMVINDO10',
      subtotal: v.subtotal,
      discount: v.discount,
      interest: v.interest,
      total: v.total,
      installments: 3,
      installmentAmount: v.installmentAmount,
      currency: 'BRL',
      validDays: 180,
      paidAt: clock.now(),
      items: [{ planId: '3', quantity: 1, price: 15990, subtotal: 15990, validDays: 180 }],
    });
    expect(order.body.data.viewCode).toMatch(/^[0-9A-Z]{8}$/);

    const info = await post('/api/user/queryInfo/v1', who, auth);
    expect(info.body.data).toMatchObject({ planId: '3', userType: 'single', expiredTime: clock.now() + 180 * DAY, bizRemainingDays: 180 });

    const period = await get(`/api/bill/service/v1/${orderId}`, '/api/bill/service/v1/{id}', auth);
    expect(period.body.data).toMatchObject({ orderId, planId: '3', startTime: clock.now(), endTime: clock.now() + 180 * DAY, validDays: 180 });

    const [receipt] = await server.services.outbox.list({ to: DEMO.email });
    expect(receipt).toMatchObject({ template: 'receipt', lang: 'pt', channel: 'email' });
    expect(receipt!.subject).toContain(order.body.data.viewCode);
    expect(receipt!.text).toContain(orderId);
    expect(receipt!.text).toContain('R$ 143,91'); // 159,90 − 15,99
    expect(receipt!.text).toContain('3x de R$');
    expect(receipt!.text).toContain('180 dias');

    const events = await server.db.query<{ from_status: string | null; to_status: string }>(
      'SELECT from_status, to_status FROM order_events WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
    expect(events).toEqual([
      { from_status: null, to_status: 'SUBMITTED' },
      { from_status: 'SUBMITTED', to_status: 'PAYMENT_SUCCEEDED' },
    ]);
    const [code] = await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'BEMVINDO10'");
    expect(code!.used_count).toBe(1);
    const charges = await server.db.query('SELECT * FROM sandbox_card_charges WHERE reference = $1', [orderId]);
    expect(charges).toHaveLength(1);
  });
});

describe('declined cards', () => {
  const declines: [string, string, number][] = [
    ['rejected', '4000000000000002', 301],
    ['insufficient funds', '4000000000009995', 302],
    ['expired', '4000000000000069', 309],
    ['invalid number (fails Luhn)', '4242424242424241', 314],
    ['invalid security code', '4000000000000127', 315],
    ['rejected by the bank', '4000000000000119', 5015],
  ];

  it.each(declines)('%s: %s answers %i, leaves a repayable PAYMENT_FAILED order, and a repay succeeds', async (_name, number, errCode) => {
    const { account, auth } = await newCustomer();
    const declined = await pay(auth, { installments: 2, card: card(number, { save: true }) });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ code: 1, errCode });
    expect(typeof declined.body.msg).toBe('string');

    const cart = await post('/api/bill/query/cart', {}, auth);
    expect(cart.body.data).toMatchObject({ status: 'PAYMENT_FAILED', paymentType: 'card', installments: 2 });
    const orderId = cart.body.data.id as string;
    // A declined card is never kept, even when asked to.
    expect((await post('/api/bill/listCard', {}, auth)).body.data).toEqual([]);

    const repaid = await repay(auth, { orderId, card: card('5555555555554444') });
    expect(repaid.body).toMatchObject({ code: 0, data: { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' } });
    expect((await post('/api/bill/query/cart', {}, auth)).body.data).toBeNull();

    const attempts = await server.db.query<{ status: string; err_code: number | null }>(
      'SELECT status, err_code FROM payment_attempts WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
    expect(attempts).toEqual([
      { status: 'failed', err_code: errCode },
      { status: 'succeeded', err_code: null },
    ]);
    const events = await server.db.query<{ to_status: string }>('SELECT to_status FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]);
    expect(events.map((e) => e.to_status)).toEqual(['SUBMITTED', 'PAYMENT_FAILED', 'PAYMENT_SUCCEEDED']);
    const [entitlement] = await server.db.query<{ plan_id: number }>('SELECT plan_id FROM entitlements WHERE account_uid = $1', [account.uid]);
    expect(entitlement?.plan_id).toBe(3);
  });

  it('a second decline keeps the order PAYMENT_FAILED', async () => {
    const { auth } = await newCustomer();
    expect((await pay(auth, { card: card('4000000000000002') })).body.errCode).toBe(301);
    const orderId = (await post('/api/bill/query/cart', {}, auth)).body.data.id as string;
    expect((await repay(auth, { orderId, card: card('4000000000009995') })).body).toMatchObject({ code: 1, errCode: 302 });
    const order = await get(`/api/bill/order/v1/${orderId}`, '/api/bill/order/v1/{id}', auth);
    expect(order.body.data.status).toBe('PAYMENT_FAILED');
  });
});

describe('saved cards', () => {
  it('a card saved on a purchase pays the next one, and an auto-renew plan starts its subscription on it', async () => {
    const { account, auth } = await newCustomer();
    expect((await pay(auth, { card: card('4242424242424242', { save: true, holder: 'Ana Souza' }) })).body.code).toBe(0);
    const cards = (await post('/api/bill/listCard', {}, auth)).body.data;
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^card_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        holder: 'Ana Souza',
        isDefault: true,
        usedForRenewal: false,
      },
    ]);
    const cardId = cards[0].id as string;

    // Plan 1 is monthly with auto-renewal: paid with the saved card, it renews on that card.
    const expiryBefore = (await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [account.uid]))[0]!
      .expires_at;
    const paid = await pay(auth, { planId: '1', installments: 1, card: { savedCardId: cardId } });
    expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    const [entitlement] = await server.db.query<{ expires_at: Date; plan_id: number }>('SELECT expires_at, plan_id FROM entitlements WHERE account_uid = $1', [
      account.uid,
    ]);
    // The second purchase runs on from the first one's expiry.
    expect(new Date(entitlement!.expires_at).getTime()).toBe(new Date(expiryBefore).getTime() + 30 * DAY);
    expect(entitlement!.plan_id).toBe(1);
    const [subscription] = await server.db.query<{ status: string; card_id: string; amount: number; currency: string; next_billing_at: Date; plan_id: number }>(
      'SELECT status, card_id, amount, currency, next_billing_at, plan_id FROM subscriptions WHERE account_uid = $1',
      [account.uid],
    );
    expect(subscription).toMatchObject({ status: 'activated', card_id: cardId, amount: 2990, currency: 'BRL', plan_id: 1 });
    expect(new Date(subscription!.next_billing_at).getTime()).toBe(new Date(entitlement!.expires_at).getTime());
    expect((await post('/api/bill/listCard', {}, auth)).body.data[0]).toMatchObject({ id: cardId, usedForRenewal: true });

    const charges = await server.db.query<{ token: string | null }>(
      'SELECT c.token FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.account_uid = $1 ORDER BY c.created_at, c.charge_id',
      [account.uid],
    );
    const [stored] = await server.db.query<{ provider_token: string }>('SELECT provider_token FROM cards WHERE id = $1', [cardId]);
    expect(charges.map((c) => c.token)).toContain(stored!.provider_token);
  });

  it('a purchase on top of a running auto-renewal moves its next billing to the new expiry', async () => {
    const { account, auth } = await newCustomer();
    expect((await pay(auth, { planId: '1', card: card('4242424242424242', { save: true }) })).body.code).toBe(0);
    expect((await pay(auth, { planId: '3', card: card('5555555555554444') })).body.code).toBe(0);
    const [row] = await server.db.query<{ next_billing_at: Date; expires_at: Date; card_id: string; status: string }>(
      'SELECT s.next_billing_at, e.expires_at, s.card_id, s.status FROM subscriptions s JOIN entitlements e USING (account_uid) WHERE s.account_uid = $1',
      [account.uid],
    );
    expect(new Date(row!.expires_at).getTime()).toBe(clock.now() + 210 * DAY);
    expect(new Date(row!.next_billing_at).getTime()).toBe(new Date(row!.expires_at).getTime());
    expect(row!.status).toBe('activated');
  });

  it('a new card paying an auto-renew plan with save starts the subscription; without save it does not', async () => {
    const a = await newCustomer();
    expect((await pay(a.auth, { planId: '1', card: card('5555555555554444') })).body.code).toBe(0);
    expect(await server.db.query('SELECT 1 FROM subscriptions WHERE account_uid = $1', [a.account.uid])).toHaveLength(0);

    const b = await newCustomer();
    expect((await pay(b.auth, { planId: '1', card: card('5555555555554444', { save: true }) })).body.code).toBe(0);
    const cards = (await post('/api/bill/listCard', {}, b.auth)).body.data;
    expect(cards).toEqual([expect.objectContaining({ brand: 'mastercard', last4: '4444', usedForRenewal: true })]);
  });

  it("deleteCard: -2511 unknown, 1020 another account's, 1021 the billing card of a running renewal, else deleted", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    expect((await pay(owner.auth, { planId: '1', card: card('4242424242424242', { save: true }) })).body.code).toBe(0);
    expect((await pay(owner.auth, { planId: '3', card: card('5555555555554444', { save: true }) })).body.code).toBe(0);
    const cards = (await post('/api/bill/listCard', {}, owner.auth)).body.data as { id: string; last4: string; usedForRenewal: boolean; isDefault: boolean }[];
    const renewing = cards.find((c) => c.last4 === '4242')!;
    const spare = cards.find((c) => c.last4 === '4444')!;
    expect(renewing).toMatchObject({ usedForRenewal: true, isDefault: true });
    expect(spare).toMatchObject({ usedForRenewal: false, isDefault: false });

    expect((await post('/api/bill/deleteCard', { cardId: 'card_doesnotexist' }, owner.auth)).body).toMatchObject({ code: 1, errCode: -2511 });
    expect((await post('/api/bill/deleteCard', { cardId: spare.id }, other.auth)).body).toMatchObject({ code: 1, errCode: 1020 });
    expect((await post('/api/bill/deleteCard', { cardId: renewing.id }, owner.auth)).body).toMatchObject({ code: 1, errCode: 1021 });
    // Paying with someone else's saved card is refused the same way.
    expect((await pay(other.auth, { card: { savedCardId: spare.id } })).body).toMatchObject({ code: 1, errCode: 1020 });

    expect((await post('/api/bill/deleteCard', { cardId: spare.id }, owner.auth)).body).toEqual({ code: 0, data: null });
    expect((await post('/api/bill/listCard', {}, owner.auth)).body.data.map((c: { id: string }) => c.id)).toEqual([renewing.id]);
    expect((await post('/api/bill/deleteCard', { cardId: spare.id }, owner.auth)).body).toMatchObject({ code: 1, errCode: -2511 });
    expect((await pay(owner.auth, { card: { savedCardId: spare.id } })).body).toMatchObject({ code: 1, errCode: -2511 });

    // Once the renewal is cancelled the card may go.
    await server.db.query("UPDATE subscriptions SET status = 'cancelled' WHERE account_uid = $1", [owner.account.uid]);
    expect((await post('/api/bill/deleteCard', { cardId: renewing.id }, owner.auth)).body).toEqual({ code: 0, data: null });
  });

  it('a saved card that has expired since is declined with 309', async () => {
    const { account, auth } = await newCustomer();
    expect((await pay(auth, { card: card('4242424242424242', { save: true, expMonth: 1, expYear: 2026 }) })).body.code).toBe(0);
    const [saved] = (await post('/api/bill/listCard', {}, auth)).body.data;
    clock.advance(40 * DAY); // past the end of January 2026 (and past the 10-day session)
    try {
      const later = await login(loginBody(account) as { account: string; password: string });
      expect((await pay(later, { card: { savedCardId: saved.id } })).body).toMatchObject({ code: 1, errCode: 309 });
    } finally {
      clock.advance(-40 * DAY);
    }
  });
});

describe('the card customer flow (browser tokenisation)', () => {
  it('token, customer, tokenised card, confirm: the open order is paid and the card is kept', async () => {
    const { account, auth } = await newCustomer();
    const token = await post('/api/bill/payment/query/token', { method: 'card' }, auth);
    expect(token.body.data).toMatchObject({ provider: 'sandbox-card', environment: 'sandbox', expiresAt: clock.now() + 15 * 60_000 });
    expect((await post('/api/bill/payment/query/token', { method: 'pix' }, auth)).body).toMatchObject({ code: 1, errCode: -2502 });

    const created = await post('/api/bill/payment/useepay/customer/create/v1', { email: account.email, firstName: 'Ana', lastName: 'Souza' }, auth);
    expect(created.body.data).toMatchObject({ created: true });
    const customerId = created.body.data.customerId as string;
    expect((await post('/api/bill/payment/useepay/customer/create/v1', { email: account.email, firstName: 'Ana', lastName: 'Souza' }, auth)).body.data).toEqual(
      { customerId, created: false },
    );

    // An open order: a first attempt was declined.
    expect((await pay(auth, { planId: '1', card: card('4000000000000002') })).body.errCode).toBe(301);
    const orderId = (await post('/api/bill/query/cart', {}, auth)).body.data.id as string;

    // What the provider's SDK does in the browser: the card goes to the network, a token comes back.
    const sdk = server.services.payments.card!;
    usedNumbers.add('4000000000000002').add('4242424242424242');
    const bad = await sdk.tokenize(server.db, card('4000000000000002'), clock.now(), customerId);
    const good = await sdk.tokenize(server.db, card('4242424242424242'), clock.now(), customerId);
    if (!bad.ok || !good.ok) throw new Error('tokenisation failed');

    const declined = await post('/api/bill/payment/useepay/customer/confirm/v1', { orderId, customerId, paymentMethodToken: bad.card.token }, auth);
    expect(declined.body).toMatchObject({ code: 1, errCode: 301 });
    expect((await post('/api/bill/listCard', {}, auth)).body.data).toEqual([]);

    const other = await newCustomer();
    expect(
      (await post('/api/bill/payment/useepay/customer/confirm/v1', { orderId, customerId, paymentMethodToken: good.card.token }, other.auth)).body,
    ).toMatchObject({ code: 1, errCode: 1020 });
    expect((await post('/api/bill/payment/useepay/customer/confirm/v1', { orderId, customerId, paymentMethodToken: 'tok_unknown' }, auth)).body).toMatchObject({
      code: 1,
      errCode: -2511,
    });

    const confirmed = await post('/api/bill/payment/useepay/customer/confirm/v1', { orderId, customerId, paymentMethodToken: good.card.token }, auth);
    expect(confirmed.body).toMatchObject({ code: 0, data: { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' } });
    const cards = (await post('/api/bill/listCard', {}, auth)).body.data;
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', holder: 'Ana Souza', usedForRenewal: true })]);
    // Paid already: confirming again finds no open order.
    expect(
      (await post('/api/bill/payment/useepay/customer/confirm/v1', { orderId, customerId, paymentMethodToken: good.card.token }, auth)).body,
    ).toMatchObject({ code: 1, errCode: 1001 });
  });
});

describe('card data at rest and in the log', () => {
  it('no table and no log line holds a full card number or the security code', async () => {
    expect(usedNumbers.size).toBeGreaterThanOrEqual(8);
    // One more request whose body fails validation: its problems are logged, never its values.
    usedNumbers.add('4111111111111111');
    const auth = await login({ account: DEMO.email, password: DEMO.password });
    const bad = await pay(auth, { card: { ...card('4111111111111111'), cvc: '73a' } });
    expect(bad.status).toBe(400);

    const tables = (
      await server.db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      )
    ).map((t) => `"${t.table_name}"`);
    const dump = await dumpTables(server.db, tables);
    const log = logLines.join('');
    expect(dump).toContain('4242'); // last 4 digits are kept, by design
    expect(log).toContain('/api/bill/pay/v1'); // the log did capture the payment requests
    for (const number of usedNumbers) {
      expect(dump.includes(number), `card number ${number.slice(-4)} in the database`).toBe(false);
      expect(log.includes(number), `card number ${number.slice(-4)} in the log`).toBe(false);
    }
    for (const text of [dump, log]) {
      expect(text).not.toMatch(new RegExp(`"${CVC}"`));
      expect(text).not.toMatch(/"cvc"\s*:/i);
      expect(text).not.toMatch(/"number"\s*:\s*"\d{12,19}"/);
    }
  });
});
