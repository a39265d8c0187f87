/**
 * A scenario of the atlas (docs/flows/index.html) step by step: from a graph path of the walks
 * (tests/model/harness.ts `flowPaths`), each event with every branch the machine checks for it,
 * each guard evaluated on that step's context and event (xstate's `evaluateGuard`), the branch
 * taken, the eventless steps that follow at once, the state reached and its context made JSON-safe.
 */
import { type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type MachineContext, type TransitionDefinition } from 'xstate';
import { evaluateGuard } from 'xstate/guards';
import type { TargetLists } from '../tests/model/coverage';
import { eventTitle, mockScope, refusalTarget, type FlowPath } from '../tests/model/harness';
import { branchRefusalMessage, routedCodes, transitionId } from './flow-dot';
import { eventTitle as eventWords, glue, guardWords, ruleTitle, stateTitle, withRule } from './flow-words-text';
import type { AtlasScenario, AtlasStep, GuardCheck } from './flow-atlas-types';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
export const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...children(node).flatMap(allNodes)];
export const transitionsOf = (node: AnyStateNode): AnyTransition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransition[];

/** A state as the page reads it: its title in the owner's words (machines/flow-words.ts), or its path `paying › card`; the root as the whole flow. */
export function stateLabel(machine: AnyStateMachine, id: string): string {
  return stateTitle(machine, id, 'en');
}

/** The readable form of an event (`answer of unbind`) with the refusal code when it carries one. */
function refusalOf(event: EventObject): number | undefined {
  const output = (event as { output?: { kind?: unknown; errCode?: unknown } }).output;
  return event.type.startsWith('xstate.done.actor.') && output?.kind === 'refused' && typeof output.errCode === 'number' ? output.errCode : undefined;
}

/**
 * A value made JSON-safe for the page: functions and actor refs dropped, errors as their message,
 * maps and sets as objects and arrays, a loop cut.
 */
export function jsonSafe(value: unknown): unknown {
  const stack: object[] = [];
  const walk = (v: unknown): unknown => {
    // A fresh id (an idempotency key) differs on every drawing: masked, so the atlas changes only when the flows do.
    if (typeof v === 'string') return v.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<random id>');
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
    if (typeof v === 'bigint') return String(v);
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (v instanceof Error) return { message: v.message };
    if (v instanceof Date) return v.toISOString();
    const o = v as Record<string, unknown>;
    if (typeof o.send === 'function' && typeof o.getSnapshot === 'function') return undefined;
    if (stack.includes(o)) return '(loop)';
    stack.push(o);
    let out: unknown;
    if (Array.isArray(v)) out = v.map((x) => walk(x) ?? null);
    else if (v instanceof Map) out = Object.fromEntries([...v].map(([k, x]) => [String(k), walk(x)]).filter(([, x]) => x !== undefined));
    else if (v instanceof Set) out = [...v].map((x) => walk(x) ?? null);
    else out = Object.fromEntries(Object.entries(o).flatMap(([k, x]) => (walk(x) === undefined ? [] : [[k, walk(x)]])));
    stack.pop();
    return out;
  };
  return walk(value);
}

