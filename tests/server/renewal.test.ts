import { describe, expect, it } from 'vitest';
import { RENEWAL_RETRY_MS, RENEWAL_WINDOW_MS, runRenewals } from '../../server/billing/renewal';
import { createFakeClock } from '../../server/clock';
import { MASTER_OK, testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;

describe('auto-renewal: renewInfo, cancelling, the billing card and the renewal job', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });

  const post = (url: string, body: unknown, headers: Record<string, string>) => server.postChecked(url, body, headers);

  /** A customer who bought plan 1 (monthly, auto-renew) with a new card saved for later. */
  async function subscriber(number = VISA_OK) {
    const c = await loggedInCustomer(server);
    const paid = await post(
      '/api/bill/pay/v1',
      { planId: '1', method: 'card', currency: 'BRL', email: c.account.email, card: card(number, { save: true }) },
      c.auth,
    );
    expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
    const [cardRow] = (await post('/api/bill/listCard', {}, c.auth)).body.data as { id: string }[];
    return { ...c, uid: c.account.uid, cardId: cardRow!.id };
  }

  const subscription = async (uid: number) =>
    (
      await server.db.query<{
        status: string;
        failures: number;
        next_billing_at: Date;
        next_retry_at: Date | null;
        renewing_since: Date | null;
        card_id: string;
      }>('SELECT status, failures, next_billing_at, next_retry_at, renewing_since, card_id FROM subscriptions WHERE account_uid = $1', [uid])
    )[0]!;
  const expiry = async (uid: number) =>
    new Date((await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [uid]))[0]!.expires_at).getTime();
  const charges = (uid: number) =>
    server.db.query<{ status: string; amount: number }>(
      "SELECT c.status, c.amount FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.account_uid = $1 AND o.kind = 'renewal' ORDER BY c.created_at",
      [uid],
    );
  const renewalOrders = (uid: number) =>
    server.db.query<{ id: string; status: string; total: number; kind: string; service_end: Date | null }>(
      "SELECT id, status, total, kind, service_end FROM orders WHERE account_uid = $1 AND kind = 'renewal' ORDER BY created_at, id",
      [uid],
    );
  const run = (now = clock.now()) => runRenewals(server.services, { now, limit: 100 });

  it('renewInfo: the subscription of a plan-1 buyer, in the request language; 6201 for someone without one', async () => {
    const s = await subscriber();
    const info = await post('/api/job/renewInfo/v1', {}, s.auth);
    expect(info.body.code).toBe(0);
    expect(info.body.data).toMatchObject({
      status: 'activated',
      planId: '1',
      amount: 2990,
      currency: 'BRL',
      renewing: false,
      nextBillingDate: await expiry(s.uid),
      card: { id: s.cardId, brand: 'visa', last4: '4242', usedForRenewal: true },
    });
    const en = info.body.data.planName as string;
    const pt = (await post('/api/job/renewInfo/v1', {}, { ...s.auth, Language: 'pt' })).body.data.planName as string;
    const [names] = await server.db.query<{ en: string; pt: string }>(
      "SELECT max(name) FILTER (WHERE lang = 'en') AS en, max(name) FILTER (WHERE lang = 'pt') AS pt FROM plan_texts WHERE plan_id = 1",
    );
    expect([en, pt]).toEqual([names!.en, names!.pt]);

    const none = await loggedInCustomer(server);
    expect((await post('/api/job/renewInfo/v1', {}, none.auth)).body).toMatchObject({ code: 1, errCode: 6201 });
    expect((await post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, none.auth)).body).toMatchObject({ code: 1, errCode: 6201 });
    expect((await post('/api/job/renewInfo/v1', {}, { Language: 'en' })).status).toBe(401);
  });

  it('cancel: cancelled once, 6204 the second time, 6202 once expired; cancelled subscriptions are not charged', async () => {
    const s = await subscriber();
    const cancelled = await post('/api/job/updateRenewStatus/v1', { status: 'cancelled', reason: 'too expensive' }, s.auth);
    expect(cancelled.body.code).toBe(0);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', planId: '1', renewing: false, card: { id: s.cardId, usedForRenewal: false } });
    expect(cancelled.body.data.nextBillingDate).toBeUndefined();
    expect((await post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, s.auth)).body).toMatchObject({ code: 1, errCode: 6204 });
    // It cannot be turned back on here: the contract only accepts "cancelled".
    expect((await post('/api/job/updateRenewStatus/v1', { status: 'activated' }, s.auth)).body).toMatchObject({ code: 1, errCode: 5000 });

    const due = new Date((await subscription(s.uid)).next_billing_at).getTime();
    await run(due);
    expect(await charges(s.uid)).toHaveLength(0);
    expect(await renewalOrders(s.uid)).toHaveLength(0);

    await server.db.query("UPDATE subscriptions SET status = 'expired' WHERE account_uid = $1", [s.uid]);
    expect((await post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, s.auth)).body).toMatchObject({ code: 1, errCode: 6202 });
  });

  it('6207 while a renewal charge runs: the subscription stays activated', async () => {
    const s = await subscriber();
    await server.db.query('UPDATE subscriptions SET renewing_since = $2 WHERE account_uid = $1', [s.uid, new Date(clock.now())]);
    expect((await post('/api/job/renewInfo/v1', {}, s.auth)).body.data).toMatchObject({ status: 'activated', renewing: true });
    expect((await post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, s.auth)).body).toMatchObject({ code: 1, errCode: 6207 });
    expect((await subscription(s.uid)).status).toBe('activated');
    await server.db.query('UPDATE subscriptions SET renewing_since = NULL WHERE account_uid = $1', [s.uid]);
    expect((await post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, s.auth)).body.data.status).toBe('cancelled');
  });

  it("card/change: -2511 unknown, 1020 another account's, 6206 expired, 2002 when not activated, else the new billing card", async () => {
    const s = await subscriber();
    const other = await subscriber(MASTER_OK);
    // A second saved card of the subscriber (a plan-3 purchase does not move the subscription's card).
    expect(
      (await post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: s.account.email, card: card(MASTER_OK, { save: true }) }, s.auth))
        .body.code,
    ).toBe(0);
    const cards = (await post('/api/bill/listCard', {}, s.auth)).body.data as { id: string; last4: string }[];
    const spare = cards.find((c) => c.id !== s.cardId)!;

    expect((await post('/api/bill/card/change', { cardId: 'card_doesnotexist' }, s.auth)).body).toMatchObject({ code: 1, errCode: -2511 });
    expect((await post('/api/bill/card/change', { cardId: other.cardId }, s.auth)).body).toMatchObject({ code: 1, errCode: 1020 });

    const changed = await post('/api/bill/card/change', { cardId: spare.id }, s.auth);
    expect(changed.body).toMatchObject({ code: 0, data: { status: 'activated', card: { id: spare.id, last4: '4444', usedForRenewal: true } } });
    expect((await subscription(s.uid)).card_id).toBe(spare.id);
    // The old card is no longer the renewal's, so it may be deleted; the new one may not.
    expect((await post('/api/bill/deleteCard', { cardId: spare.id }, s.auth)).body).toMatchObject({ code: 1, errCode: 1021 });

    await server.db.query('UPDATE cards SET exp_month = 1, exp_year = 2025 WHERE id = $1', [s.cardId]);
    expect((await post('/api/bill/card/change', { cardId: s.cardId }, s.auth)).body).toMatchObject({ code: 1, errCode: 6206, msg: 'Card unavailable' });

    expect((await post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, s.auth)).body.code).toBe(0);
    expect((await post('/api/bill/card/change', { cardId: spare.id }, s.auth)).body).toMatchObject({ code: 1, errCode: 2002 });

    const none = await loggedInCustomer(server);
    expect(
      (
        await post(
          '/api/bill/pay/v1',
          { planId: '3', method: 'card', currency: 'BRL', email: none.account.email, card: card(VISA_OK, { save: true }) },
          none.auth,
        )
      ).body.code,
    ).toBe(0);
    const [own] = (await post('/api/bill/listCard', {}, none.auth)).body.data as { id: string }[];
    expect((await post('/api/bill/card/change', { cardId: own!.id }, none.auth)).body).toMatchObject({ code: 1, errCode: 6201 });
  });

  it('runRenewals at the due time charges once, extends the entitlement by 30 days, and makes a paid renewal order with a receipt', async () => {
    const s = await subscriber();
    const before = await expiry(s.uid);
    const due = new Date((await subscription(s.uid)).next_billing_at).getTime();
    expect(due).toBe(before);

    // Not yet within the window: nothing happens.
    await run(due - RENEWAL_WINDOW_MS - 60_000);
    expect(await charges(s.uid)).toHaveLength(0);

    const receiptsBefore = (await server.services.outbox.list({ to: s.account.email! })).filter((m) => m.template === 'receipt').length;
    await run(due - 60_000);
    expect(await charges(s.uid)).toEqual([{ status: 'succeeded', amount: 2990 }]);
    expect(await expiry(s.uid)).toBe(before + 30 * DAY);
    const [order] = await renewalOrders(s.uid);
    expect(order).toMatchObject({ status: 'PAYMENT_SUCCEEDED', total: 2990, kind: 'renewal' });
    expect(new Date(order!.service_end!).getTime()).toBe(before + 30 * DAY);
    const sub = await subscription(s.uid);
    expect(sub).toMatchObject({ status: 'activated', failures: 0, renewing_since: null, card_id: s.cardId });
    expect(new Date(sub.next_billing_at).getTime()).toBe(before + 30 * DAY);
    const receipts = (await server.services.outbox.list({ to: s.account.email! })).filter((m) => m.template === 'receipt');
    expect(receipts).toHaveLength(receiptsBefore + 1);
    expect(receipts.some((m) => m.text.includes(order!.id))).toBe(true);

    // A second pass at the same moment finds nothing due.
    await run(due - 60_000);
    expect(await charges(s.uid)).toHaveLength(1);
    const orders = await post('/api/bill/orders/v1', {}, s.auth);
    expect(orders.body.data.items[0]).toMatchObject({ id: order!.id, status: 'PAYMENT_SUCCEEDED' });
  });

  it('two passes at once (Promise.all) charge each due subscription exactly once', async () => {
    const subs = [await subscriber(), await subscriber(MASTER_OK), await subscriber()];
    const due = Math.max(...(await Promise.all(subs.map(async (s) => new Date((await subscription(s.uid)).next_billing_at).getTime()))));
    const results = await Promise.all([run(due), run(due), runRenewals(server.services, { now: due, limit: 1 })]);
    for (const s of subs) {
      expect(await charges(s.uid)).toHaveLength(1);
      const orders = await renewalOrders(s.uid);
      expect(orders.map((o) => o.status)).toEqual(['PAYMENT_SUCCEEDED']);
      const attempts = await server.db.query('SELECT 1 FROM payment_attempts WHERE order_id = $1', [orders[0]!.id]);
      expect(attempts).toHaveLength(1);
      expect((await subscription(s.uid)).renewing_since).toBeNull();
    }
    expect(results.reduce((n, r) => n + r.renewed, 0)).toBeGreaterThanOrEqual(subs.length);
  });

  it('a declining card: failures counted, retried a day later, expired after the third decline; a new card gets a fresh start', async () => {
    const s = await subscriber();
    // The vault answers for a token what its test number answers. Saved cards were approved when
    // saved, so the issuer turning it down later (insufficient funds) is played on the token.
    await server.db.query(
      "UPDATE sandbox_card_tokens SET outcome = 'declined', decline_code = 302 WHERE token = (SELECT provider_token FROM cards WHERE id = $1)",
      [s.cardId],
    );
    const before = await expiry(s.uid);
    const due = new Date((await subscription(s.uid)).next_billing_at).getTime();

    await run(due);
    let sub = await subscription(s.uid);
    expect(sub).toMatchObject({ status: 'activated', failures: 1, renewing_since: null });
    expect(new Date(sub.next_retry_at!).getTime()).toBe(due + RENEWAL_RETRY_MS);
    expect(await charges(s.uid)).toEqual([{ status: 'failed', amount: 2990 }]);
    expect(await expiry(s.uid)).toBe(before);
    // The automatic attempt is closed, not left for the customer as an unfinished order.
    expect((await renewalOrders(s.uid)).map((o) => o.status)).toEqual(['PAYMENT_CANCELLED']);
    expect(
      (await server.db.query<{ err_code: number }>('SELECT err_code FROM payment_attempts WHERE order_id = $1', [(await renewalOrders(s.uid))[0]!.id]))[0]!
        .err_code,
    ).toBe(302);

    // Before the retry time: not charged again.
    await run(due + RENEWAL_RETRY_MS - 60_000);
    expect(await charges(s.uid)).toHaveLength(1);

    await run(due + RENEWAL_RETRY_MS);
    expect(await subscription(s.uid)).toMatchObject({ status: 'activated', failures: 2 });
    await run(due + 2 * RENEWAL_RETRY_MS);
    sub = await subscription(s.uid);
    expect(sub).toMatchObject({ status: 'expired', failures: 3, next_retry_at: null, renewing_since: null });
    expect(await charges(s.uid)).toHaveLength(3);
    await run(due + 5 * RENEWAL_RETRY_MS);
    expect(await charges(s.uid)).toHaveLength(3);

    // Another customer in retry changes the card: the next pass charges the new card at once.
    const t = await subscriber();
    await server.db.query(
      "UPDATE sandbox_card_tokens SET outcome = 'declined', decline_code = 5015 WHERE token = (SELECT provider_token FROM cards WHERE id = $1)",
      [t.cardId],
    );
    const tDue = new Date((await subscription(t.uid)).next_billing_at).getTime();
    await run(tDue);
    expect(await subscription(t.uid)).toMatchObject({ failures: 1 });
    expect(
      (await post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: t.account.email, card: card(MASTER_OK, { save: true }) }, t.auth))
        .body.code,
    ).toBe(0);
    const spare = ((await post('/api/bill/listCard', {}, t.auth)).body.data as { id: string }[]).find((c) => c.id !== t.cardId)!;
    expect((await post('/api/bill/card/change', { cardId: spare.id }, t.auth)).body.code).toBe(0);
    // The plan-3 purchase moved the next billing date; run when that is due.
    const newDue = new Date((await subscription(t.uid)).next_billing_at).getTime();
    await run(newDue);
    expect(await subscription(t.uid)).toMatchObject({ status: 'activated', failures: 0, card_id: spare.id });
    expect((await charges(t.uid)).map((c) => c.status)).toEqual(['failed', 'succeeded']);
  });
});
