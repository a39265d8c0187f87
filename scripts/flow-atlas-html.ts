/**
 * The static atlas, docs/flows/index.html (docs/decisions/039, "The atlas"): one page that opens
 * from disk with no server and no network, for product owners and testers. A header with where
 * the figures come from and how to read the page, the flows with their figures, then per flow its
 * chart (zoom, fit, pan), a scenario walk-through (the state on the chart, what happened, each
 * branch's guard on that step, the context), its states with the browser walk's screenshots, its
 * transitions with their refusals and the paths that took them, and its paths' last results; at
 * the end the money rules every flow obeys (docs/decisions/069, scripts/flow-money-rules.ts).
 * The page's scripts and styles sit beside this file (flow-atlas-page.js, flow-atlas-walk.js,
 * flow-atlas-page.css) and are inlined; the data the scripts read is inlined as JSON. `renderAtlas`
 * is pure.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { languages } from '../core/i18n/languages';
import { chartFrame } from './flow-atlas-chart';
import { gapNotes, pathCounts, verdictBadges, WALK_TITLES } from './flow-atlas-counts';
import { svgEdgeId, svgStateId } from './flow-dot';
import { flowTitle } from './flow-labels';

export { flowTitle } from './flow-labels';
import { moneyRulesContentsLink, moneyRulesSection, type MoneyRulesChart } from './flow-money-rules';
import { inlineChart } from './flows-report-svg';
import { criteriaPanel } from './flow-atlas-criteria';
import { CRITERIA_PAGE, criteriaPage } from './flow-atlas-criteria-page';
import { escapeHtml as esc } from './flows-report';
import {
  ATLAS_WALKS,
  atlasData,
  type AtlasData,
  type AtlasFlow,
  type AtlasInput,
  type AtlasPath,
  type AtlasState,
  type AtlasTransition,
} from './flow-atlas-data';

const asset = (name: string) => readFileSync(path.join(import.meta.dirname, name), 'utf8');

/** The command that makes the screenshots, named wherever one is missing. */
export const SHOTS_COMMAND = 'npm run test:flows';
export const NO_SHOT = `No screenshot yet: run ${SHOTS_COMMAND}`;
/** A state the browser walk reached and left within one answer of the server: seen, checked, too brief for a picture. */
export const PASSED_THROUGH =
  'No picture: the browser walk passed through this state on its way (it lasts only while the server answers), so it has no screen of its own to photograph.';
const passedThrough = (state: AtlasState) => state.verdicts.some((v) => v.walk === 'browser' && v.state === 'covered');

const anchor = (...parts: Array<string | number>) => parts.join('-').replace(/[^A-Za-z0-9_-]/g, '_');

const date = (iso: string | null) =>
  iso
    ? esc(
        iso
          .replace('T', ' ')
          .replace(/\.\d+Z$/, ' UTC')
          .replace(/Z$/, ' UTC'),
      )
    : 'date not recorded';
/** What a run tested: its commit, whether the tree had changes beside it, and the run's id. */
const commit = (sha: string | null, dirty: boolean | null = null, runId: string | null = null) =>
  (sha ? `commit <code>${esc(sha.slice(0, 12))}</code>` : 'commit unknown') +
  (dirty ? ' <strong>with uncommitted changes</strong>' : '') +
  (runId ? ` · run <code>${esc(runId)}</code>` : '');

