/**
 * The data of the static atlas (docs/flows/index.html, scripts/flow-atlas-html.ts): per machine its
 * states and transitions with their descriptions, rules, refusals and coverage by each walk (server
 * and screens from docs/flows/coverage.json, browser from docs/flows/browser.json), the browser
 * walk's screenshots, and its scenarios: the graph paths of tests/model/<flow>.model.ts, each step
 * with the state reached, the context and every branch the event could take with its guard
 * evaluated on that step (scripts/flow-atlas-steps.ts; docs/decisions/039, "The atlas"). All of it
 * is computed when the atlas is drawn; the page runs nothing of the machines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { anyStateTargets, TARGET_KINDS, type KnownGap, type TargetKind, type TargetLists } from '../tests/model/coverage';
import { figure, type MachineEntry } from '../tests/model/coverage-report';
import { flowPaths, pathTitles, refusalTarget, type FlowPath, type GraphModel } from '../tests/model/harness';
import type { BrowserFlow, BrowserReport } from '../tests/model/browser-report';
import { branchRefusalMessage, guardLabel, NOT_RUN_SINCE_CHANGE, routedCodes, transitionId } from './flow-dot';
import { answerCodesOf } from '../machines/expected-refusals';
import { currentCoverage, root } from './flow-drawing';
import { flowRules } from './flow-rules';
import { methodFieldRules } from './flow-method-fields';
import { criteriaTextsOf, flowCriteria } from './flow-atlas-criteria';
import { languages } from '../core/i18n/languages';
import { arrowEvent, arrowIds, arrowTitle, guardWords } from './flow-words-text';
import { allNodes, plannedTargets, scenarioName, scenarioRoute, scenarioSteps, stateLabel, transitionsOf } from './flow-atlas-steps';
import {
  ATLAS_WALKS,
  type AtlasData,
  type AtlasFlow,
  type AtlasInput,
  type AtlasPath,
  type AtlasRefusal,
  type AtlasScenario,
  type AtlasState,
  type AtlasTransition,
  type AtlasWalk,
  type GraphLookup,
  type PathTargets,
  type Shot,
  type Verdict,
  type WalkFigures,
} from './flow-atlas-types';

/** The flows where the customer picks a payment method and fills in its details. */
const METHOD_FLOWS = new Set(['checkout', 'payment', 'repay']);

import { machineIdOf } from './flows-report-data';

export * from './flow-atlas-types';

/** The graph of the walks for `machine`: the `…Graph()` that tests/model/<folder>.model.ts exports. */
export async function graphModelOf(machine: AnyStateMachine): Promise<GraphLookup> {
  const folder = readdirSync(path.join(root, 'machines'), { withFileTypes: true }).find((d) => d.isDirectory() && machineIdOf(d.name) === machine.id)?.name;
  const file = folder && path.join(root, 'tests/model', `${folder}.model.ts`);
  if (!file || !existsSync(file)) return { note: `No scenarios: tests/model has no ${folder ?? machine.id}.model.ts with this flow's graph.` };
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    return { note: `No scenarios: tests/model/${folder}.model.ts could not be loaded outside the tests (${(error as Error).message.split('\n')[0]}).` };
  }
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function' || !name.endsWith('Graph')) continue;
    try {
      const model = (value as () => GraphModel<AnyStateMachine>)();
      if (model?.machine?.id === machine.id && model.inputs && typeof model.events === 'function') return { model };
    } catch {
      // Not a graph of this machine's: try the next export.
    }
  }
  return { note: `No scenarios: tests/model/${folder}.model.ts exports no graph of the ${machine.id} machine.` };
}

/**
 * The moment every scenario is played at: a machine that stamps its context with the clock (a
 * code's resend time) shows the same context each time the atlas is drawn, so the committed page
 * changes only when a flow does (tests/flows-atlas-committed.test.ts). The scenarios run
 * synchronously, so nothing else sees the clock stopped.
 */
