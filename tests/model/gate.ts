import type { AnyStateMachine } from 'xstate';
import { transitionsTaken, type FlowPath } from './harness';
import type { CoverageReport, Walk } from './coverage';

/** Whether a path takes one of the transitions no real server answer can produce yet. */
export function awaitsServer(machine: AnyStateMachine, path: FlowPath<AnyStateMachine>, awaiting: readonly string[]): boolean {
  if (awaiting.length === 0) return false;
  return path.steps.slice(1).some((step, i) => transitionsTaken(machine, path.steps[i]!.state, step.event).some((id) => awaiting.includes(id)));
}

/**
 * The gate: 100% of the graph's states and transitions, apart from the ones awaiting the server,
 * which must stay uncovered (once covered, they come off the list).
 */
export function assertFullCoverage(report: CoverageReport, machine: string, walk: Walk, awaiting: readonly string[] = []): void {
  const w = report[machine]?.[walk];
  if (!w) throw new Error(`no ${walk} coverage for ${machine}`);
  const missing = [...w.missingStates, ...w.missingTransitions.filter((t) => !awaiting.includes(t))];
  const stale = awaiting.filter((t) => w.transitions.includes(t));
  if (missing.length || stale.length) {
    throw new Error(
      [missing.length ? `${machine} (${walk}) leaves uncovered:\n  ${missing.join('\n  ')}` : '', stale.length ? `covered now, take off the awaiting list:\n  ${stale.join('\n  ')}` : '']
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
