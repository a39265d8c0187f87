import { describe, expect, it } from 'vitest';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { createFakeClock } from '../../server/clock';
import { sandboxWebhookKey, WEBHOOK_SIGNATURE_HEADER } from '../../server/payments/payment-events';
import { signWebhook } from '../../server/payments/webhook-signature';
import { loggedInCustomer } from '../helpers/accounts';
import { billingReads } from '../helpers/billing';
import { useTestServer } from '../helpers/test-server';

// A crypto quote paid in several transfers to its address (docs/decisions/050): the transfers
// add up, the customer is told what arrived and what is left, and the order is paid once.

type Auth = Record<string, string>;
type Quote = { orderId: string; address: string; coinAmount: string; expiresAt: number; coinReceived?: string; coinRemaining?: string };
const MINUTE = 60_000;

/** Satoshis as BTC with all 8 decimals, written out digit by digit (no floats). */
const btc = (sats: bigint) => {
  const s = sats.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
};
const satsOf = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
};

describe('crypto underpayment (received, remaining, paid once)', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const { statusOf, expiry } = billingReads(server);

  async function quote(): Promise<{ auth: Auth; uid: number; q: Quote }> {
    const { account, auth } = await loggedInCustomer(server);
    const res = await server.postChecked(
      '/api/bill/pay/v1',
      { planId: '1', email: 'ana@example.com', method: 'crypto', currency: 'USD', crypto: { coin: 'BTC' } },
      auth,
    );
    return { auth, uid: account.uid, q: res.body.data as Quote };
  }
  const send = async (address: string, coinAmount: string) =>
    (await server.app.inject({ method: 'POST', url: `/api/sandbox/crypto/pay/${address}?coinAmount=${coinAmount}` })).json() as {
      result: string;
      eventId: string;
    };
  const detail = async (orderId: string, auth: Auth) =>
    (await server.postChecked('/api/bill/payment-info/detail', { orderId }, auth)).body.data as Quote & { next: string; status: string };
  const receipts = async (orderId: string) =>
    (
      await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM crypto_receipts r JOIN payment_attempts a ON a.id = r.attempt_id WHERE a.order_id = $1',
        [orderId],
      )
    )[0]!.n;

  it('reports what arrived and what is left; two transfers that reach the quote pay the order once', async () => {
    const { auth, uid, q } = await quote();
    const quoted = satsOf(q.coinAmount);
    const fresh = await detail(q.orderId, auth);
    expect(fresh).toMatchObject({ next: 'crypto', coinAmount: q.coinAmount });
    expect(fresh).not.toHaveProperty('coinReceived');

    const first = (quoted * 2n) / 5n;
    expect(await send(q.address, btc(first))).toMatchObject({ result: 'partial' });
    expect(await statusOf(q.orderId)).toBe('PAYMENT_PENDING');
    expect(await detail(q.orderId, auth)).toMatchObject({
      next: 'crypto',
      status: 'PAYMENT_PENDING',
      address: q.address,
      coinAmount: q.coinAmount,
      coinReceived: btc(first),
      coinRemaining: btc(quoted - first),
      expiresAt: q.expiresAt,
    });

    // The provider redelivers the same transfer: it counts once.
    const again = {
      id: 'evt_redelivered_transfer',
      type: 'payment.succeeded',
      data: { reference: q.address, amount: 1, currency: 'USD', paidAt: clock.now(), coinAmount: btc(1000n) },
    };
    const raw = JSON.stringify(again);
    const redeliver = async () =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox-crypto',
          headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(sandboxWebhookKey(server.services), raw, clock.now()) },
          payload: raw,
        })
      ).json() as { result: string };
    expect(await redeliver()).toMatchObject({ result: 'partial' });
    expect(await redeliver()).toMatchObject({ result: 'duplicate' });
    const received = first + 1000n;
    expect(await detail(q.orderId, auth)).toMatchObject({ coinReceived: btc(received), coinRemaining: btc(quoted - received) });

    expect(await send(q.address, btc(quoted - received))).toMatchObject({ result: 'applied' });
    expect(await statusOf(q.orderId)).toBe('PAYMENT_SUCCEEDED');
    expect(await expiry(uid)).not.toBeNull();
    expect(await detail(q.orderId, auth)).toEqual({ next: 'done', orderId: q.orderId, status: 'PAYMENT_SUCCEEDED' });
    const paidUntil = await expiry(uid);

    // More after it is paid is kept for support, and pays nothing twice.
    expect(await send(q.address, btc(500n))).toMatchObject({ result: 'ignored' });
    expect(await expiry(uid)).toBe(paidUntil);
    expect(await receipts(q.orderId)).toBe(4);
  });

  it('an overpayment in two transfers pays, and the remaining never reads below zero', async () => {
    const { auth, q } = await quote();
    const quoted = satsOf(q.coinAmount);
    expect(await send(q.address, btc(quoted - 1n))).toMatchObject({ result: 'partial' });
    expect(await detail(q.orderId, auth)).toMatchObject({ coinReceived: btc(quoted - 1n), coinRemaining: btc(1n) });
    expect(await send(q.address, btc(quoted))).toMatchObject({ result: 'applied' });
    expect(await statusOf(q.orderId)).toBe('PAYMENT_SUCCEEDED');
  });

  it('a quote that expires underpaid closes the order; the rest sent late does not pay it and is kept for support', async () => {
    const { auth, uid, q } = await quote();
    const quoted = satsOf(q.coinAmount);
    const first = quoted / 3n;
    expect(await send(q.address, btc(first))).toMatchObject({ result: 'partial' });

    clock.advance(31 * MINUTE);
    // The rest arrives after the quote's 30 minutes, before the expiry job ran: its rate is no longer held.
    expect(await send(q.address, btc(quoted - first))).toMatchObject({ result: 'ignored' });
    expect(await statusOf(q.orderId)).toBe('PAYMENT_PENDING');
    await expireOverdue(server.services);
    expect(await statusOf(q.orderId)).toBe('PAYMENT_CANCELLED');
    expect(await detail(q.orderId, auth)).toEqual({ next: 'done', orderId: q.orderId, status: 'PAYMENT_CANCELLED' });
    expect(await expiry(uid)).toBeNull();
    expect(await receipts(q.orderId)).toBe(2);
  });

  it('refuses an amount finer than the coin is quoted in, and records nothing', async () => {
    const { q } = await quote();
    const res = await server.app.inject({ method: 'POST', url: `/api/sandbox/crypto/pay/${q.address}?coinAmount=0.000000001` });
    expect(res.statusCode).toBe(400);
    expect(await receipts(q.orderId)).toBe(0);
  });
});