export const SCENARIO_TIME = Date.UTC(2026, 0, 1, 12);
function atScenarioTime(play: () => void): void {
  const now = Date.now;
  Date.now = () => SCENARIO_TIME;
  try {
    play();
  } finally {
    Date.now = now;
  }
}

const pathKey = (p: FlowPath<AnyStateMachine>) => `${p.start}|${p.steps.map((s) => JSON.stringify(s.event)).join(' ')}`;

interface WalkSource {
  walk: AtlasWalk;
  /** Covered targets and every target. */
  covered: TargetLists;
  targets: TargetLists | null;
  knownGaps: KnownGap[];
  paths: Array<{ title: string; status: 'passed' | 'failed'; durationMs: number; covered?: TargetLists }>;
}

/** What each walk says of a flow: server and screens from coverage.json, browser from browser.json. */
function walkSources(entry: MachineEntry | undefined, browser: BrowserFlow | undefined): WalkSource[] {
  const out: WalkSource[] = [];
  for (const walk of ['server', 'screens'] as const) {
    const w = entry?.[walk];
    if (!w || !entry) continue;
    const targets = Object.fromEntries(TARGET_KINDS.map((k) => [k, [...w.covered[k], ...w.missing[k]]])) as TargetLists;
    out.push({ walk, covered: w.covered, targets, knownGaps: w.knownGaps, paths: entry.paths.filter((p) => p.walk === walk) });
  }
  if (browser) out.push({ walk: 'browser', covered: browser.covered, targets: browser.targets, knownGaps: browser.knownGaps, paths: browser.paths });
  return out;
}

function verdictsOf(sources: readonly WalkSource[], kind: TargetKind, target: string): Verdict[] {
  return ATLAS_WALKS.map((walk): Verdict => {
    const source = sources.find((s) => s.walk === walk);
    if (!source) return { walk, state: 'not run' };
    if (source.covered[kind].includes(target)) return { walk, state: 'covered' };
    // A walk that does not measure this kind (the browser walk: states only) has no verdict on it.
    if (source.targets && !source.targets[kind].length) return { walk, state: 'n/a' };
    const gap = source.knownGaps.find((g) => g.target === target);
    return { walk, state: 'uncovered', ...(gap ? { gap: gap.reason } : {}) };
  });
}

/** A walk's figures for the flow: each kind covered/total, and its paths passed and failed. */
function figuresOf(entry: MachineEntry | undefined, browser: BrowserFlow | undefined): WalkFigures[] {
  return ATLAS_WALKS.map((walk): WalkFigures => {
    if (walk === 'browser') {
      if (!browser) return { walk, kinds: null, passed: 0, failed: 0 };
      return {
        walk,
        kinds: Object.fromEntries(TARGET_KINDS.map((k) => [k, `${browser.covered[k].length}/${browser.targets[k].length}`])) as Record<TargetKind, string>,
        passed: browser.paths.filter((p) => p.status === 'passed').length,
        failed: browser.paths.filter((p) => p.status === 'failed').length,
      };
    }
    if (!entry?.[walk]) return { walk, kinds: null, passed: 0, failed: 0 };
    const mine = entry.paths.filter((p) => p.walk === walk);
    return {
      walk,
      kinds: Object.fromEntries(TARGET_KINDS.map((k) => [k, figure(entry, walk, k)])) as Record<TargetKind, string>,
      passed: mine.filter((p) => p.status === 'passed').length,
      failed: mine.filter((p) => p.status === 'failed').length,
    };
  });
}

/** The browser walk's shots of a state, with the files checked on disk (a missing one is said, never a broken image). */
function shotOf(browser: BrowserFlow | undefined, stateId: string, dir: string): Shot | undefined {
  const shot = browser?.shots?.[stateId];
  if (!shot) return undefined;
  const files: Shot['files'] = {};
  const missing: string[] = [];
  for (const width of ['1280', '375'] as const) {
    const file = shot.files?.[width];
    if (!file) continue;
    if (existsSync(path.join(dir, file))) files[width] = file.split(path.sep).join('/');
    else missing.push(file);
  }
  return { files, missing, path: shot.path };
}

