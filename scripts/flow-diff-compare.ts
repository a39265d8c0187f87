/**
 * The comparison behind `npm run flows -- --diff <ref>` (docs/decisions/073): two summaries of
 * every flow (scripts/flow-diff-extract.ts), the other commit's and the working tree's, read as the
 * lines a reviewer reads: states, arrows, refusal codes and scenarios added (`+`), removed (`-`)
 * or changed (`~`). Pure: the tests hold it to exact lines.
 */

export interface StateSummary {
  id: string;
  description?: string;
}

export interface TransitionSummary {
  /** The harness's id (scripts/flow-dot.ts `transitionId`): `<source> <event>#<index>`. */
  id: string;
  source: string;
  /** The event type, `always` for an eventless transition. */
  event: string;
  /** As the chart names it (scripts/flow-dot.ts `guardLabel`). */
  guard?: string;
  targets: string[];
  /** The refusal codes it routes (scripts/flow-dot.ts `routedCodes`), ascending. */
  codes: number[];
  description?: string;
}

export interface FlowSummary {
  id: string;
  states: StateSummary[];
  transitions: TransitionSummary[];
  /** The graph model's path titles (tests/model/harness.ts `pathTitles`); absent when it could not be read. */
  scenarios?: string[];
  /** Why there are no scenarios. */
  scenariosNote?: string;
}

export interface TreeSummary {
  flows: FlowSummary[];
  /** What of the tree could not be loaded. */
  notes: string[];
  /** Whether its own drawing code drew the flows. */
  drawn: boolean;
}

/** A flow's changes, line by line; none when it is the same. */
export interface FlowDiff {
  id: string;
  lines: string[];
}

const targetsText = (t: TransitionSummary) => (t.targets.length ? t.targets.join(', ') : '(no target)');
const transitionText = (t: TransitionSummary) => `${t.id}${t.guard ? ` [${t.guard}]` : ''} → ${targetsText(t)}`;
const codeLines = (sign: '+' | '-', t: TransitionSummary, codes: number[]) => codes.map((c) => `${sign} refusal ${c} on ${t.id}`);

/**
 * Old and new transitions paired: first those alike in everything that shapes the arrow (source,
 * event, guard, targets), so a branch that only moved among its event's branches reads as moved;
 * then those of the same source, event and guard (retargeted); then those of the same id (a guard
 * changed in place). The rest were removed or added.
 */
function pairTransitions(before: TransitionSummary[], after: TransitionSummary[]) {
  const pairs: [TransitionSummary, TransitionSummary][] = [];
  const left = [...before];
  const right = [...after];
  const keys: ((t: TransitionSummary) => string)[] = [
    (t) => JSON.stringify([t.source, t.event, t.guard ?? null, t.targets]),
    (t) => JSON.stringify([t.source, t.event, t.guard ?? null]),
    (t) => t.id,
  ];
  for (const key of keys) {
    // Same id first within a key, so unchanged branches keep their partners.
    for (const sameId of [true, false])
      for (const old of [...left]) {
        const at = right.findIndex((n) => key(n) === key(old) && (!sameId || n.id === old.id));
        if (at < 0) continue;
        pairs.push([old, right[at]!]);
        right.splice(at, 1);
        left.splice(left.indexOf(old), 1);
      }
  }
  return { pairs, removed: left, added: right };
}

function transitionLines(before: TransitionSummary[], after: TransitionSummary[]): string[] {
  const { pairs, removed, added } = pairTransitions(before, after);
  const lines: string[] = [];
  for (const t of removed) lines.push(`- transition ${transitionText(t)}`, ...codeLines('-', t, t.codes));
  // The rest in the working tree's order, as its chart and code read.
  for (const now of after) {
    if (added.includes(now)) {
      lines.push(`+ transition ${transitionText(now)}`, ...codeLines('+', now, now.codes));
      continue;
    }
    const old = pairs.find(([, n]) => n === now)![0];
    if (old.id !== now.id) lines.push(`~ transition ${old.id} now ${now.id} (order of its event's branches)`);
    if ((old.guard ?? '') !== (now.guard ?? '')) lines.push(`~ transition ${now.id} guard ${old.guard ?? '(none)'} → ${now.guard ?? '(none)'}`);
    if (targetsText(old) !== targetsText(now)) lines.push(`~ transition ${now.id} target ${targetsText(old)} → ${targetsText(now)}`);
    if ((old.description ?? '') !== (now.description ?? ''))
      lines.push(`~ transition ${now.id} description "${old.description ?? ''}" → "${now.description ?? ''}"`);
    lines.push(
      ...codeLines(
        '-',
        now,
        old.codes.filter((c) => !now.codes.includes(c)),
      ),
    );
    lines.push(
      ...codeLines(
        '+',
        now,
        now.codes.filter((c) => !old.codes.includes(c)),
      ),
    );
  }
  return lines;
}