/** The first clause of a description, for a scenario's name: up to a colon, a bracket or a full stop. */
function shortText(text: string, max = 90): string {
  const cut = /^(.{20,}?)(?::\s|\s\(|\.\s|\.$|;\s)/.exec(text)?.[1] ?? text;
  const trimmed = cut.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed;
}

const atomicOf = (snapshot: AnyMachineSnapshot): AnyStateNode[] =>
  ((snapshot as unknown as { _nodes?: AnyStateNode[] })._nodes ?? []).filter((n) => n.type === 'atomic' || n.type === 'final');

/**
 * The branches the machine checks for `eventType` in `snapshot` (per atomic state, from it up to
 * the root, each state's list in order, until one is enabled), each guard evaluated on the
 * snapshot's context and `event`. `taken` names the transitions the machine took.
 */
function guardChecks(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject, eventType: string, taken: ReadonlySet<string>): GuardCheck[] {
  const checks: GuardCheck[] = [];
  const seen = new Set<AnyTransition>();
  for (const atomic of atomicOf(snapshot)) {
    let done = false;
    for (let node: AnyStateNode | undefined = atomic; node && !done; node = node.parent) {
      const list = (
        eventType === '' ? (node.always ?? []) : [...(node.transitions.get(eventType) ?? []), ...(node.transitions.get('*') ?? [])]
      ) as AnyTransition[];
      for (const t of list) {
        if (seen.has(t)) continue;
        seen.add(t);
        let holds: boolean | null = true;
        if (t.guard) {
          try {
            holds = evaluateGuard(t.guard as never, snapshot.context, event, snapshot);
          } catch {
            holds = null;
          }
        }
        checks.push({
          transition: transitionId(t),
          from: node === machine.root ? 'any state' : stateLabel(machine, node.id),
          to: t.target?.length ? t.target.map((x: AnyStateNode) => stateLabel(machine, x.id)).join(', ') : `${stateLabel(machine, node.id)} (stays)`,
          ...(guardWords(machine, t.guard) ? { guard: guardWords(machine, t.guard)! } : {}),
          holds,
          taken: taken.has(transitionId(t)),
          skipped: done,
          description: (t as { description?: string }).description ?? '',
          codes: routedCodes(t),
        });
        if (taken.has(transitionId(t))) done = true;
      }
    }
  }
  return checks;
}

/** The eventless steps that follow an event in the same macrostep, each as the branches checked. */
function eventlessChecks(machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject): { checks: GuardCheck[][]; taken: string[] } {
  let micro: AnyMachineSnapshot[];
  try {
    micro = machine.microstep(before as never, event as never, mockScope()) as AnyMachineSnapshot[];
  } catch {
    return { checks: [], taken: [] };
  }
  const checks: GuardCheck[][] = [];
  const taken: string[] = [];
  for (let k = 1; k < micro.length; k++) {
    const prev = micro[k - 1]!;
    const next = micro[k]!;
    // The eventless branch taken: the first enabled one of each atomic state's chain; it led to `next`.
    const chosen = new Set<AnyTransition>();
    for (const atomic of atomicOf(prev)) {
      outer: for (let node: AnyStateNode | undefined = atomic; node; node = node.parent) {
        for (const t of (node.always ?? []) as AnyTransition[]) {
          let holds = true;
          try {
            holds = !t.guard || evaluateGuard(t.guard as never, prev.context, event, prev);
          } catch {
            holds = false;
          }
          if (holds) {
            chosen.add(t);
            break outer;
          }
        }
      }
    }
    if (chosen.size === 0 && JSON.stringify(prev.value) === JSON.stringify(next.value)) continue;
    checks.push(guardChecks(machine, prev, event, '', new Set([...chosen].map(transitionId))));
    taken.push(...[...chosen].map(transitionId));
  }
  return { checks, taken };
}

/** The state nodes of a snapshot, root first; the innermost ones, readable, and their descriptions. */
function whereAt(machine: AnyStateMachine, snapshot: AnyMachineSnapshot) {
  const nodes = (snapshot as unknown as { _nodes?: AnyStateNode[] })._nodes ?? [];
  const inner = atomicOf(snapshot);
  return {
    states: nodes.map((n) => n.id),
    stateLabel: inner.map((n) => stateLabel(machine, n.id)).join(' + '),
    stateDescription: inner.map((n) => n.description ?? '').join(' '),
    final: inner.some((n) => n.type === 'final') || snapshot.status === 'done',
  };
}

type Snapshot = AnyMachineSnapshot;

/** One scenario's steps: the start, then each event with the branches checked and the context reached. */
export function scenarioSteps(machine: AnyStateMachine, p: FlowPath<AnyStateMachine>, contextIndex: (json: string) => number): AtlasStep[] {
  const steps: AtlasStep[] = [];
  const first = p.steps[0]!.state as Snapshot;
  // The start: the eventless branches of the state the flow enters first, checked on the context it starts with.
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  let leaf = initial;
  while (leaf && children(leaf).length) leaf = (leaf.initial?.target?.[0] as AnyStateNode | undefined) ?? children(leaf)[0];
  const startChecks: GuardCheck[] = [];
  if (leaf?.always?.length) {
    const reached = new Set(((first as unknown as { _nodes?: AnyStateNode[] })._nodes ?? []).map((n) => n.id));
    const entered = (leaf.always as AnyTransition[]).find((t) => t.target?.some((x: AnyStateNode) => reached.has(x.id)));
    for (const [i, t] of (leaf.always as AnyTransition[]).entries()) {
      let holds: boolean | null = true;
      if (t.guard) {
        try {
          holds = evaluateGuard(t.guard as never, first.context, { type: 'xstate.init' }, first);
        } catch {
          holds = null;
        }
      }
      const takenIndex = entered ? (leaf.always as AnyTransition[]).indexOf(entered) : -1;
      startChecks.push({
        transition: transitionId(t),
        from: stateLabel(machine, leaf.id),
        to: (t.target ?? []).map((x: AnyStateNode) => stateLabel(machine, x.id)).join(', '),
        ...(guardWords(machine, t.guard) ? { guard: guardWords(machine, t.guard)! } : {}),
        holds,
        taken: t === entered,
        skipped: takenIndex >= 0 && i > takenIndex,
        description: (t as { description?: string }).description ?? '',
        codes: routedCodes(t),
      });
    }
  }
  const startTaken = startChecks.filter((c) => c.taken).map((c) => c.transition);
  steps.push({
    event: `start: ${p.start}`,
    eventLabel: 'the flow starts',
    label: startChecks.find((c) => c.taken)?.description || machine.root.description || '',
    ...whereAt(machine, first),
    context: contextIndex(JSON.stringify(jsonSafe(first.context))),
    checks: [],
    then: startChecks.length ? [startChecks] : [],
    taken: startTaken,
  });
  for (let i = 1; i < p.steps.length; i++) {
    const before = p.steps[i - 1]!.state as Snapshot;
    const { event, state } = p.steps[i]! as { event: EventObject; state: Snapshot };
    let taken: AnyTransition[] = [];
    try {
      taken = (machine.getTransitionData(before as never, event as never) ?? []) as AnyTransition[];
    } catch {
      taken = [];
    }
    const checks = guardChecks(machine, before, event, event.type, new Set(taken.map(transitionId)));
    const follow = eventlessChecks(machine, before, event);
    const code = refusalOf(event);
    const first = taken[0];
    steps.push({
      event: eventTitle(event),
      eventLabel: code === undefined ? eventWords(machine, event.type) : `${glue('en').refused} ${code}`,
      label: (first as { description?: string } | undefined)?.description ?? '',
      ...(first && ruleTitle(machine, first.guard) ? { rule: ruleTitle(machine, first.guard)! } : {}),
      ...(code === undefined
        ? {}
        : { refusal: { code, ...(first && branchRefusalMessage(first, code, 'en') ? { message: branchRefusalMessage(first, code, 'en')! } : {}) } }),
      ...whereAt(machine, state),
      context: contextIndex(JSON.stringify(jsonSafe(state.context))),
      checks,
      then: follow.checks,
      taken: [...taken.map(transitionId), ...follow.taken],
    });
  }
  return steps;
}

/** The targets a scenario takes by plan (its steps' transitions, refusal codes and any-state sources), for when no file says what each path covered. */
export function plannedTargets(scenario: AtlasScenario, anyState: ReadonlySet<string>): TargetLists {
  const out: TargetLists = { states: [], transitions: [], refusals: [], anyState: [] };
  let atomic: string[] = [];
  for (const step of scenario.steps) {
    out.states.push(...step.states);
    for (const t of step.taken) {
      out.transitions.push(t);
      if (step.refusal && !t.includes(' always#')) out.refusals.push(refusalTarget(t, step.refusal.code));
      for (const a of atomic) if (anyState.has(`${t} from ${a}`)) out.anyState.push(`${t} from ${a}`);
    }
    atomic = step.states.filter((id) => !step.states.some((other) => other.startsWith(`${id}.`)));
  }
  return out;
}

/** How a scenario ends, in the owner's words: the state it ends (or stops) in; the atlas groups scenarios by it. */
export function scenarioName(steps: AtlasStep[]): string {
  const last = steps[steps.length - 1]!;
  return `${last.final ? 'Ends in' : 'Stops at'} “${last.stateLabel}”`;
}

/**
 * The way a scenario takes, in the owner's words: what the customer does (`The customer picks a
 * method (paypal)`) and the answers that are not the plain ones (`Refused 301 “Card declined”`,
 * `The price could not be fetched`); the answers every scenario gets are left out, so scenarios
 * that end alike read apart.
 */
export function scenarioRoute(steps: AtlasStep[]): string {
  const parts = steps.slice(1).flatMap((step): string[] => {
    const e = step.event;
    if (step.refusal) return [`${step.eventLabel}${step.refusal.message ? ` “${shortText(step.refusal.message, 60)}”` : ''}`];
    // A plain answer reads only where it chose the way ("…, if it is paid by PIX"): it tells alike scenarios apart.
    if (e.startsWith('done:')) return step.rule ? [withRule(step.eventLabel, step.rule)] : [];
    // The event's values as the customer chose them (`pix`, `DESCONTO5`); the walks' own fixtures (`graph…`) say nothing to the owner.
    const values = (/^[A-Z0-9_]+\((.*)\)$/.exec(e)?.[1] ?? '').split(', ').filter((v) => v && !/graph|^<.*>$/.test(v));
    return [values.length ? `${step.eventLabel} (${values.join(', ')})` : step.eventLabel];
  });
  return parts.join(' → ') || 'Straight on';
}
