/**
 * The flow atlas (docs/decisions/012): every machine in machines/ drawn as a statechart, offline, from its own
 * definition (states, nested states, transitions with their events and guards), each state and
 * transition coloured by the last coverage report of the model walks (docs/flows/coverage.json):
 * covered by both walks, by one, or by none. Graphviz (compiled to WebAssembly, @viz-js/viz)
 * lays it out; no web service is involved.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext, TransitionDefinition } from 'xstate';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

export const root = path.resolve(import.meta.dirname, '..');
export const FLOWS_DIR = path.join(root, 'docs/flows');

/** Every machine exported by machines/<flow>/<flow>.machine.ts, by its id. */
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
    for (const value of Object.values(module)) {
      const m = value as Partial<AnyStateMachine> | null;
      if (m && typeof m === 'object' && 'root' in m && 'transition' in m && typeof m.id === 'string') machines.push(m as AnyStateMachine);
    }
  }
  return machines;
}

/** A fingerprint of a machine's structure: its drawing is stale when this changes. */
export function machineHash(machine: AnyStateMachine): string {
  const shape = (node: AnyStateNode): unknown => ({
    id: node.id,
    type: node.type,
    initial: node.initial?.target?.map((t: AnyStateNode) => t.id),
    on: [...node.transitions.entries()].map(([event, ts]) => [event, ts.map(edgeShape)]),
    always: (node.always ?? []).map(edgeShape),
    invoke: node.invoke.map((i: { id: string; src: unknown }) => [i.id, typeof i.src === 'string' ? i.src : '']),
    tags: [...node.tags],
    states: Object.values(node.states).map(shape),
  });
  return createHash('sha256')
    .update(JSON.stringify(shape(machine.root)))
    .digest('hex')
    .slice(0, 16);
}

function edgeShape(t: AnyTransition) {
  return [t.target?.map((n: AnyStateNode) => n.id) ?? null, guardName(t) ?? null, t.reenter ?? false];
}

function guardName(t: AnyTransition): string | undefined {
  const g = t.guard as unknown;
  if (typeof g === 'string') return g;
  if (g && typeof g === 'object' && 'type' in g) return String((g as { type: unknown }).type);
  return g ? 'guard' : undefined;
}

/** The harness's transition id (tests/model/harness.ts): source, event (or `always`) and place. */
function transitionId(t: AnyTransition): string {
  const source = t.source;
  if (t.eventType === '') return `${source.id} always#${source.always?.indexOf(t) ?? 0}`;
  return `${source.id} ${t.eventType}#${(source.transitions.get(t.eventType) ?? []).indexOf(t)}`;
}

