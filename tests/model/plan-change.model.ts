// The plan change machine's graph for the walks: the events each state offers, with the typed
// results of its invocations, which the walks then arrange for real (tests/model/plan-change.world.ts).
import type { EventObject } from 'xstate';
import { createPlanChangeActors, refusals } from '../../machines/plan-change/plan-change.actors';
import { planChangeMachine, type PlanChangeMachine } from '../../machines/plan-change/plan-change.machine';
import { done, error, type GraphModel } from './harness';

const answers: Record<string, EventObject[]> = {
  quote: [done('quote', { kind: 'quoted', quote: null }), ...refusals.quote.map((errCode) => done('quote', { kind: 'refused', errCode })), error('quote')],
  change: [
    done('change', { kind: 'upgradeOrdered', orderId: 'graph' }),
    done('change', { kind: 'scheduled' }),
    ...refusals.change.map((errCode) => done('change', { kind: 'refused', errCode })),
    error('change'),
  ],
  undo: [done('undo', { kind: 'undone' }), ...refusals.undo.map((errCode) => done('undo', { kind: 'refused', errCode })), error('undo')],
};

const userEvents: EventObject[] = [
  { type: 'PLAN_CHOSEN', planId: 'graph' } as EventObject,
  { type: 'CHANGE_CONFIRMED' },
  { type: 'CHANGE_DISMISSED' },
  { type: 'UNDO_REQUESTED' },
];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function planChangeGraph(
  machine: PlanChangeMachine = planChangeMachine.provide({ actors: createPlanChangeActors({} as never) }),
): GraphModel<PlanChangeMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [...userEvents.filter((e) => snapshot.can(e as never)), ...Object.keys(snapshot.children).flatMap((id) => answers[id] ?? [])],
  };
}
