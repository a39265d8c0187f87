// The gate a walk suite ends with: every target of its machine covered by passed paths, once every
// path ran. `awaiting` names targets no real server answer can produce yet, `knownGaps` targets
// a walk cannot arrange yet: both stay uncovered, and are reported so, until the list comes off
// (a listed target that gets covered fails the gate). A filtered run (`-t`, a bail) writes its
// part and the partial report, and never fails the gate.
import { buildPart, currentRunId, defaultFiles, savePart, TARGET_KINDS, type CoverageFiles, type CoveragePart, type KnownGap, type SuiteRun } from './coverage';
import { writePartial } from './coverage-report';
import { WAIT_CEILING_MS } from '../setup/waits';

export { WAIT_CEILING_MS };

export interface GateLists {
  awaiting?: readonly string[];
  knownGaps?: readonly KnownGap[];
}

/** The part's known gaps: the suite's, and its awaited targets. */
export const gapsOf = ({ awaiting = [], knownGaps = [] }: GateLists): KnownGap[] => [
  ...knownGaps,
  ...awaiting.map((target) => ({ target, reason: 'awaiting: no server answer produces it yet' })),
];

/** Why the gate fails a part; nothing for an incomplete one. */
export function gateFailures(part: CoveragePart, gapsCovered: ReadonlyMap<string, readonly string[]>, lists: GateLists): string[] {
  if (!part.complete) return [];
  const name = `${part.flow} (${part.walk})`;
  const listed = new Set(gapsOf(lists).map((g) => g.target));
  const all = new Set(TARGET_KINDS.flatMap((k) => part.targets[k]));
  const covered = new Set(TARGET_KINDS.flatMap((k) => part.covered[k]));
  const failures: string[] = [];
  const missing = TARGET_KINDS.flatMap((k) => part.targets[k].filter((t) => !covered.has(t) && !listed.has(t)));
  if (missing.length) {
    const failed = part.paths.filter((p) => p.status === 'failed');
    failures.push(
      `${name} leaves uncovered:\n  ${missing.join('\n  ')}` +
        (failed.length ? `\n(${failed.length} of ${part.paths.length} paths failed; a failed path covers nothing)` : ''),
    );
  }
  const awaited = new Set(lists.awaiting ?? []);
  const stale = (isAwaited: boolean) =>
    [...gapsCovered].filter(([target]) => awaited.has(target) === isAwaited).map(([target, paths]) => `${target} (by ${paths.join('; ')})`);
  const staleAwaiting = stale(true);
  const staleGaps = stale(false);
  if (staleAwaiting.length) failures.push(`${name}: covered now, take off the awaiting list:\n  ${staleAwaiting.join('\n  ')}`);
  if (staleGaps.length) failures.push(`${name}: covered now, take off knownGaps:\n  ${staleGaps.join('\n  ')}`);
  const unknown = [...listed].filter((t) => !all.has(t));
  if (unknown.length) failures.push(`${name}: awaiting or knownGaps name no target of the machine:\n  ${unknown.join('\n  ')}`);
  return failures;
}

/**
 * Ends a suite: writes its part and the partial report of its run, then throws the gate's
 * failures. The committed report is `npm test`'s alone (tests/model/coverage-report.ts `mergeRun`).
 */
export function closeSuite(run: SuiteRun, lists: GateLists, options: { runId?: string; files?: CoverageFiles } = {}): CoveragePart {
  const runId = options.runId ?? currentRunId();
  const files = options.files ?? defaultFiles;
  const { part, gapsCovered } = buildPart(run);
  const failures = gateFailures(part, gapsCovered, lists);
  if (part.complete) part.gate = failures;
  savePart(part, runId, files);
  writePartial(runId, files);
  if (failures.length) throw new Error(failures.join('\n'));
  return part;
}

/**
 * Polls until `get` answers (an answer from the server, a render); fails after `WAIT_CEILING_MS`.
 * `what` may be a function: read when it fails, so it says what was seen by then.
 */
export async function pollUntil<T>(get: () => T | undefined, what: string | (() => string)): Promise<T> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_CEILING_MS / 1000} s for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