function header(data: AtlasData): string {
  const c = data.coverage;
  const b = data.browser;
  const coverage = c.present
    ? `${commit(c.commit, c.dirty, c.runId)} · ${date(c.date)}${c.dateSource === 'file' ? ' (date of the file)' : ''}`
    : 'none yet: <code>npm test</code> writes <code>docs/flows/coverage.json</code> after a complete run';
  const browser = b.present
    ? `${commit(b.commit, b.dirty, b.runId)} · ${date(b.finishedAt)}${b.complete ? '' : ' · <strong>incomplete run</strong>'}`
    : `none yet: <code>${SHOTS_COMMAND}</code> walks the flows in a real browser and takes the screenshots (<code>docs/flows/browser.json</code>)`;
  return `<header class="top">
<h1>Flow atlas</h1>
<p class="lede">Every flow of the Aurora TV customer portal, drawn from the code that runs it, with what the automatic tests walked.</p>
<p><a href="${CRITERIA_PAGE}">Critérios de aceitação · Acceptance criteria</a> (a page to print and sign)</p>
<dl class="sources"><dt>Server and screens walks</dt><dd>${coverage}</dd><dt>Browser walk and screenshots</dt><dd>${browser}</dd></dl>
<details class="howto" open><summary>How to read this page</summary>
<ul>
<li><strong>A flow</strong> is one thing a customer does: log in, sign up, pay, renew… Pick one in the list below.</li>
<li><strong>The chart</strong>: each box is a <em>state</em>, what the customer sees or waits for; each arrow is a <em>transition</em>, what the customer does or what the server answers. A box with a double border is an end of the flow. <em>Refused 1003: “…”</em> on an arrow is an error code and the message the customer reads.</li>
<li><strong>Colours</strong> say what the last complete test run walked: <span class="sw sw-both">green</span> by the walk against the server and the walk through the screens, <span class="sw sw-one">amber</span> by one of them, <span class="sw sw-none">red</span> by neither. Zoom with + and −, “Fit” shows the whole chart, drag to move it.</li>
<li><strong>Walk through a scenario</strong>: pick one and press Next. The chart outlines where the customer is; the panel says what happened, which way the flow went and why (each rule the flow checks, in order, and whether it held), and what the flow knows at that point.</li>
<li><strong>States</strong> and <strong>transitions</strong> below each chart say the same in words, with the screenshots of each state (at 1280 and 375 pixels wide) and, for testers, the paths (P1, P2…) that took each arrow and their last result.</li>
<li>Technical names (the identifiers testers and developers use, and the file each rule is read from) are hidden; <label class="tech-toggle"><input type="checkbox" id="show-tech"> show them</label>. On the charts they are the small grey type under each name.</li>
</ul></details>
</header>`;
}

