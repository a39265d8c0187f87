// The auto-renewal machine's graph for the walks: the events each state offers, with the typed
// results of every invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { autoRenewalMachine, type AutoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import { createAutoRenewalActors, refusals } from '../../machines/auto-renewal/auto-renewal.actors';
import type { RenewInfo } from '../../machines/auto-renewal/auto-renewal.types';
import { done, error, type GraphModel } from './harness';

const info = (status: RenewInfo['status'], renewing = false): RenewInfo => ({
  status,
  planId: '1',
  planName: 'graph',
  amount: 2990,
  currency: 'BRL',
  renewing,
});
const refused = (errCode: number) => ({ kind: 'refused', errCode });

/** Per invocation, the answers the graph considers: each result branch of its onDone, and every refusal the call expects. */
const automatic: Record<string, EventObject[]> = {
  loadInfo: [
    done('loadInfo', { kind: 'info', info: info('activated') }),
    // Spec section 4: a renewal charge in progress (cancelling is not offered then).
    done('loadInfo', { kind: 'info', info: info('activated', true) }),
    done('loadInfo', { kind: 'info', info: info('cancelled') }),
    done('loadInfo', { kind: 'info', info: info('expired') }),
    ...refusals.loadInfo.map((c) => done('loadInfo', refused(c))),
    error('loadInfo'),
  ],
  listCards: [done('listCards', []), error('listCards')],
  changeCard: [
    done('changeCard', { kind: 'info', info: info('activated') }),
    ...refusals.changeCard.map((c) => done('changeCard', refused(c))),
    error('changeCard'),
  ],
};

const userEvents: EventObject[] = [
  { type: 'CANCEL_REQUESTED' },
  { type: 'CANCELLATION_SETTLED' },
  { type: 'CANCEL_DISMISSED' },
  { type: 'CARD_CHANGE_REQUESTED' },
  { type: 'CARD_CHOSEN', cardId: 'graph' } as EventObject,
  { type: 'CARD_CHANGE_DISMISSED' },
  { type: 'REFRESH_REQUESTED' },
];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function autoRenewalGraph(
  machine: AutoRenewalMachine = autoRenewalMachine.provide({ actors: createAutoRenewalActors({} as never) }),
): GraphModel<AutoRenewalMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [...userEvents.filter((e) => snapshot.can(e as never)), ...Object.keys(snapshot.children).flatMap((id) => automatic[id] ?? [])],
    // A running renewal changes what the customer may do (no cancelling, a way to check again).
    vertex: (snapshot) => `${JSON.stringify(snapshot.value)}${snapshot.context.info?.renewing ? ' renewing' : ''}`,
  };
}
