// Every order status code of the spec (section 3: fourteen of them) is reached by an order of the
// real server, in-process, through the customer's calls and the sandbox providers (docs/decisions/058
// and 059). Each entry of `reach` makes one order get there and answers it; the test then reads the
// order as its customer does.
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../core/config/order-status';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { createFakeClock } from '../../server/clock';
import { loggedInCustomer } from '../helpers/accounts';
import { DECLINED, testCard, VISA_OK } from '../helpers/cards';
import { multipartFile } from '../helpers/multipart';
import { useTestServer } from '../helpers/test-server';
import { SANDBOX_CLOSED_ACCOUNT } from '../../server/payments/sandbox-refunds';

/** Spec section 3, "Order status codes", in its order. */
const SPEC_STATUSES: readonly OrderStatus[] = [
  'NETWORK_ERROR',
  'PAYMENT_PENDING',
  'PAYMENT_SUCCEEDED',
  'PAYMENT_FAILED',
  'PAYMENT_CANCELLED',
  'CHARGEBACK_PENDING',
  'CHARGEBACK_SUCCEEDED',
  'CHARGEBACK_REJECTED',
  'CHARGEBACK_CANCELLED',
  'REFUND_PENDING',
  'REFUND_SUCCEEDED',
  'REFUND_REJECTED',
  'REFUND_CANCELLED',
  'SUBMITTED',
];

const clock = createFakeClock();
const server = useTestServer({}, { clock });
type Auth = Record<string, string>;
interface Reached {
  orderId: string;
  auth: Auth;
}

const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
/** Stands for the sandbox network: its answer to the charge is lost on the way back (core/config/sandbox-cards.ts). */
const ANSWER_LOST = '4000000000001117';

async function pay(body: Record<string, unknown>): Promise<Reached & { data: Record<string, unknown> }> {
  const { account, auth } = await loggedInCustomer(server);
  const res = await server.post('/api/bill/pay/v1', { planId: '1', currency: 'BRL', country: 'BR', email: account.email, ...body }, auth);
  const [order] = await server.db.query<{ id: string }>('SELECT id FROM orders WHERE account_uid = $1 ORDER BY created_at DESC LIMIT 1', [account.uid]);
  return { orderId: order!.id, auth, data: (res.body.data ?? {}) as Record<string, unknown> };
}
const payByCard = (number: string) => pay({ method: 'card', card: testCard(number) });

/** An order paid by PIX or payment slip, the sandbox bank having confirmed the money. */
async function paidBySandbox(method: 'pix' | 'boleto'): Promise<Reached> {
  const payer = method === 'pix' ? PAYER : { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };
  const paid = await pay({ method, payer });
  const [attempt] = await server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_attempts WHERE order_id = $1', [paid.orderId]);
  const res = await server.app.inject({ method: 'POST', url: `/api/sandbox/${method}/pay/${attempt!.provider_ref}` });
  expect(res.json()).toMatchObject({ result: 'applied' });
  return paid;
}

/** The customer withdraws from the purchase within the 7 days (docs/decisions/058). */
async function withdrawn(paid: Reached, body: Record<string, unknown>) {
  const res = await server.post('/api/bill/order/withdraw/v1', { orderId: paid.orderId, ...body }, paid.auth);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
}

/** A paid card order whose charge the holder's bank disputes, one sandbox step per call (docs/decisions/059). */
async function disputed(outcome: 'lost' | 'won' | 'warning_closed', steps: number): Promise<Reached> {
  const paid = await payByCard(VISA_OK);
  for (let step = 0; step < steps; step++) {
    const res = await server.app.inject({ method: 'POST', url: `/api/sandbox/card/dispute/${paid.orderId}`, payload: { outcome } });
    expect(res.json()).toMatchObject({ result: 'applied' });
  }
  return paid;
}

