import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderReport, targetLabel } from '../../scripts/flows-report';
import {
  listFlows,
  normalisePart,
  resolveFlows,
  stateIdsOf,
  summaryLine,
  unknownFlowsMessage,
  type FlowPart,
  type Targets,
} from '../../scripts/flows-report-data';
import { chartStateIds, inlineChart } from '../../scripts/flows-report-svg';
import { MONEY_RULES_FILE } from '../../scripts/flow-money-rules';

const root = path.resolve(import.meta.dirname, '../..');
const F = 'discountUnbinding';
const s = (key: string) => `${F}.${key}`;
const t = (state: string, event: string, i = 0) => `${s(state)} ${event}#${i}`;
const targets = (p: Partial<Targets> = {}): Targets => ({ states: [], transitions: [], refusals: [], anyState: [], ...p });

const allTargets = targets({
  states: [F, s('explaining'), s('unbinding'), s('unbound'), s('failed')],
  transitions: [t('explaining', 'CONFIRMED'), t('unbinding', 'xstate.done.actor.unbind'), t('unbinding', 'xstate.error.actor.unbind')],
  refusals: [`${t('unbinding', 'xstate.done.actor.unbind')} @4012`],
  anyState: [`${F} CANCELLED#0 from ${s('explaining')}`],
});
const happy = targets({
  states: [F, s('explaining'), s('unbinding'), s('unbound')],
  transitions: [t('explaining', 'CONFIRMED'), t('unbinding', 'xstate.done.actor.unbind')],
  anyState: [`${F} CANCELLED#0 from ${s('explaining')}`],
});

/** One passing walk, complete, every target covered. */
const server: FlowPart = {
  flow: F,
  walk: 'server',
  machineHash: '8bdf5f6ca37157b8',
  complete: true,
  targets: allTargets,
  covered: allTargets,
  knownGaps: [],
  paths: [
    {
      title: '[fresh] CONFIRMED → done:unbind ⇒ "unbound"',
      start: 'fresh',
      steps: ['CONFIRMED', 'done:unbind'],
      status: 'passed',
      durationMs: 420,
      covered: happy,
    },
    {
      title: '[fresh] CONFIRMED → error:unbind ⇒ "failed"',
      start: 'fresh',
      steps: ['CONFIRMED', 'error:unbind'],
      status: 'passed',
      durationMs: 1500,
      covered: allTargets,
    },
  ],
};

/** A walk with a failed path, which stopped in `unbinding` after going through `explaining`. */
const screens: FlowPart = {
  ...server,
  walk: 'screens',
  covered: happy,
  paths: [
    server.paths[0]!,
    {
      title: '[fresh] CONFIRMED → error:unbind ⇒ "failed"',
      start: 'fresh',
      steps: ['CONFIRMED', 'error:unbind'],
      status: 'failed',
      durationMs: 3100,
      error: 'expected "unbinding" to equal "failed" <b>bold</b>',
      stoppedAt: '"unbinding"',
      covered: targets({
        states: [F, s('explaining'), s('unbinding')],
        transitions: [t('explaining', 'CONFIRMED'), t('unbinding', 'xstate.error.actor.unbind')],
      }),
    },
  ],
};

/** An incomplete walk of another flow, with a known gap and a title that tries to inject a script. */
const login: FlowPart = {
  flow: 'login',
  walk: 'server',
  machineHash: 'x',
  complete: false,
  targets: targets({ states: ['login', 'login.entering', 'login.loggedIn', 'login.blocked'] }),
  covered: targets({ states: ['login', 'login.entering'] }),
  knownGaps: [{ target: 'login.blocked', reason: 'the server never blocks yet' }],
  paths: [
    {
      title: '<script>alert(1)</script>',
      start: 'signedOut',
      steps: [],
      status: 'passed',
      durationMs: 10,
      covered: targets({ states: ['login', 'login.entering'] }),
    },
  ],
};

