/**
 * The flows' test report (reports/flows/index.html, written by `npm run test:flows`): one
 * self-contained page a tester reads without the code. A summary table of every flow and walk, then
 * per flow and walk its paths (failed ones first, with their error and where they stopped, on the
 * flow's chart), and which paths covered each state, transition, refusal and any-state target.
 * `renderReport` is pure: the run's parts and the charts in, the page out.
 */
import { drawingHash } from './flow-drawing';
import {
  formatDuration,
  KIND_LABELS,
  KINDS,
  readableStateValue,
  stateIdsOf,
  walkFigures,
  type FlowPart,
  type Kind,
  type PathResult,
  type Walk,
  type WalkFigures,
} from './flows-report-data';
import { inlineChart } from './flows-report-svg';
import type { TargetChange } from '../tests/model/coverage-report';

export interface ReportInput {
  parts: readonly FlowPart[];
  /** The flows' charts (docs/flows/<machineId>.svg), by machine id. */
  svgs: Readonly<Record<string, string>>;
  /** The flows and walks the run asked for, in order: one with no part shows as "no result". */
  expected?: ReadonlyArray<{ flow: string; walk: Walk }>;
  runId?: string;
  generatedAt?: string;
  /** Vitest's exit code. */
  exitCode?: number | null;
  /** The screen a failed browser path stopped on, as a data URL, by `<flow> <path title>`. */
  stoppedScreens?: Readonly<Record<string, string>>;
  /** At most this many failed paths of a walk get their own chart (default 10). */
  maxFailedCharts?: number;
  /** Targets added or removed against the committed coverage (tests/model/coverage-report.ts `targetChanges`). */
  changes?: readonly TargetChange[];
  /** The acceptance criteria's section (scripts/flows-report-criteria.ts), when the run's flows carry any. */
  criteria?: string;
}

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const esc = escapeHtml;

const anchor = (...parts: string[]) => parts.join('-').replace(/[^A-Za-z0-9_-]/g, '_');

