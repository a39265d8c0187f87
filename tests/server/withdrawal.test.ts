// The 7-day withdrawal of a purchase (docs/decisions/058), against the real server in-process:
// a card refund made at once, a PIX devolução and a boleto payout settled later by the sandbox
// bank's signed webhook (applied once), a payout the bank refuses, a request the customer
// withdraws, and the refusals (past 7 days, an account that is not the payer's, nothing pending).
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { sandboxWebhookKey } from '../../server/payments/payment-events';
import { SANDBOX_CLOSED_ACCOUNT } from '../../server/payments/sandbox-refunds';
import { signWebhook } from '../../server/payments/webhook-signature';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { testCard, VISA_OK } from '../helpers/cards';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const PAYER_CPF = '12345678909';
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: PAYER_CPF };
const BOLETO_PAYER = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };
const ACCOUNT = { bank: '001', branch: '1234', account: '12345-6', holderCpf: '123.456.789-09' };

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const { statusOf, expiry } = billingReads(server);

type Auth = Record<string, string>;
interface Refund {
  status: string;
  refundsTo: string;
  amount: number;
  rejectReason?: string;
}

const post = (url: string, body: unknown, auth: Auth) => server.postChecked(url, body, auth);
async function withdraw(auth: Auth, body: Record<string, unknown>) {
  const res = await post('/api/bill/order/withdraw/v1', body, auth);
  if (res.body.code === 0) expect(contractErrors('post', '/api/bill/order/withdraw/v1', res.status, res.body)).toEqual([]);
  return res.body as { code: number; errCode?: number; data?: Refund };
}
const cancel = async (auth: Auth, orderId: string) =>
  (await post('/api/bill/order/withdraw/cancel/v1', { orderId }, auth)).body as { code: number; errCode?: number; data?: Refund };
const refundOf = async (auth: Auth, orderId: string) => (await post('/api/bill/order/refund/v1', { orderId }, auth)).body.data as Refund | null;
const getOrder = async (auth: Auth, id: string) =>
  (await server.get(`/api/bill/order/v1/${id}`, auth)).body.data as { status: string; withdrawableUntil?: number; paidAt?: number };
async function sandbox(method: 'POST' | 'GET', url: string) {
  const res = await server.app.inject({ method, url });
  return res.json() as Record<string, unknown>;
}
/** The sandbox bank settles the order's pending refund: the webhook's answer. */
async function settle(orderId: string) {
  const pending = (await sandbox('GET', `/api/sandbox/refunds/pending/${orderId}`)) as { refunds: { refundId: string }[] };
  expect(pending.refunds).toHaveLength(1);
  return sandbox('POST', `/api/sandbox/refunds/settle/${pending.refunds[0]!.refundId}`);
}
const mailsTo = async (to: string) => (await server.services.outbox.list({ to })).map((m) => m.template).reverse();

async function paidByCard() {
  const customer = await loggedInCustomer(server);
  const email = `card-${customer.account.uid}@example.com`;
  const res = await post('/api/bill/pay/v1', { planId: '1', method: 'card', currency: 'BRL', country: 'BR', email, card: testCard(VISA_OK) }, customer.auth);
  expect(res.body.data.status).toBe('PAYMENT_SUCCEEDED');
  return { ...customer, email, orderId: res.body.data.orderId as string };
}
async function paidBy(method: 'pix' | 'boleto') {
  const customer = await loggedInCustomer(server);
  const email = `${method}-${customer.account.uid}@example.com`;
  const payer = method === 'pix' ? PAYER : BOLETO_PAYER;
  const res = await post('/api/bill/pay/v1', { planId: '1', method, currency: 'BRL', country: 'BR', email, payer }, customer.auth);
  const data = res.body.data as { orderId: string; brCode?: string; barcode?: string };
  const [attempt] = await server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_attempts WHERE order_id = $1', [data.orderId]);
  const url = method === 'pix' ? `/api/sandbox/pix/pay/${attempt!.provider_ref}` : `/api/sandbox/boleto/pay/${attempt!.provider_ref}`;
  expect(await sandbox('POST', url)).toMatchObject({ result: 'applied' });
  expect(await statusOf(data.orderId)).toBe('PAYMENT_SUCCEEDED');
  return { ...customer, email, orderId: data.orderId };
}