/** The shape Graphviz gives a drawing of docs/flows (scripts/flow-drawing.ts). */
const svg = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- machine-hash: 8bdf5f6ca37157b8 (npm run flows redraws it when the machine changes) -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg width="692pt" height="243pt" viewBox="0.00 0.00 692.00 243.00" xmlns="http://www.w3.org/2000/svg">
<g id="graph0" class="graph"><title>${F}</title>
<g id="node1" class="node">
<title>${s('explaining')}</title>
<path fill="#d9f2df" stroke="#1e7b3c" d="M0,0"/><text>explaining</text>
</g>
<g id="node2" class="node">
<title>${s('unbinding')}</title>
<path fill="#d9f2df" stroke="#1e7b3c" d="M0,0"/><text>unbinding</text>
</g>
<g id="node3" class="node">
<title>${s('unbound')}</title>
<path fill="#d9f2df" stroke="#1e7b3c" d="M0,0"/><text>unbound</text>
</g>
<g id="edge1" class="edge">
<title>${s('explaining')}&#45;&gt;${s('unbinding')}</title>
<path d="M0,0"/>
</g>
</g>
</svg>
`;

const html = renderReport({
  parts: [server, screens, login],
  svgs: { [F]: svg },
  expected: [
    { flow: F, walk: 'server' },
    { flow: F, walk: 'screens' },
    { flow: 'login', walk: 'server' },
    { flow: 'checkout', walk: 'screens' },
  ],
  runId: 'run-1',
  generatedAt: '2026-01-01T00:00:00.000Z',
  exitCode: 1,
});

/** The HTML of one flow×walk section. */
const section = (flow: string, walk: string) => {
  const start = html.indexOf(`<section id="${flow}-${walk}">`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
};
const summaryRow = (flow: string, walk: string) => {
  const table = html.slice(html.indexOf('<table class="summary">'), html.indexOf('</table>'));
  return table.split('<tr>').find((row) => row.includes(`href="#${flow}-${walk}"`)) ?? '';
};

describe('the flow test report', () => {
  it('is one self-contained page: inline style, no external resource', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<(script|link)\b/);
    expect(html).not.toMatch(/\bsrc=|https?:\/\/(?!www\.w3\.org)/);
  });

  it('sums each flow and walk up in the summary table', () => {
    const ok = summaryRow(F, 'server');
    expect(ok).toContain('✔ passed');
    expect(ok).toContain('<td class="num">2/2</td>'); // paths
    expect(ok).toContain('<td class="num">5/5</td>'); // states
    expect(ok).toContain('<td class="num">3/3</td>'); // transitions
    expect(ok).toContain('1.9 s');
    const failing = summaryRow(F, 'screens');
    expect(failing).toContain('✖ 1 failed');
    expect(failing).toContain('<td class="num">1/2</td>');
    expect(failing).toContain('<td class="num bad">4/5</td>');
    expect(failing).toContain('<td class="num bad">0/1</td>'); // the refusal
    const partial = summaryRow('login', 'server');
    expect(partial).toContain('incomplete');
    expect(partial).toContain('<td class="num bad">2/4</td>');
    expect(partial).toMatch(/<td class="num">1<\/td><\/tr>$/); // one known gap
    expect(summaryRow('checkout', 'screens')).toContain('no result');
    expect(html).toContain('4 passed, 1 failed, over 4 walks');
  });

  it('lists the failed path first, with its error and the state it stopped in', () => {
    const paths = section(F, 'screens').split('<h4>Coverage</h4>')[0]!;
    const failed = paths.indexOf('id="discountUnbinding-screens-p-2"');
    const passed = paths.indexOf('id="discountUnbinding-screens-p-1"');
    expect(failed).toBeGreaterThan(-1);
    expect(failed).toBeLessThan(passed);
    expect(paths).toContain('class="fail"');
    expect(paths).toContain('expected &quot;unbinding&quot; to equal &quot;failed&quot; &lt;b&gt;bold&lt;/b&gt;');
    expect(paths).toMatch(/Stopped in:<\/b> <span class="bad">unbinding<\/span>/);
  });

  it("shows a failed browser path's last screen, and only a failed one's", () => {
    const browser: FlowPart = { ...screens, walk: 'browser' };
    expect(normalisePart(JSON.parse(JSON.stringify(browser)))?.walk).toBe('browser');
    const failed = screens.paths[1]!.title;
    const page = renderReport({
      parts: [browser],
      svgs: {},
      expected: [{ flow: F, walk: 'browser' }],
      stoppedScreens: { [`${F} ${failed}`]: 'data:image/jpeg;base64,AAAA', [`${F} ${server.paths[0]!.title}`]: 'data:image/jpeg;base64,BBBB' },
    });
    expect(page).toContain('<img class="stopped" src="data:image/jpeg;base64,AAAA" alt="The page when P2 stopped">');
    expect(page).not.toContain('BBBB');
  });

  it('marks the targets no passed path covered, and says which paths covered the others', () => {
    const coverage = section(F, 'screens').split('<h4>Coverage</h4>')[1]!;
    expect(coverage).toMatch(/<tr class="uncovered"><td>failed<br><code>discountUnbinding\.failed<\/code>/);
    // The failed path took the error transition, but a target counts only once a passed path covers it.
    expect(coverage).toMatch(/<tr class="uncovered"><td>unbinding —error: unbind→.*✖ uncovered \(reached only by failed paths\)/);
    expect(coverage).toMatch(/<tr class="covered"><td>unbinding —done: unbind→/);
    expect(coverage).toContain('href="#discountUnbinding-screens-p-1"');
    expect(coverage).toContain('Refusals: 0/1 covered, <span class="bad">1 uncovered</span>');
    expect(section('login', 'server')).toMatch(/<tr class="gap">.*known gap: the server never blocks yet/);
    expect(section('login', 'server')).toContain('Incomplete: not every path');
    expect(section('checkout', 'screens')).toContain('No result');
  });

  it('highlights on the embedded chart the states the failing path reached before it stopped', () => {
    const paths = section(F, 'screens').split('<h4>Coverage</h4>')[0]!;
    expect(paths).toContain('<svg width="692pt"');
    expect(paths).not.toContain('<?xml');
    expect(paths).toMatch(/<g id="discountUnbinding-screens-p-2-node1" class="node fr-reached">\s*<title>discountUnbinding\.explaining/);
    expect(paths).toMatch(/<g id="discountUnbinding-screens-p-2-node2" class="node fr-stopped">\s*<title>discountUnbinding\.unbinding/);
    expect(paths).toMatch(/<g id="discountUnbinding-screens-p-2-node3" class="node">\s*<title>discountUnbinding\.unbound/);
    // The passing walk has no failed path to highlight; its own chart marks no state.
    expect(section(F, 'server')).not.toMatch(/fr-(reached|stopped|uncovered)"/);
  });

  it('names in its headline what failed, a run failed outside any path and a coverage gate included', () => {
    const passing = { ...login, paths: login.paths.filter((p) => p.status === 'passed') };
    const headline = (page: string) => /<p><span class="badge[^>]*>([^<]*)<\/span>/.exec(page)?.[1];
    expect(headline(html)).toMatch(/^✖ 1 path failed, 1 walk without result/);
    const crashed = renderReport({ parts: [passing], svgs: {}, expected: [{ flow: 'login', walk: 'server' }], exitCode: 1 });
    expect(headline(crashed)).toMatch(/^✖ the run failed \(exit code 1\) outside any path/);
    expect(headline(crashed)).not.toMatch(/0 paths failed/);
    const gated = renderReport({
      parts: [{ ...passing, gate: ['login (server) leaves uncovered:\n  login.entering'] }],
      svgs: {},
      expected: [{ flow: 'login', walk: 'server' }],
      exitCode: 1,
    });
    expect(headline(gated)).toBe('✖ 1 coverage gate failed');
    expect(gated).toContain('✖ coverage gate</span>');
    expect(headline(renderReport({ parts: [passing], svgs: {}, expected: [{ flow: 'login', walk: 'server' }], exitCode: 0 }))).toBe('✔ every path passed');
  });

  it('escapes every text, a script in a path title included', () => {
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('the report helpers', () => {
  it('reads targets as a tester would', () => {
    expect(targetLabel(F, 'states', s('explaining'))).toBe('explaining');
    expect(targetLabel(F, 'states', F)).toBe('discountUnbinding (the whole flow)');
    expect(targetLabel(F, 'transitions', t('unbinding', 'xstate.error.actor.unbind', 1))).toBe('unbinding —error: unbind→ (alternative 2)');
    expect(targetLabel(F, 'refusals', `${t('unbinding', 'xstate.done.actor.unbind')} @4012`)).toBe('unbinding —done: unbind→ refused with 4012');
    expect(targetLabel(F, 'anyState', `${F} CANCELLED#0 from ${s('explaining')}`)).toBe('any state —CANCELLED→ taken in explaining');
  });

  it('turns a state value into state ids, nested ones included', () => {
    expect(stateIdsOf('checkout', '{"paying":{"card":"waiting"}}')).toEqual(['checkout.paying', 'checkout.paying.card', 'checkout.paying.card.waiting']);
    expect(stateIdsOf(F, '"unbinding"')).toEqual([s('unbinding')]);
  });

  it('finds state ids in a chart, nested states drawn as clusters included', () => {
    const clustered = svg.replace('<g id="node1" class="node">\n<title>', '<g id="clust1" class="cluster">\n<title>cluster_');
    expect(chartStateIds(clustered)).toEqual([s('explaining'), s('unbinding'), s('unbound')]);
    expect(inlineChart(clustered, 'p', new Map([[s('explaining'), ['fr-reached']]]), 'chart')).toContain('class="cluster fr-reached"');
  });

  it('marks only the innermost state a path stopped in as where it stopped, its parents as reached', () => {
    const nested = svg
      .replace('<g id="node1" class="node">\n<title>', '<g id="clust1" class="cluster">\n<title>cluster_')
      .replace(`<title>${s('unbinding')}</title>`, `<title>${s('explaining.unbinding')}</title>`);
    const failing = { ...screens.paths[1]!, stoppedAt: '{"explaining":"unbinding"}', covered: targets() };
    const page = renderReport({ parts: [{ ...screens, paths: [failing] }], svgs: { [F]: nested } });
    expect(page).toMatch(/class="cluster fr-reached">\s*<title>cluster_discountUnbinding\.explaining</);
    expect(page).toMatch(/class="node fr-stopped">\s*<title>discountUnbinding\.explaining\.unbinding</);
  });

  it('prints one line per flow and walk, and says when a suite wrote no part', () => {
    expect(summaryLine(F, 'screens', screens)).toMatch(
      /✖ paths 1\/2 passed, targets 7\/10 covered \(states 4\/5, transitions 2\/3, refusals 0\/1, any-state 1\/1\)/,
    );
    expect(summaryLine('login', 'server', login)).toContain('(incomplete: not every path ran)');
    expect(summaryLine('checkout', 'screens', undefined)).toContain('no result');
  });

  it('reads a part with missing lists as empty ones, and refuses what is no part', () => {
    expect(normalisePart({ flow: F, walk: 'server', complete: true })?.targets).toEqual(targets());
    expect(normalisePart({ flow: F, walk: 'other' })).toBeNull();
    expect(normalisePart(null)).toBeNull();
  });
});

