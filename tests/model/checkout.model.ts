// The checkout machine's graph for the walks: the events each state offers, with the typed results
// of every invocation (its own calls, and the payment and unbinding flows it runs as children).
import type { EventObject } from 'xstate';
import type { CheckoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutInput } from '../../machines/checkout/checkout.types';
import type { GraphModel } from './harness';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(id) });

export const checkoutInputs = {
  plan1: { planId: '1', currency: 'BRL', country: 'BR', defaultInstallments: 3, email: 'graph@example.com' },
} satisfies Record<string, CheckoutInput>;

const order = { id: 'ORDGRAPH', status: 'PAYMENT_PENDING' };
const method = (code: string, maxInstallments: number) => ({
  code,
  name: code,
  type: code,
  installmentsAllowed: maxInstallments > 1,
  maxInstallments,
  requiredFields: [],
  savedCards: code === 'card',
});
const methods = [method('card', 12), method('pix', 1), method('paypal', 1)];
const valuation = (discountCode?: Record<string, unknown>) => ({
  planId: '1',
  planName: 'Mensal',
  price: 2990,
  discount: 0,
  subtotal: 2990,
  interest: 0,
  total: 2990,
  currency: 'BRL',
  baseCurrency: 'BRL',
  exchangeRate: '1',
  validDays: 30,
  installments: 1,
  installmentAmount: 2990,
  ...(discountCode ? { discountCode } : {}),
});

/** What each method's payment can end as, as the walks produce it for real. */
const paymentEnds: Record<string, unknown[]> = {
  // 4242… paid, 4000…0002 declined, 4000…1117 unanswered (pending), the pay call lost (failed).
  card: [{ kind: 'paid', orderId: 'ORDGRAPH' }, { kind: 'declined', errCode: 301 }, { kind: 'pending', orderId: 'ORDGRAPH' }, { kind: 'failed' }],
  paypal: [{ kind: 'redirected', url: 'https://graph.example/approve' }],
  // A PIX code left unpaid until its window closed.
  pix: [{ kind: 'closed', orderId: 'ORDGRAPH', status: 'PAYMENT_CANCELLED' }],
};

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

export function checkoutGraph(machine: CheckoutMachine): GraphModel<CheckoutMachine> {
  return {
    machine,
    inputs: checkoutInputs,
    // What the answers depend on: the chosen method, a typed code, a refused order being repaid.
    vertex: (s) => JSON.stringify([s.value, s.context.methodCode ?? null, Boolean(s.context.discountCode), Boolean(s.context.orderId)]),
    events: (snapshot) => {
      const c = snapshot.context;
      const automatic: Record<string, EventObject[]> = {
        checkAvailability: [
          done('checkAvailability', { kind: 'available' }),
          done('checkAvailability', { kind: 'refused', errCode: 6000 }),
          error('checkAvailability'),
        ],
        // Once a payment was refused, its order is the customer's unfinished one.
        loadCart: c.orderId ? [done('loadCart', order), error('loadCart')] : [done('loadCart', null), done('loadCart', order), error('loadCart')],
        loadMethods: [done('loadMethods', methods), error('loadMethods')],
        // A typed code applies, is refused (9000…), or is held by another unpaid order (9004).
        // Repaying, the order's own code always applies (the server is told which order it is).
        valuate: c.orderId
          ? [done('valuate', valuation(c.discountCode ? { code: c.discountCode, applied: true } : undefined)), error('valuate')]
          : c.discountCode
            ? [
                done('valuate', valuation({ code: c.discountCode, applied: true })),
                done('valuate', valuation({ code: c.discountCode, applied: false, errCode: 9000 })),
                done('valuate', valuation({ code: c.discountCode, applied: false, errCode: 9004, boundOrderId: 'ORDOTHER' })),
                error('valuate'),
              ]
            : [done('valuate', valuation()), error('valuate')],
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
