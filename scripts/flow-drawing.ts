/**
 * The flow atlas (docs/decisions/012): every machine in machines/ drawn as a statechart, offline, from its own
 * definition (states, nested states, transitions with their events and guards), each state and
 * transition coloured by the last complete run of the model walks (docs/flows/coverage.json, passed
 * paths only): covered by both walks, by one, or by none. Each drawing is stamped with the
 * machine's structure and the coverage outcome it shows (tests/flows.test.ts holds both to now).
 * Graphviz (compiled to WebAssembly, @viz-js/viz) lays it out; no web service is involved.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext, TransitionDefinition } from 'xstate';
import type { FlowWords } from '../machines/flow-words';
import { guardLabel, routedCodes, toDot, type DotOptions, type MachineCoverage } from './flow-dot';
import { registerWords } from './flow-words-text';

export { toDot, type MachineCoverage } from './flow-dot';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

export const root = path.resolve(import.meta.dirname, '..');
export const FLOWS_DIR = path.join(root, 'docs/flows');

/** Every machine exported by machines/<flow>/<flow>.machine.ts, by its id; its words (machines/<flow>/<flow>.words.ts) registered for the drawings. */
export async function listMachines(): Promise<AnyStateMachine[]> {
  const dir = path.join(root, 'machines');
  const machines: AnyStateMachine[] = [];
  for (const flow of readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const file = path.join(dir, flow, `${flow}.machine.ts`);
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') continue;
      throw error;
    }
    const wordsFile = path.join(dir, flow, `${flow}.words.ts`);
    const words = existsSync(wordsFile) ? ((await import(pathToFileURL(wordsFile).href)) as { words?: FlowWords }).words : undefined;
    for (const value of Object.values(module)) {
      const m = value as Partial<AnyStateMachine> | null;
      if (m && typeof m === 'object' && 'root' in m && 'transition' in m && typeof m.id === 'string') {
        machines.push(m as AnyStateMachine);
        if (words) registerWords(m.id, words);
      }
    }
  }
  return machines;
}

/**
 * A fingerprint of a machine: its structure (states, transitions, their guards and actions, entry
 * and exit actions, invocations, tags, descriptions) and the text of the files its behaviour is
 * written in (`machineSourceFiles`: the guards' and actions' code). A drawing, and the coverage a
 * run measured, belong to one fingerprint: once it changes, the chart is grey until a run walks
 * the machine as it is (docs/decisions/070).
 */
export function machineHash(machine: AnyStateMachine): string {
  const shape = (node: AnyStateNode): unknown => ({
    id: node.id,
    type: node.type,
    initial: node.initial?.target?.map((t: AnyStateNode) => t.id),
    on: [...node.transitions.entries()].map(([event, ts]) => [event, ts.map(edgeShape)]),
    always: (node.always ?? []).map(edgeShape),
    entry: (node.entry ?? []).map(actionShape),
    exit: (node.exit ?? []).map(actionShape),
    invoke: node.invoke.map((i: { id: string; src: unknown }) => [i.id, typeof i.src === 'string' ? i.src : '']),
    tags: [...node.tags],
    description: node.description ?? null,
    states: Object.values(node.states).map(shape),
  });
  return createHash('sha256')
    .update(JSON.stringify(shape(machine.root)))
    .update(sourcesDigest(machine.id))
    .digest('hex')
    .slice(0, 16);
}

function edgeShape(t: AnyTransition) {
  return [
    t.target?.map((n: AnyStateNode) => n.id) ?? null,
    guardLabel(t.guard) ?? null,
    guardParams(t.guard),
    routedCodes(t),
    (t.actions ?? []).map(actionShape),
    t.reenter ?? false,
    (t as { description?: string }).description ?? null,
  ];
}

/** An action as the machine names it: its type (a string, `{ type, params }`) or a built-in's (assign, raise…). */
function actionShape(action: unknown): unknown {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return `${(action as { type?: string }).type ?? 'inline'}:${action.name}`;
  if (action && typeof action === 'object') {
    const { type, params } = action as { type?: unknown; params?: unknown };
    return [type ?? null, typeof params === 'function' ? 'params()' : JSON.stringify(params ?? null)];
  }
  return null;
}

