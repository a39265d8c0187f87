// The withdrawal machine's rules, with its real actors against the real server in-process
// (docs/decisions/058): a card refund ends at once, a PIX refund waits and may be cancelled, a
// bank account the server refuses brings the customer back to the confirmation with the reason,
// and a refusal is the view's to say, never a toast.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { testCard, VISA_OK } from '../../tests/helpers/cards';
import { useTestServer } from '../../tests/helpers/test-server';
import { signedInClient } from '../../tests/model/billing.world';
import { createWithdrawalActors } from './withdrawal.actors';
import { withdrawalMachine } from './withdrawal.machine';
import { selectWithdrawalView } from './withdrawal.selectors';
import type { WithdrawalInput } from './withdrawal.types';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const BOLETO_PAYER = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };

/** A customer who paid plan 1 by `method`, and the machine for that order on the customer's client. */
async function paid(method: 'card' | 'pix' | 'boleto', input: Omit<WithdrawalInput, 'orderId'>) {
  const customer = await signedInClient(server);
  const extra = method === 'card' ? { card: testCard(VISA_OK) } : { payer: method === 'pix' ? PAYER : BOLETO_PAYER };
  const res = await server.post('/api/bill/pay/v1', { planId: '1', method, currency: 'BRL', country: 'BR', email: 'lia@example.com', ...extra }, customer.auth);
  const orderId = res.body.data.orderId as string;
  if (method !== 'card') {
    const [attempt] = await server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_attempts WHERE order_id = $1', [orderId]);
    await server.app.inject({ method: 'POST', url: `/api/sandbox/${method}/pay/${attempt!.provider_ref}` });
  }
  const actor = createActor(withdrawalMachine.provide({ actors: createWithdrawalActors(customer.client.api) }), { input: { orderId, ...input } }).start();
  const status = async () => (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]))[0]?.status;
  return { actor, status, client: customer.client };
}
const settled = (actor: ReturnType<typeof createActor<typeof withdrawalMachine>>) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('withdrawal rules', () => {
  it('by card: confirmed, refunded at once; nothing more is offered', async () => {
    const { actor, status } = await paid('card', { refundsTo: 'payer', refundPending: false });
    expect(selectWithdrawalView(actor.getSnapshot())).toMatchObject({ status: 'idle', canWithdraw: true, canCancel: false });
    actor.send({ type: 'WITHDRAW_REQUESTED' });
    expect(selectWithdrawalView(actor.getSnapshot())).toMatchObject({ status: 'confirming', confirmOpen: true });
    actor.send({ type: 'WITHDRAW_CONFIRMED' });
    expect(selectWithdrawalView(await settled(actor))).toMatchObject({
      status: 'refunded',
      refund: { status: 'succeeded' },
      canWithdraw: false,
      canCancel: false,
    });
    expect(await status()).toBe('REFUND_SUCCEEDED');
  });

  it('by PIX: pending, then cancelled by the customer, who may withdraw again', async () => {
    const { actor, status } = await paid('pix', { refundsTo: 'payer', refundPending: false });
    actor.send({ type: 'WITHDRAW_REQUESTED' });
    actor.send({ type: 'WITHDRAW_CONFIRMED' });
    expect(selectWithdrawalView(await settled(actor))).toMatchObject({ status: 'pending', canCancel: true });
    expect(await status()).toBe('REFUND_PENDING');
    actor.send({ type: 'CANCEL_REQUESTED' });
    expect(selectWithdrawalView(await settled(actor))).toMatchObject({ status: 'cancelled', refund: { status: 'cancelled' }, canWithdraw: true });
    expect(await status()).toBe('REFUND_CANCELLED');
  });

  it('an order whose refund is pending opens on it', async () => {
    const { actor } = await paid('pix', { refundsTo: 'payer', refundPending: true });
    expect(selectWithdrawalView(actor.getSnapshot())).toMatchObject({ status: 'pending', canCancel: true });
  });

  it('by boleto: a malformed account comes back to the confirmation with 8403, said by the view, not a toast', async () => {
    const { actor, status, client } = await paid('boleto', { refundsTo: 'bank_account', refundPending: false });
    actor.send({ type: 'WITHDRAW_REQUESTED' });
    actor.send({ type: 'WITHDRAW_CONFIRMED', bankAccount: { bank: '1', branch: '1234', account: '12345-6', holderCpf: '12345678909' } });
    expect(selectWithdrawalView(await settled(actor))).toMatchObject({ status: 'confirming', message: 8403, confirmOpen: true });
    expect(client.effects.filter((e) => e[0] === 'toast')).toEqual([]);
    actor.send({ type: 'WITHDRAW_CONFIRMED', bankAccount: { bank: '001', branch: '1234', account: '12345-6', holderCpf: '123.456.789-09' } });
    expect(selectWithdrawalView(await settled(actor))).toMatchObject({ status: 'pending', message: null, refundsTo: 'bank_account' });
    expect(await status()).toBe('REFUND_PENDING');
  });

  it('past the 7 days: closed with 8401', async () => {
    const { actor } = await paid('card', { refundsTo: 'payer', refundPending: false });
    clock.advance(8 * 86_400_000);
    actor.send({ type: 'WITHDRAW_REQUESTED' });
    actor.send({ type: 'WITHDRAW_CONFIRMED' });
    expect(selectWithdrawalView(await settled(actor))).toMatchObject({ status: 'closed', message: 8401 });
  });
});
