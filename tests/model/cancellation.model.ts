// The cancellation machine's graph for the walks: the events each state offers, with the typed
// results of every invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { cancellationMachine, type CancellationMachine } from '../../machines/cancellation/cancellation.machine';
import { createCancellationActors, refusals } from '../../machines/cancellation/cancellation.actors';
import { done, error, type GraphModel } from './harness';

const refused = (errCode: number) => ({ kind: 'refused', errCode });
const offer = { kind: 'discount', percent: 30 };

/** Per invocation, the answers the graph considers: each result branch of its onDone, and every refusal the call expects. */
const automatic: Record<string, EventObject[]> = {
  findOffer: [
    done('findOffer', { kind: 'offer', offer }),
    done('findOffer', { kind: 'offer', offer: null }),
    ...refusals.findOffer.map((c) => done('findOffer', refused(c))),
    error('findOffer'),
  ],
  acceptOffer: [
    done('acceptOffer', { kind: 'kept', kept: { offer, nextBillingDate: 0 } }),
    ...refusals.acceptOffer.map((c) => done('acceptOffer', refused(c))),
    error('acceptOffer'),
  ],
  cancelRenewal: [
    done('cancelRenewal', { kind: 'cancelled', endsAt: 0 }),
    ...refusals.cancelRenewal.map((c) => done('cancelRenewal', refused(c))),
    error('cancelRenewal'),
  ],
};

const userEvents: EventObject[] = [
  { type: 'REASON_SUBMITTED', reason: 'too_expensive', otherText: '' } as EventObject,
  { type: 'OFFER_ACCEPTED' },
  { type: 'OFFER_DECLINED' },
  { type: 'CANCEL_CONFIRMED' },
];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function cancellationGraph(
  machine: CancellationMachine = cancellationMachine.provide({ actors: createCancellationActors({} as never) }),
): GraphModel<CancellationMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [
      ...userEvents.filter((e) => snapshot.can(e as never)),
      // Asked again after 8302, the walks take what the site offers now (an offer or none): the
      // refusals and the failure of the same call are taken from the first asking, and "other"
      // without its text cannot come back once the reason was taken.
      ...Object.keys(snapshot.children)
        .flatMap((id) => automatic[id] ?? [])
        .filter((e) => snapshot.context.errCode !== 8302 || (e as { output?: { kind?: string } }).output?.kind === 'offer'),
    ],
    // Whether an offer was shown changes where a failure to turn it off goes back to.
    vertex: (snapshot) => `${JSON.stringify(snapshot.value)}${snapshot.context.offer ? ' offered' : ''}`,
  };
}