function stateLines(before: StateSummary[], after: StateSummary[]): string[] {
  const old = new Map(before.map((s) => [s.id, s]));
  const now = new Map(after.map((s) => [s.id, s]));
  return [
    ...before.filter((s) => !now.has(s.id)).map((s) => `- state ${s.id}`),
    ...after.filter((s) => !old.has(s.id)).map((s) => `+ state ${s.id}`),
    ...after
      .filter((s) => old.has(s.id) && (old.get(s.id)!.description ?? '') !== (s.description ?? ''))
      .map((s) => `~ state ${s.id} description "${old.get(s.id)!.description ?? ''}" → "${s.description ?? ''}"`),
  ];
}

/** A scenario's route without where it ends (`[start] A → B`): the same route ending elsewhere reads as changed. */
const route = (title: string) => title.replace(/ ⇒ .*$/, '');

function scenarioLines(before: FlowSummary, after: FlowSummary): string[] {
  if (!before.scenarios && !after.scenarios) return [];
  if (!before.scenarios || !after.scenarios) {
    const why = [before.scenariosNote && `before: ${before.scenariosNote}`, after.scenariosNote && `now: ${after.scenariosNote}`].filter(Boolean);
    return [`scenarios: not compared (${why.join('; ')})`];
  }
  const now = new Set(after.scenarios);
  const old = new Set(before.scenarios);
  const gone = before.scenarios.filter((s) => !now.has(s));
  const came = after.scenarios.filter((s) => !old.has(s));
  const changed: [string, string][] = [];
  for (const g of [...gone]) {
    const at = came.findIndex((c) => route(c) === route(g));
    if (at < 0) continue;
    changed.push([g, came[at]!]);
    came.splice(at, 1);
    gone.splice(gone.indexOf(g), 1);
  }
  if (!gone.length && !came.length && !changed.length) return [];
  return [
    `scenarios: +${came.length} −${gone.length}${changed.length ? ` ~${changed.length}` : ''}`,
    ...came.map((s) => `  + ${s}`),
    ...gone.map((s) => `  - ${s}`),
    ...changed.map(([g, c]) => `  ~ ${g} → ${c.slice(route(c).length + 3)}`),
  ];
}

/** Each flow's changes from `before` to `after`, flows of either side, in id order. */
export function compareSummaries(before: TreeSummary, after: TreeSummary): FlowDiff[] {
  const old = new Map(before.flows.map((f) => [f.id, f]));
  const now = new Map(after.flows.map((f) => [f.id, f]));
  const ids = [...new Set([...old.keys(), ...now.keys()])].sort();
  return ids.map((id) => {
    const b = old.get(id);
    const a = now.get(id);
    if (!b) return { id, lines: [`+ flow ${id} (${a!.states.length} states, ${a!.transitions.length} transitions, ${a!.scenarios?.length ?? 0} scenarios)`] };
    if (!a) return { id, lines: [`- flow ${id}`] };
    return { id, lines: [...stateLines(b.states, a.states), ...transitionLines(b.transitions, a.transitions), ...scenarioLines(b, a)] };
  });
}

/** The text report: each changed flow with its lines (and its screenshots'), the others in one line. */
export function reportText(ref: string, diffs: FlowDiff[], notes: string[] = []): string {
  const changed = diffs.filter((d) => d.lines.length);
  const same = diffs.filter((d) => !d.lines.length).map((d) => d.id);
  const out = [`flows: ${ref} → working tree`];
  for (const note of notes) out.push(`note: ${note}`);
  for (const d of changed) out.push('', `${d.id}:`, ...d.lines.map((l) => `  ${l}`));
  if (changed.length) out.push('');
  out.push(same.length ? `unchanged (${same.length}): ${same.join(', ')}` : 'unchanged: none');
  return `${out.join('\n')}\n`;
}
