// The chargeback panel's graph for the walks: the events each state offers, with the typed results
// of its invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { createDisputeActors, refusals } from '../../machines/dispute/dispute.actors';
import { disputeMachine, type DisputeMachine } from '../../machines/dispute/dispute.machine';
import type { OrderDispute } from '../../machines/dispute/dispute.types';
import { done, error, type GraphModel } from './harness';

const dispute = (closed: boolean): OrderDispute => ({
  orderId: 'graph',
  status: closed ? 'CHARGEBACK_SUCCEEDED' : 'CHARGEBACK_PENDING',
  disputeStatus: closed ? 'lost' : 'needs_response',
  reason: 'general',
  amount: 2990,
  currency: 'BRL',
  openedAt: 0,
  ...(closed ? { closedAt: 1 } : {}),
  serviceEnded: closed,
});

/** The loadDispute answers: open, closed, every refusal it expects (only before any dispute), a failure. */
const answers = (disputed: boolean): EventObject[] => [
  done('loadDispute', { kind: 'found', dispute: dispute(false) }),
  done('loadDispute', { kind: 'found', dispute: dispute(true) }),
  ...(disputed ? [] : refusals.loadDispute.map((errCode) => done('loadDispute', { kind: 'refused', errCode }))),
  error('loadDispute'),
];

const userEvents: EventObject[] = [{ type: 'REFRESH_REQUESTED' }, { type: 'RETRY_REQUESTED' }];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function disputeGraph(machine: DisputeMachine = disputeMachine.provide({ actors: createDisputeActors({} as never) })): GraphModel<DisputeMachine> {
  return {
    machine,
    inputs: { disputedOrder: { orderId: 'graph' } },
    events: (snapshot) => [
      ...userEvents.filter((e) => snapshot.can(e as never)),
      // A dispute once opened stays on the order: "never disputed" is an answer only until then.
      ...Object.keys(snapshot.children).flatMap((id) => (id === 'loadDispute' ? answers(snapshot.context.dispute !== null) : [])),
    ],
    vertex: (snapshot) => `${JSON.stringify(snapshot.value)}${snapshot.context.dispute ? ' disputed' : ''}`,
  };
}