/** The other flow a state invokes, when it is one of the atlas's machines: its scenarios go on from here. */
function childFlowOf(node: AnyStateNode, machines: readonly AnyStateMachine[]): { child?: string } {
  const ids = new Set(machines.map((m) => m.id));
  const child = (node.invoke as Array<{ src: unknown }>).map((i) => (typeof i.src === 'string' ? i.src : '')).find((src) => ids.has(src));
  return child ? { child } : {};
}

/** The atlas of one machine. */
async function flowOf(machine: AnyStateMachine, input: AtlasInput): Promise<AtlasFlow> {
  // Coverage counts only for the machine it was measured on: another version's is not shown
  // (the screenshots stay, as pictures of the screens at the browser run's commit).
  const { entry, stale } = currentCoverage(machine, input.report?.machines[machine.id]);
  const shots = input.browser?.flows[machine.id];
  const browserNow = currentCoverage(machine, shots && { ...shots, hash: shots.machineHash });
  const browser = browserNow.entry;
  const sources = walkSources(entry, browser);
  const notes: AtlasFlow['notes'] = [];
  if (stale) notes.push({ on: 'flow', text: `Server and screens walks: ${NOT_RUN_SINCE_CHANGE} (coverage.json walked another version).` });
  if (browserNow.stale) notes.push({ on: 'flow', text: `Browser walk: ${NOT_RUN_SINCE_CHANGE} (browser.json walked another version).` });
  if (entry?.former) notes.push({ on: 'flow', text: 'coverage.json has the former shape: refusals and any-state targets were not measured.' });

  // Scenarios: the graph's paths as the walks take them (every target, known gaps of every walk that ran skipped).
  const lookup = await (input.graph ?? graphModelOf)(machine);
  const contexts: string[] = [];
  const contextIds = new Map<string, number>();
  const contextIndex = (json: string) => {
    if (!contextIds.has(json)) {
      contextIds.set(json, contexts.length);
      contexts.push(json);
    }
    return contextIds.get(json)!;
  };
  const scenarios: AtlasScenario[] = [];
  const paths: AtlasPath[] = [];
  /** Per walk, the title it gives each path of the page, and back. */
  const pathByTitle = new Map<AtlasWalk, Map<string, number>>(sources.map((s) => [s.walk, new Map()]));
  if ('note' in lookup) notes.push({ on: 'scenarios', text: lookup.note });
  else
    atScenarioTime(() => {
      const gapsOf = (s: WalkSource) => new Set(s.knownGaps.filter((g) => !g.incidental).map((g) => g.target));
      const sets = sources.map(gapsOf);
      const common = sets.length ? [...sets[0]!].filter((t) => sets.every((set) => set.has(t))) : [];
      const graphPaths = flowPaths(lookup.model, { skip: common, every: 'target' });
      const titles = pathTitles(graphPaths);
      const keys = graphPaths.map(pathKey);
      // Each walk titles its own set of paths (the titles of alike paths depend on the set): a path's title in each walk.
      for (const source of sources) {
        const own = flowPaths(lookup.model, { skip: [...gapsOf(source)], every: 'target' });
        const ownTitles = pathTitles(own);
        const byKey = new Map(own.map((p, i) => [pathKey(p), ownTitles[i]!]));
        keys.forEach((key, i) => pathByTitle.get(source.walk)!.set(byKey.get(key) ?? titles[i]!, i));
      }
      const starts = new Set(graphPaths.map((p) => p.start)).size;
      graphPaths.forEach((p, i) => {
        const steps = scenarioSteps(lookup.model.machine, p, contextIndex);
        const route = `${starts > 1 ? `from ${p.start}: ` : ''}${scenarioRoute(steps)}`;
        scenarios.push({ n: i + 1, name: scenarioName(steps), route, title: titles[i]!, start: p.start, steps });
        paths.push({ n: i + 1, title: titles[i]!, name: scenarios[i]!.name, start: p.start, results: [], scenario: i });
      });
    });
  // Each walk's results; a path a walk recorded that is no scenario (the graph changed since, or could not be read) is listed too.
  const others = new Map<string, number>();
  const recordedAt = new Map<AtlasWalk, Map<string, number>>();
  for (const source of sources) {
    const at = new Map<string, number>();
    recordedAt.set(source.walk, at);
    for (const rec of source.paths) {
      let i = pathByTitle.get(source.walk)?.get(rec.title) ?? others.get(rec.title);
      if (i === undefined) {
        i = paths.length;
        others.set(rec.title, i);
        paths.push({ n: i + 1, title: rec.title, name: rec.title, start: /^\[([^\]]+)\]/.exec(rec.title)?.[1] ?? '', results: [] });
      }
      at.set(rec.title, i);
      const target = paths[i]!;
      if (!target.results.some((r) => r.walk === source.walk)) target.results.push({ walk: source.walk, status: rec.status, durationMs: rec.durationMs });
    }
  }
  for (const p of paths) p.results.sort((a, b) => ATLAS_WALKS.indexOf(a.walk) - ATLAS_WALKS.indexOf(b.walk));

  // Which path took what: as each path's record says, else as the scenarios plan it.
  const anyState = new Set(anyStateTargets(machine));
  const pathTargets: PathTargets[] = [];
  let planned = false;
  for (const source of sources) {
    const recorded = source.paths.length > 0 && source.paths.every((p) => p.covered);
    for (const rec of source.paths) {
      const p = paths[recordedAt.get(source.walk)!.get(rec.title)!]!;
      let covered = rec.covered;
      if (!recorded) {
        planned = true;
        covered = p.scenario === undefined ? undefined : plannedTargets(scenarios[p.scenario]!, anyState);
      }
      if (covered) pathTargets.push({ walk: source.walk, n: p.n, status: rec.status, durationMs: rec.durationMs, covered });
    }
  }
  if (planned)
    notes.push({
      on: 'transitions',
      text: 'The paths listed under each transition are those planned to take it, with their last results: this coverage.json does not record what each path took (the next complete npm test records it).',
    });

  const nodes = allNodes(machine.root);
  const states: AtlasState[] = nodes.map((node) => {
    const shot = shotOf(shots, node.id, input.dir);
    return {
      id: node.id,
      label: stateLabel(machine, node.id),
      description: node.description ?? '',
      final: node.type === 'final',
      verdicts: verdictsOf(sources, 'states', node.id),
      ...childFlowOf(node, input.machines),
      ...(shot ? { shot } : {}),
    };
  });
  const transitions: AtlasTransition[] = nodes.flatMap((node) =>
    transitionsOf(node).map((t): AtlasTransition => {
      const id = transitionId(t);
      const codes = routedCodes(t);
      const from = [...anyState].filter((a) => a.startsWith(`${id} from `)).map((a) => a.slice(`${id} from `.length));
      return {
        id,
        source: node.id,
        sourceLabel: node === machine.root ? 'any state of the flow' : stateLabel(machine, node.id),
        targetLabels: t.target?.length ? t.target.map((x: AnyStateNode) => stateLabel(machine, x.id)) : [`${stateLabel(machine, node.id)} (stays)`],
        event: arrowTitle(machine, t),
        what: arrowEvent(machine, t),
        eventType: t.eventType,
        ids: arrowIds(t),
        description: (t as { description?: string }).description ?? '',
        ...(guardLabel(t.guard) ? { guard: guardWords(machine, t.guard)! } : {}),
        refusals: codes.map((code) => ({ ...customerReads(t, code), verdicts: verdictsOf(sources, 'refusals', refusalTarget(id, code)) })),
        answers: answerCodesOf(t).map((code) => customerReads(t, code)),
        from: from.map((state) => ({ state: stateLabel(machine, state), verdicts: verdictsOf(sources, 'anyState', `${id} from ${state}`) })),
        verdicts: verdictsOf(sources, 'transitions', id),
        coveredBy: pathTargets
          .filter((p) => p.covered.transitions.includes(id))
          .map(({ n, walk, status, durationMs }) => ({ n, walk, status, durationMs }))
          .sort((a, b) => a.n - b.n || ATLAS_WALKS.indexOf(a.walk) - ATLAS_WALKS.indexOf(b.walk)),
        coveredBySource: planned ? 'planned' : 'recorded',
      };
    }),
  );

  return {
    id: machine.id,
    description: machine.root.description ?? '',
    figures: figuresOf(entry, browser),
    states,
    transitions,
    paths,
    scenarios,
    contexts,
    notes,
    svg: input.svgs[machine.id] ?? '',
    rules: [...(flowRules[machine.id] ?? []), ...(METHOD_FLOWS.has(machine.id) ? await methodFieldRules() : [])],
    refusalCodes: refusalCodesOf(transitions),
    criteria: flowCriteria(machine, await criteriaTextsOf(machine), {
      pathTargets,
      stale,
      planned,
      date: input.report?.finishedAt ?? input.coverageFileDate ?? null,
    }),
  };
}

