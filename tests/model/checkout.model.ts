// The checkout machine's graph for the walks: the events each state offers, with the typed results
// of every invocation (its own calls, and the payment and unbinding flows it runs as children).
import type { EventObject } from 'xstate';
import { checkoutMachine, type CheckoutMachine } from '../../machines/checkout/checkout.machine';
import { createCheckoutActors, refusals } from '../../machines/checkout/checkout.actors';
import type { CheckoutInput } from '../../machines/checkout/checkout.types';
import { monthlyValuation } from '../fixtures/valuation';
import { done, error, type GraphModel } from './harness';
import { graphMethods, paymentEnds, refusedAnswers } from './payment.model';

export const checkoutInputs = {
  plan1: { planId: '1', currency: 'BRL', country: 'BR', defaultInstallments: 3, email: 'graph@example.com' },
} satisfies Record<string, CheckoutInput>;

const order = { id: 'ORDGRAPH', status: 'PAYMENT_PENDING' };

const userEvents: EventObject[] = [
  { type: 'FINISH_ORDER_CHOSEN' },
  { type: 'NEW_ORDER_CHOSEN' },
  { type: 'METHOD_SELECTED', code: 'paypal' } as EventObject,
  { type: 'METHOD_SELECTED', code: 'pix' } as EventObject,
  { type: 'INSTALLMENTS_CHANGED', installments: 2 } as EventObject,
  { type: 'CODE_APPLIED', code: 'DESCONTO5' } as EventObject,
  // A code of no coupon's shape: refused on the spot (9001), never sent.
  { type: 'CODE_APPLIED', code: '<b>' } as EventObject,
  { type: 'CODE_REMOVED' },
  { type: 'COUNTRY_CHANGED', country: 'US' } as EventObject,
  { type: 'CURRENCY_CHANGED', currency: 'USD' } as EventObject,
  { type: 'EMAIL_CHANGED', email: 'other@example.com' } as EventObject,
  { type: 'PAY_SUBMITTED', details: {} } as EventObject,
  { type: 'RETRY' },
];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function checkoutGraph(
  machine: CheckoutMachine = checkoutMachine.provide({ actors: createCheckoutActors({ client: {} } as never) }),
): GraphModel<CheckoutMachine> {
  return {
    machine,
    inputs: checkoutInputs,
    // What the answers depend on: the chosen method, a typed code, a refused order being repaid;
    // and whether a price is on screen (a new price keeps the form, where the customer may act).
    vertex: (s) =>
      JSON.stringify([s.value, s.context.methodCode ?? null, Boolean(s.context.discountCode), Boolean(s.context.orderId), Boolean(s.context.valuation)]),
    events: (snapshot) => {
      const c = snapshot.context;
      const automatic: Record<string, EventObject[]> = {
        // Available, or refused with each code the check expects (6000, 6001, -2500).
        checkAvailability: [
          done('checkAvailability', { kind: 'available' }),
          ...refusedAnswers('checkAvailability', refusals.checkAvailability),
          error('checkAvailability'),
        ],
        // Once a payment was refused, its order is the customer's unfinished one.
        loadCart: c.orderId ? [done('loadCart', order), error('loadCart')] : [done('loadCart', null), done('loadCart', order), error('loadCart')],
        loadMethods: [done('loadMethods', graphMethods), error('loadMethods')],
        // A typed code applies, is refused (9000…), or is held by another unpaid order (9004).
        // Repaying, the order's own code always applies (the server is told which order it is).
        valuate: c.orderId
          ? [done('valuate', monthlyValuation(c.discountCode ? { code: c.discountCode, applied: true } : undefined)), error('valuate')]
          : c.discountCode
            ? [
                done('valuate', monthlyValuation({ code: c.discountCode, applied: true })),
                done('valuate', monthlyValuation({ code: c.discountCode, applied: false, errCode: 9000 })),
                done('valuate', monthlyValuation({ code: c.discountCode, applied: false, errCode: 9004, boundOrderId: 'ORDOTHER' })),
                error('valuate'),
              ]
            : [done('valuate', monthlyValuation()), error('valuate')],
        unbinding: [done('unbinding', { kind: 'unbound' }), done('unbinding', { kind: 'kept' }), done('unbinding', { kind: 'cannotRemove', errCode: 1003 })],
        payment: (paymentEnds[c.methodCode ?? ''] ?? []).map((o) => done('payment', o)),
        findRefusedOrder: [done('findRefusedOrder', { ...order, status: 'PAYMENT_FAILED' }), error('findRefusedOrder')],
      };
      const running = Object.keys(snapshot.children).flatMap((id) => automatic[id] ?? []);
      const user = userEvents.filter((e) => snapshot.can(e as never));
      return [...user, ...running];
    },
  };
}
