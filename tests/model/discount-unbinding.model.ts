// The discount-unbinding machine's graph for the walks: the events each state offers, with the
// typed results of its one invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { discountUnbindingMachine, type DiscountUnbindingMachine } from '../../machines/discount-unbinding/discount-unbinding.machine';
import { createDiscountUnbindingActors, refusals } from '../../machines/discount-unbinding/discount-unbinding.actors';
import type { DiscountUnbindingInput } from '../../machines/discount-unbinding/discount-unbinding.types';
import type { GraphModel } from './harness';

/** The code the walks bind to another order (a percent code for plan 1, seeded). */
export const UNBINDING_CODE = 'BEMVINDO10';
export const unbindingInputs = { heldByOtherOrder: { orderId: 'graph', discountCode: UNBINDING_CODE } } satisfies Record<string, DiscountUnbindingInput>;

const answers: EventObject[] = [
  { type: 'xstate.done.actor.unbind', output: { kind: 'unbound', orderId: 'graph' } } as EventObject,
  ...refusals.unbind.map((errCode) => ({ type: 'xstate.done.actor.unbind', output: { kind: 'refused', errCode } }) as EventObject),
  { type: 'xstate.error.actor.unbind', error: new Error('unbind') } as EventObject,
];
const userEvents: EventObject[] = [{ type: 'CONFIRMED' }, { type: 'CANCELLED' }, { type: 'RETRY_REQUESTED' }];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function discountUnbindingGraph(
  machine: DiscountUnbindingMachine = discountUnbindingMachine.provide({ actors: createDiscountUnbindingActors({} as never) }),
): GraphModel<DiscountUnbindingMachine> {
  return {
    machine,
    inputs: unbindingInputs,
    events: (snapshot) => [...userEvents.filter((e) => snapshot.can(e as never)), ...(snapshot.children.unbind ? answers : [])],
  };
}
