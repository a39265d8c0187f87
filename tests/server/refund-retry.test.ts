// A withdrawal refund whose provider call got no answer is asked again by the payment jobs, under
// the same idempotency key, with backoff and at most REFUND_MAX_ATTEMPTS calls (docs/decisions/058,
// amended), against the real server in-process and its sandbox providers made to fail by the
// sandbox bank's outage switch: a provider down for two calls, then paid out once; a card network
// that refunded but whose answer was lost, answered by the retry without a second refund; and a
// provider that never answers, the refund left pending and reported to support.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/billing/payment-jobs';
import { createFakeClock } from '../../server/clock';
import { REFUND_MAX_ATTEMPTS, REFUND_RETRY_DELAYS_MS } from '../../server/repositories/refund-repository';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { testCard, VISA_OK } from '../helpers/cards';
import { useTestServer } from '../helpers/test-server';

const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const { statusOf } = billingReads(server);
type Auth = Record<string, string>;

const errors: string[] = [];
const log = {
  info: () => {},
  warn: () => {},
  error: (_: unknown, msg: string) => void errors.push(msg),
} as unknown as Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const jobs = async () => (await runPaymentJobs(server.services, log)).refundsRetried;

async function sandbox(url: string, body?: unknown) {
  const res = await server.app.inject({ method: 'POST', url, ...(body ? { payload: body as Record<string, unknown> } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}
const outage = (fault: 'unavailable' | 'answer_lost', calls: number) => sandbox('/api/sandbox/refunds/outage', { fault, calls });
const refundRow = async (orderId: string) =>
  (
    await server.db.query<{ status: string; refund_ref: string | null; attempts: number; next_attempt_at: Date | null; idempotency_key: string }>(
      'SELECT status, refund_ref, attempts, next_attempt_at, idempotency_key FROM refunds WHERE order_id = $1',
      [orderId],
    )
  )[0]!;
const withdraw = async (auth: Auth, orderId: string) => {
  const res = await server.postChecked('/api/bill/order/withdraw/v1', { orderId }, auth);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0, data: { status: 'pending' } });
};

async function paidByPix() {
  const c = await loggedInCustomer(server);
  const res = await server.postChecked(
    '/api/bill/pay/v1',
    { planId: '1', method: 'pix', currency: 'BRL', country: 'BR', email: 'pix@example.com', payer: PAYER },
    c.auth,
  );
  const orderId = res.body.data.orderId as string;
  const [attempt] = await server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_attempts WHERE order_id = $1', [orderId]);
  expect(await sandbox(`/api/sandbox/pix/pay/${attempt!.provider_ref}`)).toMatchObject({ result: 'applied' });
  return { ...c, orderId };
}

describe('retrying an unanswered refund (docs/decisions/058, amended)', () => {
  it('a provider down for two calls: asked again after 1 then 5 minutes, under the same key, refunded once', async () => {
    const { auth, orderId } = await paidByPix();
    await outage('unavailable', 2);
    await withdraw(auth, orderId);
    expect(await refundRow(orderId)).toMatchObject({ status: 'pending', refund_ref: null, attempts: 1 });
    expect(await statusOf(orderId)).toBe('REFUND_PENDING');

    // Not before its delay.
    clock.advance(REFUND_RETRY_DELAYS_MS[0] - 1000);
    expect(await jobs()).toEqual({ answered: 0, retrying: 0, gaveUp: 0 });
    clock.advance(1000);
    expect(await jobs()).toEqual({ answered: 0, retrying: 1, gaveUp: 0 });
    const second = await refundRow(orderId);
    expect(second).toMatchObject({ attempts: 2, refund_ref: null });
    expect(new Date(second.next_attempt_at!).getTime()).toBe(clock.now() + REFUND_RETRY_DELAYS_MS[1]);

    clock.advance(REFUND_RETRY_DELAYS_MS[1]);
    expect(await jobs()).toEqual({ answered: 1, retrying: 0, gaveUp: 0 });
    const answered = await refundRow(orderId);
    expect(answered).toMatchObject({ status: 'pending', attempts: 3, next_attempt_at: null });
    const atProvider = await server.db.query<{ refund_id: string; idempotency_key: string }>(
      "SELECT refund_id, idempotency_key FROM sandbox_refunds WHERE provider = 'sandbox-pix' AND idempotency_key = $1",
      [answered.idempotency_key],
    );
    expect(atProvider).toEqual([{ refund_id: answered.refund_ref, idempotency_key: answered.idempotency_key }]);
    // The sandbox bank pays it out; the portal hears it by the signed webhook.
    expect(await sandbox(`/api/sandbox/refunds/settle/${answered.refund_ref}`)).toMatchObject({ status: 'succeeded', result: 'applied' });
    expect(await statusOf(orderId)).toBe('REFUND_SUCCEEDED');
    expect(await jobs()).toEqual({ answered: 0, retrying: 0, gaveUp: 0 });
  });

  it('a card refund made but its answer lost: the retry gets the same refund back, the charge is refunded once', async () => {
    const c = await loggedInCustomer(server);
    const paid = await server.postChecked(
      '/api/bill/pay/v1',
      { planId: '1', method: 'card', currency: 'BRL', country: 'BR', email: 'card@example.com', card: testCard(VISA_OK) },
      c.auth,
    );
    const orderId = paid.body.data.orderId as string;
    await outage('answer_lost', 1);
    await withdraw(c.auth, orderId);
    const charge = async () =>
      (
        await server.db.query<{ amount: number; amount_refunded: number; refunds: number }>(
          `SELECT c.amount::int AS amount, c.amount_refunded::int AS amount_refunded, (SELECT count(*)::int FROM sandbox_card_refunds r WHERE r.charge_id = c.charge_id) AS refunds
             FROM sandbox_card_charges c WHERE c.reference = $1`,
          [orderId],
        )
      )[0]!;
    // The network refunded; the portal does not know it yet.
    expect(await charge()).toMatchObject({ refunds: 1 });
    expect(await statusOf(orderId)).toBe('REFUND_PENDING');

    clock.advance(REFUND_RETRY_DELAYS_MS[0]);
    expect(await jobs()).toEqual({ answered: 1, retrying: 0, gaveUp: 0 });
    expect(await statusOf(orderId)).toBe('REFUND_SUCCEEDED');
    const after = await charge();
    expect(after).toMatchObject({ refunds: 1, amount_refunded: after.amount });
    const mails = (await server.services.outbox.list({ to: 'card@example.com' })).map((m) => m.template).reverse();
    expect(mails).toEqual(['receipt', 'refundRequested', 'refundSucceeded']);
  });

  it('a provider that never answers: every delay tried, then the refund stays pending, reported once to support', async () => {
    const { auth, account, orderId } = await paidByPix();
    await outage('unavailable', 100);
    await withdraw(auth, orderId);
    for (const delay of REFUND_RETRY_DELAYS_MS.slice(0, -1)) {
      clock.advance(delay);
      expect(await jobs()).toEqual({ answered: 0, retrying: 1, gaveUp: 0 });
    }
    clock.advance(REFUND_RETRY_DELAYS_MS.at(-1)!);
    expect(await jobs()).toEqual({ answered: 0, retrying: 0, gaveUp: 1 });
    expect(await refundRow(orderId)).toMatchObject({ status: 'pending', refund_ref: null, attempts: REFUND_MAX_ATTEMPTS, next_attempt_at: null });
    expect(await statusOf(orderId)).toBe('REFUND_PENDING');
    const incidents = await server.db.query<{ kind: string; detail: Record<string, unknown> }>(
      'SELECT kind, detail FROM payment_incidents WHERE order_id = $1',
      [orderId],
    );
    expect(incidents).toEqual([{ kind: 'refund_unanswered', detail: expect.objectContaining({ attempts: REFUND_MAX_ATTEMPTS, amount: expect.any(Number) }) }]);
    expect(errors).toContain('a withdrawal refund never got an answer; it stays pending for support');
    // No more calls: of the 100 failures arranged, the first call and the retries spent one each.
    const refundOutage = server.services.payments.sandbox!.refundOutage;
    expect(refundOutage.remaining()).toBe(100 - REFUND_MAX_ATTEMPTS);
    clock.advance(REFUND_RETRY_DELAYS_MS.at(-1)!);
    expect(await jobs()).toEqual({ answered: 0, retrying: 0, gaveUp: 0 });
    expect(refundOutage.remaining()).toBe(100 - REFUND_MAX_ATTEMPTS);
    await outage('unavailable', 0);
    // The provider never recorded it; money may still move for all the portal knows, so the account
    // cannot be deleted while the refund is open (ADR 061).
    const atProvider = await server.db.query(
      "SELECT 1 FROM sandbox_refunds WHERE provider = 'sandbox-pix' AND payment_ref IN (SELECT provider_ref FROM payment_attempts WHERE order_id = $1)",
      [orderId],
    );
    expect(atProvider).toEqual([]);
    expect((await server.post('/api/user/account/delete/v1', { password: account.password }, auth)).body).toMatchObject({ code: 1, errCode: 8704 });
  });
});