/** How a target reads: states without the machine's prefix, events as the chart names them. */
export function targetLabel(flow: string, kind: Kind, target: string): string {
  const state = (id: string) => (id === flow ? 'any state' : id.startsWith(`${flow}.`) ? id.slice(flow.length + 1) : id);
  const event = (type: string) => {
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (done) return `${done[1]}: ${done[2]}`;
    const after = /^xstate\.after\.([^.]+)\./.exec(type);
    return after ? `after ${after[1]}` : type;
  };
  const transition = (t: string) => {
    const m = /^(\S+) (\S+)#(\d+)$/.exec(t);
    if (!m) return t;
    const nth = Number(m[3]);
    return `${state(m[1]!)} —${event(m[2]!)}→${nth > 0 ? ` (alternative ${nth + 1})` : ''}`;
  };
  if (kind === 'states') return target === flow ? `${flow} (the whole flow)` : state(target);
  if (kind === 'transitions') return transition(target);
  if (kind === 'refusals') {
    const m = /^(.*) @(\S+)$/.exec(target);
    return m ? `${transition(m[1]!)} refused with ${m[2]}` : target;
  }
  const m = /^(.*) from (\S+)$/.exec(target);
  return m ? `${transition(m[1]!)} taken in ${state(m[2]!)}` : target;
}

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1280px;padding:16px 24px 64px;color:#1b1b1f;background:#fff}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:2.2em;border-bottom:2px solid #ddd;padding-bottom:.2em}h3{margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0 1em;width:100%}th,td{border:1px solid #d6d6dc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f6}td.num,th.num{text-align:right;white-space:nowrap}code{font-size:.9em;color:#555}
.ok{color:#1e7b3c}.bad{color:#b42318;font-weight:600}.warn{color:#8a5300;font-weight:600}.muted{color:#6b6b76}
.badge{display:inline-block;border-radius:4px;padding:0 6px;margin:1px 4px 1px 0;font-size:.85em;font-weight:600}
.b-pass{background:#d9f2df;color:#14532d}.b-fail{background:#fde4e2;color:#8f1a12}.b-warn{background:#fff0c7;color:#6b4000}.b-none{background:#eee;color:#444}
img.stopped{max-width:min(100%,640px);border:1px solid #ccc}tr.fail>td{background:#fff5f4}tr.fail-detail>td{background:#fffafa;border-top:none}tr.uncovered>td{background:#fff5f4}tr.gap>td{background:#f7f7f9}
pre{white-space:pre-wrap;word-break:break-word;background:#2b2b33;color:#f4f4f6;padding:8px 10px;border-radius:4px;font-size:.85em;max-height:24em;overflow:auto}
details{margin:.4em 0}summary{cursor:pointer;font-weight:600}.note{background:#fff8e0;border-left:4px solid #e0a800;padding:6px 10px;margin:.6em 0}
.chart{overflow:auto;border:1px solid #e3e3e8;padding:6px;margin:.5em 0}svg.fr-chart{max-width:100%;height:auto}
svg.fr-chart .fr-reached path,svg.fr-chart .fr-reached polygon{fill:#ffe066;stroke:#7a4b00;stroke-width:3px}
svg.fr-chart .cluster.fr-reached path,svg.fr-chart .cluster.fr-reached polygon{fill:#fffbe0;stroke:#7a4b00;stroke-width:3px}
svg.fr-chart .fr-stopped path,svg.fr-chart .fr-stopped polygon{fill:#ff8a80;stroke:#8f1a12;stroke-width:4px}
svg.fr-chart .fr-uncovered path,svg.fr-chart .fr-uncovered polygon{stroke:#b42318;stroke-width:3px;stroke-dasharray:6 3}
svg.fr-chart .fr-gap path,svg.fr-chart .fr-gap polygon{stroke:#555;stroke-width:2px;stroke-dasharray:2 2}
.legend span{display:inline-block;margin-right:14px}.sw{display:inline-block;width:14px;height:10px;border:2px solid;margin-right:4px;vertical-align:middle}
ol.steps{margin:.2em 0 .4em;padding-left:1.6em}
`;

type Row = { flow: string; walk: Walk; part: FlowPart | undefined };

function rowsOf(input: ReportInput): Row[] {
  const key = (flow: string, walk: Walk) => `${flow}\u0000${walk}`;
  const byKey = new Map(input.parts.map((p) => [key(p.flow, p.walk), p]));
  const order = [...(input.expected ?? []), ...input.parts.map((p) => ({ flow: p.flow, walk: p.walk }))];
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const { flow, walk } of order) {
    if (seen.has(key(flow, walk))) continue;
    seen.add(key(flow, walk));
    rows.push({ flow, walk, part: byKey.get(key(flow, walk)) });
  }
  return rows;
}

function resultBadges(part: FlowPart | undefined, f: WalkFigures | undefined): string {
  if (!part || !f) return '<span class="badge b-none">no result</span>';
  const badges = [f.failed > 0 ? `<span class="badge b-fail">✖ ${f.failed} failed</span>` : '<span class="badge b-pass">✔ passed</span>'];
  if (!part.complete) badges.push('<span class="badge b-warn">incomplete</span>');
  if (part.gate?.length) badges.push(`<span class="badge b-fail" title="${esc(part.gate.join('\n'))}">✖ coverage gate</span>`);
  if (f.covered + f.gaps < f.total) badges.push(`<span class="badge b-warn">${f.total - f.covered - f.gaps} uncovered</span>`);
  return badges.join('');
}

function summaryTable(rows: Row[]): string {
  const head = ['Flow', 'Walk', 'Result', 'Paths passed', 'Paths failed', 'Time', ...KINDS.map((k) => KIND_LABELS[k]), 'Known gaps'];
  const body = rows.map(({ flow, walk, part }) => {
    const f = part && walkFigures(part);
    const link = `<a href="#${anchor(flow, walk)}">${esc(flow)}</a>`;
    if (!f) return `<tr><td>${link}</td><td>${walk}</td><td>${resultBadges(part, f)}</td>${'<td class="num">–</td>'.repeat(3 + KINDS.length + 1)}</tr>`;
    const kinds = KINDS.map((k) => {
      // The browser walk is held to states only (ADR 039): its other kinds are not its targets.
      if (walk === 'browser' && k !== 'states') return '<td class="num muted">–</td>';
      const { covered, total, gaps } = f.kinds[k];
      const cls = covered + gaps < total ? 'num bad' : 'num';
      return `<td class="${cls}">${covered}/${total}</td>`;
    }).join('');
    return (
      `<tr><td>${link}</td><td>${walk}</td><td>${resultBadges(part, f)}</td><td class="num">${f.passed}/${f.passed + f.failed}</td>` +
      `<td class="num${f.failed ? ' bad' : ''}">${f.failed}</td><td class="num">${formatDuration(f.durationMs)}</td>${kinds}<td class="num">${f.gaps}</td></tr>`
    );
  });
  return `<table class="summary"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

/** The states a failed path reached before it stopped, and those of the state it stopped in. */
function reachedStates(flow: string, p: PathResult): { reached: string[]; stopped: string[] } {
  const ids = p.stoppedAt ? stateIdsOf(flow, p.stoppedAt) : [];
  // The innermost states it stopped in; their parents count as reached.
  const stopped = ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
  return { reached: [...new Set([...p.covered.states, ...ids])], stopped };
}

function chartBlock(svg: string | undefined, prefix: string, classes: Map<string, string[]>, label: string, legend: string): string {
  if (!svg) return '<p class="muted">No chart: docs/flows has no drawing of this flow (npm run flows draws them).</p>';
  return `<div class="legend muted">${legend}</div><div class="chart">${inlineChart(svg, prefix, classes, label)}</div>`;
}

const sw = (css: string, text: string) => `<span><i class="sw" style="${css}"></i>${text}</span>`;

function pathsTable(flow: string, walk: Walk, part: FlowPart, svg: string | undefined, maxCharts: number, screens?: Readonly<Record<string, string>>): string {
  const numbered = part.paths.map((p, i) => ({ p, n: i + 1 }));
  const ordered = [...numbered.filter(({ p }) => p.status === 'failed'), ...numbered.filter(({ p }) => p.status === 'passed')];
  let charts = 0;
  const rows = ordered.map(({ p, n }) => {
    const id = anchor(flow, walk, 'p', String(n));
    const failed = p.status === 'failed';
    const status = failed ? '<span class="badge b-fail">✖ failed</span>' : '<span class="badge b-pass">✔ passed</span>';
    const start = p.start ? ` <span class="muted">(start: ${esc(p.start)})</span>` : '';
    const row = `<tr id="${id}" class="${failed ? 'fail' : 'pass'}"><td class="num">P${n}</td><td>${status}</td><td>${esc(p.title)}${start}</td><td class="num">${formatDuration(p.durationMs)}</td></tr>`;
    if (!failed) return row;
    const { reached, stopped } = reachedStates(flow, p);
    const classes = new Map<string, string[]>(reached.map((s) => [s, [stopped.includes(s) ? 'fr-stopped' : 'fr-reached']]));
    const where = p.stoppedAt ? `<p><b>Stopped in:</b> <span class="bad">${esc(readableStateValue(p.stoppedAt))}</span></p>` : '';
    const steps = p.steps.length ? `<p><b>Steps planned:</b></p><ol class="steps">${p.steps.map((s) => `<li>${esc(s)}</li>`).join('')}</ol>` : '';
    const seen = p.seen
      ? `<p><b>Events the actors took:</b> ${esc(p.seen.events.join(' → ') || 'none')}</p><p><b>States seen:</b> ${esc(p.seen.states.map(readableStateValue).join(' → ') || 'none')}</p>`
      : '';
    const reachedList = reached.length
      ? `<p><b>States reached:</b> ${reached.map((s) => `<code>${esc(targetLabel(flow, 'states', s))}</code>`).join(', ')}</p>`
      : '';
    let chart = '';
    if (svg && charts < maxCharts) {
      charts += 1;
      const legend = [
        sw('background:#ffe066;border-color:#7a4b00', 'reached by this path'),
        sw('background:#ff8a80;border-color:#8f1a12', 'where it stopped'),
      ].join('');
      chart = `<details${charts <= 3 ? ' open' : ''}><summary>On the chart</summary>${chartBlock(svg, id, classes, `${flow} chart, P${n}`, legend)}</details>`;
    } else if (svg) chart = `<p class="muted">Chart shown for the first ${maxCharts} failed paths only.</p>`;
    const error = `<p><b>Error:</b></p><pre>${esc(p.error ?? '(no message)')}</pre>`;
    const screen = screens?.[`${flow} ${p.title}`];
    const shot = screen ? `<p><b>The screen where it stopped:</b></p><img class="stopped" src="${screen}" alt="${esc(`The page when P${n} stopped`)}">` : '';
    return `${row}<tr class="fail-detail"><td></td><td colspan="3">${error}${where}${steps}${seen}${reachedList}${shot}${chart}</td></tr>`;
  });
  const head = '<thead><tr><th class="num">#</th><th>Result</th><th>Path</th><th class="num">Time</th></tr></thead>';
  return rows.length ? `<table class="paths">${head}<tbody>${rows.join('')}</tbody></table>` : '<p class="muted">No path ran.</p>';
}

function targetTable(flow: string, walk: Walk, part: FlowPart, kind: Kind, f: WalkFigures): string {
  const { covered, total, gaps } = f.kinds[kind];
  const title = KIND_LABELS[kind];
  if (total === 0) return `<p class="muted">${title}: none in this flow.</p>`;
  const coveredSet = new Set(part.covered[kind]);
  const gapReason = new Map(part.knownGaps.map((g) => [g.target, g.reason]));
  const rank = (t: string) => (coveredSet.has(t) ? 2 : gapReason.has(t) ? 1 : 0);
  const rows = [...part.targets[kind]]
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map(({ t }) => {
      const by = part.paths.map((p, i) => ({ p, n: i + 1 })).filter(({ p }) => p.covered[kind].includes(t));
      const links = by
        .map(
          ({ p, n }) =>
            `<a href="#${anchor(flow, walk, 'p', String(n))}" title="${esc(p.title)}" class="${p.status === 'failed' ? 'bad' : ''}">P${n}${p.status === 'failed' ? ' (failed)' : ''}</a>`,
        )
        .join(', ');
      let status: string;
      let cls: string;
      if (coveredSet.has(t)) [status, cls] = ['<span class="ok">✔ covered</span>', 'covered'];
      else if (gapReason.has(t)) [status, cls] = [`<span class="muted">known gap: ${esc(gapReason.get(t) ?? '')}</span>`, 'gap'];
      else [status, cls] = [`<span class="bad">✖ uncovered${by.length ? ' (reached only by failed paths)' : ''}</span>`, 'uncovered'];
      return `<tr class="${cls}"><td>${esc(targetLabel(flow, kind, t))}<br><code>${esc(t)}</code></td><td>${status}</td><td>${links || '<span class="muted">none</span>'}</td></tr>`;
    });
  const missing = total - covered - gaps;
  const summary = `${title}: ${covered}/${total} covered${missing ? `, <span class="bad">${missing} uncovered</span>` : ''}${gaps ? `, ${gaps} known gap${gaps > 1 ? 's' : ''}` : ''}`;
  return (
    `<details class="targets"${missing ? ' open' : ''}><summary>${summary}</summary>` +
    `<table><thead><tr><th>${title.replace(/s$/, '')}</th><th>Status</th><th>Covered by (passed paths count)</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`
  );
}

function walkSection(row: Row, svg: string | undefined, maxCharts: number, screens?: Readonly<Record<string, string>>): string {
  const { flow, walk, part } = row;
  const what =
    walk === 'server'
      ? 'walk (a): the machine against the real server'
      : walk === 'screens'
        ? 'walk (b): through the screens'
        : 'walk (c): in Chromium against the server over HTTP, the shortest path to every state';
  const head = `<section id="${anchor(flow, walk)}"><h3>${esc(flow)} · ${what}</h3>`;
  if (!part) {
    return `${head}<p class="note">No result: this suite wrote no coverage part. It did not run, or it stopped before its end (a crash in its set-up, or an interrupted run); the console output and junit.xml say more.</p></section>`;
  }
  const f = walkFigures(part);
  const notes: string[] = [];
  if (!part.complete) notes.push('Incomplete: not every path of the graph ran in this run (a filtered or interrupted run), so the coverage below is partial.');
  const hash = svg ? drawingHash(svg) : undefined;
  if (hash && part.machineHash && hash !== part.machineHash)
    notes.push('The chart may be older than the machine tested (its fingerprint differs): npm run flows redraws it.');
  const uncovered = new Set(part.targets.states.filter((s) => !part.covered.states.includes(s)));
  const gapSet = new Set(part.knownGaps.map((g) => g.target));
  const classes = new Map<string, string[]>([...uncovered].map((s) => [s, [gapSet.has(s) ? 'fr-gap' : 'fr-uncovered']]));
  const legend = [
    sw('border-color:#b42318;border-style:dashed', 'state this walk left uncovered'),
    sw('border-color:#555;border-style:dotted', 'known gap'),
    '<span>fill colours: the drawing’s own (both walks of the last full run)</span>',
  ].join('');
  const gaps = part.knownGaps.length
    ? `<h4>Known gaps</h4><ul>${part.knownGaps.map((g) => `<li><code>${esc(g.target)}</code>: ${esc(g.reason)}</li>`).join('')}</ul>`
    : '';
  return (
    `${head}<p>${resultBadges(part, f)} ${f.passed}/${f.passed + f.failed} paths passed in ${formatDuration(f.durationMs)}; ` +
    `${f.covered}/${f.total} targets covered.</p>${notes.map((n) => `<p class="note">${esc(n)}</p>`).join('')}` +
    `<h4>Paths</h4>${pathsTable(flow, walk, part, svg, maxCharts, screens)}` +
    `<h4>Coverage</h4>${KINDS.map((k) => targetTable(flow, walk, part, k, f)).join('')}${gaps}` +
    `<details><summary>Chart of this walk</summary>${chartBlock(svg, anchor(flow, walk, 'chart'), classes, `${flow} chart`, legend)}</details></section>`
  );
}

/** What the run's targets gained or lost against the committed coverage: a vanished target is a change to review. */
function changesSection(changes: readonly TargetChange[]): string {
  if (!changes.length) return '<p class="muted">The targets are those of the committed coverage (docs/flows/coverage.json): none added, none removed.</p>';
  const items = changes.flatMap((c) => [
    ...c.removed.map((t) => `<li><span class="bad">removed</span> ${esc(c.flow)} (${c.walk}): <code>${esc(t)}</code></li>`),
    ...c.added.map((t) => `<li>added ${esc(c.flow)} (${c.walk}): <code>${esc(t)}</code></li>`),
  ]);
  return `<section id="target-changes"><h2>Targets added or removed since the committed coverage</h2><p>Against docs/flows/coverage.json: a removed refusal code or state no longer counts anywhere, so it is listed here for review.</p><ul>${items.join('')}</ul></section>`;
}

/** The whole page. */
export function renderReport(input: ReportInput): string {
  const rows = rowsOf(input);
  const maxCharts = input.maxFailedCharts ?? 10;
  const figures = rows.flatMap((r) => (r.part ? [walkFigures(r.part)] : []));
  const passed = figures.reduce((n, f) => n + f.passed, 0);
  const failed = figures.reduce((n, f) => n + f.failed, 0);
  const missing = rows.filter((r) => !r.part).length;
  const gates = rows.filter((r) => r.part?.gate?.length).length;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  // The headline names what failed: paths, walks without a result, coverage gates, or else the run itself.
  const reasons = [
    failed > 0 && `${plural(failed, 'path', 'paths')} failed`,
    missing > 0 && `${plural(missing, 'walk', 'walks')} without result`,
    gates > 0 && `${plural(gates, 'coverage gate', 'coverage gates')} failed`,
  ].filter((r): r is string => !!r);
  if (!reasons.length && input.exitCode !== undefined && input.exitCode !== 0)
    reasons.push(`the run failed (exit code ${input.exitCode ?? 'none: killed'}) outside any path: a suite's set-up or clean-up, see the console`);
  const verdict = reasons.length ? `<span class="badge b-fail">✖ ${reasons.join(', ')}</span>` : '<span class="badge b-pass">✔ every path passed</span>';
  const meta = [
    input.generatedAt && `generated ${esc(input.generatedAt)}`,
    input.runId && `run <code>${esc(input.runId)}</code>`,
    input.exitCode !== undefined && `vitest exit code ${input.exitCode ?? 'none (killed)'}`,
  ].filter(Boolean);
  const flows = [...new Set(rows.map((r) => r.flow))];
  const sections = flows.map(
    (flow) =>
      `<h2 id="${anchor(flow)}">${esc(flow)}</h2>${rows
        .filter((r) => r.flow === flow)
        .map((r) => walkSection(r, input.svgs[flow], maxCharts, input.stoppedScreens))
        .join('')}`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Flow tests: ${passed} passed, ${failed} failed</title><style>${CSS}</style></head>
<body><h1>Flow tests</h1><p class="muted">${meta.join(' · ')}</p>
<p>${verdict} ${passed} passed, ${failed} failed, over ${rows.length} walk${rows.length === 1 ? '' : 's'}.</p>
<p class="muted">Each flow is tested three ways: <b>server</b> walks the flow's machine against the real server, <b>screens</b> through the app's screens, <b>browser</b> in a real Chromium (the shortest path to each state, so only states count there).
Each test is one <b>path</b> through the flow's chart. A <b>target</b> is a state, a transition (an event taken in a state), a refusal (a transition
with each error code the server can answer) or an any-state transition (one declared for every state, from each state it can be taken in); it is
covered when a passed path went through it. The same run is in <a href="junit.xml">junit.xml</a> for a test-management tool: a case per path with a stable id, known gaps as skipped cases, the coverage gate as a case.</p>
${summaryTable(rows)}
${changesSection(input.changes ?? [])}
${input.criteria ?? ''}
${sections.join('\n')}
</body></html>
`;
}
