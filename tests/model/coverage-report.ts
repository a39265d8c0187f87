// The run's coverage, merged from its suites' parts (tests/model/coverage.ts): `npm test` writes
// docs/flows/coverage.json only when every machine's two walks ran every path of the machine as it
// is now; any other run (a filtered one, one file, a suite missing) goes to
// reports/flows/coverage.partial.json and the committed file stays as it was.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  defaultFiles,
  partFile,
  TARGET_KINDS,
  WALKS,
  writeAtomic,
  type CoverageFiles,
  type CoveragePart,
  type KnownGap,
  type TargetKind,
  type TargetLists,
  type ModelWalk,
  type Walk,
} from './coverage';

export interface WalkEntry {
  /** By passed paths; known gaps never. */
  covered: TargetLists;
  /** Every target not covered, known gaps included. */
  missing: TargetLists;
  knownGaps: KnownGap[];
}

export interface MachineEntry {
  /** The machine's structure (scripts/flow-drawing.ts `machineHash`) the walks ran on. */
  hash: string;
  totals: Record<TargetKind, number>;
  server?: WalkEntry;
  screens?: WalkEntry;
  /**
   * Each path's last result, and the targets it took (known gaps left out; a failed path's count
   * for nothing): the atlas (docs/flows/index.html) lists the paths that covered each transition.
   * Reports written before it was recorded have no `covered`.
   */
  paths: Array<{ walk: Walk; title: string; status: 'passed' | 'failed'; durationMs: number; covered?: TargetLists }>;
  /** Read from a report of the former shape: refusals and any-state targets were not measured. */
  former?: true;
}

export interface CoverageReport {
  /** The commit the run tested (`git rev-parse HEAD`), or null. */
  commit: string | null;
  /** The tree had changes besides the files runs write (scripts/run-stamp.ts); absent from reports written before it was recorded. */
  dirty?: boolean | null;
  /** The run that wrote it; absent from reports written before it was recorded. */
  runId?: string;
  /** When the complete run that wrote it ended (ISO 8601); absent from reports written before it was recorded. */
  finishedAt?: string;
  machines: Record<string, MachineEntry>;
}

export interface PartialReport extends CoverageReport {
  runId: string;
  /** Why it is not the committed report. */
  incomplete: string[];
}

const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b))) as Record<string, T>;

/** The parts a run has written so far. */
export function readParts(runId: string, files: CoverageFiles = defaultFiles): CoveragePart[] {
  const dir = path.join(files.parts, runId);
  if (!existsSync(dir)) return [];
  return (
    readdirSync(dir)
      // The model walks' parts only: the browser walk's go to its own report (tests/model/browser-report.ts).
      .filter((f) => WALKS.some((walk) => f.endsWith(`.${walk}.json`)))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CoveragePart)
  );
}

/** The report of some parts: per machine, its totals, each walk's covered and missing targets, its paths. */
export function reportOf(parts: readonly CoveragePart[], commit: string | null): CoverageReport {
  const byMachine = new Map<string, CoveragePart[]>();
  for (const part of parts) byMachine.set(part.flow, [...(byMachine.get(part.flow) ?? []), part]);
  const machines: Record<string, MachineEntry> = {};
  for (const [id, mine] of [...byMachine].sort(([a], [b]) => a.localeCompare(b))) {
    const first = mine[0]!;
    // Keys in a fixed order, lists sorted: a run with the same outcome writes the same text.
    const entry: MachineEntry = {
      hash: first.machineHash,
      totals: Object.fromEntries(TARGET_KINDS.map((k) => [k, first.targets[k].length])) as Record<TargetKind, number>,
      paths: [],
    };
    for (const walk of WALKS) {
      const part = mine.find((p) => p.walk === walk);
      if (part) entry[walk] = walkEntry(part);
    }
    entry.paths = mine
      .flatMap((part) => part.paths.map((p) => ({ walk: part.walk, title: p.title, status: p.status, durationMs: p.durationMs, covered: p.covered })))
      .sort((a, b) => b.walk.localeCompare(a.walk) || a.title.localeCompare(b.title));
    const { paths, ...rest } = entry;
    machines[id] = { ...rest, paths };
  }
  return { commit, machines };
}

