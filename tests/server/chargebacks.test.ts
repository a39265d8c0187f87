// Chargebacks through the sandbox card network's disputes (docs/decisions/059),
// against the real server in-process: each step of a dispute is a signed network event, applied
// once; the order follows the dispute to CHARGEBACK_SUCCEEDED, _REJECTED or _CANCELLED; a lost one
// ends the order's service and stops renewals on its card, and the account says why.
import { describe, expect, it } from 'vitest';
import { runRenewals } from '../../server/billing/renewal';
import { createFakeClock } from '../../server/clock';
import { CARD_PROVIDER } from '../../server/payments/card-provider';
import { sandboxWebhookKey, WEBHOOK_SIGNATURE_HEADER } from '../../server/payments/payment-events';
import { signWebhook } from '../../server/payments/webhook-signature';
import { loggedInCustomer } from '../helpers/accounts';
import { testCard, VISA_OK } from '../helpers/cards';
import { expectContract } from '../helpers/expect-contract';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const clock = createFakeClock();
const server = useTestServer({}, { clock });

type Auth = Record<string, string>;

/** A customer who bought plan 1 (monthly, auto-renew) by card, the card saved. */
async function paidCardOrder() {
  const c = await loggedInCustomer(server);
  const paid = await server.postChecked(
    '/api/bill/pay/v1',
    { planId: '1', method: 'card', currency: 'BRL', email: c.account.email, card: testCard(VISA_OK, { save: true }) },
    c.auth,
  );
  expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
  const orderId = paid.body.data.orderId as string;
  const [attempt] = await server.db.query<{ provider_ref: string }>("SELECT provider_ref FROM payment_attempts WHERE order_id = $1 AND status = 'succeeded'", [
    orderId,
  ]);
  const [card] = (await server.postChecked('/api/bill/listCard', {}, c.auth)).body.data as { id: string }[];
  return { ...c, uid: c.account.uid, orderId, charge: attempt!.provider_ref, cardId: card!.id };
}

const dispute = async (charge: string, body: Record<string, string> = {}) => {
  const res = await server.app.inject({ method: 'POST', url: `/api/sandbox/card/dispute/${charge}`, payload: body });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const orderStatus = async (orderId: string, auth: Auth) => (await server.get(`/api/bill/order/v1/${orderId}`, auth)).body.data.status as string;
const disputeOf = async (orderId: string, auth: Auth) => {
  const res = await server.get(`/api/bill/order/v1/${orderId}/dispute`, auth);
  if (res.body.code === 0) expectContract('get', '/api/bill/order/v1/{id}/dispute', res);
  return res.body;
};
const expiry = async (uid: number) =>
  new Date((await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [uid]))[0]!.expires_at).getTime();

