import type { CoverageReport, Walk } from './coverage';

/**
 * The gate: 100% of the graph's states and transitions. `awaiting` names transitions no real
 * server answer can take yet (a code the server does not send); they must stay uncovered, so the
 * list comes off as soon as the server can produce them.
 */
export function assertFullCoverage(report: CoverageReport, machine: string, walk: Walk, awaiting: readonly string[] = []): void {
  const w = report[machine]?.[walk];
  if (!w) throw new Error(`no ${walk} coverage for ${machine}`);
  const missing = [...w.missingStates, ...w.missingTransitions.filter((t) => !awaiting.includes(t))];
  const stale = awaiting.filter((t) => w.transitions.includes(t));
  if (missing.length || stale.length) {
    throw new Error(
      [
        missing.length ? `${machine} (${walk}) leaves uncovered:\n  ${missing.join('\n  ')}` : '',
        stale.length ? `covered now, take off the awaiting list:\n  ${stale.join('\n  ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
}

/** Polls until `get` answers (an answer from the server, a render); fails after 10 s. */
export async function pollUntil<T>(get: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
