// The charts and the coverage read the machine configs (docs/decisions/039): every state and
// transition says in business language what it means, and every refusal a call expects is named
// by one branch of its invocation, so each code is a target of the walks and a label on the chart.
import { describe, expect, it } from 'vitest';
import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { refusalsFrom, routedForEveryCall, type RoutedForEveryCall } from '../core/api/refusals';
import { refusalsFile, refusalsModule } from '../scripts/gen-refusals';
import { allNodes, transitionsOf } from '../scripts/flow-atlas-steps';
import type { ContractDocument } from '../server/openapi/contract';
import { contractProblems, loadFlows, refusalRouting, undescribed, type Flow } from '../tests/helpers/flow-configs';
import { answerCodesOf, isRefusedWith, otherRefusals, refusalCodesOf, refusedWith } from './expected-refusals';
import { languages } from '../core/i18n/languages';

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

// docs/decisions/072: the lists come from the contract, so a code the server can answer is a
// branch of the flow or an exception with its reason.
describe('the flows route what the contract declares', () => {
  it.each(flows.map((f) => [f.machine.id, f] as const))("%s: every list is its operations' declaration, exceptions with reasons", (_id, flow) => {
    expect(contractProblems(flow)).toEqual([]);
  });

  it('a code dropped from the branch while the contract declares it fails, and is excused only with a reason', () => {
    const contract = { 'POST /api/example/card/change': [6206, 1020], 'GET /api/example/order': [1040] } as const;
    const refusalsOf = refusalsFrom(contract);
    const machine = setup({ guards: { refusedWith: isRefusedWith }, actors: { call: fromPromise(async () => null) } }).createMachine({
      id: 'example',
      initial: 'busy',
      states: {
        busy: { invoke: { id: 'call', src: 'call', onDone: [{ guard: refusedWith(6206), target: 'done', description: 'Refused: choose another card' }] } },
        done: {},
      },
    });
    // 1020 was taken out of the branch (and, before, out of the hand-written list): the contract still declares it.
    const flow: Flow = { folder: 'example', machine, refusals: { call: refusalsOf('POST /api/example/card/change') } };
    expect(refusalRouting(flow).problems).toEqual(['example.busy invoke call: refusal 1020 is named by no branch']);
    expect(contractProblems(flow, contract)).toEqual([]);
    // A hand-written list is not the contract's.
    expect(contractProblems({ ...flow, refusals: { call: [6206] } }, contract)).toEqual(['refusals.call: written by hand, not refusalsOf(<operation>)']);
    // Not routed, with a reason: the branch's list no longer holds it.
    const excused: Flow = {
      ...flow,
      refusals: { call: refusalsOf('POST /api/example/card/change', { notRouted: { 1020: 'another account holds the card: the toast says so' } }) },
    };
    expect(refusalRouting(excused).problems).toEqual([]);
    expect(contractProblems(excused, contract)).toEqual([]);
    // An exception without a reason, or for a code the operation does not declare, is named.
    const bare: Flow = {
      ...flow,
      refusals: { call: refusalsOf('POST /api/example/card/change', { notRouted: { 1020: '', 1040: 'an order read answers it, not this call' } }) },
    };
    expect(contractProblems(bare, contract)).toEqual([
      'refusals.call: 1020 is not routed without a reason',
      'refusals.call: 1040 is listed as not routed, but POST /api/example/card/change do not declare it',
    ]);
  });

  it('a call that settles no refusals lists what its operation declares, with the reason', () => {
    const contract = { 'POST /api/example/card/change': [6206], 'GET /api/example/order': [1040, 6001] } as const;
    const machine = setup({ guards: { refusedWith: isRefusedWith }, actors: { call: fromPromise(async () => null) } }).createMachine({
      id: 'example',
      initial: 'busy',
      states: { busy: { invoke: { id: 'call', src: 'call', onDone: [{ guard: refusedWith(6206), target: 'done' }] } }, done: {} },
    });
    const flow: Flow = {
      folder: 'example',
      machine,
      refusals: { call: refusalsFrom(contract)('POST /api/example/card/change') },
      calls: ['POST /api/example/card/change', 'GET /api/example/order'],
    };
    // 6001 the client routes for every call (the not-found page); 1040 is the flow's to list.
    expect(contractProblems(flow, contract)).toEqual(['GET /api/example/order: declares 1040, which the flow neither settles nor lists in unsettled']);
    expect(
      contractProblems({ ...flow, unsettled: { 'GET /api/example/order': { 1040: 'the order has no payment record: a fault to report' } } }, contract),
    ).toEqual([]);
  });

  it('the type of the codes routed for every call is the table', () => {
    const typed: Record<RoutedForEveryCall, true> = { [-24010]: true, [-24020]: true, 21: true, [-1112]: true, [-24030]: true, 6001: true, 6000: true };
    expect(Object.keys(typed).map(Number).sort()).toEqual([...routedForEveryCall.keys()].sort());
  });

  it('core/api/refusals.generated.ts is what the contract makes (npm run gen:api)', async () => {
    const doc = parse(readFileSync('openapi/portal.yaml', 'utf8')) as ContractDocument;
    const { format, resolveConfig } = await import('prettier');
    const made = await format(refusalsModule(doc), { ...(await resolveConfig(refusalsFile)), filepath: refusalsFile });
    expect(readFileSync(refusalsFile, 'utf8')).toBe(made);
    // The script npm run check:api runs says the same, by its exit code.
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-refusals.ts', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});

// What the customer reads for each code (docs/decisions/072): a branch's own words name a code it
// takes and a message every catalogue has; the codes a valuation answers in its data are the
// contract's, each taken by a branch.
const everyTransition = (machine: AnyStateMachine) => allNodes(machine.root).flatMap(transitionsOf);
const catalogues = Object.fromEntries(languages.map((l) => [l, JSON.parse(readFileSync(`core/i18n/lang/${l}.json`, 'utf8')) as Record<string, string>]));

describe('what the customer reads', () => {
  it.each(flows.map((f) => [f.machine.id, f] as const))(
    '%s: a branch says in its own words only codes it takes, with messages of every catalogue',
    (_id, flow) => {
      const problems: string[] = [];
      for (const t of everyTransition(flow.machine)) {
        const says = (t.meta as { says?: Record<string, string | null> } | undefined)?.says ?? {};
        const takes = [...refusalCodesOf(t), ...answerCodesOf(t)];
        for (const [code, id] of Object.entries(says)) {
          const where = `${t.source.id} ${t.eventType} ${code}`;
          if (!takes.includes(Number(code))) problems.push(`${where}: says words for a code the branch does not take`);
          for (const l of languages) if (id !== null && !(id in catalogues[l]!)) problems.push(`${where}: ${id} is not in ${l}.json`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it("the checkout's branches take every reason the valuation can give for not applying a code", async () => {
    const doc = parse(readFileSync('openapi/portal.yaml', 'utf8')) as {
      components: { schemas: { DiscountCodeStatus: { properties: { errCode: { enum: number[] } } } } };
    };
    const { checkoutMachine } = await import('./checkout/checkout.machine');
    const taken = everyTransition(checkoutMachine).flatMap(answerCodesOf);
    expect([...taken].sort()).toEqual([...doc.components.schemas.DiscountCodeStatus.properties.errCode.enum].sort());
  });
});
