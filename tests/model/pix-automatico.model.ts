// The PIX Automático machine's graph for the walks: the events each state offers, with the typed
// results of every invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { createPixAutomaticoActors, refusals } from '../../machines/pix-automatico/pix-automatico.actors';
import { pixAutomaticoMachine, type PixAutomaticoMachine } from '../../machines/pix-automatico/pix-automatico.machine';
import type { PixAutomatico } from '../../machines/pix-automatico/pix-automatico.types';
import { done, error, type GraphModel } from './harness';

const info = (status: PixAutomatico['status']): { kind: 'info'; info: PixAutomatico } => ({
  kind: 'info',
  info: {
    idRec: 'RR9999999920260101graphgraph1',
    status,
    planId: '1',
    planName: 'graph',
    amount: 2990,
    maxAmount: 2990,
    currency: 'BRL',
    frequency: 'MONTHLY',
    startDate: 0,
    endDate: 0,
  },
});
const refused = (errCode: number) => ({ kind: 'refused', errCode });

/** Per invocation, the answers the graph considers: each result branch of its onDone, and every refusal the call expects. */
const automatic: Record<string, EventObject[]> = {
  loadInfo: [
    done('loadInfo', info('CRIADA')),
    done('loadInfo', info('APROVADA')),
    done('loadInfo', info('CANCELADA')),
    ...refusals.loadInfo.map((c) => done('loadInfo', refused(c))),
    error('loadInfo'),
  ],
  start: [done('start', info('CRIADA')), ...refusals.start.map((c) => done('start', refused(c))), error('start')],
  cancel: [done('cancel', info('CANCELADA')), ...refusals.cancel.map((c) => done('cancel', refused(c))), error('cancel')],
};

const userEvents: EventObject[] = [
  { type: 'START_REQUESTED', planId: '1' } as EventObject,
  { type: 'REFRESH_REQUESTED' },
  { type: 'CANCEL_REQUESTED' },
  { type: 'CANCEL_CONFIRMED' },
  { type: 'CANCEL_DISMISSED' },
  { type: 'RETRY_REQUESTED' },
];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function pixAutomaticoGraph(
  machine: PixAutomaticoMachine = pixAutomaticoMachine.provide({ actors: createPixAutomaticoActors({} as never) }),
): GraphModel<PixAutomaticoMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [...userEvents.filter((e) => snapshot.can(e as never)), ...Object.keys(snapshot.children).flatMap((id) => automatic[id] ?? [])],
  };
}