function walkEntry(part: CoveragePart): WalkEntry {
  const covered = Object.fromEntries(TARGET_KINDS.map((k) => [k, new Set(part.covered[k])]));
  return {
    covered: part.covered,
    missing: Object.fromEntries(TARGET_KINDS.map((k) => [k, part.targets[k].filter((t) => !covered[k]!.has(t))])) as TargetLists,
    knownGaps: part.knownGaps,
  };
}

/** Merges what a run has so far into the partial report (every suite does, as it ends). */
export function writePartial(runId: string, files: CoverageFiles = defaultFiles, incomplete: string[] = ['not a complete npm test run']): PartialReport {
  const report: PartialReport = { runId, incomplete, ...reportOf(readParts(runId, files), null) };
  writeAtomic(files.partial, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

/**
 * `npm test`'s merge: the committed report when every expected machine has both walks' parts,
 * each complete and run on the machine as it is now (`hash`); else the partial one, saying why.
 */
export function mergeRun(options: {
  runId: string;
  expected: ReadonlyArray<{ id: string; hash: string }>;
  stamp: { commit: string | null; dirty: boolean | null };
  files?: CoverageFiles;
}): {
  committed: boolean;
  file: string;
  report: CoverageReport;
  incomplete: string[];
} {
  const files = options.files ?? defaultFiles;
  const parts = readParts(options.runId, files);
  const incomplete: string[] = [];
  for (const { id, hash } of options.expected) {
    for (const walk of WALKS) {
      const part = parts.find((p) => p.flow === id && p.walk === walk);
      if (!part) incomplete.push(`${id} (${walk}): no part in ${path.relative(process.cwd(), partFile(files, options.runId, id, walk))}`);
      else if (!part.complete) incomplete.push(`${id} (${walk}): not every path ran`);
      else if (part.machineHash !== hash) incomplete.push(`${id} (${walk}): walked machine ${part.machineHash}, the machine is now ${hash}`);
    }
  }
  if (incomplete.length) {
    const report = writePartial(options.runId, files, incomplete);
    return { committed: false, file: files.partial, report, incomplete };
  }
  const merged = reportOf(
    parts.filter((p) => options.expected.some((e) => e.id === p.flow)),
    options.stamp.commit,
  );
  const report: CoverageReport = {
    commit: merged.commit,
    dirty: options.stamp.dirty,
    runId: options.runId,
    finishedAt: new Date().toISOString(),
    machines: merged.machines,
  };
  writeAtomic(files.committed, `${JSON.stringify(report, null, 2)}\n`);
  return { committed: true, file: files.committed, report, incomplete };
}

/**
 * The committed report as it is on disk; a report of the former shape (per machine, each walk's
 * covered and missing states and transitions) reads as one with no refusal or any-state targets.
 */
export function readReport(file: string = defaultFiles.committed): CoverageReport | undefined {
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<CoverageReport> & Record<string, unknown>;
  if (data.machines) return data as CoverageReport;
  type Former = { states: number; transitions: number } & Partial<
    Record<Walk, { states: string[]; transitions: string[]; missingStates: string[]; missingTransitions: string[] }>
  >;
  const machines: Record<string, MachineEntry> = {};
  for (const [id, m] of Object.entries(data as Record<string, Former>)) {
    const walk = (w: Former[Walk]): WalkEntry | undefined =>
      w && {
        covered: { states: [...w.states].sort(), transitions: [...w.transitions].sort(), refusals: [], anyState: [] },
        missing: { states: [...w.missingStates].sort(), transitions: [...w.missingTransitions].sort(), refusals: [], anyState: [] },
        knownGaps: [],
      };
    const server = walk(m.server);
    const screens = walk(m.screens);
    machines[id] = {
      hash: '',
      totals: { states: m.states, transitions: m.transitions, refusals: 0, anyState: 0 },
      ...(server && { server }),
      ...(screens && { screens }),
      paths: [],
      former: true,
    };
  }
  return { commit: null, machines: sortedKeys(machines) };
}

const KIND_LABEL: Record<TargetKind, string> = { states: 'states', transitions: 'transitions', refusals: 'refusals', anyState: 'any-state' };

/** `covered/total` of one kind in one walk: known gaps count in the total, never as covered. */
export const figure = (m: MachineEntry, walk: ModelWalk, kind: TargetKind) => {
  const w = m[walk];
  if (m.former && (kind === 'refusals' || kind === 'anyState')) return '–';
  return w ? `${w.covered[kind].length}/${m.totals[kind]}` : 'not run';
};

/** The table printed at the end of `npm test`: per machine and walk, each kind's covered/total. */
export function formatCoverage(report: CoverageReport): string {
  const kinds = TARGET_KINDS.map((k) => KIND_LABEL[k]).join(' · ');
  const rows = [['machine', `(a) server: ${kinds}`, `(b) screens: ${kinds}`]];
  for (const [name, m] of Object.entries(report.machines)) rows.push([name, ...WALKS.map((w) => TARGET_KINDS.map((k) => figure(m, w, k)).join(' · '))]);
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

/**
 * The walks under 100%, as readable lines naming what is uncovered: known gaps (and awaited
 * targets) are uncovered but allowed, as the suites' gate allows them.
 */
export function underFullCoverage(report: CoverageReport): string[] {
  const lines: string[] = [];
  for (const [name, m] of Object.entries(report.machines)) {
    for (const walk of WALKS) {
      const w = m[walk];
      if (!w) {
        lines.push(`${name} (${walk}): not run`);
        continue;
      }
      const gaps = new Set(w.knownGaps.map((g) => g.target));
      const missing = TARGET_KINDS.flatMap((k) => w.missing[k].filter((t) => !gaps.has(t)));
      if (missing.length) lines.push(`${name} (${walk}): ${missing.length} targets uncovered:\n    ${missing.join('\n    ')}`);
    }
  }
  return lines;
}

/** The targets of a walk that a run has, against those of the committed report. */
export interface TargetChange {
  flow: string;
  walk: ModelWalk;
  added: string[];
  removed: string[];
}

/**
 * The targets each walk of a run has that the committed report had not, and the other way round: a
 * refusal code dropped from a call's list and from the flow's branch, a state removed. A target
 * that vanishes is a change to review, never a silent 100 %. Flows the baseline does not know
 * (new ones) and the browser walk (not in coverage.json) are left out.
 */
export function targetChanges(baseline: CoverageReport | undefined, parts: readonly CoveragePart[]): TargetChange[] {
  const changes: TargetChange[] = [];
  for (const part of parts) {
    if (part.walk === 'browser') continue;
    const before = baseline?.machines[part.flow]?.[part.walk];
    if (!before) continue;
    const was = new Set(TARGET_KINDS.flatMap((k) => [...before.covered[k], ...before.missing[k]]));
    const now = new Set(TARGET_KINDS.flatMap((k) => part.targets[k]));
    const added = [...now].filter((t) => !was.has(t)).sort();
    const removed = [...was].filter((t) => !now.has(t)).sort();
    if (added.length || removed.length) changes.push({ flow: part.flow, walk: part.walk, added, removed });
  }
  return changes.sort((a, b) => `${a.flow} ${a.walk}`.localeCompare(`${b.flow} ${b.walk}`));
}

/** The changes as lines for the console. */
export const targetChangeLines = (changes: readonly TargetChange[]): string[] =>
  changes.flatMap((c) => [...c.removed.map((t) => `${c.flow} (${c.walk}) removed: ${t}`), ...c.added.map((t) => `${c.flow} (${c.walk}) added: ${t}`)]);

/** The known gaps of a report, as readable lines (they stay uncovered until a walk can arrange them). */
export function knownGapLines(report: CoverageReport): string[] {
  return Object.entries(report.machines).flatMap(([name, m]) =>
    WALKS.flatMap((walk) =>
      (m[walk]?.knownGaps ?? []).map((g) => `${name} (${walk}): ${g.target} (${g.reason})${g.incidental ? ' [a race: covered in the runs that met it]' : ''}`),
    ),
  );
}

/** Keeps the parts of the `keep` runs written last (and the ad hoc ones); older runs go. */
export function pruneRuns(keep: number, files: CoverageFiles = defaultFiles): void {
  if (!existsSync(files.parts)) return;
  const runs = readdirSync(files.parts, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'adhoc')
    .map((d) => ({ dir: path.join(files.parts, d.name), at: statSync(path.join(files.parts, d.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { dir } of runs.slice(keep)) rmSync(dir, { recursive: true, force: true });
}
