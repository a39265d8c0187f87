/**
 * The data behind `npm run test:flows` (scripts/test-flows.ts): the flows by folder and machine id,
 * the coverage parts a run of the model walks writes (.tmp/flow-coverage/<runId>/<flow>.<walk>.json,
 * one per flow and walk) and the figures the report and the console print from them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TARGET_KINDS, type CoveragePart, type PathRecord, type TargetKind, type TargetLists, type Walk } from '../tests/model/coverage';

export { WALKS, type Walk } from '../tests/model/coverage';

/** The four kinds of target a walk covers, in the order the report lists them. */
export const KINDS = TARGET_KINDS;
export type Kind = TargetKind;
export const KIND_LABELS: Record<Kind, string> = { states: 'States', transitions: 'Transitions', refusals: 'Refusals', anyState: 'Any-state' };

/** What one suite (a flow walked one way) writes when it ends (tests/model/coverage.ts). */
export type Targets = TargetLists;
export type PathResult = PathRecord;
export type FlowPart = CoveragePart;

/** A flow: its folder under machines/ and tests/model/, and its machine's id. */
export interface Flow {
  folder: string;
  id: string;
}

/** `discount-unbinding` → `discountUnbinding`: the machines are named after their folders. */
export const machineIdOf = (folder: string) => folder.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every flow of machines/: the folders holding `<folder>.machine.ts`, sorted. */
export function listFlows(root: string): Flow[] {
  const dir = path.join(root, 'machines');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, `${d.name}.machine.ts`)))
    .map((d) => ({ folder: d.name, id: machineIdOf(d.name) }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

export type Resolution = { ok: true; flows: Flow[] } | { ok: false; unknown: string[] };

/** The flows named by folder or machine id (all when none is named), each once, in the list's order. */
export function resolveFlows(names: readonly string[], flows: readonly Flow[]): Resolution {
  if (names.length === 0) return { ok: true, flows: [...flows] };
  const find = (name: string) => flows.find((f) => f.folder === name || f.id === name);
  const unknown = names.filter((n) => !find(n));
  if (unknown.length > 0) return { ok: false, unknown };
  const picked = new Set(names.map((n) => find(n)!));
  return { ok: true, flows: flows.filter((f) => picked.has(f)) };
}

/** The answer to an unknown flow name: what is not known, and every name that is. */
export function unknownFlowsMessage(unknown: readonly string[], flows: readonly Flow[]): string {
  const width = Math.max(...flows.map((f) => f.folder.length));
  return [
    `Unknown flow${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
    'The flows (name one by folder or by machine id):',
    ...flows.map((f) => `  ${f.folder.padEnd(width)}  ${f.id}`),
  ].join('\n');
}

/** A fresh run id: sortable by time, unique between runs started in the same second. */
export const newRunId = (now: Date, pid: number) => `${now.toISOString().replace(/[:.]/g, '-')}-${pid}`;

const emptyTargets = (): Targets => ({ states: [], transitions: [], refusals: [], anyState: [] });
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const targetsOf = (v: unknown): Targets => {
  const t = emptyTargets();
  if (v && typeof v === 'object') for (const k of KINDS) t[k] = strings((v as Record<string, unknown>)[k]);
  return t;
};

/** A part as read from disk, with missing lists made empty; null when it is not a part at all. */
export function normalisePart(raw: unknown): FlowPart | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.flow !== 'string' || (r.walk !== 'server' && r.walk !== 'screens' && r.walk !== 'browser')) return null;
  const paths = (Array.isArray(r.paths) ? r.paths : []).filter((p): p is Record<string, unknown> => !!p && typeof p === 'object');
  return {
    flow: r.flow,
    walk: r.walk,
    machineHash: typeof r.machineHash === 'string' ? r.machineHash : '',
    complete: r.complete === true,
    targets: targetsOf(r.targets),
    covered: targetsOf(r.covered),
    knownGaps: (Array.isArray(r.knownGaps) ? r.knownGaps : [])
      .filter((g): g is { target: string; reason?: unknown } => !!g && typeof g === 'object' && typeof (g as { target?: unknown }).target === 'string')
      .map((g) => ({ target: g.target, reason: typeof g.reason === 'string' ? g.reason : '' })),
    paths: paths.map((p) => ({
      title: typeof p.title === 'string' ? p.title : '(untitled path)',
      start: typeof p.start === 'string' ? p.start : '',
      steps: strings(p.steps),
      status: p.status === 'passed' ? 'passed' : 'failed',
      durationMs: typeof p.durationMs === 'number' ? p.durationMs : 0,
      ...(typeof p.error === 'string' ? { error: p.error } : {}),
      ...(typeof p.stoppedAt === 'string' ? { stoppedAt: p.stoppedAt } : {}),
      ...(p.seen && typeof p.seen === 'object'
        ? { seen: { events: strings((p.seen as { events?: unknown }).events), states: strings((p.seen as { states?: unknown }).states) } }
        : {}),
      covered: targetsOf(p.covered),
    })),
    ...(Array.isArray(r.gate) ? { gate: strings(r.gate) } : {}),
  };
}

/** The parts of one run, and the files that could not be read as parts. */
export function readParts(dir: string): { parts: FlowPart[]; unreadable: string[] } {
  const parts: FlowPart[] = [];
  const unreadable: string[] = [];
  if (!existsSync(dir)) return { parts, unreadable };
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    let part: FlowPart | null = null;
    try {
      part = normalisePart(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    } catch {
      part = null;
    }
    if (part) parts.push(part);
    else unreadable.push(file);
  }
  return { parts, unreadable };
}

export interface KindFigures {
  covered: number;
  total: number;
  gaps: number;
}

export interface WalkFigures {
  passed: number;
  failed: number;
  durationMs: number;
  kinds: Record<Kind, KindFigures>;
  covered: number;
  total: number;
  gaps: number;
}

/** The figures of one part: paths passed and failed, time, and targets covered of each kind. */
export function walkFigures(part: FlowPart): WalkFigures {
  const gaps = new Set(part.knownGaps.map((g) => g.target));
  const kinds = {} as Record<Kind, KindFigures>;
  for (const k of KINDS) {
    const covered = new Set(part.covered[k]);
    kinds[k] = {
      covered: part.targets[k].filter((t) => covered.has(t)).length,
      total: part.targets[k].length,
      gaps: part.targets[k].filter((t) => gaps.has(t) && !covered.has(t)).length,
    };
  }
  const sum = (f: keyof KindFigures) => KINDS.reduce((n, k) => n + kinds[k][f], 0);
  return {
    passed: part.paths.filter((p) => p.status === 'passed').length,
    failed: part.paths.filter((p) => p.status === 'failed').length,
    durationMs: part.paths.reduce((n, p) => n + p.durationMs, 0),
    kinds,
    covered: sum('covered'),
    total: sum('total'),
    gaps: sum('gaps'),
  };
}

export const formatDuration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** One console line per flow and walk: paths passed/total and targets covered/total. */
export function summaryLine(flow: string, walk: Walk, part: FlowPart | undefined): string {
  const head = `${flow} ${walk}`.padEnd(30);
  if (!part) return `${head} no result: the suite wrote no part (it did not run, or stopped before its end)`;
  const f = walkFigures(part);
  const kinds = KINDS.map((k) => `${KIND_LABELS[k].toLowerCase()} ${f.kinds[k].covered}/${f.kinds[k].total}`).join(', ');
  return [
    head,
    `${f.failed > 0 ? '✖' : '✔'} paths ${f.passed}/${f.passed + f.failed} passed,`,
    `targets ${f.covered}/${f.total} covered (${kinds}${f.gaps ? `; ${f.gaps} known gap${f.gaps > 1 ? 's' : ''}` : ''}),`,
    formatDuration(f.durationMs),
    part.complete ? '' : '(incomplete: not every path ran)',
  ]
    .join(' ')
    .trimEnd();
}

/**
 * The state node ids of a state value (`{"paying":"card"}` in `checkout` → `checkout.paying`,
 * `checkout.paying.card`); a value that is not JSON reads as one state's key.
 */
export function stateIdsOf(flow: string, stateValue: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(stateValue);
  } catch {
    value = stateValue;
  }
  const ids: string[] = [];
  const walk = (v: unknown, prefix: string) => {
    if (typeof v === 'string') ids.push(`${prefix}.${v}`);
    else if (v && typeof v === 'object')
      for (const [key, child] of Object.entries(v)) {
        ids.push(`${prefix}.${key}`);
        walk(child, `${prefix}.${key}`);
      }
  };
  walk(value, flow);
  return ids;
}

/** A state value as a tester reads it: `paying.card`, or `a.x + b.y` for parallel regions. */
export function readableStateValue(stateValue: string): string {
  let value: unknown;
  try {
    value = JSON.parse(stateValue);
  } catch {
    return stateValue;
  }
  const read = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, c]) => read(c).map((s) => (s ? `${k}.${s}` : k))) : [''];
  return read(value).join(' + ');
}