/** What the refusals table says of a code the app handles without a text of the catalogue (a redirect, a screen of its own). */
export const NO_REFUSAL_TEXT = '(no message of its own: the screen the flow goes to explains it)';

/**
 * The refusal codes a flow's transitions route, each with where and the customer's text in every
 * language (the portal's, Portuguese first): one row per code and text, since a code one screen
 * says in its own words (`saying`, machines/expected-refusals.ts) reads differently there.
 */
function refusalCodesOf(transitions: readonly AtlasTransition[]): AtlasFlow['refusalCodes'] {
  const rows = new Map<string, AtlasFlow['refusalCodes'][number]>();
  for (const t of transitions)
    for (const r of [...t.refusals, ...t.answers]) {
      const key = `${r.code} ${JSON.stringify(r.messages)}`;
      const row = rows.get(key) ?? { code: r.code, where: [], messages: r.messages };
      row.where = [...new Set([...row.where, `${t.sourceLabel}: ${t.event}`])];
      rows.set(key, row);
    }
  return [...rows.values()].sort((a, b) => a.code - b.code);
}

/** What the customer reads when branch `t` takes `code`: in English, and in every language (Portuguese first). */
function customerReads(t: { meta?: unknown }, code: number): Omit<AtlasRefusal, 'verdicts'> {
  const english = branchRefusalMessage(t, code, 'en');
  return {
    code,
    messages: languages.map((language) => ({ language, text: branchRefusalMessage(t, code, language) ?? NO_REFUSAL_TEXT })),
    ...(english ? { message: english } : {}),
  };
}

