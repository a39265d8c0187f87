// The checkout's reads ahead (docs/decisions/064 and 066), on its real actors against the real
// server in-process: which requests start together, and that each is made once.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createCheckoutActors } from '../../machines/checkout/checkout.actors';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { PaymentMethod } from '../../machines/payment/payment.types';
import { createFakeClock } from '../../server/clock';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';
import { createClientWorld } from '../model/real-server';

const server = useTestServer({}, { clock: createFakeClock() });
const input = { planId: '3', currency: 'BRL', country: 'BR', defaultInstallments: 3, email: 'ana@mail.example' };

/** A signed-in client whose requests are listed as they start, and a checkout on it. */
async function checkout(methods?: PaymentMethod[]) {
  const started: string[] = [];
  const world = createClientWorld(server.app, undefined, { before: async (request) => void started.push(new URL(request.url).pathname) });
  const login = await server.post('/api/user/login/v1', loginBody(await createTestAccount(server)));
  world.store.set('userInfo', login.body.data as never);
  const machine = checkoutMachine.provide({ actors: createCheckoutActors(world.api, { methods: methods && (() => methods) }) });
  const actor = createActor(machine, { input }).start();
  const editing = await waitFor(actor, (s) => s.matches('editing') || s.matches('failure') || s.status === 'done');
  if (!editing.matches('editing'))
    throw new Error(`the checkout ended in ${JSON.stringify(editing.value)}: ${String(editing.context.error)} ${JSON.stringify(world.effects)}`);
  actor.stop();
  return { started, editing };
}

describe('checkout: the reads ahead', () => {
  it('asks for the unfinished order and the methods with the availability, then the price', async () => {
    const { started, editing } = await checkout();
    expect(started).toEqual(['/api/site/checkPlanAvailable/v1', '/api/bill/query/cart', '/api/bill/payment/methods/v1', '/api/bill/goodsValuation']);
    expect(editing.context.methodCode).toBe(editing.context.methods[0]?.code);
    expect(editing.context.valuation?.planId).toBe('3');
  });

  it('with the methods the page before read, asks for the price with the availability too, and not for the methods', async () => {
    const methods = (await server.post('/api/bill/payment/methods/v1', { planId: '3', country: 'BR', currency: 'BRL' })).body.data as PaymentMethod[];
    const { started, editing } = await checkout(methods);
    expect(started).toEqual(['/api/site/checkPlanAvailable/v1', '/api/bill/query/cart', '/api/bill/goodsValuation']);
    // The price asked ahead is the one the form shows: the first method, with the site's instalments as far as it allows.
    expect(editing.context).toMatchObject({ methods, methodCode: methods[0]!.code, installments: Math.min(3, methods[0]!.maxInstallments) });
    expect(editing.context.valuation?.installments).toBe(editing.context.installments);
  });
});
