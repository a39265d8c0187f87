// The checkout's rules the graph walks do not judge: a code of no coupon's shape is refused with
// 9001 without a call (spec section 4), and every end hands its outcome to the app's `finished`.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine } from './checkout.machine';
import type { CheckoutOutcome } from './checkout.types';
import { monthlyValuation } from '../../tests/fixtures/valuation';

const input = { planId: '1', currency: 'BRL', country: 'BR', defaultInstallments: 3, email: 'ana@mail.example' };
const method = { code: 'card', name: 'Card', type: 'card', installmentsAllowed: true, maxInstallments: 12, requiredFields: [], savedCards: true };
const price = (discountCode: string | undefined) => monthlyValuation(discountCode ? { code: discountCode, applied: true } : undefined);

function start({ availability = { kind: 'available' }, cart = null }: { availability?: object; cart?: object | null } = {}) {
  const valuate = vi.fn(async ({ input: asked }: { input: { discountCode: string | undefined } }) => price(asked.discountCode));
  const finished = vi.fn<(outcome: CheckoutOutcome) => void>();
  const machine = checkoutMachine.provide({
    actors: {
      checkAvailability: fromPromise(async () => availability) as never,
      loadCart: fromPromise(async () => cart) as never,
      loadMethods: fromPromise(async () => [method]) as never,
      valuate: fromPromise(valuate) as never,
    },
    actions: { finished: (_, { outcome }) => finished(outcome) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, valuate, finished };
}

describe('checkout: a discount code of no coupon’s shape', () => {
  it.each(['"><svg/onload=alert(1)>', "O'BRIEN", 'CÓDIGO', 'X'.repeat(33)])('refuses %j with 9001 without asking the server', async (typed) => {
    const { actor, valuate } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CODE_APPLIED', code: typed });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.codeErrCode).toBe(9001);
    expect(s.context.discountCode).toBeUndefined();
    expect(valuate).toHaveBeenCalledTimes(1);
  });

  it('prices a well-shaped code without its spaces, in capitals, and forgets the refusal', async () => {
    const { actor, valuate } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CODE_APPLIED', code: '<b>' });
    actor.send({ type: 'CODE_APPLIED', code: ' bem vindo10 ' });
    expect(actor.getSnapshot().context.codeErrCode).toBeUndefined();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(valuate).toHaveBeenLastCalledWith(expect.objectContaining({ input: expect.objectContaining({ discountCode: 'BEMVINDO10' }) }));
  });

  it('applies nothing and says nothing for an empty field', async () => {
    const { actor, valuate } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CODE_APPLIED', code: 'a b!' });
    actor.send({ type: 'CODE_APPLIED', code: '   ' });
    expect(actor.getSnapshot().context.codeErrCode).toBeUndefined();
    expect(valuate).toHaveBeenCalledTimes(1);
  });
});

describe('checkout: how it ends', () => {
  it('hands the outcome to `finished` when the customer finishes the unfinished order instead', async () => {
    const { actor, finished } = start({ cart: { id: 'ORD1', status: 'PAYMENT_PENDING' } });
    await waitFor(actor, (s) => s.matches('cartFound'));
    actor.send({ type: 'FINISH_ORDER_CHOSEN' });
    expect(finished).toHaveBeenCalledExactlyOnceWith({ kind: 'finishOrder', orderId: 'ORD1' });
  });

  it('hands a plan that cannot be bought to `finished` too', async () => {
    const { actor, finished } = start({ availability: { kind: 'refused', errCode: 6000 } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(finished).toHaveBeenCalledExactlyOnceWith({ kind: 'unavailable', errCode: 6000 });
  });
});

describe('checkout: the payer’s country', () => {
  it.each([
    ['KE', 'USD'],
    ['AR', 'ARS'],
    ['BR', 'BRL'],
  ])('in %s, prices in %s and asks for the methods of that country and currency', async (country, currency) => {
    const loadMethods = vi.fn(async () => [method]);
    const machine = checkoutMachine.provide({
      actors: {
        checkAvailability: fromPromise(async () => ({ kind: 'available' })) as never,
        loadCart: fromPromise(async () => null) as never,
        loadMethods: fromPromise(loadMethods) as never,
        valuate: fromPromise(async () => price(undefined)) as never,
      },
    });
    const actor = createActor(machine, { input: { ...input, country: 'US', currency: 'MXN' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'COUNTRY_CHANGED', country });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.currency).toBe(currency);
    expect(loadMethods).toHaveBeenLastCalledWith(expect.objectContaining({ input: { planId: '1', country, currency } }));
  });
});

describe('checkout: picks while a new price is on its way', () => {
  it('takes the last method picked, drops the price asked for the one before, and cancels its request', async () => {
    const pix = { ...method, code: 'pix', name: 'PIX', type: 'pix', installmentsAllowed: false, maxInstallments: 1, savedCards: false };
    const asked: Array<{ method: string | undefined; installments: number; signal: AbortSignal; answer: () => void }> = [];
    const machine = checkoutMachine.provide({
      actors: {
        checkAvailability: fromPromise(async () => ({ kind: 'available' })) as never,
        loadCart: fromPromise(async () => null) as never,
        loadMethods: fromPromise(async () => [method, pix]) as never,
        valuate: fromPromise(
          ({ input: a, signal }: { input: { method: string | undefined; installments: number }; signal: AbortSignal }) =>
            new Promise((resolve) => asked.push({ ...a, signal, answer: () => resolve(price(undefined)) })),
        ) as never,
      },
    });
    const actor = createActor(machine, { input }).start();
    // The first price shows the loading page, not the form: no pick is taken before it.
    await waitFor(actor, () => asked.length === 1);
    expect(actor.getSnapshot().can({ type: 'METHOD_SELECTED', code: 'pix' })).toBe(false);
    asked[0]!.answer();
    await waitFor(actor, (s) => s.matches('editing'));

    actor.send({ type: 'METHOD_SELECTED', code: 'pix' });
    actor.send({ type: 'METHOD_SELECTED', code: 'card' });
    actor.send({ type: 'INSTALLMENTS_CHANGED', installments: 6 });
    expect(asked.map((a) => [a.method, a.installments])).toEqual([
      ['card', 3],
      ['pix', 1],
      ['card', 3],
      ['card', 6],
    ]);
    expect(asked.map((a) => a.signal.aborted)).toEqual([false, true, true, false]);
    // A dropped price that comes late changes nothing; the last one asked for is the one taken.
    asked[1]!.answer();
    asked[3]!.answer();
    const priced = await waitFor(actor, (s) => s.matches('editing'));
    expect(priced.context).toMatchObject({ methodCode: 'card', installments: 6 });
  });
});