function figuresTable(data: AtlasData, more: string): string {
  const cell = (f: AtlasFlow['figures'][number]) =>
    f.kinds
      ? // The browser walk is held to states only (ADR 039): its other figures would read as 0/0.
        f.walk === 'browser'
        ? `<td><span class="fig">states ${f.kinds.states}</span> <span class="small">(every state once; photographed where it stays long enough)</span><br><span class="small">paths ${f.passed}/${f.passed + f.failed} passed</span></td>`
        : `<td><span class="fig">states ${f.kinds.states}</span> <span class="fig">transitions ${f.kinds.transitions}</span> <span class="fig">refusals ${f.kinds.refusals}</span> <span class="fig">any-state ${f.kinds.anyState}</span><br><span class="small">paths ${f.passed}/${f.passed + f.failed} passed</span></td>`
      : '<td class="muted">not run</td>';
  const rows = data.flows.map(
    (flow) =>
      `<tr><th scope="row"><a href="#${anchor('flow', flow.id)}">${esc(flowTitle(flow.id))}</a> <code>${esc(flow.id)}</code><br><span class="small">${esc(flow.description)}</span></th>${flow.figures.map(cell).join('')}</tr>`,
  );
  return `<nav id="contents" aria-labelledby="contents-title"><h2 id="contents-title">The flows</h2>
<p class="small">Targets covered by each walk, covered/total: states, transitions, refusals (each error code the server may answer, on the arrow that takes it) and any-state (an arrow offered in many states, from each of them). Known gaps count as not covered.</p>
<div class="table-scroll"><table class="figures"><thead><tr><th scope="col">Flow</th>${ATLAS_WALKS.map((w) => `<th scope="col">${WALK_TITLES[w]}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>${more}</nav>`;
}

/** Whether the state's card shows a screenshot at either width. */
const hasShot = (state: AtlasState) => !!state.shot && !!(state.shot.files['1280'] || state.shot.files['375']);

function shots(state: AtlasState, browserPresent: boolean): string {
  const shot = state.shot;
  if (!shot || !hasShot(state)) {
    if (!shot && passedThrough(state)) return `<p class="noshot">${esc(PASSED_THROUGH)}</p>`;
    const missing = shot?.missing.length ? ` (the files ${shot.missing.map((f) => `<code>${esc(f)}</code>`).join(', ')} are missing)` : '';
    const why = browserPresent && !shot ? ' for this state' : '';
    return `<p class="noshot">${esc(NO_SHOT)}${why}${missing}</p>`;
  }
  const figure = (width: '1280' | '375') => {
    const file = shot.files[width];
    if (!file) return `<p class="noshot">${esc(NO_SHOT)} (${width} px)</p>`;
    const alt = `${state.label} at ${width} pixels wide`;
    // The phone's picture is the whole page: its thumbnail shows the top, the lightbox scrolls it.
    const phone = width === '375' ? ' phone' : '';
    return `<figure class="shot${phone}"><a href="${esc(file)}" class="shot-link${phone}" data-caption="${esc(alt)}"><img src="${esc(file)}" alt="${esc(alt)}" loading="lazy"></a><figcaption>${width === '375' ? '375 px, whole page' : `${width} px`}</figcaption></figure>`;
  };
  return `<div class="shots">${figure('1280')}${figure('375')}</div><p class="small tech">Taken on path: <code>${esc(shot.path)}</code></p>`;
}

function statesList(flow: AtlasFlow, browserPresent: boolean): string {
  const items = flow.states.map(
    (s) => `<li class="card" id="${anchor('state', s.id)}"><h4>${esc(s.label)}${s.final ? ' <span class="tag">an end of the flow</span>' : ''}</h4>
<p class="small tech"><code>${esc(s.id)}</code></p><p>${esc(s.description)}</p><p class="verdicts">${verdictBadges(s.verdicts)}</p>${gapNotes(s.verdicts)}${shots(s, browserPresent)}</li>`,
  );
  return `<details class="block" id="${anchor('states', flow.id)}"><summary><h3>States (${flow.states.length})</h3></summary><ul class="cards">${items.join('')}</ul></details>`;
}

function pathChips(flow: AtlasFlow, t: AtlasTransition): string {
  if (!t.coveredBy.length) return '<p class="small">No path took it in the last run.</p>';
  const byPath = new Map<number, AtlasTransition['coveredBy']>();
  for (const c of t.coveredBy) byPath.set(c.n, [...(byPath.get(c.n) ?? []), c]);
  const chips = [...byPath].map(([n, results]) => {
    const failed = results.some((r) => r.status === 'failed');
    const text = results.map((r) => `${r.walk} ${r.status} ${(r.durationMs / 1000).toFixed(1)} s`).join('; ');
    return `<a class="chip ${failed ? 'chip-bad' : 'chip-ok'}" href="#${anchor('path', flow.id, n)}" title="${esc(text)}">P${n}${failed ? ' ✖' : ''}</a>`;
  });
  const walks = ATLAS_WALKS.map((w) => [w, new Set(t.coveredBy.filter((c) => c.walk === w && c.status === 'passed').map((c) => c.n)).size] as const)
    .filter(([, count]) => count > 0)
    .map(([w, count]) => `${w} ${count}`)
    .join(', ');
  const how = t.coveredBySource === 'planned' ? 'planned to take it' : 'took it';
  return `<details class="chips"><summary>${byPath.size} path${byPath.size === 1 ? '' : 's'} ${how}${walks ? ` (passed: ${walks})` : ''}</summary><p>${chips.join(' ')}</p></details>`;
}

const notesOn = (flow: AtlasFlow, on: AtlasFlow['notes'][number]['on']) =>
  flow.notes
    .filter((n) => n.on === on)
    .map((n) => `<p class="note">${esc(n.text)}</p>`)
    .join('');

function transitionsList(flow: AtlasFlow): string {
  const items = flow.transitions.map((t) => {
    const refusals = t.refusals.length
      ? `<ul class="refusals">${t.refusals.map((r) => `<li><strong>Refused ${r.code}</strong>${r.message ? `: the customer reads “${esc(r.message)}”` : ' <span class="small">(no message of its own in the catalogue)</span>'}<br>${verdictBadges(r.verdicts)}</li>`).join('')}</ul>`
      : '';
    const answers = t.answers.length
      ? `<ul class="refusals">${t.answers.map((a) => `<li><strong>Answered ${a.code}</strong>${a.message ? `: the customer reads “${esc(a.message)}”` : ''}</li>`).join('')}</ul>`
      : '';
    const from = t.from.length
      ? `<p class="small">Offered in each of these states, each a target of its own:</p><ul class="refusals">${t.from.map((f) => `<li>from ${esc(f.state)}<br>${verdictBadges(f.verdicts)}</li>`).join('')}</ul>`
      : '';
    return `<li class="card" id="${anchor('t', t.id)}"><h4>${esc(t.sourceLabel)} → ${esc(t.targetLabels.join(', '))}</h4>
<p><span class="event">${esc(t.what)}</span>${t.guard && !t.refusals.length ? ` <span class="guard">only if ${esc(t.guard)}</span>` : ''}</p>
<p>${esc(t.description)}</p>${refusals}${answers}${from}<p class="verdicts">${verdictBadges(t.verdicts)}</p>${gapNotes([...t.verdicts, ...t.refusals.flatMap((r) => r.verdicts), ...t.from.flatMap((f) => f.verdicts)])}
${pathChips(flow, t)}<p class="small tech"><code>${esc(t.ids)}</code> · <code>${esc(t.id)}</code></p></li>`;
  });
  return `<details class="block" id="${anchor('transitions', flow.id)}"><summary><h3>Transitions (${flow.transitions.length})</h3></summary><p class="small">The browser walk photographs each state once; it does not measure arrows, so only the server and screens walks are shown here.</p>${notesOn(flow, 'transitions')}<ul class="cards">${items.join('')}</ul></details>`;
}

function pathsList(flow: AtlasFlow): string {
  if (!flow.paths.length) return '';
  const result = (p: AtlasPath) =>
    ATLAS_WALKS.map((w) => {
      const r = p.results.find((x) => x.walk === w);
      if (!r) return `<span class="vb vb-none">${w}: no result</span>`;
      return `<span class="vb ${r.status === 'passed' ? 'vb-ok' : 'vb-bad'}">${w}: ${r.status === 'passed' ? '✔ passed' : '✖ failed'} in ${(r.durationMs / 1000).toFixed(1)} s</span>`;
    }).join(' ');
  const items = flow.paths.map((p) => {
    const walk =
      p.scenario === undefined
        ? ''
        : ` <button type="button" class="btn small-btn" data-walk="${esc(flow.id)}" data-scenario="${p.scenario}">Walk through P${p.n}</button>`;
    const route =
      p.scenario === undefined
        ? '<br><span class="small">No longer a path of the graph.</span>'
        : `<br><span class="route">${esc(flow.scenarios[p.scenario]!.route)}</span>`;
    return `<li id="${anchor('path', flow.id, p.n)}"><strong>P${p.n}</strong> ${esc(p.name)}${route}<span class="tech"><br><code class="small">${esc(p.title)}</code></span><br>${result(p)}${walk}</li>`;
  });
  const failed = flow.paths.filter((p) => p.results.some((r) => r.status === 'failed')).length;
  return `<details class="block" id="${anchor('paths', flow.id)}"><summary><h3>Paths (${flow.paths.length})${failed ? ` <span class="vb vb-bad">${failed} failed</span>` : ''}</h3> <span class="small">${esc(pathCounts(flow))}</span></summary><ol class="paths">${items.join('')}</ol></details>`;
}

function walkPanel(flow: AtlasFlow): string {
  if (!flow.scenarios.length)
    return `<div class="walk"><h3>Walk through a scenario</h3>${notesOn(flow, 'scenarios') || '<p class="note">This flow has no scenarios.</p>'}</div>`;
  const groups = new Map<string, number[]>();
  flow.scenarios.forEach((s, i) => groups.set(s.name, [...(groups.get(s.name) ?? []), i]));
  const options = [...groups]
    .map(
      ([name, list]) =>
        `<optgroup label="${esc(name)}">${list.map((i) => `<option value="${i}">P${flow.scenarios[i]!.n} · ${esc(flow.scenarios[i]!.route)}</option>`).join('')}</optgroup>`,
    )
    .join('');
  const id = anchor('scenario', flow.id);
  return `<div class="walk" data-flow="${esc(flow.id)}"><h3>Walk through a scenario</h3>
<label for="${id}">Scenario (grouped by how it ends)</label><select id="${id}" class="scenario-select">${options}</select>
<p class="scenario-name"></p><p class="small scenario-title tech"></p>
<div class="stepper"><button type="button" class="btn step-back">← Back</button><span class="step-count" aria-live="polite"></span><button type="button" class="btn step-next">Next →</button></div>
<div class="step" aria-live="polite"><noscript><p class="note">The walk-through needs JavaScript; the states, transitions and paths below do not.</p></noscript></div></div>`;
}

/** The drawing inline: ids made unique on the page, and a link to a child flow's drawing made a link to its section. */
const chart = (flow: AtlasFlow, label: string) =>
  inlineChart(flow.svg, flow.id, new Map(), label)
    .replace(/xlink:href="([A-Za-z0-9_]+)\.svg"/g, (_, id: string) => `xlink:href="#${anchor('flow', id)}"`)
    .replace(/ target="_top"/g, '');

function chartPanel(flow: AtlasFlow): string {
  if (!flow.svg) return '<p class="note">No chart: docs/flows has no drawing of this flow (npm run flows draws it).</p>';
  const label = `Chart of the ${flow.id} flow; the states and transitions below say the same in words`;
  return chartFrame({ key: flow.id, name: flow.id, svg: chart(flow, label), label, click: 'Click a box for its state below.' });
}

/**
 * The flow's rules and limits, each with the constant it is read from, and every refusal its calls
 * route with the customer's text in each language (scripts/flow-rules.ts).
 */
function rulesPanel(flow: AtlasFlow): string {
  if (!flow.rules.length && !flow.refusalCodes.length) return '';
  const rules = flow.rules.length
    ? `<ul class="rules">${flow.rules.map((r) => `<li>${esc(r.text.en)} <span class="small muted tech">(${esc(r.source)})</span></li>`).join('')}</ul>` +
      `<details><summary>The same rules in each language</summary><div class="table-scroll"><table class="figures rule-texts"><thead><tr>${languages.map((l) => `<th>${l}</th>`).join('')}</tr></thead><tbody>${flow.rules
        .map((r) => `<tr>${languages.map((l) => `<td lang="${l}">${esc(r.text[l])}</td>`).join('')}</tr>`)
        .join('')}</tbody></table></div></details>`
    : '';
  const head = flow.refusalCodes[0]?.messages.map((m) => `<th>${esc(m.language)}</th>`).join('') ?? '';
  const refusals = flow.refusalCodes.length
    ? `<details><summary>What the customer reads when the server refuses (${flow.refusalCodes.length} code${flow.refusalCodes.length === 1 ? '' : 's'}, in each language)</summary><div class="table-scroll"><table class="figures refusal-texts"><thead><tr><th>Code</th><th>Where</th>${head}</tr></thead><tbody>${flow.refusalCodes
        .map(
          (r) =>
            `<tr><td class="num">${r.code}</td><td class="small">${r.where.map(esc).join('<br>')}</td>${r.messages.map((m) => `<td lang="${esc(m.language)}">${esc(m.text)}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table></div></details>`
    : '';
  return `<details class="block" id="${anchor('rules', flow.id)}" open><summary><h3>Rules and limits</h3></summary>${rules}${refusals}</details>`;
}

/** The states with a screenshot: a state the browser passed through in an instant has none (PASSED_THROUGH). */
const photographed = (flow: AtlasFlow) => flow.states.filter(hasShot).length;

function flowSection(flow: AtlasFlow, data: AtlasData): string {
  const figures = flow.figures
    .map((f) =>
      f.kinds
        ? f.walk === 'browser'
          ? `${f.walk}: states ${f.kinds.states} reached, ${photographed(flow)} photographed, paths ${f.passed}/${f.passed + f.failed} passed`
          : `${f.walk}: states ${f.kinds.states}, transitions ${f.kinds.transitions}, paths ${f.passed}/${f.passed + f.failed} passed`
        : `${f.walk}: not run`,
    )
    .join(' · ');
  return `<section class="flow" id="${anchor('flow', flow.id)}" aria-labelledby="${anchor('title', flow.id)}">
<h2 id="${anchor('title', flow.id)}">${esc(flowTitle(flow.id))} <code>${esc(flow.id)}</code></h2><p class="lede">${esc(flow.description)}</p><p class="small">${esc(figures)}</p>
${notesOn(flow, 'flow')}
${rulesPanel(flow)}
${criteriaPanel(flow.id, flow.criteria)}
<div class="flow-body">${chartPanel(flow)}${walkPanel(flow)}</div>
${statesList(flow, data.browser.present)}${transitionsList(flow)}${pathsList(flow)}<p class="small"><a href="#contents">Back to the list of flows</a></p></section>`;
}

/** What the page's script reads: per flow, its states, transitions and scenarios, compact (indices, not repeated texts). */
export function pageData(data: AtlasData): unknown {
  return Object.fromEntries(
    data.flows.map((flow) => {
      const stateIds = flow.states.map((s) => s.id);
      const transitionIds = flow.transitions.map((t) => t.id);
      const si = new Map(stateIds.map((id, i) => [id, i]));
      const ti = new Map(transitionIds.map((id, i) => [id, i]));
      const codes: Record<number, string> = {};
      const check = (c: AtlasFlow['scenarios'][number]['steps'][number]['checks'][number]) => [
        ti.get(c.transition) ?? -1,
        c.holds === null ? -1 : c.holds ? 1 : 0,
        c.taken ? 1 : 0,
        c.skipped ? 1 : 0,
      ];
      return [
        flow.id,
        {
          description: flow.description,
          states: flow.states.map((s) => ({
            id: s.id,
            label: s.label,
            description: s.description,
            final: s.final,
            svg: svgStateId(s.id),
            shots: s.shot?.files ?? {},
            ...(!s.shot && passedThrough(s) ? { brief: PASSED_THROUGH } : {}),
            ...(s.child ? { child: { id: s.child, title: flowTitle(s.child), anchor: anchor('flow', s.child) } } : {}),
          })),
          transitions: flow.transitions.map((t) => ({
            id: t.id,
            from: t.sourceLabel,
            to: t.targetLabels.join(', '),
            guard: t.guard ?? null,
            description: t.description,
            codes: t.refusals.map((r) => r.code),
            svg: t.targetLabels.map((_, n) => svgEdgeId(t.id, n)),
          })),
          contexts: flow.contexts.map((c) => JSON.parse(c) as unknown),
          scenarios: flow.scenarios.map((s) => ({
            n: s.n,
            name: s.name,
            route: s.route,
            title: s.title,
            steps: s.steps.map((step) => {
              if (step.refusal?.message) codes[step.refusal.code] = step.refusal.message;
              return [
                step.event,
                step.eventLabel,
                step.refusal?.code ?? null,
                step.states.map((id) => si.get(id) ?? -1),
                step.context,
                step.checks.map(check),
                step.then.map((list) => list.map(check)),
                step.taken.map((id) => ti.get(id) ?? -1),
              ];
            }),
          })),
          messages: codes,
        },
      ];
    }),
  );
}

/** JSON that can sit in a <script> element: no `</script>`, no line separators JavaScript would choke on. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The whole page; the money rules (scripts/flow-money-rules.ts) after the flows, when given. */
export function renderAtlas(data: AtlasData, moneyRules?: MoneyRulesChart): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Flow atlas · Aurora TV customer portal</title>
<style>${asset('flow-atlas-page.css')}</style></head>
<body><a class="skip" href="#contents">Skip to the list of flows</a>
${header(data)}
<main>${figuresTable(data, moneyRules ? moneyRulesContentsLink() : '')}
${data.flows.map((f) => flowSection(f, data)).join('\n')}${moneyRules ? `\n${moneyRulesSection(moneyRules)}` : ''}</main>
<dialog id="lightbox" aria-label="Screenshot"><form method="dialog"><button class="btn" autofocus>Close</button></form><img alt=""><p class="lightbox-caption"></p></dialog>
<script type="application/json" id="atlas-data">${scriptJson(pageData(data))}</script>
<script>${asset('flow-atlas-page.js')}</script>
<script>${asset('flow-atlas-walk.js')}</script>
</body></html>
`;
}

export type AtlasPageInput = Omit<AtlasInput, 'coverageFileDate'> & { coverageFile?: string; moneyRules?: MoneyRulesChart };

/** The atlas page's HTML, its screenshots checked in `input.dir` (the page links them relative to it). */
export async function atlasPage(input: AtlasPageInput): Promise<string> {
  return renderAtlas(await atlasDataOf(input), input.moneyRules);
}

/** The atlas's data, the coverage file's date read when the report has none. */
async function atlasDataOf(input: AtlasPageInput): Promise<AtlasData> {
  let coverageFileDate: string | null = null;
  try {
    if (input.coverageFile) coverageFileDate = statSync(input.coverageFile).mtime.toISOString();
  } catch {
    coverageFileDate = null;
  }
  return atlasData({ ...input, coverageFileDate });
}

/** Builds the atlas's data and writes `<dir>/index.html`, and beside it the printable acceptance criteria (docs/decisions/074); answers the atlas's file. */
export async function writeAtlas(input: AtlasPageInput): Promise<string> {
  const data = await atlasDataOf(input);
  mkdirSync(input.dir, { recursive: true });
  const file = path.join(input.dir, 'index.html');
  writeFileSync(file, renderAtlas(data, input.moneyRules));
  writeFileSync(path.join(input.dir, CRITERIA_PAGE), criteriaPage(data, flowTitle));
  return file;
}