/** How an event reads on an edge: `done: submit`, `after pollInterval`, `CODE_APPLIED`. */
function eventLabel(type: string): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1]}: ${done[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type === '' ? 'always' : type;
}

export interface WalkCoverage {
  states: string[];
  transitions: string[];
}
export type Coverage = Record<string, { server?: WalkCoverage; screens?: WalkCoverage }>;

const palette = {
  both: { fill: '#d9f2df', line: '#1e7b3c' },
  one: { fill: '#fff0c7', line: '#a46400' },
  none: { fill: '#fde4e2', line: '#b42318' },
};
// Labels use DOT's own `\n` line breaks; names and events hold no other backslash.
const q = (s: string) => `"${s.replace(/"/g, '\\"')}"`;

/** The machine as Graphviz DOT: nested states as clusters, each coloured by its coverage. */
export function toDot(machine: AnyStateMachine, coverage: Coverage): string {
  const cov = coverage[machine.id] ?? {};
  const level = (kind: 'states' | 'transitions', id: string) => {
    const n = (cov.server?.[kind].includes(id) ? 1 : 0) + (cov.screens?.[kind].includes(id) ? 1 : 0);
    return palette[n === 2 ? 'both' : n === 1 ? 'one' : 'none'];
  };
  const lines: string[] = [
    `digraph ${q(machine.id)} {`,
    '  compound=true; rankdir=LR; newrank=true; nodesep=0.35; ranksep=0.5;',
    `  label=${q(`${machine.id}: green = covered by the server and the screens walks, amber = by one, red = by none`)}; labelloc=t; fontname="Helvetica"; fontsize=12;`,
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.7];',
  ];
  /** The atomic state an edge to or from a compound state attaches to (its initial leaf). */
  const anchor = (node: AnyStateNode): AnyStateNode => {
    if (Object.keys(node.states).length === 0) return node;
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    return anchor(initial ?? (Object.values(node.states)[0] as AnyStateNode));
  };
  const cluster = (node: AnyStateNode) => q(`cluster_${node.id}`);
  const compound = (node: AnyStateNode) => Object.keys(node.states).length > 0;

  const draw = (node: AnyStateNode, indent: string) => {
    const colour = level('states', node.id);
    const label =
      node.key +
      (node.tags.length ? `\\n[${[...node.tags].join(', ')}]` : '') +
      (node.invoke.length ? `\\ninvokes ${node.invoke.map((i: { id: string }) => i.id).join(', ')}` : '');
    if (compound(node)) {
      lines.push(
        `${indent}subgraph ${cluster(node)} {`,
        `${indent}  label=${q(label)}; style="rounded,filled"; fillcolor=${q(colour.fill)}; color=${q(colour.line)};`,
      );
      for (const child of Object.values(node.states) as AnyStateNode[]) draw(child, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      lines.push(
        `${indent}${q(node.id)} [label=${q(label)}, fillcolor=${q(colour.fill)}, color=${q(colour.line)}${node.type === 'final' ? ', peripheries=2' : ''}];`,
      );
    }
  };
  for (const child of Object.values(machine.root.states) as AnyStateNode[]) draw(child, '  ');

  const start = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (start) {
    lines.push('  "__start" [shape=circle, width=0.18, label="", style=filled, fillcolor="#16131f"];');
    lines.push(`  "__start" -> ${q(anchor(start).id)}${compound(start) ? ` [lhead=${cluster(start)}]` : ''};`);
  }

  const nodes = [machine.root, ...collect(machine.root)];
  for (const node of nodes) {
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransition[];
    for (const t of all) {
      const colour = level('transitions', transitionId(t));
      const guard = guardName(t);
      const label = eventLabel(t.eventType) + (guard ? ` [${guard}]` : '');
      const targets = (t.target ?? [node]) as AnyStateNode[];
      for (const target of targets) {
        // Transitions declared on the machine itself (any state) start from its initial state.
        const from = anchor(node === machine.root ? (start ?? node) : node);
        const to = anchor(target);
        const attrs = [`label=${q(label)}`, `color=${q(colour.line)}`, `fontcolor=${q(colour.line)}`];
        if (compound(node) && node !== machine.root) attrs.push(`ltail=${cluster(node)}`);
        if (compound(target) && target !== node) attrs.push(`lhead=${cluster(target)}`);
        if (!t.target) attrs.push('style=dashed');
        lines.push(`  ${q(from.id)} -> ${q(to.id)} [${attrs.join(', ')}];`);
      }
    }
  }
  lines.push('}');
  return lines.join('\n');
}

function collect(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...collect(child)]);
}

/** The machine drawn as SVG, with its structure's fingerprint in the first line. */
export async function drawMachine(machine: AnyStateMachine, coverage: Coverage): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  const svg = viz.renderString(toDot(machine, coverage), { format: 'svg', engine: 'dot' });
  const stamp = `<!-- machine-hash: ${machineHash(machine)} (npm run flows redraws it when the machine changes) -->`;
  // XML allows nothing before its declaration: the stamp goes right after it.
  return svg.replace(/^(<\?xml[^>]*\?>\n?)?/, (decl) => `${decl}${stamp}\n`);
}

export const drawingHash = (svg: string) => /<!-- machine-hash: ([0-9a-f]+)/.exec(svg)?.[1];
