// What the model walks cover, and where it goes. Four kinds of targets per machine: its states,
// its transitions, each refusal code a call expects on the branch that routes it
// (`<transition> @<code>`, tests/helpers/flow-configs.ts), and each transition of a parent state
// once per atomic state that can take it (`<transition> from <state>`). Each suite writes its
// part, passed paths only, to .tmp/flow-coverage/<run>/<flow>.<walk>.json; `npm test` merges a
// run's parts into docs/flows/coverage.json (tests/model/coverage-report.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { loadFlows, refusalRouting, stateNodes, transitionsOf, type Flow } from '../helpers/flow-configs';
import { anyStateTarget, graphStates, graphTransitions, refusalTarget, transitionId } from './harness';

export const root = path.resolve(import.meta.dirname, '../..');

export type ModelWalk = 'server' | 'screens';
export type Walk = ModelWalk | 'browser';
/**
 * The walks `npm test` runs and docs/flows/coverage.json holds; the browser walk (tests/browser)
 * runs in `npm run test:flows` and CI, and keeps its own report (tests/model/browser-report.ts).
 */
export const WALKS: readonly ModelWalk[] = ['server', 'screens'];
export const TARGET_KINDS = ['states', 'transitions', 'refusals', 'anyState'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export type TargetLists = Record<TargetKind, string[]>;

/** A target a walk cannot arrange yet, or that no server answer produces yet: it must stay uncovered. */
export interface KnownGap {
  target: string;
  reason: string;
  /**
   * A race the walks do not arrange but the app can meet (a late answer of a second call in
   * flight): a passed path that takes it by chance covers it in that run, and the gate fails
   * neither way. Without this, a known gap that becomes covered fails the gate (the list shrinks).
   */
  incidental?: boolean;
}

export interface PathEvidence {
  /** The page's console messages and errors, latest last (at most 50). */
  console: string[];
  /** The page's calls to the API: `POST /api/… → 200 errCode 301`, latest last (at most 50). */
  network: string[];
  /** The screen the path stopped on (a JPEG under .tmp/flow-shots). */
  screenshot?: string;
}

export interface PathRecord {
  title: string;
  start: string;
  /** The path's events, as its title reads them. */
  steps: string[];
  status: 'passed' | 'failed';
  durationMs: number;
  /** The first line of the error, when it failed. */
  error?: string;
  /** The root actor's last state value (JSON). */
  stoppedAt?: string;
  /** What a failed path really did: the events its actors took, and the root's states, in order. */
  seen?: { events: string[]; states: string[] };
  /** A failed browser path's page: its console, its calls to the server with their answers, the screen it stopped on. */
  evidence?: PathEvidence;
  /** The targets it covered (known gaps left out); they count only if it passed. */
  covered: TargetLists;
}

/** One suite's part (`.tmp/flow-coverage/<run>/<flow>.<walk>.json`). */
export interface CoveragePart {
  flow: string;
  walk: Walk;
  machineHash: string;
  /** Every path of the suite ran (no `-t` filter, no bail). */
  complete: boolean;
  targets: TargetLists;
  /** By passed paths only; known gaps never. */
  covered: TargetLists;
  knownGaps: KnownGap[];
  paths: PathRecord[];
  /**
   * Why the coverage gate failed the suite (tests/model/gate.ts), none when it held; absent when it
   * did not judge (an incomplete run is not gated) and from parts written before it was recorded.
   */
  gate?: string[];
}

/** Where coverage goes; tests hand in temporary ones. */
export interface CoverageFiles {
  /** Parts, by run: `<parts>/<run>/<flow>.<walk>.json`. */
  parts: string;
  /** The committed report, written only by a complete `npm test`. */
  committed: string;
  /** Any other run's merged report. */
  partial: string;
}

export const defaultFiles: CoverageFiles = {
  parts: path.join(root, '.tmp/flow-coverage'),
  committed: path.join(root, 'docs/flows/coverage.json'),
  partial: path.join(root, 'reports/flows/coverage.partial.json'),
};

/** The run a part belongs to: `FLOW_RUN_ID` (set by `npm test`), else `adhoc`. */
export const currentRunId = (env: NodeJS.ProcessEnv = process.env) => env.FLOW_RUN_ID?.trim().replace(/[^\w.-]/g, '_') || 'adhoc';

export const partFile = (files: CoverageFiles, runId: string, flow: string, walk: Walk) => path.join(files.parts, runId, `${flow}.${walk}.json`);

export const emptyTargets = (): TargetLists => ({ states: [], transitions: [], refusals: [], anyState: [] });

export function writeAtomic(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Where a flow's refusals go (tests/helpers/flow-configs.ts `refusalRouting`). */
export interface Routing {
  routes: ReadonlyArray<{ invoke: string; code: number; transition: string }>;
  problems: readonly string[];
}

let flows: Promise<Flow[]> | undefined;

/**
 * The refusal routing of the flow whose machine has `machine`'s id; none for a machine of no flow.
 * Flows that cannot be read make a problem of it: a complete run cannot be held to refusals it cannot name.
 */
export async function routingOf(machine: AnyStateMachine): Promise<Routing> {
  try {
    const flow = (await (flows ??= loadFlows())).find((f) => f.machine.id === machine.id);
    return flow ? refusalRouting(flow) : { routes: [], problems: [] };
  } catch (error) {
    return { routes: [], problems: [`the flows' refusals could not be read: ${(error as Error).message.split('\n')[0]}`] };
  }
}

/** Every target of a machine; a routing problem is a target no path can cover, named by its text. */
export function machineTargets(machine: AnyStateMachine, routing: Routing = { routes: [], problems: [] }): TargetLists {
  return {
    states: graphStates(machine),
    transitions: graphTransitions(machine),
    refusals: [...routing.routes.map((r) => refusalTarget(r.transition, r.code)), ...routing.problems],
    anyState: anyStateTargets(machine),
  };
}

/**
 * Each transition a parent state (the root, a compound or a parallel state) defines, once per
 * atomic, non-final state under it that can take it: one that an eventless transition does not
 * leave at once, and where no state between it and the parent (itself included) defines a
 * transition for the same event. A compound's own `onDone` is left out: only its final state
 * takes it.
 */
export function anyStateTargets(machine: AnyStateMachine): string[] {
  const targets: string[] = [];
  for (const parent of stateNodes(machine)) {
    if (parent.type !== 'compound' && parent.type !== 'parallel') continue;
    for (const t of transitionsOf(parent)) {
      if (t.eventType.startsWith('xstate.done.state.')) continue;
      for (const atomic of statesTaking(parent, t.eventType)) targets.push(anyStateTarget(transitionId(t), atomic.id));
    }
  }
  return targets;
}

/** The atomic states under `parent` that can take its transition for `eventType` (the rule above; the charts draw it too). */
export function statesTaking(parent: AnyStateNode, eventType: string): AnyStateNode[] {
  const below = (node: AnyStateNode): AnyStateNode[] => (Object.values(node.states) as AnyStateNode[]).flatMap((c) => [c, ...below(c)]);
  return below(parent).filter((atomic) => atomic.type === 'atomic' && !leavesAtOnce(atomic) && !shadowed(atomic, parent, eventType));
}

/** A transient state: an unguarded eventless transition leaves it before any event. */
const leavesAtOnce = (node: AnyStateNode) => (node.always ?? []).some((t) => !t.guard);

function shadowed(atomic: AnyStateNode, parent: AnyStateNode, eventType: string): boolean {
  for (let n: AnyStateNode | undefined = atomic; n && n !== parent; n = n.parent) {
    if (eventType === '' ? (n.always ?? []).length > 0 : n.transitions.has(eventType) || n.transitions.has('*')) return true;
  }
  return false;
}

/** What one path did, as its recorder saw it (every id, targets or not). */
export interface PathOutcome extends Omit<PathRecord, 'covered'> {
  reached: TargetLists;
}

export interface SuiteRun {
  flow: string;
  walk: Walk;
  machineHash: string;
  targets: TargetLists;
  /** The suite's known gaps and awaited targets together. */
  knownGaps: readonly KnownGap[];
  /** How many paths the suite has. */
  pathCount: number;
  outcomes: readonly PathOutcome[];
}

const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

/**
 * The suite's part: the targets covered by passed paths, known gaps left out; and, apart, the
 * known gaps some passed path covered, with the paths (the gate fails on them).
 */
export function buildPart(run: SuiteRun): { part: CoveragePart; gapsCovered: Map<string, string[]> } {
  const gaps = new Set(run.knownGaps.filter((g) => !g.incidental).map((g) => g.target));
  const gapsCovered = new Map<string, string[]>();
  const covered = emptyTargets();
  const paths = run.outcomes.map(({ reached, ...rest }): PathRecord => {
    const mine = emptyTargets();
    for (const kind of TARGET_KINDS) {
      const hit = new Set(reached[kind]);
      for (const target of run.targets[kind].filter((t) => hit.has(t))) {
        if (!gaps.has(target)) mine[kind].push(target);
        else if (rest.status === 'passed') gapsCovered.set(target, [...(gapsCovered.get(target) ?? []), rest.title]);
      }
      mine[kind] = sorted(mine[kind]);
      if (rest.status === 'passed') covered[kind].push(...mine[kind]);
    }
    return { ...rest, covered: mine };
  });
  for (const kind of TARGET_KINDS) covered[kind] = sorted(covered[kind]);
  const part: CoveragePart = {
    flow: run.flow,
    walk: run.walk,
    machineHash: run.machineHash,
    complete: run.outcomes.length >= run.pathCount,
    targets: Object.fromEntries(TARGET_KINDS.map((k) => [k, sorted(run.targets[k])])) as TargetLists,
    covered,
    knownGaps: [...run.knownGaps].sort((a, b) => a.target.localeCompare(b.target)),
    paths: [...paths].sort((a, b) => a.title.localeCompare(b.title)),
  };
  return { part, gapsCovered };
}

export function savePart(part: CoveragePart, runId: string, files: CoverageFiles = defaultFiles): string {
  const file = partFile(files, runId, part.flow, part.walk);
  writeAtomic(file, `${JSON.stringify(part, null, 2)}\n`);
  return file;
}
