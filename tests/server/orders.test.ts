import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { DECLINED, testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer, type TestAccountOptions } from '../helpers/accounts';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;

describe('orders: reading, paging, tips, reminders and the cart', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });

  const customer = (options: TestAccountOptions = {}) => loggedInCustomer(server, options);
  /** Calls that succeed are checked against the contract on the way. */
  const post = (url: string, body: unknown, headers: Record<string, string>) => server.postChecked(url, body, headers);
  async function get(url: string, path: string, headers: Record<string, string>) {
    const res = await server.get(url, headers);
    if (res.body.code === 0) expect(contractErrors('get', path, res.status, res.body)).toEqual([]);
    return res;
  }
  const pay = (auth: Record<string, string>, extra: Record<string, unknown> = {}) =>
    post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'rui@example.com', card: card(VISA_OK), ...extra }, auth);

  it("lists the caller's orders newest first, a page at a time, filtered by status and scene", async () => {
    const { auth } = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      if (i === 1) {
        expect((await pay(auth, { card: card(DECLINED) })).body.errCode).toBe(301);
        ids.push((await post('/api/bill/query/cart', {}, auth)).body.data.id);
      } else {
        ids.push((await pay(auth)).body.data.orderId);
      }
    }
    clock.advance(60_000);
    const stb = await pay({ ...auth, Scene: 'STB' });
    ids.push(stb.body.data.orderId);

    const first = await post('/api/bill/orders/v1', { pageSize: 4 }, auth);
    expect(first.body.data).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.body.data.items.map((o: { id: string }) => o.id)).toEqual([...ids].reverse().slice(0, 4));
    const second = await post('/api/bill/orders/v1', { page: 2, pageSize: 4 }, auth);
    expect(second.body.data.items.map((o: { id: string }) => o.id)).toEqual([...ids].reverse().slice(4));
    const defaults = await post('/api/bill/orders/v1', {}, auth);
    expect(defaults.body.data).toMatchObject({ page: 1, pageSize: 10, total: 6 });

    const failed = await post('/api/bill/orders/v1', { status: ['PAYMENT_FAILED'] }, auth);
    expect(failed.body.data.items.map((o: { id: string }) => o.id)).toEqual([ids[1]]);
    const fromTv = await post('/api/bill/orders/v1', { scene: 'STB' }, auth);
    expect(fromTv.body.data.items).toEqual([expect.objectContaining({ id: stb.body.data.orderId, scene: 'STB' })]);

    // Someone else sees none of them.
    const other = await customer();
    expect((await post('/api/bill/orders/v1', {}, other.auth)).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    expect((await get(`/api/bill/order/v1/${ids[0]}`, '/api/bill/order/v1/{id}', other.auth)).body).toMatchObject({ code: 1, errCode: 1001 });
    expect((await get('/api/bill/order/v1/ORDNOSUCHORDER', '/api/bill/order/v1/{id}', auth)).body).toMatchObject({ code: 1, errCode: 1001 });
    // Without a session: -24020 (401), which resets the client's session.
    expect((await server.post('/api/bill/orders/v1', {}, { Authorization: 'null' })).status).toBe(401);
  });

  it('names each plan in the language of the request, not the one the order was made in', async () => {
    const { auth } = await customer();
    const paid = (await pay({ ...auth, Language: 'pt' })).body.data.orderId;
    clock.advance(60_000);
    expect((await pay({ ...auth, Language: 'pt' }, { card: card(DECLINED) })).body.errCode).toBe(301);
    const names = async (lang: string) => {
      const headers = { ...auth, Language: lang };
      const list = (await post('/api/bill/orders/v1', {}, headers)).body.data.items.map((o: { items: { planName: string }[] }) => o.items[0]?.planName);
      const one = (await get(`/api/bill/order/v1/${paid}`, '/api/bill/order/v1/{id}', headers)).body.data.items[0].planName;
      const cart = (await post('/api/bill/query/cart', {}, headers)).body.data.items[0].planName;
      return { list, one, cart };
    };
    expect(await names('pt')).toEqual({ list: ['Semestral · 1 tela', 'Semestral · 1 tela'], one: 'Semestral · 1 tela', cart: 'Semestral · 1 tela' });
    expect(await names('en')).toEqual({ list: ['180 days · 1 screen', '180 days · 1 screen'], one: '180 days · 1 screen', cart: '180 days · 1 screen' });
  });

  it("the service period: a paid order's, running on from the previous expiry; 1040 when unpaid; 1001 when not the caller's", async () => {
    const { auth } = await customer();
    const firstPaid = await pay(auth);
    const t0 = clock.now();
    clock.advance(DAY);
    const secondPaid = await pay(auth);
    const p1 = await get(`/api/bill/service/v1/${firstPaid.body.data.orderId}`, '/api/bill/service/v1/{id}', auth);
    expect(p1.body.data).toMatchObject({ startTime: t0, endTime: t0 + 180 * DAY, validDays: 180, planId: '3', planName: '180 days · 1 screen' });
    const p2 = await get(`/api/bill/service/v1/${secondPaid.body.data.orderId}`, '/api/bill/service/v1/{id}', { ...auth, Language: 'pt' });
    expect(p2.body.data).toMatchObject({ startTime: t0 + 180 * DAY, endTime: t0 + 360 * DAY, planName: 'Semestral · 1 tela' });

    expect((await pay(auth, { card: card(DECLINED) })).body.errCode).toBe(301);
    const open = (await post('/api/bill/query/cart', {}, auth)).body.data;
    expect((await get(`/api/bill/service/v1/${open.id}`, '/api/bill/service/v1/{id}', auth)).body).toMatchObject({ code: 1, errCode: 1040 });
    const other = await customer();
    expect((await get(`/api/bill/service/v1/${firstPaid.body.data.orderId}`, '/api/bill/service/v1/{id}', other.auth)).body).toMatchObject({
      code: 1,
      errCode: 1001,
    });
  });

  it('a PIX left to pay later: the tip waits for the payment and says until when; the reminder links to the same code', async () => {
    const { auth } = await customer();
    const payer = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
    const made = await pay(auth, { method: 'pix', country: 'BR', card: undefined, payer });
    const orderId = made.body.data.orderId as string;
    const tip = await get(`/api/bill/payment/tip/v1?orderId=${orderId}`, '/api/bill/payment/tip/v1', auth);
    expect(tip.body.data).toMatchObject({ orderId, status: 'PAYMENT_PENDING', paymentType: 'pix', title: 'Waiting for your payment' });
    expect(tip.body.data.expiresAt).toBeGreaterThan(clock.now());
    await post('/api/bill/order/remind/v1', { orderId }, auth);
    const [mail] = await server.services.outbox.list({ to: 'rui@example.com' });
    expect(mail!.text).toContain(`/payment-pix?orderId=${orderId}`);
    expect(mail!.text).not.toContain(`/payment?orderId=`);
  });

  it('the cart holds the newest unfinished order, and tips, details and reminders follow its state', async () => {
    const { auth, account } = await customer({ language: 'es' });
    expect((await post('/api/bill/query/cart', {}, auth)).body).toEqual({ code: 0, data: null });

    expect((await pay(auth, { card: card(DECLINED), email: 'pagos@example.com' })).body).toMatchObject({ code: 1, errCode: 301 });
    const cart = await post('/api/bill/query/cart', {}, auth);
    expect(cart.body.data).toMatchObject({ status: 'PAYMENT_FAILED', email: 'pagos@example.com', items: [{ planId: '3' }] });
    const orderId = cart.body.data.id as string;

    const tip = await get(`/api/bill/payment/tip/v1?orderId=${orderId}`, '/api/bill/payment/tip/v1', { ...auth, Language: 'pt' });
    expect(tip.body.data).toMatchObject({
      orderId,
      status: 'PAYMENT_FAILED',
      paymentType: 'card',
      title: 'Pagamento não concluído',
      amount: cart.body.data.total,
      currency: 'BRL',
    });
    expect((await post('/api/bill/payment-info/detail', { orderId }, auth)).body).toMatchObject({ code: 1, errCode: 1040 });

    const reminded = await post('/api/bill/order/remind/v1', { orderId }, auth);
    expect(reminded.body.data).toEqual({ orderId, email: 'p***@example.com', resendAfter: 60 });
    const [mail] = await server.services.outbox.list({ to: 'pagos@example.com' });
    expect(mail).toMatchObject({ template: 'orderReminder', lang: 'es' });
    expect(mail!.text).toContain(`/payment?orderId=${orderId}`);
    expect(mail!.text).toContain('R$ 159,90');
    const tooSoon = await server.post('/api/bill/order/remind/v1', { orderId }, auth);
    expect(tooSoon).toMatchObject({ status: 429, body: { errCode: -3031 } });
    clock.advance(61_000);
    // Only to the account's own address or the order's (docs/decisions/035): never a stranger's.
    const stranger = await server.post('/api/bill/order/remind/v1', { orderId, email: 'outro@example.com' }, auth);
    expect(stranger.body).toMatchObject({ code: 1, errCode: 5000 });
    expect(await server.services.outbox.list({ to: 'outro@example.com' })).toEqual([]);
    const own = await post('/api/bill/order/remind/v1', { orderId, email: account.email!.toUpperCase() }, auth);
    expect(own.body.data.email).toMatch(/^\w\*\*\*@example\.com$/);

    const repaid = await post('/api/bill/repay/v1', { orderId, method: 'card', card: card(VISA_OK) }, auth);
    expect(repaid.body.data).toEqual({ next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' });
    expect((await post('/api/bill/query/cart', {}, auth)).body.data).toBeNull();
    expect((await get(`/api/bill/payment/tip/v1?orderId=${orderId}`, '/api/bill/payment/tip/v1', auth)).body.data).toMatchObject({
      status: 'PAYMENT_SUCCEEDED',
      title: 'Payment received',
    });
    expect((await post('/api/bill/payment-info/detail', { orderId }, auth)).body.data).toEqual({ next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' });
    expect((await post('/api/bill/order/remind/v1', { orderId }, auth)).body).toMatchObject({ code: 1, errCode: 1040 });
    // The receipt went to the order's email, in the account's language.
    expect((await server.services.outbox.list({ to: 'pagos@example.com' }))[0]).toMatchObject({ template: 'receipt', lang: 'es' });

    // Repaying a paid, unknown or someone else's order: 1001.
    expect((await post('/api/bill/repay/v1', { orderId, method: 'card', card: card(VISA_OK) }, auth)).body).toMatchObject({ code: 1, errCode: 1001 });
    expect((await post('/api/bill/repay/v1', { orderId: 'ORDNOPE', method: 'card', card: card(VISA_OK) }, auth)).body).toMatchObject({
      code: 1,
      errCode: 1001,
    });
    const other = await customer();
    expect((await pay(other.auth, { card: card(DECLINED) })).body.errCode).toBe(301);
    const othersOrder = (await post('/api/bill/query/cart', {}, other.auth)).body.data.id as string;
    expect((await post('/api/bill/repay/v1', { orderId: othersOrder, method: 'card', card: card(VISA_OK) }, auth)).body).toMatchObject({
      code: 1,
      errCode: 1001,
    });
    expect((await get(`/api/bill/payment/tip/v1?orderId=${othersOrder}`, '/api/bill/payment/tip/v1', auth)).body).toMatchObject({ code: 1, errCode: 1001 });
    expect((await post('/api/bill/order/remind/v1', { orderId: othersOrder }, auth)).body).toMatchObject({ code: 1, errCode: 1001 });
  });

  it('repay re-values the order with the new instalment count and keeps its discount code', async () => {
    const { auth } = await customer();
    expect((await pay(auth, { discountCode: 'desconto5', card: card(DECLINED) })).body.errCode).toBe(301);
    const open = (await post('/api/bill/query/cart', {}, auth)).body.data;
    expect(open).toMatchObject({ discountCode: 'DESCONTO5', discount: 500, installments: 1 });
    const repaid = await post('/api/bill/repay/v1', { orderId: open.id, method: 'card', installments: 6, card: card(VISA_OK) }, auth);
    expect(repaid.body.code).toBe(0);
    const order = (await get(`/api/bill/order/v1/${open.id}`, '/api/bill/order/v1/{id}', auth)).body.data;
    expect(order).toMatchObject({ installments: 6, subtotal: 15990, discount: 500, discountCode: 'DESCONTO5' });
    // Beyond the plan's 3 interest-free instalments the valuation adds interest (Price table).
    expect(order.interest).toBeGreaterThan(0);
    expect(order.total).toBe(15990 - 500 + order.interest);
    expect(order.installmentAmount * 6).toBe(order.total);
  });
});

describe('what pay refuses before any money moves', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });

  const customer = (options: TestAccountOptions = {}) => loggedInCustomer(server, options);
  const pay = (auth: Record<string, string>, extra: Record<string, unknown> = {}) =>
    server.post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'rui@example.com', card: card(VISA_OK), ...extra }, auth);
  const orderCount = async () => Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n);

  it('lists only methods it can collect, for the plan, country and currency, named in the request language', async () => {
    const { auth } = await customer();
    const br = await server.post('/api/bill/payment/methods/v1', { planId: '1', country: 'BR', currency: 'BRL' }, { ...auth, Language: 'ru' });
    expect(contractErrors('post', '/api/bill/payment/methods/v1', br.status, br.body)).toEqual([]);
    // Mobile money runs in none of Brazil's operators: it is not offered there.
    expect(br.body.data).toEqual([
      { code: 'card', name: 'Банковская карта', type: 'card', installmentsAllowed: false, maxInstallments: 1, requiredFields: [], savedCards: true },
      expect.objectContaining({ code: 'pix', type: 'pix', savedCards: false }),
      expect.objectContaining({ code: 'boleto', name: 'Платёжная квитанция (boleto)', type: 'boleto', savedCards: false }),
      expect.objectContaining({ code: 'paypal', name: 'PayPal', type: 'paypal' }),
      expect.objectContaining({ code: 'bank_transfer', name: 'Банковский перевод', requiredFields: ['firstName', 'lastName'] }),
      expect.objectContaining({ code: 'ewallet', name: 'Электронный кошелёк' }),
      expect.objectContaining({ code: 'crypto', name: 'Криптовалюта', coins: ['BTC', 'ETH', 'USDT', 'USDC', 'LTC'] }),
    ]);
    // An enabled method without a provider is not offered.
    await server.db.query(
      `INSERT INTO payment_methods (code, type, names, sort_order) VALUES ('paypal_eu', 'paypal', '{"en":"PayPal EU"}', 9) ON CONFLICT DO NOTHING`,
    );
    const yearly = await server.post('/api/bill/payment/methods/v1', { planId: '5', country: 'AR', currency: 'ARS' }, auth);
    expect(yearly.body.data).toEqual([
      expect.objectContaining({ code: 'card', installmentsAllowed: true, maxInstallments: 12 }),
      expect.objectContaining({ code: 'ewallet', maxInstallments: 1 }),
    ]);
    expect((await server.post('/api/bill/payment/methods/v1', { planId: '99', country: 'BR', currency: 'BRL' }, auth)).body).toMatchObject({
      code: 1,
      errCode: 6001,
    });
    expect((await server.post('/api/bill/payment/methods/v1', { planId: '1', country: 'BR', currency: 'XYZ' }, auth)).body).toMatchObject({
      code: 1,
      errCode: -2408,
    });
  });

  it('refuses unsupported methods, currencies, countries, card input and instalment counts', async () => {
    const { auth } = await customer();
    const before = await orderCount();
    await server.db.query(
      `INSERT INTO payment_methods (code, type, names, sort_order) VALUES ('paypal_eu', 'paypal', '{"en":"PayPal EU"}', 9) ON CONFLICT DO NOTHING`,
    );
    expect((await pay(auth, { method: 'paypal_eu', card: undefined })).body).toMatchObject({ code: 1, errCode: -2502 });
    expect((await pay(auth, { method: 'no-such-method' })).body).toMatchObject({ code: 1, errCode: -2502 });
    await server.db.query("UPDATE payment_methods SET enabled = false WHERE code = 'card'");
    expect((await pay(auth)).body).toMatchObject({ code: 1, errCode: -2502 });
    await server.db.query("UPDATE payment_methods SET enabled = true WHERE code = 'card'");
    expect((await pay(auth, { currency: 'XYZ' })).body).toMatchObject({ code: 1, errCode: -2408 });
    await server.db.query("UPDATE payment_methods SET countries = '{BR}' WHERE code = 'card'");
    expect((await pay(auth, { country: 'AR' })).body).toMatchObject({ code: 1, errCode: 5003 });
    expect((await pay(auth, { country: 'BR' })).body.code).toBe(0);
    await server.db.query("UPDATE payment_methods SET countries = NULL WHERE code = 'card'");
    expect((await pay(auth, { card: undefined })).body).toMatchObject({ code: 1, errCode: -2400 });
    expect((await pay(auth, { installments: 13 })).body).toMatchObject({ code: 1, errCode: 5000 });
    // A client's amount is not even accepted: the contract has no such field.
    expect((await pay(auth, { total: 1 })).status).toBe(400);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses what the account may not buy: -2500 reset the password first, 6000 a single screen over a running multi-screen plan', async () => {
    const resetFirst = await customer({ mustResetPassword: true });
    expect((await pay(resetFirst.auth)).body).toMatchObject({ code: 1, errCode: -2500 });

    const multi = await customer();
    expect((await pay(multi.auth, { planId: '4' })).body.code).toBe(0);
    expect((await pay(multi.auth, { planId: '3' })).body).toMatchObject({ code: 1, errCode: 6000 });
    expect((await pay(multi.auth, { planId: '6' })).body.code).toBe(0);
    expect((await pay(multi.auth, { planId: '99' })).body).toMatchObject({ code: 1, errCode: 6001 });
  });

  it("refuses a discount code that does not apply, with the valuation's reason", async () => {
    const { auth } = await customer();
    expect((await pay(auth, { discountCode: 'EXPIRADO' })).body).toMatchObject({ code: 1, errCode: 9000 });
    expect((await pay(auth, { discountCode: 'NOSUCHCODE' })).body).toMatchObject({ code: 1, errCode: 9001 });
    expect((await pay(auth, { discountCode: 'ANUAL20' })).body).toMatchObject({ code: 1, errCode: 9002 });
    // Held by an open (declined) order of the same account: 9004 until that order is unbound.
    expect((await pay(auth, { discountCode: 'BEMVINDO10', card: card(DECLINED) })).body.errCode).toBe(301);
    expect((await pay(auth, { discountCode: 'BEMVINDO10' })).body).toMatchObject({ code: 1, errCode: 9004 });
  });

  const chargesAtNetwork = async (where: string, params: unknown[]) =>
    Number(
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sandbox_card_charges WHERE reference IN (SELECT id FROM orders WHERE ${where})`,
          params,
        )
      )[0]!.n,
    );

  it('takes no total, amount or price from the client: such a pay request is refused and nothing is charged', async () => {
    const { account, auth } = await customer();
    for (const field of ['total', 'amount', 'price', 'payAmount', 'originalTotal']) {
      const res = await server.post(
        '/api/bill/pay/v1',
        { planId: '3', method: 'card', currency: 'BRL', email: 'rui@example.com', card: card(VISA_OK), [field]: 1 },
        auth,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 1, errCode: 5000 });
    }
    expect(await server.db.query('SELECT 1 FROM orders WHERE account_uid = $1', [account.uid])).toHaveLength(0);
    expect(await chargesAtNetwork('account_uid = $1', [account.uid])).toBe(0);
    // The same body without the extra field is charged the server's own total.
    const paid = await pay(auth);
    expect(paid.body.code).toBe(0);
    const [order] = await server.db.query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [paid.body.data.orderId]);
    const [charge] = await server.db.query<{ amount: number }>('SELECT amount FROM sandbox_card_charges WHERE reference = $1', [paid.body.data.orderId]);
    expect(Number(charge!.amount)).toBe(Number(order!.total));
  });

  describe.each([
    { who: 'one account', accounts: 1 },
    { who: '20 accounts', accounts: 20 },
  ])('a one-use code raced by 20 pay requests from $who', ({ accounts }) => {
    it('is used once, by one paid order charged once; the others are refused and not charged', async () => {
      const code = `RACE${accounts}`;
      await server.db.query("INSERT INTO discount_codes (code, kind, value, max_uses) VALUES ($1, 'percent', 50, 1)", [code]);
      const buyers = await Promise.all(Array.from({ length: accounts }, () => customer()));
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(buyers[i % accounts]!.auth, { discountCode: code })));
      const bodies = answers.map((r) => r.body);
      expect(bodies.filter((b) => b.code === 0)).toHaveLength(1);
      // 9003 the last use is gone, 9004 bound to the account's other open order.
      for (const b of bodies.filter((b) => b.code !== 0)) expect([9003, 9004]).toContain(b.errCode);
      const used = await server.db.query<{ used_count: number }>('SELECT used_count FROM discount_codes WHERE code = $1', [code]);
      expect(used[0]!.used_count).toBe(1);
      expect(await server.db.query("SELECT id FROM orders WHERE discount_code = $1 AND status = 'PAYMENT_SUCCEEDED'", [code])).toHaveLength(1);
      // The losers have no order holding the code, and were never charged.
      expect(await server.db.query('SELECT id FROM orders WHERE discount_code = $1', [code])).toHaveLength(1);
      expect(await chargesAtNetwork('discount_code = $1', [code])).toBe(1);
      const uids = buyers.map((b) => b.account.uid);
      expect(await chargesAtNetwork('account_uid = ANY($1)', [uids])).toBe(1);
      console.log(
        `discount race (${accounts} account(s), ${server.databaseUrl ? 'PostgreSQL' : 'PGlite'}): 20 requests, ${bodies.filter((b) => b.code === 0).length} paid, ${used[0]!.used_count} use, 1 charge`,
      );
    });
  });

  it("a declined charge gives a one-use code's use back", async () => {
    await server.db.query("INSERT INTO discount_codes (code, kind, value, max_uses) VALUES ('BACK1', 'percent', 50, 1)");
    const c = await customer();
    expect((await pay(c.auth, { discountCode: 'BACK1', card: card(DECLINED) })).body.errCode).toBe(301);
    const back = async () => (await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'BACK1'"))[0]!.used_count;
    expect(await back()).toBe(0);
    const orderId = (await server.post('/api/bill/query/cart', {}, c.auth)).body.data.id as string;
    expect((await server.post('/api/bill/repay/v1', { orderId, method: 'card', card: card(VISA_OK) }, c.auth)).body.code).toBe(0);
    expect(await back()).toBe(1);
  });
});
