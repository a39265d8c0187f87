// The repay machine's graph for the walks: the events each state offers, with the typed results
// of every invocation (its own calls, and the payment flow it shares with checkout).
import type { EventObject } from 'xstate';
import type { RepayMachine } from '../../machines/repay/repay.machine';
import type { RepayInput } from '../../machines/repay/repay.types';
import type { GraphModel } from './harness';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(id) });

export const repayInputs = {
  failedOrder: { orderId: 'ORDGRAPH', country: 'BR', defaultInstallments: 3 },
} satisfies Record<string, RepayInput>;

const order = (status: string) => ({
  id: 'ORDGRAPH',
  status,
  items: [{ planId: '1' }],
  currency: 'BRL',
  installments: 1,
  email: 'graph@example.com',
  paymentMethod: 'card',
});
const method = (code: string, maxInstallments: number) => ({
  code,
  name: code,
  type: code,
  installmentsAllowed: maxInstallments > 1,
  maxInstallments,
  requiredFields: [],
  savedCards: code === 'card',
});

/** What each method's payment can end as, as the walks produce it for real. */
const paymentEnds: Record<string, unknown[]> = {
  card: [{ kind: 'paid', orderId: 'ORDGRAPH' }, { kind: 'declined', errCode: 301 }, { kind: 'pending', orderId: 'ORDGRAPH' }, { kind: 'failed' }],
  paypal: [{ kind: 'redirected', url: 'https://graph.example/approve' }],
  pix: [{ kind: 'closed', orderId: 'ORDGRAPH', status: 'PAYMENT_CANCELLED' }],
};

const userEvents: EventObject[] = [
  { type: 'METHOD_SELECTED', code: 'paypal' } as EventObject,
  { type: 'METHOD_SELECTED', code: 'pix' } as EventObject,
  { type: 'INSTALLMENTS_CHANGED', installments: 2 } as EventObject,
  { type: 'EMAIL_CHANGED', email: 'other@example.com' } as EventObject,
  { type: 'PAY_SUBMITTED', details: {} } as EventObject,
  { type: 'RETRY' },
];

export function repayGraph(machine: RepayMachine): GraphModel<RepayMachine> {
  return {
    machine,
    inputs: repayInputs,
    vertex: (s) => JSON.stringify([s.value, s.context.methodCode ?? null]),
    events: (snapshot) => {
      const automatic: Record<string, EventObject[]> = {
        // An unfinished order (a declined card), one whose card answer was lost (awaiting
        // confirmation: not paid again), or one paid meanwhile.
        loadOrder: [
          done('loadOrder', order('PAYMENT_FAILED')),
          done('loadOrder', order('NETWORK_ERROR')),
          done('loadOrder', order('PAYMENT_SUCCEEDED')),
          error('loadOrder'),
        ],
        loadMethods: [done('loadMethods', [method('card', 12), method('pix', 1), method('paypal', 1)]), error('loadMethods')],
        payment: (paymentEnds[snapshot.context.methodCode ?? ''] ?? []).map((o) => done('payment', o)),
      };
      const running = Object.keys(snapshot.children).flatMap((id) => automatic[id] ?? []);
      return [...userEvents.filter((e) => snapshot.can(e as never)), ...running];
    },
  };
}
