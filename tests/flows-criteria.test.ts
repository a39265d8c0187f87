// Acceptance criteria (docs/decisions/074): where a criterion is attached, which paths check it
// (only passed paths that reached its state, took its transition or met its refusal there), and
// that every criterion the machines carry names a real target of the walks and known constants.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { criteria, criteriaIn, criteriaOf, withCriteria, type CriteriaTexts, type Criterion } from '../machines/acceptance';
import { otherRefusals, refusalCodesOf } from '../machines/expected-refusals';
import { CodePolicy } from '../server/auth/codes';
import { PIX_TTL_MS } from '../server/payments/pix-provider';
import { criteriaTextsOf, criterionText, flowCriteria, localDuration, unknownFigures, verdictText } from '../scripts/flow-atlas-criteria';
import { criteriaPage } from '../scripts/flow-atlas-criteria-page';
import { criteriaSection } from '../scripts/flows-report-criteria';
import type { AtlasData, AtlasFlow, PathTargets } from '../scripts/flow-atlas-types';
import { listMachines, machineHash, machineSourceFiles } from '../scripts/flow-drawing';
import { emptyTargets, machineTargets, routingOf, type TargetLists } from './model/coverage';

const said = (text: string): Criterion => ({ pt: `pt ${text}`, en: `en ${text}`, es: `es ${text}`, ru: `ru ${text}` });

const machine = createMachine({
  id: 'shop',
  initial: 'cart',
  states: {
    cart: {
      on: {
        PAY: { target: 'paid', meta: criteria('pay') },
        REFUSED: { target: 'cart', meta: { ...otherRefusals(301, 302), ...criteria('declined') } },
      },
    },
    paid: { type: 'final', meta: criteria('paid') },
    lost: { type: 'final', meta: criteria('lost') },
  },
});
const texts: CriteriaTexts = { pay: said('pay'), declined: { ...said('declined'), refusal: 301 }, paid: said('paid'), lost: said('never reached') };

const PAY = 'shop.cart PAY#0';
const DECLINED = 'shop.cart REFUSED#0 @301';
const path = (n: number, status: 'passed' | 'failed', covered: Partial<TargetLists>, walk: 'server' | 'screens' = 'server'): PathTargets => ({
  walk,
  n,
  status,
  durationMs: 1,
  covered: { ...emptyTargets(), ...covered },
});
const paths: PathTargets[] = [
  path(1, 'passed', { states: ['shop.cart', 'shop.paid'], transitions: [PAY] }),
  path(2, 'failed', { states: ['shop.cart', 'shop.paid'], transitions: [PAY] }),
  path(3, 'passed', { states: ['shop.cart'], refusals: [DECLINED] }),
  path(4, 'passed', { states: ['shop.cart', 'shop.paid'], transitions: [PAY] }, 'screens'),
  // A browser path never counts: coverage.json's walks only.
  path(5, 'passed', { states: ['shop.lost'] }, 'browser' as 'server'),
];
const DATE = '2026-12-07T15:15:19.357Z';
const byTarget = (list: ReturnType<typeof flowCriteria>) => Object.fromEntries(list.map((c) => [c.target, c]));

describe('acceptance criteria in meta', () => {
  it('compose with other meta: the refusal codes a branch names stay readable', () => {
    const t = machine.root.states.cart!.transitions.get('REFUSED')![0]!;
    expect(refusalCodesOf(t)).toEqual([301, 302]);
    expect(criteriaIn(t.meta)).toEqual(['declined']);
  });

  it('are listed with where they are attached: a state, a transition, or a refusal on a transition', () => {
    expect(criteriaOf(machine, texts).map(({ kind, at, target }) => [kind, at, target])).toEqual([
      ['transitions', PAY, PAY],
      ['refusals', 'shop.cart REFUSED#0', DECLINED],
      ['states', 'shop.paid', 'shop.paid'],
      ['states', 'shop.lost', 'shop.lost'],
    ]);
    expect(() => criteriaOf(machine, { pay: said('pay') })).toThrow(/no text for the acceptance criterion "declined"/);
  });

  it('are added to a shared builder’s branch by its target, and a target no branch has fails', () => {
    const branches = withCriteria([{ target: 'a' }, { target: 'b', meta: { refusals: [17] } }] as const, 'b', 'locked');
    expect(branches[1]).toEqual({ target: 'b', meta: { refusals: [17], criteria: ['locked'] } });
    expect(() => withCriteria([{ target: 'a' }], 'c', 'x')).toThrow(/no branch goes to c/);
  });
});

