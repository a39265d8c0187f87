// The withdrawal machine's rules, with its real actors against the real server in-process
// (docs/decisions/058): a card refund ends at once, a PIX refund waits and may be cancelled, a
// bank account the server refuses brings the customer back to the confirmation with the reason,
// and a refusal is the view's to say, never a toast.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { WithdrawalWorld } from '../../tests/model/withdrawal.world';
import { createWithdrawalActors } from './withdrawal.actors';
import { withdrawalMachine } from './withdrawal.machine';
import { selectWithdrawalView } from './withdrawal.selectors';
import type { WithdrawalInput } from './withdrawal.types';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
/** A customer who paid plan 1 by `method` (tests/model/withdrawal.world.ts), and the machine for that order on the customer's client. */
async function paid(method: 'card' | 'pix' | 'boleto', input: Omit<WithdrawalInput, 'orderId'>) {
  const world = new WithdrawalWorld(server, clock, { method, start: input.refundPending ? 'refundPending' : 'payer' });
  await world.setUp();
  const actor = createActor(withdrawalMachine.provide({ actors: createWithdrawalActors(world.customer.client.api) }), {
    input: { orderId: world.orderId, ...input },
  }).start();
  return { actor, status: world.status, client: world.customer.client };
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
