// The coverage report of the model-based walks: per machine, the states and transitions of its
// graph, and those the real walks covered in (a) against the real server and (b) through the
// screens. Each suite writes its part, then merges every part into docs/flows/coverage.json; as
// each merge follows its own part, the last merge of a run holds every part.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { graphStates, graphTransitions, type CoverageRecorder } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const COVERAGE_FILE = path.join(root, 'docs/flows/coverage.json');
const PARTS_DIR = path.join(root, '.tmp/flow-coverage');

export type Walk = 'server' | 'screens';

export interface WalkCoverage {
  states: string[];
  transitions: string[];
  missingStates: string[];
  missingTransitions: string[];
}

export interface MachineCoverage {
  states: number;
  transitions: number;
  server?: WalkCoverage;
  screens?: WalkCoverage;
}

export type CoverageReport = Record<string, MachineCoverage>;

interface Part {
  machine: string;
  walk: Walk;
  graph: { states: string[]; transitions: string[] };
  covered: { states: string[]; transitions: string[] };
}

function writeAtomic(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** One walk's coverage of one machine, measured by its recorder. */
export function walkCoverage(machine: AnyStateMachine, recorder: CoverageRecorder): WalkCoverage {
  const states = graphStates(machine);
  const transitions = graphTransitions(machine);
  return {
    states: states.filter((s) => recorder.states.has(s)),
    transitions: transitions.filter((t) => recorder.transitions.has(t)),
    missingStates: states.filter((s) => !recorder.states.has(s)),
    missingTransitions: transitions.filter((t) => !recorder.transitions.has(t)),
  };
}

/** Saves one walk's part and rewrites docs/flows/coverage.json from every part. */
export function saveCoverage(name: string, walk: Walk, machine: AnyStateMachine, recorder: CoverageRecorder): CoverageReport {
  const part: Part = {
    machine: name,
    walk,
    graph: { states: graphStates(machine), transitions: graphTransitions(machine) },
    covered: { states: [...recorder.states].sort(), transitions: [...recorder.transitions].sort() },
  };
  writeAtomic(path.join(PARTS_DIR, `${name}.${walk}.json`), JSON.stringify(part));
  const report = mergeParts();
  writeAtomic(COVERAGE_FILE, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

function mergeParts(): CoverageReport {
  const report: CoverageReport = {};
  const files = readdirSync(PARTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files) {
    const part = JSON.parse(readFileSync(path.join(PARTS_DIR, file), 'utf8')) as Part;
    const entry = (report[part.machine] ??= { states: part.graph.states.length, transitions: part.graph.transitions.length });
    const covered = { states: new Set(part.covered.states), transitions: new Set(part.covered.transitions) };
    entry[part.walk] = {
      states: part.graph.states.filter((s) => covered.states.has(s)),
      transitions: part.graph.transitions.filter((t) => covered.transitions.has(t)),
      missingStates: part.graph.states.filter((s) => !covered.states.has(s)),
      missingTransitions: part.graph.transitions.filter((t) => !covered.transitions.has(t)),
    };
  }
  return report;
}

const pct = (n: number, of: number) => (of === 0 ? '100%' : `${Math.floor((n / of) * 1000) / 10}%`);

/** The table printed at the end of `npm test`. */
export function formatCoverage(report: CoverageReport): string {
  const rows = [['machine', 'states', 'transitions', '(a) server states', '(a) server transitions', '(b) screens states', '(b) screens transitions']];
  for (const [name, m] of Object.entries(report).sort(([a], [b]) => a.localeCompare(b))) {
    const cell = (w: WalkCoverage | undefined, k: 'states' | 'transitions') => (w ? `${w[k].length}/${m[k]} ${pct(w[k].length, m[k])}` : 'not run');
    rows.push([
      name,
      String(m.states),
      String(m.transitions),
      cell(m.server, 'states'),
      cell(m.server, 'transitions'),
      cell(m.screens, 'states'),
      cell(m.screens, 'transitions'),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The walks under 100% of their machine's states or transitions, as readable lines. */
export function underFullCoverage(report: CoverageReport): string[] {
  const lines: string[] = [];
  for (const [name, m] of Object.entries(report)) {
    for (const walk of ['server', 'screens'] as const) {
      const w = m[walk];
      if (w && (w.missingStates.length > 0 || w.missingTransitions.length > 0)) {
        lines.push(`${name} (${walk}): ${w.missingStates.length} states and ${w.missingTransitions.length} transitions uncovered`);
      }
    }
  }
  return lines;
}