/** The atlas's data: every machine's flow, and where the figures come from. */
export async function atlasData(input: AtlasInput): Promise<AtlasData> {
  const flows: AtlasFlow[] = [];
  for (const machine of input.machines) flows.push(await flowOf(machine, input));
  const report = input.report;
  const perPath = !!report && Object.values(report.machines).some((m) => m.paths.length > 0 && m.paths.every((p) => p.covered));
  return {
    coverage: {
      present: !!report,
      commit: report?.commit ?? null,
      dirty: report?.dirty ?? null,
      runId: report?.runId ?? null,
      date: report?.finishedAt ?? input.coverageFileDate ?? null,
      dateSource: report?.finishedAt ? 'run' : input.coverageFileDate ? 'file' : null,
      perPath,
    },
    browser: {
      present: !!input.browser,
      commit: input.browser?.commit ?? null,
      dirty: input.browser?.dirty ?? null,
      runId: input.browser?.runId ?? null,
      finishedAt: input.browser?.finishedAt ?? null,
      complete: input.browser?.complete ?? false,
    },
    flows,
  };
}

/** docs/flows/browser.json when a complete browser walk wrote it (tests/model/browser-report.ts), else undefined. */
export function readBrowserReport(file: string): BrowserReport | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<BrowserReport>;
    return data && typeof data === 'object' && data.flows && typeof data.flows === 'object' ? (data as BrowserReport) : undefined;
  } catch {
    return undefined;
  }
}