describe('which paths check a criterion', () => {
  const list = byTarget(flowCriteria(machine, texts, { pathTargets: paths, stale: false, planned: false, date: DATE }));

  it('counts only passed paths, and only those that reached the state or took the transition, per walk', () => {
    expect(list['shop.paid']!.walks).toEqual([
      { walk: 'server', passed: [1], failed: [2] },
      { walk: 'screens', passed: [4], failed: [] },
    ]);
    expect(list[PAY]!.walks[0]).toEqual({ walk: 'server', passed: [1], failed: [2] });
    // A refusal: only the path that met that code there, not every path that took some arrow.
    expect(list[DECLINED]!.walks[0]).toEqual({ walk: 'server', passed: [3], failed: [] });
    expect(verdictText(list['shop.paid']!, 'pt')).toBe('verificado por 2 caminhos (P1, P4), aprovados em 2026-12-07');
    expect(verdictText(list[DECLINED]!, 'en')).toBe('checked by 1 path (P3), passed on 2026-12-07');
  });

  it('reads not verified for a criterion on a state no path reached (a browser path does not count)', () => {
    expect(list['shop.lost']).toMatchObject({ verdict: 'not verified', date: null });
    expect(verdictText(list['shop.lost']!, 'pt')).toBe('não verificado');
  });

  it('reads failed when only failed paths reached it, and not run since the change when the coverage is stale', () => {
    const failedOnly = byTarget(flowCriteria(machine, texts, { pathTargets: [paths[1]!], stale: false, planned: false, date: DATE }));
    expect(failedOnly['shop.paid']!.verdict).toBe('failed');
    expect(verdictText(failedOnly['shop.paid']!, 'pt')).toBe('falhou: 1 caminho (P2), nenhum aprovado');
    const stale = flowCriteria(machine, texts, { pathTargets: [], stale: true, planned: false, date: DATE });
    expect(new Set(stale.map((c) => verdictText(c, 'en')))).toEqual(new Set(['not run since this change']));
  });

  it('prints a page to sign: each flow with its criteria, their verdicts, and a signature line', () => {
    const flow = { id: 'shop', criteria: flowCriteria(machine, texts, { pathTargets: paths, stale: false, planned: false, date: DATE }) } as AtlasFlow;
    const html = criteriaPage({ coverage: { present: true, commit: 'abc', date: DATE }, flows: [flow] } as AtlasData);
    expect(html).toContain('pt paid');
    expect(html).toContain('não verificado');
    expect(html).toContain('Aprovado por');
    expect(html).toContain('@media print');
  });
});

describe("the tester report's section", () => {
  it("lists each criterion with this run's paths by title, only passed ones verifying", () => {
    const rec = (title: string, status: 'passed' | 'failed', covered: Partial<TargetLists>) => ({
      title,
      start: 'cart',
      steps: [],
      status,
      durationMs: 1,
      covered: { ...emptyTargets(), ...covered },
    });
    const part = {
      flow: 'shop',
      walk: 'server' as const,
      machineHash: machineHash(machine),
      complete: true,
      targets: emptyTargets(),
      covered: emptyTargets(),
      knownGaps: [],
      paths: [rec('[cart] PAY', 'passed', { states: ['shop.paid'], transitions: [PAY] }), rec('[cart] PAY again', 'failed', { states: ['shop.paid'] })],
    };
    const html = criteriaSection([{ machine, texts }], [part], DATE);
    expect(html).toContain('verificado por 1 caminho (P1), aprovado em 2026-12-07');
    expect(html).toContain('failed · P2 [cart] PAY again');
    expect(html).toContain('não verificado');
    expect(criteriaSection([{ machine, texts }], [], DATE)).toBe('');
  });
});

describe("the machines' criteria", async () => {
  const machines = await listMachines();

  const textsOf = new Map(await Promise.all(machines.map(async (m) => [m.id, await criteriaTextsOf(m)] as const)));

  it('fill their figures in from the constants, in every language', () => {
    const payment = machines.find((m) => m.id === 'payment')!;
    const pix = criteriaOf(payment, textsOf.get('payment')!).find((c) => c.criterion.pt.includes('{PIX_TTL_MS}'))!;
    expect(criterionText(pix.criterion, 'pt')).toContain(localDuration(PIX_TTL_MS, 'pt'));
    expect(localDuration(CodePolicy.ttlMs, 'ru')).toBe('10 минут');
    for (const m of machines)
      for (const { criterion } of criteriaOf(m, textsOf.get(m.id)!))
        for (const language of ['pt', 'en', 'es', 'ru'] as const) {
          expect(criterion[language].trim(), `${m.id}: ${criterion.en}`).not.toBe('');
          expect(unknownFigures(criterion[language]), `${m.id}: ${criterion[language]}`).toEqual([]);
        }
  });

  it('are attached to targets the walks measure, each text used, 25 to 40 in all', async () => {
    let count = 0;
    for (const m of machines) {
      const targets = machineTargets(m, await routingOf(m));
      const attached = criteriaOf(m, textsOf.get(m.id)!);
      for (const c of attached) {
        count++;
        expect(targets[c.kind], `${m.id}: ${c.criterion.en}`).toContain(c.target);
      }
      expect(
        Object.keys(textsOf.get(m.id)!).filter((key) => !attached.some((c) => c.key === key)),
        `${m.id}: texts no state or transition names`,
      ).toEqual([]);
    }
    expect(count).toBeGreaterThanOrEqual(25);
    expect(count).toBeLessThanOrEqual(40);
  });

  it("stay out of the machine's fingerprint: rewording a criterion keeps the coverage", () => {
    expect(machineSourceFiles('payment').some((f) => f.endsWith('.criteria.ts'))).toBe(false);
  });
});