const reach: Partial<Record<OrderStatus, () => Promise<Reached>>> = {
  // The card network charged but its answer never came back (docs/decisions/036).
  NETWORK_ERROR: () => payByCard(ANSWER_LOST),
  // A PIX code waits for the payer's bank.
  PAYMENT_PENDING: () => pay({ method: 'pix', payer: PAYER }),
  PAYMENT_SUCCEEDED: () => payByCard(VISA_OK),
  PAYMENT_FAILED: () => payByCard(DECLINED),
  // A PIX code unpaid past its 30 minutes.
  PAYMENT_CANCELLED: async () => {
    const pending = await pay({ method: 'pix', payer: PAYER });
    clock.advance(31 * 60_000);
    await expireOverdue(server.services);
    return pending;
  },
  // A bank transfer whose proof the customer sent: it waits for the bank's statement.
  SUBMITTED: async () => {
    const pending = await pay({ method: 'bank_transfer', payer: { firstName: 'Ana', lastName: 'Souza' } });
    const file = multipartFile('file', 'comprovante.png', 'image/png', PNG);
    const up = await server.app.inject({
      method: 'POST',
      url: '/api/uploadObject/v1',
      headers: { ...pending.auth, 'content-type': file.contentType },
      payload: file.payload,
    });
    const objectKey = (up.json() as { data: { objectKey: string } }).data.objectKey;
    await server.post('/api/bill/order/upload/v1', { orderId: pending.orderId, objectKey }, pending.auth);
    return pending;
  },
  // Chargebacks (docs/decisions/059): a dispute opened; then closed lost (the holder got the money
  // back), won (the charge stands) or warning_closed (withdrawn).
  CHARGEBACK_PENDING: () => disputed('lost', 1),
  CHARGEBACK_SUCCEEDED: () => disputed('lost', 3),
  CHARGEBACK_REJECTED: () => disputed('won', 3),
  CHARGEBACK_CANCELLED: () => disputed('warning_closed', 3),

  // Withdrawals (docs/decisions/058): a card refund is made at once; a PIX devolução waits for the
  // sandbox bank, and the customer may call it off meanwhile; a payout to a closed account is refused.
  REFUND_SUCCEEDED: async () => {
    const paid = await payByCard(VISA_OK);
    await withdrawn(paid, {});
    return paid;
  },
  REFUND_PENDING: async () => {
    const paid = await paidBySandbox('pix');
    await withdrawn(paid, {});
    return paid;
  },
  REFUND_CANCELLED: async () => {
    const paid = await paidBySandbox('pix');
    await withdrawn(paid, {});
    expect((await server.post('/api/bill/order/withdraw/cancel/v1', { orderId: paid.orderId }, paid.auth)).body).toMatchObject({ code: 0 });
    return paid;
  },
  REFUND_REJECTED: async () => {
    const paid = await paidBySandbox('boleto');
    await withdrawn(paid, { bankAccount: { bank: '001', branch: '1234', account: SANDBOX_CLOSED_ACCOUNT, holderCpf: PAYER.cpf } });
    const pending = (await server.app.inject({ method: 'GET', url: `/api/sandbox/refunds/pending/${paid.orderId}` })).json() as {
      refunds: { refundId: string }[];
    };
    await server.app.inject({ method: 'POST', url: `/api/sandbox/refunds/settle/${pending.refunds[0]!.refundId}` });
    return paid;
  },
};

describe('every order status of the spec is reached (spec section 3)', () => {
  it('has a way to every one of them', () => expect(SPEC_STATUSES.filter((s) => !reach[s])).toEqual([]));
  for (const status of SPEC_STATUSES) {
    const make = reach[status];
    if (!make) continue;
    it(`${status}: an order gets there, and its customer reads it`, async () => {
      const { orderId, auth } = await make();
      const res = await server.get(`/api/bill/order/v1/${orderId}`, auth);
      expect(res.body).toMatchObject({ code: 0, data: { id: orderId, status } });
    });
  }

  it('names the spec’s fourteen statuses, and reaches every one but the refunds’', () => {
    expect(new Set(SPEC_STATUSES).size).toBe(14);
    const missing = SPEC_STATUSES.filter((s) => !reach[s]);
    expect(missing.every((s) => s.startsWith('REFUND_'))).toBe(true);
  });
});
