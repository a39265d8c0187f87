import { fromPromise } from 'xstate';
import { refusalsOf, type Unsettled } from '../../core/api/refusals';
import { POST_api_site_checkPlanAvailable_v1 } from '../../core/api/refusals.generated';
import type { Api, FetchResult } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { discountUnbindingMachine } from '../discount-unbinding/discount-unbinding.machine';
import { createDiscountUnbindingActors } from '../discount-unbinding/discount-unbinding.actors';
import { createPaymentActors } from '../payment/payment.actors';
import { paymentMachine } from '../payment/payment.machine';
import { methodChoice } from '../payment/payment.guards';
import type { Order, PaymentMethod } from '../payment/payment.types';
import type { Availability, AvailabilityQuery, MethodsQuery, Valuation, ValuationQuery } from './checkout.types';

/**
 * The refusals each call expects, by the id the checkout machine invokes it under (spec section 8):
 * a plan that cannot be bought (6000 a larger plan running, 6001 no such plan, -2500 reset the
 * password first); the client routes 6000 and 6001 itself, and leaves -2500 untold for the page.
 */
export const refusals = {
  // 6000 and 6001 the client routes for every call (it opens the pricing table or the not-found
  // page); the checkout ends its own way on them too.
  checkAvailability: refusalsOf(POST_api_site_checkPlanAvailable_v1, { routesItself: [6000, 6001] }),
} as const satisfies Refusals<'checkAvailability'>;

/**
 * The calls made without settling refusals, with what their operations declare (docs/decisions/072):
 * the client toasts those codes and the machine's onError records them, for the reason given.
 */
export const unsettled = {
  'POST /api/bill/query/cart': { 1040: "the cart's order has no payment record: a fault to report, not a choice for the customer" },
  'POST /api/bill/payment/methods/v1': { [-2408]: 'the currency is not taken: the checkout asks only in the currencies the pricing page listed' },
  'POST /api/bill/goodsValuation': {
    [-2502]: 'the method is not offered for the plan: the checkout values only the methods it was offered',
    [-2408]: 'the currency is not taken: the checkout asks only in the currencies the pricing page listed',
    1001: "the order valued again is gone or not the caller's: a fault to report",
    1030: 'no exchange rate for the currency now: the pricing page listed it moments before, a fault to report',
  },
} as const satisfies Unsettled;

/**
 * Requests started before the step that needs them, each taken once by that step (ADR 064). An
 * answer is settled (its toasts, its session rules) only when taken, so a step the flow never
 * reaches says nothing; the taker's abort reaches the request.
 */
function requestsAhead() {
  const started = new Map<string, { pending: Promise<FetchResult>; controller: AbortController }>();
  return {
    start(key: string, request: (signal: AbortSignal) => Promise<FetchResult>) {
      const controller = new AbortController();
      const pending = request(controller.signal);
      // Left untaken, a failure must not surface as an unhandled rejection.
      pending.catch(() => undefined);
      started.set(key, { pending, controller });
    },
    take<R extends FetchResult>(key: string, signal: AbortSignal, request: (signal: AbortSignal) => Promise<R>): Promise<R> {
      const ahead = started.get(key);
      started.delete(key);
      if (!ahead) return request(signal);
      if (signal.aborted) ahead.controller.abort(signal.reason);
      else signal.addEventListener('abort', () => ahead.controller.abort(signal.reason), { once: true });
      return ahead.pending as Promise<R>;
    },
  };
}

/**
 * What the app already holds for the checkout: the methods offered, when the page before fetched
 * them (src/app/next-screens.ts); undefined when it does not.
 */
export interface CheckoutKnown {
  methods?(query: MethodsQuery): PaymentMethod[] | undefined;
}

/** The checkout's calls on the typed client, and the payment and unbinding flows it runs. */
export function createCheckoutActors(api: Api, known: CheckoutKnown = {}) {
  const { client } = api;
  const cartRequest = (signal: AbortSignal) => client.POST('/api/bill/query/cart', { body: {}, signal });
  const methodsRequest =
    ({ planId, country, currency }: MethodsQuery) =>
    (signal: AbortSignal) =>
      client.POST('/api/bill/payment/methods/v1', { body: { planId, country, currency }, signal });
  const methodsKey = ({ planId, country, currency }: MethodsQuery) => `methods ${planId} ${country} ${currency}`;
  const valuationRequest = (query: ValuationQuery) => (signal: AbortSignal) =>
    client.POST('/api/bill/goodsValuation', {
      body: {
        planId: query.planId,
        currency: query.currency,
        installments: query.installments,
        ...(query.discountCode ? { discountCode: query.discountCode } : {}),
        ...(query.method ? { method: query.method } : {}),
        // Repaying: the order's own hold on its code is not another order's.
        ...(query.orderId ? { orderId: query.orderId } : {}),
      },
      signal,
    });
  const valuationKey = (q: ValuationQuery) => `valuation ${JSON.stringify([q.planId, q.currency, q.installments, q.discountCode, q.method, q.orderId])}`;
  const knownMethods = new Map<string, PaymentMethod[]>();
  const ahead = requestsAhead();
  return {
    checkAvailability: fromPromise<Availability, AvailabilityQuery>(({ input, signal }) => {
      const checked = settleExpected(refusals.checkAvailability, async (options) => {
        await api.callData(client.POST('/api/site/checkPlanAvailable/v1', { body: { planId: input.planId }, signal }), options);
        return { kind: 'available' as const };
      });
      // The unfinished order and the methods are asked for with the availability, behind it (ADR
      // 064): the flow still decides in spec section 4's order, but a phone on a slow network
      // waits one round trip for the three instead of three.
      ahead.start('cart', cartRequest);
      const methods = known.methods?.(input);
      if (!methods) {
        ahead.start(methodsKey(input), methodsRequest(input));
        return checked;
      }
      // Methods the page before fetched: the price they lead to is asked for too (ADR 066).
      knownMethods.set(methodsKey(input), methods);
      const choice = methodChoice(methods, input.methodCode, input.installments);
      const query = { ...input, installments: choice.installments, method: choice.methodCode };
      ahead.start(valuationKey(query), valuationRequest(query));
      return checked;
    }),
    /** The ongoing unfinished order, if any (spec section 4). */
    loadCart: fromPromise<Order | null>(async ({ signal }) => (await api.call(ahead.take('cart', signal, cartRequest))) ?? null),
    /** The methods offered for the plan, country and currency (machines/payment's `loadMethods`): known, taken from ahead, or asked for. */
    loadMethods: fromPromise<PaymentMethod[], MethodsQuery>(async ({ input, signal }) => {
      const methods = knownMethods.get(methodsKey(input));
      knownMethods.delete(methodsKey(input));
      return methods ?? api.callData(ahead.take(methodsKey(input), signal, methodsRequest(input)));
    }),
    valuate: fromPromise<Valuation, ValuationQuery>(({ input, signal }) => api.callData(ahead.take(valuationKey(input), signal, valuationRequest(input)))),
    payment: paymentMachine.provide({ actors: createPaymentActors(api) }),
    discountUnbinding: discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors(api) }),
  };
}

export type CheckoutActors = ReturnType<typeof createCheckoutActors>;
