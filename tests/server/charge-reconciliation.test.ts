// Card charges whose outcome the portal did not record are settled with the card network
// afterwards (docs/decisions/032 and 036): an answer lost on the way (NETWORK_ERROR), and a
// process that died between the two phases of a charge. Against the real in-process server and
// its sandbox card network.
import { describe, expect, it } from 'vitest';
import { reconcileCharging, reconcileUnknown, unaccountedCharges } from '../../server/billing/payment-jobs';
import { createFakeClock } from '../../server/clock';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { useTestServer } from '../helpers/test-server';

describe('a charge whose answer is lost (NETWORK_ERROR) is reconciled with the provider', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123', holder: 'ANA SOUZA' });
  const { statusOf } = billingReads(server);

  it('charged at the network but unanswered: 1015 now, paid and fulfilled once reconciled, charged once', async () => {
    const { account, auth } = await loggedInCustomer(server);
    await server.db.query("UPDATE discount_codes SET used_count = 0, max_uses = 1 WHERE code = 'UMAVEZ'");
    const res = await server.post(
      '/api/bill/pay/v1',
      { planId: '1', method: 'card', currency: 'BRL', email: 'ana@example.com', discountCode: 'UMAVEZ', card: card('4000000000001117') },
      auth,
    );
    expect(res.body).toMatchObject({ code: 1, errCode: 1015 });
    const [order] = await server.db.query<{ id: string; status: string }>('SELECT id, status FROM orders WHERE account_uid = $1', [account.uid]);
    expect(order?.status).toBe('NETWORK_ERROR');
    // Not before the in-flight grace: an answer may still be on its way.
    expect(await reconcileUnknown(server.services)).toEqual({ paid: 0, failed: 0 });
    clock.advance(61_000);
    expect(await reconcileUnknown(server.services)).toEqual({ paid: 1, failed: 0 });
    expect(await statusOf(order!.id)).toBe('PAYMENT_SUCCEEDED');
    expect((await server.db.query('SELECT 1 FROM entitlements WHERE account_uid = $1', [account.uid])).length).toBe(1);
    expect((await server.db.query('SELECT 1 FROM sandbox_card_charges WHERE reference = $1', [order!.id])).length).toBe(1);
    // The paid order took the one-use code's use again.
    expect((await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'UMAVEZ'"))[0]?.used_count).toBe(1);
    expect((await server.services.outbox.list({ to: 'ana@example.com' })).some((m) => m.template === 'receipt' && m.text.includes(order!.id))).toBe(true);
    expect(await reconcileUnknown(server.services)).toEqual({ paid: 0, failed: 0 });
  });

  it('never charged (the provider failed before the network): the order fails and can be repaid', async () => {
    const { account, auth } = await loggedInCustomer(server);
    // A provider that throws: its charge is rolled back, so the network has no record of it.
    const original = server.services.payments.card!.charge;
    server.services.payments.card!.charge = async () => {
      throw new Error('connection reset by the gateway');
    };
    try {
      expect(
        (
          await server.post(
            '/api/bill/pay/v1',
            { planId: '1', method: 'card', currency: 'BRL', email: 'ana@example.com', card: card('4242424242424242') },
            auth,
          )
        ).body,
      ).toMatchObject({ code: 1, errCode: 1015 });
    } finally {
      server.services.payments.card!.charge = original;
    }
    const [order] = await server.db.query<{ id: string }>('SELECT id FROM orders WHERE account_uid = $1', [account.uid]);
    clock.advance(61_000);
    expect(await reconcileUnknown(server.services)).toEqual({ paid: 0, failed: 1 });
    expect(await statusOf(order!.id)).toBe('PAYMENT_FAILED');
    const repaid = await server.post('/api/bill/repay/v1', { orderId: order!.id, method: 'card', card: card('4242424242424242') }, auth);
    expect(repaid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
  });
});

describe('a card charge in two phases: what a process that died mid-charge leaves is reconciled', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const card = (number: string, extra: Record<string, unknown> = {}) => ({ number, expMonth: 12, expYear: 2099, cvc: '123', holder: 'ANA SOUZA', ...extra });
  const { statusOf } = billingReads(server);
  const chargesOf = async (orderId: string) =>
    (await server.db.query<{ status: string }>('SELECT status FROM sandbox_card_charges WHERE reference = $1', [orderId])).map((c) => c.status);

  /**
   * The card network held at one point of the call, as a process frozen (or killed) there: before
   * the network heard of the charge, or after it made it and before the portal recorded the answer.
   */
  function holdNetwork(at: 'before' | 'after') {
    const network = server.services.payments.card!;
    const original = network.charge;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    network.charge = async (q, request) => {
      if (at === 'before') {
        await gate;
        throw new Error('the process died before calling the network');
      }
      const answer = await original(q, request);
      await gate;
      return answer;
    };
    return () => {
      network.charge = original;
      release();
    };
  }

  async function chargingOrder(uid: number) {
    for (;;) {
      const [row] = await server.db.query<{ order_id: string }>(
        "SELECT a.order_id FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE o.account_uid = $1 AND a.status = 'charging'",
        [uid],
      );
      if (row) return row.order_id;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('a discount code cannot be unbound from an order while its card is charged: 1003, and the charge stands', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const body = { planId: '1', method: 'card', currency: 'BRL', email: 'ana@example.com', discountCode: 'DESCONTO5', card: card('4242424242424242') };
    const resume = holdNetwork('after');
    const first = server.post('/api/bill/pay/v1', body, auth);
    const orderId = await chargingOrder(account.uid);
    while ((await chargesOf(orderId)).length === 0) await new Promise((r) => setTimeout(r, 5));
    // Cancelling the order now would free the code of an order the network has charged. Its
    // outcome is unknown until the charge is recorded, as for NETWORK_ERROR: 1003.
    const unbind = await server.get(`/api/bill/unbindDiscountCode/v1?orderId=${orderId}&discountCode=DESCONTO5`, auth);
    expect(unbind).toMatchObject({ status: 200, body: { code: 1, errCode: 1003 } });
    resume();
    expect((await first).body).toMatchObject({ code: 0 });
    expect(await statusOf(orderId)).toBe('PAYMENT_SUCCEEDED');
    expect(await chargesOf(orderId)).toEqual(['succeeded']);
  });

  it('charged, then the process died: reconciled as paid once (the card kept), and a retry with the key answers that order', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const headers = { ...auth, 'Idempotency-Key': 'two-phase-after' };
    const body = { planId: '1', method: 'card', currency: 'BRL', email: 'ana@example.com', card: card('4242424242424242', { save: true }) };
    const resume = holdNetwork('after');
    const first = server.post('/api/bill/pay/v1', body, headers);
    const orderId = await chargingOrder(account.uid);
    while ((await chargesOf(orderId)).length === 0) await new Promise((r) => setTimeout(r, 5));
    // The order and its attempt were committed before the network was called.
    expect(await statusOf(orderId)).toBe('SUBMITTED');
    expect((await server.db.query<{ order_id: string }>('SELECT order_id FROM idempotency_keys WHERE key = $1', ['two-phase-after']))[0]?.order_id).toBe(
      orderId,
    );
    // Another payment of the order waits for this one's outcome.
    const repay = await server.post('/api/bill/repay/v1', { orderId, method: 'card', card: card('4242424242424242') }, auth);
    expect(repay).toMatchObject({ status: 429, body: { code: 1, errCode: -3031 } });

    expect(await reconcileCharging(server.services)).toEqual({ paid: 0, failed: 0 });
    clock.advance(61_000);
    expect(await reconcileCharging(server.services)).toEqual({ paid: 1, failed: 0 });
    expect(await statusOf(orderId)).toBe('PAYMENT_SUCCEEDED');
    expect(await server.db.query('SELECT 1 FROM entitlements WHERE account_uid = $1', [account.uid])).toHaveLength(1);
    expect((await server.post('/api/bill/listCard', {}, auth)).body.data).toEqual([expect.objectContaining({ last4: '4242' })]);

    // The client's retry, once the key's lease has run out: the order's answer, no second charge.
    clock.advance(120_000);
    const retry = await server.post('/api/bill/pay/v1', body, headers);
    expect(retry.body).toMatchObject({ code: 0, data: { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' } });
    resume();
    expect((await first).body).toMatchObject({ code: 0, data: { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' } });
    expect(await chargesOf(orderId)).toEqual(['succeeded']);
    expect(await server.db.query('SELECT 1 FROM orders WHERE account_uid = $1', [account.uid])).toHaveLength(1);
    expect(await reconcileCharging(server.services)).toEqual({ paid: 0, failed: 0 });
  });

  it("died before the network heard of it: reconciled as failed (2003, repayable), the code's use given back, nothing charged", async () => {
    const { account, auth } = await loggedInCustomer(server);
    await server.db.query("INSERT INTO discount_codes (code, kind, value, max_uses) VALUES ('DUASFASES', 'percent', 10, 1)");
    const headers = { ...auth, 'Idempotency-Key': 'two-phase-before' };
    const body = { planId: '1', method: 'card', currency: 'BRL', email: 'ana@example.com', discountCode: 'DUASFASES', card: card('4242424242424242') };
    const resume = holdNetwork('before');
    const first = server.post('/api/bill/pay/v1', body, headers);
    const orderId = await chargingOrder(account.uid);
    const uses = async () => (await server.db.query<{ used_count: number }>("SELECT used_count FROM discount_codes WHERE code = 'DUASFASES'"))[0]!.used_count;
    expect(await uses()).toBe(1);

    clock.advance(61_000);
    expect(await reconcileCharging(server.services)).toEqual({ paid: 0, failed: 1 });
    expect(await statusOf(orderId)).toBe('PAYMENT_FAILED');
    expect(await uses()).toBe(0);
    clock.advance(120_000);
    expect((await server.post('/api/bill/pay/v1', body, headers)).body).toMatchObject({ code: 1, errCode: 2003 });
    resume();
    expect((await first).body).toMatchObject({ code: 1, errCode: 2003 });
    expect(await chargesOf(orderId)).toEqual([]);

    const repaid = await server.post('/api/bill/repay/v1', { orderId, method: 'card', card: card('4242424242424242') }, auth);
    expect(repaid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    expect(await chargesOf(orderId)).toEqual(['succeeded']);
    expect(await uses()).toBe(1);
  });

  it('reports a network charge no order accounts for', async () => {
    expect(await unaccountedCharges(server.services)).toBe(0);
    await server.db.query(
      "INSERT INTO sandbox_card_charges (charge_id, reference, amount, currency, installments, status, created_at) VALUES ('ch_orphan', 'ORDNOSUCHORDER', 100, 'BRL', 1, 'succeeded', $1)",
      [new Date(clock.now())],
    );
    expect(await unaccountedCharges(server.services)).toBe(1);
    await server.db.query("DELETE FROM sandbox_card_charges WHERE charge_id = 'ch_orphan'");
  });
});
