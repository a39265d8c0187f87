// The charts and the coverage read the machine configs (docs/decisions/039): every state and
// transition says in business language what it means, and every refusal a call expects is named
// by one branch of its invocation, so each code is a target of the walks and a label on the chart.
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { loadFlows, refusalRouting, undescribed, type Flow } from '../tests/helpers/flow-configs';
import { isRefusedWith, otherRefusals, refusedWith } from './expected-refusals';

const flows = await loadFlows();

describe('the flows describe themselves', () => {
  it.each(flows.map((f) => [f.machine.id, f] as const))('%s: every state and transition has a description', (_id, flow) => {
    expect(undescribed(flow.machine)).toEqual([]);
  });

  it.each(flows.map((f) => [f.machine.id, f] as const))('%s: every refusal its calls expect is named by exactly one branch', (_id, flow) => {
    expect(refusalRouting(flow).problems).toEqual([]);
  });

  it('names what is missing, and a refusal dropped from a guard', () => {
    const machine = setup({ guards: { refusedWith: isRefusedWith }, actors: { call: fromPromise(async () => null) } }).createMachine({
      id: 'example',
      description: 'An example',
      initial: 'busy',
      states: {
        busy: {
          invoke: {
            id: 'call',
            src: 'call',
            onDone: [
              { guard: refusedWith(6206), target: 'done', description: 'Refused: choose another card' },
              { target: 'done', meta: otherRefusals(1020) },
            ],
          },
        },
        done: {},
      },
    });
    const flow: Flow = { folder: 'example', machine, refusals: { call: [6206, 2002, 1020] } };
    expect(undescribed(machine)).toEqual(['state example.busy', 'transition example.busy xstate.done.actor.call#1', 'state example.done']);
    expect(refusalRouting(flow).problems).toEqual(['example.busy invoke call: refusal 2002 is named by no branch']);
    expect(refusalRouting({ ...flow, refusals: { call: [6206] } }).problems).toEqual([
      'example.busy xstate.done.actor.call#1: names 1020, which call does not expect',
    ]);
    expect(refusalRouting({ ...flow, refusals: { call: [6206, 1020], other: [1] } }).problems).toEqual(['refusals.other: no state invokes other']);
  });
});
