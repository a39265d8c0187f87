// What the checkout and repay walks share: a client whose next request to a path can be lost on the
// network (the connection drops before the server answers), the payment details that make each
// payment outcome happen for real, and a PIX code left unpaid until its window closes.
import type { FastifyInstance } from 'fastify';
import type { AnyMachineSnapshot } from 'xstate';
import type { PayDetails } from '../../machines/payment/payment.types';
import { expireOverdue } from '../../server/billing/payment-jobs';
import type { FakeClock } from '../../server/clock';
import type { ServerServices } from '../../server/services';
import { createApi } from '../../core/api/client';
import { createSessionStore } from '../../core/session/store';
import { pollUntil } from './gate';
import { injectFetch, MemoryStorage, type AnswerGate, type EffectCall } from './real-server';

/** Vitest's `expect`, as far as the worlds' server checks use it (handed in by each walk). */
export type Expect = (actual: unknown) => {
  toBe(v: unknown): void;
  toContain(v: unknown): void;
  toEqual(v: unknown): void;
  toMatch(v: RegExp): void;
  toMatchObject(v: object): void;
};

/** A card that expires in 5 years (a form refuses expiries over 20 years away, as card networks do). */
export const card = (number: string): PayDetails => ({
  card: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 5, cvc: '123', holder: 'ANA SOUZA' },
});
export const PIX_PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };

/**
 * The client of a signed-in customer, with its session store; `lose` names paths whose next
 * request never gets an answer. What its error rules ask for is kept in `effects`, and its
 * navigations go where `onNavigate` says (a screens walk's router).
 */
export function lossyClient(app: FastifyInstance, userInfo: unknown, gate?: AnswerGate) {
  const store = createSessionStore(new MemoryStorage());
  store.set('userInfo', userInfo as never);
  const lose = new Set<string>();
  const deliver = injectFetch(app, gate);
  const effects: EffectCall[] = [];
  let navigateTo: (to: string) => void = () => {};
  const api = createApi({
    baseUrl: 'http://portal.test',
    context: {
      getToken: () => store.get('userInfo')?.token ?? null,
      getLanguage: () => 'en',
      getClientType: () => 'WEB',
      getScene: () => 'WEB',
      getFingerprint: () => 'model-walk',
    },
    effects: {
      navigate: (to) => {
        effects.push(['navigate', to]);
        navigateTo(to);
      },
      toast: (level, code) => void effects.push(['toast', level, code]),
      resetSession: (reset) => void effects.push(['resetSession', reset]),
    },
    fetch: (request) => (lose.delete(new URL(request.url).pathname) ? Promise.reject(new TypeError('fetch failed: connection reset')) : deliver(request)),
  });
  return {
    api,
    lose,
    store,
    effects,
    onNavigate(handler: (to: string) => void) {
      navigateTo = handler;
    },
  };
}

/** The details that make a payment end as `outcome` (the payment flow's outcome kinds). */
export function detailsFor(outcome: string): PayDetails {
  switch (outcome) {
    case 'declined':
      return card('4000000000000002');
    case 'pending':
      // Charged, but the answer is lost: the order waits for reconciliation.
      return card('4000000000001117');
    case 'closed':
      return { payer: PIX_PAYER };
    case 'redirected':
      return {};
    default:
      return card('4242424242424242');
  }
}

/** A PIX code left unpaid: its window closes on the server, then the page asks again. */
export async function letPixExpire(
  payment: { getSnapshot(): AnyMachineSnapshot },
  server: { services: ServerServices },
  clock: FakeClock,
  simulated: { increment(ms: number): void },
) {
  await pollUntil(() => (payment.getSnapshot().matches({ pix: 'waiting' }) ? true : undefined), 'the PIX code');
  clock.advance(31 * 60_000);
  await expireOverdue(server.services);
  simulated.increment(5_000);
}
