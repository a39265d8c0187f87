// The repay machine's graph for the walks: the events each state offers, with the typed results
// of every invocation (its own calls, and the payment flow it shares with checkout).
import type { EventObject } from 'xstate';
import { repayMachine, type RepayMachine } from '../../machines/repay/repay.machine';
import { createRepayActors } from '../../machines/repay/repay.actors';
import type { RepayInput } from '../../machines/repay/repay.types';
import { done, error, type GraphModel } from './harness';
import { graphMethods, paymentEnds } from './payment.model';

export const repayInputs = {
  failedOrder: { orderId: 'ORDGRAPH', country: 'BR', defaultInstallments: 3 },
} satisfies Record<string, RepayInput>;

const order = (status: string, paymentMethod = 'card') => ({
  id: 'ORDGRAPH',
  status,
  items: [{ planId: '1' }],
  currency: 'BRL',
  installments: 1,
  email: 'graph@example.com',
  paymentType: paymentMethod,
  paymentMethod,
});

const userEvents: EventObject[] = [
  { type: 'METHOD_SELECTED', code: 'paypal' } as EventObject,
  { type: 'METHOD_SELECTED', code: 'pix' } as EventObject,
  { type: 'INSTALLMENTS_CHANGED', installments: 2 } as EventObject,
  { type: 'EMAIL_CHANGED', email: 'other@example.com' } as EventObject,
  { type: 'PAY_SUBMITTED', details: {} } as EventObject,
  { type: 'RETRY' },
  { type: 'SHOW_AGAIN_CHOSEN' },
  { type: 'OTHER_METHOD_CHOSEN' },
];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function repayGraph(machine: RepayMachine = repayMachine.provide({ actors: createRepayActors({ client: {} } as never) })): GraphModel<RepayMachine> {
  return {
    machine,
    inputs: repayInputs,
    vertex: (s) => JSON.stringify([s.value, s.context.methodCode ?? null]),
    events: (snapshot) => {
      const automatic: Record<string, EventObject[]> = {
        // An unfinished order (a declined card), one whose PIX code is still to pay, one whose card
        // answer was lost (awaiting confirmation: not paid again), or one paid meanwhile.
        loadOrder: [
          done('loadOrder', order('PAYMENT_FAILED')),
          done('loadOrder', order('PAYMENT_PENDING', 'pix')),
          done('loadOrder', order('NETWORK_ERROR')),
          done('loadOrder', order('PAYMENT_SUCCEEDED')),
          error('loadOrder'),
        ],
        loadMethods: [done('loadMethods', graphMethods), error('loadMethods')],
        payment: (paymentEnds[snapshot.context.methodCode ?? ''] ?? []).map((o) => done('payment', o)),
      };
      const running = Object.keys(snapshot.children).flatMap((id) => automatic[id] ?? []);
      return [...userEvents.filter((e) => snapshot.can(e as never)), ...running];
    },
  };
}