describe('withdrawing from a purchase within 7 days (docs/decisions/058)', () => {
  it('by card: REFUND_PENDING then REFUND_SUCCEEDED at once, the entitlement ends, an e-mail per step', async () => {
    const { auth, account, orderId, email } = await paidByCard();
    const before = await expiry(account.uid);
    const order = await getOrder(auth, orderId);
    expect(order.withdrawableUntil).toBe(order.paidAt! + 7 * DAY);
    clock.advance(DAY);
    const res = await withdraw(auth, { orderId });
    expect(res.data).toMatchObject({ status: 'succeeded', refundsTo: 'payer' });
    expect(await statusOf(orderId)).toBe('REFUND_SUCCEEDED');
    const events = await server.db.query<{ to_status: string }>('SELECT to_status FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]);
    expect(events.map((e) => e.to_status).slice(-2)).toEqual(['REFUND_PENDING', 'REFUND_SUCCEEDED']);
    // The card network's own record: the charge refunded in full, for the customer's reason.
    const [refund] = await server.db.query<{ reason: string; amount: string }>(
      'SELECT r.reason, r.amount FROM sandbox_card_refunds r JOIN payment_attempts a ON a.provider_ref = r.charge_id WHERE a.order_id = $1',
      [orderId],
    );
    expect(refund).toMatchObject({ reason: 'requested_by_customer' });
    expect(await expiry(account.uid)).toBe(clock.now());
    expect(before).toBeGreaterThan(clock.now());
    // Refunded at once: the one e-mail that says it is done, not an "asked for" in the same second.
    expect(await mailsTo(email)).toEqual(['receipt', 'refundSucceeded']);
    // Once refunded, nothing more to withdraw, nor to cancel.
    expect((await withdraw(auth, { orderId })).errCode).toBe(8402);
    expect((await cancel(auth, orderId)).errCode).toBe(8406);
  });

  it('by PIX: a devolução stays pending until the sandbox bank settles it; its webhook is applied once', async () => {
    const { auth, account, orderId, email } = await paidBy('pix');
    const res = await withdraw(auth, { orderId });
    expect(res.data).toMatchObject({ status: 'pending', refundsTo: 'payer' });
    expect(await statusOf(orderId)).toBe('REFUND_PENDING');
    expect(await expiry(account.uid)).toBeGreaterThan(clock.now());
    const [devolucao] = await server.db.query<{ refund_id: string }>("SELECT refund_id FROM sandbox_refunds WHERE provider = 'sandbox-pix'");
    expect(devolucao!.refund_id).toMatch(/^D[A-Z0-9]{34}$/);
    const settled = await settle(orderId);
    expect(settled).toMatchObject({ status: 'succeeded', result: 'applied' });
    expect(await statusOf(orderId)).toBe('REFUND_SUCCEEDED');
    expect(await refundOf(auth, orderId)).toMatchObject({ status: 'succeeded' });
    expect(await expiry(account.uid)).toBe(clock.now());
    expect(await mailsTo(email)).toEqual(['receipt', 'refundRequested', 'refundSucceeded']);
  });

  it('by boleto: the payer’s bank account; a closed one is refused (REFUND_REJECTED), then another is paid', async () => {
    const { auth, orderId, email } = await paidBy('boleto');
    expect((await withdraw(auth, { orderId })).errCode).toBe(8403);
    expect((await withdraw(auth, { orderId, bankAccount: { ...ACCOUNT, branch: '12' } })).errCode).toBe(8403);
    expect((await withdraw(auth, { orderId, bankAccount: { ...ACCOUNT, holderCpf: '12345678900' } })).errCode).toBe(8404);
    // A valid CPF, but not the slip's payer.
    expect((await withdraw(auth, { orderId, bankAccount: { ...ACCOUNT, holderCpf: '52998224725' } })).errCode).toBe(8404);
    expect(await statusOf(orderId)).toBe('PAYMENT_SUCCEEDED');

    const closed = await withdraw(auth, { orderId, bankAccount: { ...ACCOUNT, account: SANDBOX_CLOSED_ACCOUNT } });
    expect(closed.data).toMatchObject({ status: 'pending', refundsTo: 'bank_account' });
    expect(await settle(orderId)).toMatchObject({ status: 'rejected', result: 'applied' });
    expect(await statusOf(orderId)).toBe('REFUND_REJECTED');
    expect(await refundOf(auth, orderId)).toMatchObject({ status: 'rejected', rejectReason: 'account_closed' });

    expect((await withdraw(auth, { orderId, bankAccount: ACCOUNT })).data).toMatchObject({ status: 'pending' });
    await settle(orderId);
    expect(await statusOf(orderId)).toBe('REFUND_SUCCEEDED');
    expect(await mailsTo(email)).toEqual(['receipt', 'refundRequested', 'refundRejected', 'refundRequested', 'refundSucceeded']);
  });

  it('a pending refund the customer withdraws: REFUND_CANCELLED, the plan goes on, a late settlement finds nothing', async () => {
    const { auth, account, orderId, email } = await paidBy('pix');
    await withdraw(auth, { orderId });
    const [pending] = ((await sandbox('GET', `/api/sandbox/refunds/pending/${orderId}`)) as { refunds: { refundId: string }[] }).refunds;
    const res = await cancel(auth, orderId);
    expect(res.data).toMatchObject({ status: 'cancelled' });
    expect(await statusOf(orderId)).toBe('REFUND_CANCELLED');
    expect(await expiry(account.uid)).toBeGreaterThan(clock.now());
    const late = await server.app.inject({ method: 'POST', url: `/api/sandbox/refunds/settle/${pending!.refundId}` });
    expect(late.statusCode).toBe(404);
    expect((await cancel(auth, orderId)).errCode).toBe(8406);
    expect(await mailsTo(email)).toEqual(['receipt', 'refundRequested', 'refundCancelled']);
    // Withdrawn from the refund, the customer may still withdraw from the purchase within the 7 days.
    expect((await withdraw(auth, { orderId })).data).toMatchObject({ status: 'pending' });
  });

  it('a signed refund event is applied once; an unsigned one is refused', async () => {
    const { auth, orderId } = await paidBy('pix');
    await withdraw(auth, { orderId });
    const [refund] = await server.db.query<{ refund_ref: string; amount: string }>('SELECT refund_ref, amount FROM refunds WHERE order_id = $1', [orderId]);
    const raw = JSON.stringify({
      id: `evt_refund_${orderId}`,
      type: 'refund.succeeded',
      data: { reference: refund!.refund_ref, amount: Number(refund!.amount), currency: 'BRL', settledAt: clock.now() },
    });
    const deliver = (signature: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox-pix',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        payload: raw,
      });
    expect((await deliver(signWebhook('not the key', raw, clock.now()))).statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe('REFUND_PENDING');
    const signature = signWebhook(sandboxWebhookKey(server.services), raw, clock.now());
    expect((await deliver(signature)).json()).toMatchObject({ result: 'applied' });
    expect((await deliver(signature)).json()).toMatchObject({ result: 'duplicate' });
    expect(await statusOf(orderId)).toBe('REFUND_SUCCEEDED');
  });

  it('after 7 days the server refuses with 8401; another account’s order is 1001', async () => {
    const { auth, orderId } = await paidByCard();
    const other = await loggedInCustomer(server);
    expect((await withdraw(other.auth, { orderId })).errCode).toBe(1001);
    clock.advance(7 * DAY + 1);
    expect((await withdraw(auth, { orderId })).errCode).toBe(8401);
    expect(await statusOf(orderId)).toBe('PAYMENT_SUCCEEDED');
  });
});
