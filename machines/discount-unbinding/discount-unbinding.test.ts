// The unbinding rules the graph walks cannot judge, against the real server: cancelling leaves the
// other order exactly as it was, confirming cancels it and frees the code, and 1003 is said once.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { boundOrderOf, Cards, orderHoldingCode, orderStatus, signedInClient } from '../../tests/model/billing.world';
import { storageFault } from '../../tests/model/faults';
import { createDiscountUnbindingActors } from './discount-unbinding.actors';
import { discountUnbindingMachine } from './discount-unbinding.machine';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function unbindingFor(code: string, card: string = Cards.declined) {
  const customer = await signedInClient(server);
  const orderId = await orderHoldingCode(server, customer.auth, customer.account.email!, code, card);
  const actor = createActor(discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(customer.client.api) }), {
    input: { orderId, discountCode: code },
  });
  actor.start();
  return { ...customer, orderId, actor };
}

const eventsOf = async (orderId: string) =>
  server.db.query('SELECT to_status, reason FROM order_events WHERE order_id = $1 AND reason = $2', [orderId, 'discount_code_unbound']);

describe('discount-code unbinding rules', () => {
  it('cancelling keeps the other order untouched: still open, still holding the code, no call made', async () => {
    const { actor, orderId, auth, client } = await unbindingFor('BEMVINDO10');
    const before = await orderStatus(server.db, orderId);
    actor.send({ type: 'CANCELLED' });
    await expect(toPromise(actor)).resolves.toEqual({ kind: 'kept' });
    expect(await orderStatus(server.db, orderId)).toEqual(before);
    expect(before).toEqual({ status: 'PAYMENT_FAILED', discount_code: 'BEMVINDO10' });
    expect(await eventsOf(orderId)).toEqual([]);
    // The code is still bound to that order: a new valuation says so again.
    expect(await boundOrderOf(server, auth, 'BEMVINDO10')).toBe(orderId);
    expect(client.effects).toEqual([]);
  });

  it('confirming cancels the other order and frees the code for this one', async () => {
    const { actor, orderId, auth } = await unbindingFor('BEMVINDO10');
    actor.send({ type: 'CONFIRMED' });
    await expect(toPromise(actor)).resolves.toEqual({ kind: 'unbound' });
    expect(await orderStatus(server.db, orderId)).toEqual({ status: 'PAYMENT_CANCELLED', discount_code: 'BEMVINDO10' });
    expect(await eventsOf(orderId)).toEqual([{ to_status: 'PAYMENT_CANCELLED', reason: 'discount_code_unbound' }]);
    await expect(boundOrderOf(server, auth, 'BEMVINDO10')).rejects.toThrow(/not held/);
  });

  it('1003 for an order whose payment outcome is unknown: the order stays, the message is toasted once, the output carries the code', async () => {
    const { actor, orderId, client } = await unbindingFor('DESCONTO5', Cards.answerLost);
    actor.send({ type: 'CONFIRMED' });
    await expect(toPromise(actor)).resolves.toEqual({ kind: 'cannotRemove', errCode: 1003 });
    expect(await orderStatus(server.db, orderId)).toEqual({ status: 'NETWORK_ERROR', discount_code: 'DESCONTO5' });
    expect(client.effects).toEqual([['toast', 'error', 1003]]);
  });

  it('an unexpected failure is recorded and changes nothing; trying again unbinds', async () => {
    const { actor, orderId } = await unbindingFor('BEMVINDO10');
    const repair = await storageFault(server, 'order_events');
    actor.send({ type: 'CONFIRMED' });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    await repair();
    expect(failed.context.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
    expect((await orderStatus(server.db, orderId)).status).toBe('PAYMENT_FAILED');
    actor.send({ type: 'RETRY_REQUESTED' });
    await expect(toPromise(actor)).resolves.toEqual({ kind: 'unbound' });
  });
});