describe('chargebacks through sandbox disputes (docs/decisions/059)', () => {
  it('a dispute the holder wins: pending, under review, then charged back; the service ends and the card no longer renews', async () => {
    const c = await paidCardOrder();
    const before = await expiry(c.uid);
    expect(before).toBeGreaterThan(clock.now() + 20 * DAY);

    const opened = await dispute(c.charge, { outcome: 'lost', reason: 'fraudulent' });
    expect(opened).toMatchObject({ status: 200, body: { type: 'charge.dispute.created', status: 'needs_response', delivered: 200, result: 'applied' } });
    expect(await orderStatus(c.orderId, c.auth)).toBe('CHARGEBACK_PENDING');
    expect(await disputeOf(c.orderId, c.auth)).toMatchObject({
      code: 0,
      data: {
        orderId: c.orderId,
        status: 'CHARGEBACK_PENDING',
        disputeStatus: 'needs_response',
        reason: 'fraudulent',
        amount: 2990,
        currency: 'BRL',
        serviceEnded: false,
      },
    });
    // While the banks decide, the customer keeps the service.
    expect(await expiry(c.uid)).toBe(before);

    clock.advance(DAY);
    expect((await dispute(c.orderId)).body).toMatchObject({ type: 'charge.dispute.updated', status: 'under_review', result: 'applied' });
    expect(await orderStatus(c.orderId, c.auth)).toBe('CHARGEBACK_PENDING');

    clock.advance(DAY);
    expect((await dispute(c.charge)).body).toMatchObject({ type: 'charge.dispute.closed', status: 'lost', result: 'applied' });
    expect(await orderStatus(c.orderId, c.auth)).toBe('CHARGEBACK_SUCCEEDED');
    const ended = await disputeOf(c.orderId, c.auth);
    expect(ended.data).toMatchObject({ status: 'CHARGEBACK_SUCCEEDED', disputeStatus: 'lost', serviceEnded: true, closedAt: clock.now() });
    expect(await expiry(c.uid)).toBe(clock.now());

    // The renewal stopped, saying why; the card is not chargeable by renewals any more (6206).
    const info = await server.postChecked('/api/job/renewInfo/v1', {}, c.auth);
    expect(info.body.data).toMatchObject({ status: 'expired', stoppedReason: 'card_charged_back' });
    expect((await server.post('/api/bill/card/change', { cardId: c.cardId }, c.auth)).body).toMatchObject({ code: 1, errCode: 6206 });

    // A closed dispute moves no further, and the network does not open another on money it already gave back.
    expect(await dispute(c.charge)).toMatchObject({ status: 409 });
    expect(await orderStatus(c.orderId, c.auth)).toBe('CHARGEBACK_SUCCEEDED');
  });

  it('the renewal job never charges a card that was charged back, whichever way it became the billing card', async () => {
    const c = await paidCardOrder();
    for (let step = 0; step < 3; step++) await dispute(c.charge);
    // The renewal is put back on the card by hand (as a new purchase with it would): the job stops it unpaid.
    await server.db.query("UPDATE subscriptions SET status = 'activated', stopped_reason = NULL, next_billing_at = $2 WHERE account_uid = $1", [
      c.uid,
      new Date(clock.now()),
    ]);
    const chargesBefore = await server.db.query('SELECT 1 FROM sandbox_card_charges WHERE token IS NOT NULL');
    const summary = await runRenewals(server.services, { now: clock.now(), limit: 100 });
    expect(summary.expired).toBeGreaterThanOrEqual(1);
    expect(await server.db.query('SELECT 1 FROM sandbox_card_charges WHERE token IS NOT NULL')).toHaveLength(chargesBefore.length);
    const [sub] = await server.db.query<{ status: string; stopped_reason: string }>('SELECT status, stopped_reason FROM subscriptions WHERE account_uid = $1', [
      c.uid,
    ]);
    expect(sub).toEqual({ status: 'expired', stopped_reason: 'card_charged_back' });
    expect(await server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND kind = 'renewal'", [c.uid])).toEqual([]);
  });

  it('a dispute the merchant wins: rejected, and the service goes on; one withdrawn: cancelled, and it may be disputed again', async () => {
    const won = await paidCardOrder();
    const before = await expiry(won.uid);
    await dispute(won.charge, { outcome: 'won' });
    await dispute(won.charge);
    expect((await dispute(won.charge)).body).toMatchObject({ status: 'won', result: 'applied' });
    expect(await orderStatus(won.orderId, won.auth)).toBe('CHARGEBACK_REJECTED');
    expect(await expiry(won.uid)).toBe(before);
    expect((await server.postChecked('/api/job/renewInfo/v1', {}, won.auth)).body.data).toMatchObject({ status: 'activated' });

    const withdrawn = await paidCardOrder();
    await dispute(withdrawn.charge, { outcome: 'warning_closed', reason: 'unrecognized' });
    await dispute(withdrawn.charge);
    await dispute(withdrawn.charge);
    expect(await orderStatus(withdrawn.orderId, withdrawn.auth)).toBe('CHARGEBACK_CANCELLED');
    expect((await disputeOf(withdrawn.orderId, withdrawn.auth)).data).toMatchObject({ disputeStatus: 'warning_closed', serviceEnded: false });
    expect((await dispute(withdrawn.charge)).body).toMatchObject({ type: 'charge.dispute.created', result: 'applied' });
    expect(await orderStatus(withdrawn.orderId, withdrawn.auth)).toBe('CHARGEBACK_PENDING');
  });

  it('an order never disputed answers 8501; another account’s order 1001', async () => {
    const c = await paidCardOrder();
    expect(await disputeOf(c.orderId, c.auth)).toMatchObject({ code: 1, errCode: 8501 });
    const other = await loggedInCustomer(server);
    expect(await disputeOf(c.orderId, other.auth)).toMatchObject({ code: 1, errCode: 1001 });
  });

  it('the network’s events are signed and applied once; the sandbox refuses what it cannot dispute', async () => {
    const c = await paidCardOrder();
    const event = {
      id: 'evt_dispute_once',
      type: 'charge.dispute.created',
      data: {
        dispute: 'dp_test',
        reference: c.charge,
        amount: 2990,
        currency: 'BRL',
        reason: 'general',
        status: 'needs_response',
        paymentMethod: null,
        at: clock.now(),
      },
    };
    const raw = JSON.stringify(event);
    const send = (signature: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${CARD_PROVIDER}`,
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
        payload: raw,
      });
    expect((await send(signWebhook('not the key', raw, clock.now()))).statusCode).toBe(401);
    expect(await orderStatus(c.orderId, c.auth)).toBe('PAYMENT_SUCCEEDED');
    const signature = signWebhook(sandboxWebhookKey(server.services), raw, clock.now());
    expect((await send(signature)).json()).toEqual({ received: true, result: 'applied' });
    expect((await send(signature)).json()).toEqual({ received: true, result: 'duplicate' });
    expect(await server.db.query('SELECT order_id FROM order_events WHERE order_id = $1 AND to_status = $2', [c.orderId, 'CHARGEBACK_PENDING'])).toHaveLength(
      1,
    );

    expect((await dispute('ch_unknown')).status).toBe(404);
    expect((await dispute(c.charge, { outcome: 'maybe' })).status).toBe(400);
  });
});