/** A guard's parameters, nested guards' too (a guard of `not(…)`, `and(…)`). */
function guardParams(guard: unknown): unknown {
  if (!guard || (typeof guard !== 'object' && typeof guard !== 'function')) return null;
  const g = guard as { params?: unknown; guards?: unknown[] };
  return [typeof g.params === 'function' ? 'params()' : JSON.stringify(g.params ?? null), (g.guards ?? []).map(guardParams)];
}

const sourceFiles = new Map<string, string[]>();

/**
 * The files a machine's behaviour is written in: its folder under machines/ (the one whose
 * `<folder>.machine.ts` declares its id), tests aside, and the helpers every machine shares
 * (machines/*.ts). None for a machine of no folder (a test's own).
 */
export function machineSourceFiles(id: string): string[] {
  const known = sourceFiles.get(id);
  if (known) return known;
  const dir = path.join(root, 'machines');
  // Words are not behaviour (machines/flow-words.ts), nor acceptance criteria and the helper that
  // attaches them as meta (docs/decisions/074): rewording either keeps the coverage.
  const code = (file: string) =>
    file.endsWith('.ts') && !/\.(test|words|criteria)\.tsx?$/.test(file) && !['flow-words.ts', 'acceptance.ts'].includes(path.basename(file));
  const folder = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .find((name) => {
      const file = path.join(dir, name, `${name}.machine.ts`);
      return existsSync(file) && new RegExp(`\\bid: '${id}'`).test(readFileSync(file, 'utf8'));
    });
  const files = folder
    ? [
        ...readdirSync(path.join(dir, folder))
          .filter(code)
          .map((f) => path.join(dir, folder, f)),
        ...readdirSync(dir)
          .filter(code)
          .map((f) => path.join(dir, f)),
      ].sort()
    : [];
  sourceFiles.set(id, files);
  return files;
}

function sourcesDigest(id: string): string {
  const hash = createHash('sha256');
  for (const file of machineSourceFiles(id)) hash.update(`${path.relative(root, file)}\n${readFileSync(file, 'utf8')}\n`);
  return hash.digest('hex');
}

const WALKS = ['server', 'screens'] as const;

/**
 * A fingerprint of a machine's coverage outcome (each walk's covered and missing targets; not
 * times, paths or commit): its drawing is stale when this changes.
 */
export function coverageHash(entry: MachineCoverage | undefined): string {
  if (!entry) return 'none';
  const outcome = WALKS.map((w) => {
    const walk = entry[w];
    return walk ? { covered: walk.covered, missing: walk.missing } : null;
  });
  return createHash('sha256').update(JSON.stringify(outcome)).digest('hex').slice(0, 16);
}

/**
 * A machine's entry of a coverage report, when the run walked the machine as it is now (same
 * `machineHash`); `stale` when it walked another version: nothing may be coloured by it.
 */
export function currentCoverage<E extends { hash: string }>(machine: AnyStateMachine, entry: E | undefined): { entry: E | undefined; stale: boolean } {
  if (!entry) return { entry: undefined, stale: false };
  return entry.hash === machineHash(machine) ? { entry, stale: false } : { entry: undefined, stale: true };
}

/**
 * The machine drawn as SVG, stamped with its structure's fingerprint and its coverage outcome's
 * (tests/flows.test.ts compares both with the machine and docs/flows/coverage.json).
 */
export async function drawMachine(machine: AnyStateMachine, coverage: MachineCoverage | undefined, options: DotOptions = {}): Promise<string> {
  return renderStamped(toDot(machine, coverage, options), [
    `<!-- machine-hash: ${machineHash(machine)} (npm run flows redraws it when the machine changes) -->`,
    `<!-- coverage-hash: ${coverageHash(coverage)} (npm test redraws it when the walks' coverage changes) -->`,
  ]);
}

/**
 * DOT laid out as SVG by Graphviz (WebAssembly, offline), with the comments that stamp what it was
 * drawn from: every drawing of the atlas is made here.
 */
export async function renderStamped(dot: string, stamp: readonly string[]): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  const svg = viz.renderString(dot, { format: 'svg', engine: 'dot' });
  // XML allows nothing before its declaration: the stamp goes right after it.
  return svg.replace(/^(<\?xml[^>]*\?>\n?)?/, (decl) => `${decl}${stamp.join('\n')}\n`);
}

export const drawingHash = (svg: string) => /<!-- machine-hash: ([0-9a-f]+)/.exec(svg)?.[1];
export const drawingCoverageHash = (svg: string) => /<!-- coverage-hash: ([0-9a-f]+|none)/.exec(svg)?.[1];
