/**
 * What `npm run flows -- --diff <ref>` compares (docs/decisions/073): every flow of the tree this
 * file sits in, as JSON on stdout: its states, its transitions by the harness's id, their guards,
 * targets and refusal codes, and its scenarios (the graph model's path titles). scripts/flow-diff.ts
 * copies it into a checkout of the other commit and runs it there with tsx, so that commit's
 * machines are loaded by that commit's own imports; everything of the tree is imported
 * dynamically and may be missing at an old commit: what cannot be read is noted, the rest is
 * still summarised.
 * `--out <file>` writes the JSON there instead; `--flow <id>` keeps one flow; `--svg-dir <dir>` draws each kept flow there with the tree's own
 * drawing (scripts/flow-drawing.ts `drawMachine`) as `<id>.svg`.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext, TransitionDefinition } from 'xstate';
import type { FlowSummary, TransitionSummary, TreeSummary } from './flow-diff-compare';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;
type Labeller = { guardLabel: (g: unknown) => string | undefined; routedCodes: (t: AnyTransition) => number[] };

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

/** A module of the tree, or undefined when this commit has none (or it fails to load). */
async function optional<T>(file: string, notes: string[]): Promise<T | undefined> {
  if (!existsSync(path.join(root, file))) {
    notes.push(`no ${file}`);
    return undefined;
  }
  try {
    return (await import(pathToFileURL(path.join(root, file)).href)) as T;
  } catch (error) {
    notes.push(`${file} could not be loaded (${(error as Error).message.split('\n')[0]!.replaceAll(`${root}/`, '')})`);
    return undefined;
  }
}

/** The harness's transition id (tests/model/harness.ts `transitionId`), written here for a tree without scripts/flow-dot.ts. */
function transitionId(t: AnyTransition): string {
  const source = t.source;
  if (t.eventType === '') return `${source.id} always#${source.always?.indexOf(t) ?? 0}`;
  return `${source.id} ${t.eventType}#${(source.transitions.get(t.eventType) ?? []).indexOf(t)}`;
}

const isMachine = (value: unknown): value is AnyStateMachine => {
  const m = value as Partial<AnyStateMachine> | null;
  return !!m && typeof m === 'object' && 'root' in m && 'transition' in m && typeof m.id === 'string';
};

/**
 * Every machine exported by machines/<flow>/<flow>.machine.ts, as scripts/flow-drawing.ts
 * `listMachines` finds them; written here because a commit may have no such helper, and a
 * machine that fails to load is noted, not fatal.
 */
async function machinesOf(notes: string[]): Promise<AnyStateMachine[]> {
  const files = readdirSync(path.join(root, 'machines'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `machines/${d.name}/${d.name}.machine.ts`)
    .filter((file) => existsSync(path.join(root, file)));
  const modules = await Promise.all(files.map((file) => optional<Record<string, unknown>>(file, notes)));
  return modules.flatMap((m) => Object.values(m ?? {}).filter(isMachine)).sort((a, b) => a.id.localeCompare(b.id));
}

function summarise(machine: AnyStateMachine, label: Labeller): FlowSummary {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  const transitions: TransitionSummary[] = [];
  for (const node of nodes)
    for (const t of [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransition[]) {
      const guard = label.guardLabel(t.guard);
      const description = (t as { description?: string }).description;
      transitions.push({
        id: transitionId(t),
        source: node.id,
        event: t.eventType === '' ? 'always' : t.eventType,
        ...(guard ? { guard } : {}),
        targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
        codes: [...label.routedCodes(t)].sort((a, b) => a - b),
        ...(description ? { description } : {}),
      });
    }
  return {
    id: machine.id,
    states: nodes.map((n) => ({ id: n.id, ...(n.description ? { description: n.description } : {}) })),
    transitions,
  };
}

type GraphModule = { graphModelOf?: (m: AnyStateMachine) => Promise<{ model?: unknown; note?: string }> };
type HarnessModule = {
  flowPaths?: (model: unknown, options: { every: string }) => unknown[];
  pathTitles?: (paths: unknown[]) => string[];
};

/** The scenarios as the atlas names them (every target, from each start), with a fixed clock as the atlas plays them. */
async function scenariosOf(
  machine: AnyStateMachine,
  graph: GraphModule | undefined,
  harness: HarnessModule | undefined,
): Promise<Pick<FlowSummary, 'scenarios' | 'scenariosNote'>> {
  if (!graph?.graphModelOf || !harness?.flowPaths || !harness.pathTitles) return { scenariosNote: 'this commit has no graph models for the atlas' };
  const now = Date.now;
  Date.now = () => Date.UTC(2026, 0, 1, 12);
  try {
    const lookup = await graph.graphModelOf(machine);
    if (!lookup.model) return { scenariosNote: lookup.note ?? 'no graph model' };
    return { scenarios: harness.pathTitles(harness.flowPaths(lookup.model, { every: 'target' })) };
  } catch (error) {
    return { scenariosNote: `the graph model failed: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    Date.now = now;
  }
}

const notes: string[] = [];
const only = arg('--flow');
const svgDir = arg('--svg-dir');
const dot = await optional<Partial<Labeller>>('scripts/flow-dot.ts', notes);
const label: Labeller = {
  guardLabel: dot?.guardLabel ?? ((g) => (typeof g === 'string' ? g : g ? ((g as { type?: string }).type ?? 'condition') : undefined)),
  routedCodes: dot?.routedCodes ?? (() => []),
};
const machines = (await machinesOf(notes)).filter((m) => !only || m.id === only);
const graph = await optional<GraphModule>('scripts/flow-atlas-data.ts', notes);
const harness = await optional<HarnessModule>('tests/model/harness.ts', notes);
type Drawing = { drawMachine?: (m: AnyStateMachine, coverage: object | undefined, options: { flows: string[] }) => Promise<string> };
const drawing = svgDir ? await optional<Drawing>('scripts/flow-drawing.ts', notes) : undefined;
const summary: TreeSummary = { flows: [], notes, drawn: false };
if (svgDir) mkdirSync(svgDir, { recursive: true });
for (const machine of machines) {
  const flow: FlowSummary = { ...summarise(machine, label), ...(await scenariosOf(machine, graph, harness)) };
  if (svgDir && drawing?.drawMachine) {
    try {
      const options = { flows: machines.map((m) => m.id) };
      // Older drawings took the whole report, machines by id: an empty one draws nothing covered.
      const draw = drawing.drawMachine;
      const svg = await draw(machine, undefined, options).catch(() => draw(machine, {}, options));
      writeFileSync(path.join(svgDir, `${machine.id}.svg`), svg);
      summary.drawn = true;
    } catch (error) {
      notes.push(`${machine.id} could not be drawn (${(error as Error).message.split('\n')[0]})`);
    }
  }
  summary.flows.push(flow);
}
// A file, not stdout: a module of the tree may print while it loads.
const out = arg('--out');
if (out) writeFileSync(out, JSON.stringify(summary));
else process.stdout.write(`${JSON.stringify(summary)}\n`);
