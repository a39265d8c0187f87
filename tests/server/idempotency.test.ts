import { describe, expect, it } from 'vitest';
import { idempotencyHash } from '../../server/billing/idempotency';
import { createFakeClock } from '../../server/clock';
import { deriveKey } from '../../server/security/secrets';
import { testCard as card } from '../helpers/cards';
import { loggedInCustomer } from '../helpers/accounts';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const PAY = '/api/bill/pay/v1';
const REPAY = '/api/bill/repay/v1';
const HOUR = 3_600_000;
const payBody = (extra: Record<string, unknown> = {}) => ({
  planId: '3',
  method: 'card',
  currency: 'BRL',
  email: 'rui@example.com',
  card: card('4242424242424242'),
  ...extra,
});

describe('Idempotency-Key on pay and repay', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });

  const customer = () => loggedInCustomer(server);
  const headers = (token: string, key?: string) => ({ Authorization: token, ...(key ? { 'Idempotency-Key': key } : {}) });
  const ordersOf = (uid: number) =>
    server.db.query<{ id: string; status: string }>('SELECT id, status FROM orders WHERE account_uid = $1 ORDER BY created_at, id', [uid]);
  const chargesOf = (uid: number) =>
    server.db.query('SELECT c.charge_id FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.account_uid = $1', [uid]);

  it('20 identical requests at once with one key make one order and one charge', async () => {
    const { account, token } = await customer();
    const results = await Promise.all(Array.from({ length: 20 }, () => server.post(PAY, payBody(), headers(token, 'attempt-0001'))));

    const done = results.filter((r) => r.body.code === 0);
    const busy = results.filter((r) => r.body.code !== 0);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const r of done) {
      expect(contractErrors('post', PAY, r.status, r.body)).toEqual([]);
      expect(r.body.data).toEqual(done[0]!.body.data);
    }
    // The others arrived while the first was running: refused as in progress, never charged.
    for (const r of busy) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ code: 1, errCode: -3031 });
    }
    const orders = await ordersOf(account.uid);
    expect(orders).toEqual([{ id: done[0]!.body.data.orderId, status: 'PAYMENT_SUCCEEDED' }]);
    expect(await chargesOf(account.uid)).toHaveLength(1);

    // Once it finished, the same key and body answer the first result again, without a charge.
    const again = await server.post(PAY, payBody(), headers(token, 'attempt-0001'));
    expect(again.body).toEqual({ code: 0, data: done[0]!.body.data });
    expect(await chargesOf(account.uid)).toHaveLength(1);
  });

  it('a repeat while the first request still runs is refused as in progress (-3031, 429, Retry-After), until its lease runs out', async () => {
    const { account, token } = await customer();
    // The first request's claim on the key, as it stands while its payment runs.
    const hash = idempotencyHash(deriveKey(server.services.secret, 'idempotency'), 'pay', payBody());
    await server.db.query(
      "INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at) VALUES ($1, 'k-running', 'pay', $2, 'in_progress', $3)",
      [account.uid, hash, new Date(clock.now())],
    );
    const res = await server.app.inject({
      method: 'POST',
      url: PAY,
      headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': 'k-running' },
      payload: JSON.stringify(payBody()),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 1, errCode: -3031 });
    expect(await ordersOf(account.uid)).toHaveLength(0);
    // Another body with that key is still another request.
    expect((await server.post(PAY, payBody({ planId: '5' }), headers(token, 'k-running'))).status).toBe(400);

    // The process holding the claim died (its transaction rolled back, nothing was charged): once
    // the 2-minute lease has passed, a retry takes the key over and pays, once.
    clock.advance(2 * 60_000);
    const retried = await server.post(PAY, payBody(), headers(token, 'k-running'));
    expect(retried.body).toMatchObject({ code: 0, data: { next: 'done', status: 'PAYMENT_SUCCEEDED' } });
    expect(await chargesOf(account.uid)).toHaveLength(1);
    expect((await server.post(PAY, payBody(), headers(token, 'k-running'))).body).toEqual(retried.body);
    expect(await chargesOf(account.uid)).toHaveLength(1);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const { account, token } = await customer();
    const first = await server.post(PAY, payBody(), headers(token, 'k-order'));
    const body = payBody();
    const reordered = Object.fromEntries(Object.entries({ ...body, card: Object.fromEntries(Object.entries(body.card).reverse()) }).reverse());
    const second = await server.post(PAY, reordered, headers(token, 'k-order'));
    expect(second.body).toEqual(first.body);
    expect(await ordersOf(account.uid)).toHaveLength(1);
  });

  it('the same key with another body is refused with 400 / 5000, and nothing is charged', async () => {
    const { account, token } = await customer();
    expect((await server.post(PAY, payBody(), headers(token, 'k-body'))).body.code).toBe(0);
    const other = await server.post(PAY, payBody({ planId: '5' }), headers(token, 'k-body'));
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 1, errCode: 5000 });
    // The same key on another operation is another request too.
    const orderId = (await ordersOf(account.uid))[0]!.id;
    const onRepay = await server.post(REPAY, { orderId, method: 'card', card: card('4242424242424242') }, headers(token, 'k-body'));
    expect(onRepay).toMatchObject({ status: 400, body: { errCode: 5000 } });
    expect(await chargesOf(account.uid)).toHaveLength(1);
  });

  it('a declined payment is an answer too: repeating it replays the decline without charging again', async () => {
    const { account, token } = await customer();
    const body = payBody({ card: card('4000000000009995') });
    const first = await server.post(PAY, body, headers(token, 'k-decline'));
    expect(first.body).toMatchObject({ code: 1, errCode: 302 });
    const second = await server.post(PAY, body, headers(token, 'k-decline'));
    expect(second.body).toEqual(first.body);
    expect(await chargesOf(account.uid)).toHaveLength(1);
    expect(await ordersOf(account.uid)).toEqual([expect.objectContaining({ status: 'PAYMENT_FAILED' })]);

    // Repay has its own keys, with the same guarantees.
    const orderId = (await ordersOf(account.uid))[0]!.id;
    const repayBody = { orderId, method: 'card', card: card('4242424242424242') };
    const repays = await Promise.all(Array.from({ length: 5 }, () => server.post(REPAY, repayBody, headers(token, 'k-repay'))));
    expect(repays.filter((r) => r.body.code === 0).length).toBeGreaterThanOrEqual(1);
    expect(repays.every((r) => r.body.code === 0 || r.body.errCode === -3031)).toBe(true);
    expect(await chargesOf(account.uid)).toHaveLength(2);
    expect((await server.post(REPAY, repayBody, headers(token, 'k-repay'))).body).toMatchObject({ code: 0, data: { orderId, status: 'PAYMENT_SUCCEEDED' } });
  });

  it('a key lives 24 hours, and belongs to one account', async () => {
    const a = await customer();
    const b = await customer();
    const first = await server.post(PAY, payBody(), headers(a.token, 'k-life'));
    expect(first.body.code).toBe(0);
    // Another account's same key is its own.
    expect((await server.post(PAY, payBody(), headers(b.token, 'k-life'))).body.data.orderId).not.toBe(first.body.data.orderId);

    clock.advance(23 * HOUR);
    expect((await server.post(PAY, payBody(), headers(a.token, 'k-life'))).body).toEqual(first.body);
    clock.advance(2 * HOUR);
    const after = await server.post(PAY, payBody(), headers(a.token, 'k-life'));
    expect(after.body.code).toBe(0);
    expect(after.body.data.orderId).not.toBe(first.body.data.orderId);
    expect(await ordersOf(a.account.uid)).toHaveLength(2);
  });

  it('without a key every request is a new payment', async () => {
    const { account, token } = await customer();
    await server.post(PAY, payBody(), headers(token));
    await server.post(PAY, payBody(), headers(token));
    expect(await ordersOf(account.uid)).toHaveLength(2);
  });

  it('a malformed key is refused by the contract (400 / 5000)', async () => {
    const { token } = await customer();
    const res = await server.post(PAY, payBody(), headers(token, 'has space'));
    expect(res).toMatchObject({ status: 400, body: { errCode: 5000 } });
  });
});
