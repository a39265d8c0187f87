// `npm run flows -- --diff <ref>` (scripts/flow-diff.ts, docs/decisions/073): the comparison of two
// flow summaries reads as exact lines, screenshots compare by content, and a run against HEAD on
// an unchanged flow reports nothing.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareSummaries, reportText, type FlowSummary, type TransitionSummary, type TreeSummary } from '../../scripts/flow-diff-compare';
import { compareShots, shotLines, type ShotSide } from '../../scripts/flow-diff-shots';
import type { BrowserReport } from '../../tests/model/browser-report';

const root = path.resolve(import.meta.dirname, '../..');

const t = (id: string, targets: string[], more: Partial<TransitionSummary> = {}): TransitionSummary => {
  const [source, rest] = id.split(' ') as [string, string];
  return { id, source, event: rest.replace(/#\d+$/, ''), targets, codes: [], ...more };
};
const tree = (...flows: FlowSummary[]): TreeSummary => ({ flows, notes: [], drawn: true });

const before: FlowSummary = {
  id: 'checkout',
  states: [{ id: 'checkout' }, { id: 'checkout.editing' }, { id: 'checkout.paying' }, { id: 'checkout.done' }],
  transitions: [
    t('checkout.editing SUBMIT#0', ['checkout.paying']),
    t('checkout.paying xstate.done.actor.pay#0', ['checkout.editing'], { guard: 'refused 1010, 1020', codes: [1010, 1020] }),
    t('checkout.paying xstate.done.actor.pay#1', ['checkout.done']),
  ],
  scenarios: ['[fresh] SUBMIT ⇒ "paying"', '[fresh] SUBMIT → done:pay(paid) ⇒ "done"'],
};
const after: FlowSummary = {
  ...before,
  states: [...before.states, { id: 'checkout.paying.pix' }],
  transitions: [
    t('checkout.editing SUBMIT#0', ['checkout.paying.pix']),
    t('checkout.paying xstate.done.actor.pay#0', ['checkout.editing'], { guard: 'refused 1010, 1020', codes: [1010] }),
    t('checkout.paying xstate.done.actor.pay#1', ['checkout.done']),
  ],
  scenarios: ['[fresh] SUBMIT ⇒ "paying"', '[fresh] SUBMIT → done:pay(paid, pix) ⇒ "done"'],
};

describe('the flow diff', () => {
  it('reads a state added, a transition retargeted, a refusal removed and a scenario renamed as exact lines', () => {
    const diffs = compareSummaries(
      tree(before, { id: 'session', states: [{ id: 'session' }], transitions: [] }),
      tree(after, { id: 'session', states: [{ id: 'session' }], transitions: [] }),
    );
    expect(diffs).toEqual([
      {
        id: 'checkout',
        lines: [
          '+ state checkout.paying.pix',
          '~ transition checkout.editing SUBMIT#0 target checkout.paying → checkout.paying.pix',
          '- refusal 1020 on checkout.paying xstate.done.actor.pay#0',
          'scenarios: +1 −1',
          '  + [fresh] SUBMIT → done:pay(paid, pix) ⇒ "done"',
          '  - [fresh] SUBMIT → done:pay(paid) ⇒ "done"',
        ],
      },
      { id: 'session', lines: [] },
    ]);
    expect(reportText('main', diffs)).toBe(
      ['flows: main → working tree', '', 'checkout:', ...diffs[0]!.lines.map((l) => `  ${l}`), '', 'unchanged (1): session', ''].join('\n'),
    );
  });

  it('reads branches that swapped places as moved, a new one as added, and a route ending elsewhere as changed', () => {
    const old: FlowSummary = {
      id: 'f',
      states: [{ id: 'f' }],
      transitions: [t('f GO#0', ['f.a'], { guard: 'isA' }), t('f GO#1', ['f.b'], { guard: 'isB' })],
      scenarios: ['[s] GO ⇒ "a"'],
    };
    const now: FlowSummary = {
      ...old,
      transitions: [t('f GO#0', ['f.b'], { guard: 'isB' }), t('f GO#1', ['f.a'], { guard: 'isA' }), t('f GO#2', [], { codes: [7] })],
      scenarios: ['[s] GO ⇒ "b"'],
    };
    expect(compareSummaries(tree(old), tree(now))[0]!.lines).toEqual([
      "~ transition f GO#1 now f GO#0 (order of its event's branches)",
      "~ transition f GO#0 now f GO#1 (order of its event's branches)",
      '+ transition f GO#2 → (no target)',
      '+ refusal 7 on f GO#2',
      'scenarios: +0 −0 ~1',
      '  ~ [s] GO ⇒ "a" → "b"',
    ]);
    expect(compareSummaries(tree(), tree(old))[0]!.lines).toEqual(['+ flow f (1 states, 2 transitions, 1 scenarios)']);
    expect(compareSummaries(tree({ ...old, scenarios: undefined, scenariosNote: 'no graph' }), tree(old))[0]!.lines).toEqual([
      'scenarios: not compared (before: no graph)',
    ]);
  });

  it('compares screenshots by their content, and lists files no report lists', () => {
    const side = (shots: Record<string, string>, contents: Record<string, string>): ShotSide => ({
      report: {
        commit: null,
        finishedAt: '',
        complete: true,
        flows: { f: { shots: Object.fromEntries(Object.entries(shots).map(([s, file]) => [s, { path: 'p', files: { 375: file, 1280: file } }])) } },
      } as unknown as BrowserReport,
      hash: (file) => contents[file],
      files: () => Object.keys(contents),
    });
    const old = side({ 'f.a': 'screens/f/1.jpg', 'f.b': 'screens/f/2.jpg' }, { 'screens/f/1.jpg': 'x', 'screens/f/2.jpg': 'y', 'screens/f/9.jpg': 'z' });
    const now = side(
      { 'f.a': 'screens/f/1.jpg', 'f.b': 'screens/f/3.jpg', 'f.c': 'screens/f/4.jpg' },
      { 'screens/f/1.jpg': 'x', 'screens/f/3.jpg': 'w', 'screens/f/4.jpg': 'v' },
    );
    expect(shotLines(compareShots(old, now))).toEqual([
      'screenshots changed: 5',
      '  ~ f.b 1280: screens/f/2.jpg → screens/f/3.jpg',
      '  ~ f.b 375: screens/f/2.jpg → screens/f/3.jpg',
      '  + f.c 1280: screens/f/4.jpg',
      '  + f.c 375: screens/f/4.jpg',
      '  - file not in browser.json: screens/f/9.jpg',
    ]);
  });

  it('finds no change in a flow against HEAD, exits 0 and writes its page', async () => {
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(tsx, ['scripts/flows.ts', '--diff', 'HEAD', '--flow', 'session'], { cwd: root });
    expect(stdout).toContain('flows: HEAD → working tree\nunchanged (1): session\n');
    expect(stdout).toContain('page: reports/flows/diff.html');
    expect(existsSync(path.join(root, 'reports/flows/diff.html'))).toBe(true);
  });
});