describe('flow names', () => {
  const flows = listFlows(root);

  it("match the machines' folders and ids (the charts of docs/flows are named by machine id)", () => {
    // The money rules' chart is drawn beside the flows but is no machine (docs/decisions/069).
    const drawn = readdirSync(path.join(root, 'docs/flows'))
      .filter((f) => f.endsWith('.svg') && f !== path.basename(MONEY_RULES_FILE))
      .map((f) => f.slice(0, -'.svg'.length))
      .sort();
    expect(flows.map((f) => f.id).sort()).toEqual(drawn);
    expect(flows).toContainEqual({ folder: 'discount-unbinding', id: 'discountUnbinding' });
  });

  it('accept folder and id names, each flow once, all by default', () => {
    const picked = resolveFlows(['discountUnbinding', 'login', 'discount-unbinding'], flows);
    expect(picked).toEqual({ ok: true, flows: [flows.find((f) => f.id === 'discountUnbinding'), flows.find((f) => f.id === 'login')] });
    expect(resolveFlows([], flows)).toEqual({ ok: true, flows });
  });

  it('reject unknown names and list the known ones', () => {
    const r = resolveFlows(['login', 'nope'], flows);
    expect(r).toEqual({ ok: false, unknown: ['nope'] });
    const message = unknownFlowsMessage(['nope'], flows);
    expect(message).toContain('Unknown flow: nope');
    expect(message).toMatch(/discount-unbinding\s+discountUnbinding/);
  });
});
