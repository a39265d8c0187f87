// The words a product owner reads on a flow's chart (docs/decisions/071): each state's title, each
// event, each call's answer and failure, each rule a branch checks and each timer, in the
// customer's and the owner's language, Portuguese first. The machine keeps its identifiers for
// code and tests; the atlas and the drawings print these words large and the identifiers small.
// Words are not behaviour: they stay out of the machine's fingerprint (scripts/flow-drawing.ts).
import type { AnyStateMachine, AnyStateNode, MachineContext, EventObject, TransitionDefinition } from 'xstate';
import type { Language } from '../core/i18n/languages';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

/** One phrase in each of the portal's languages. */
export type Words = Readonly<Record<Language, string>>;

export interface FlowWords {
  /** Each state by its path under the root (`paying.card`): a short title of what the customer sees or waits for. */
  states: Readonly<Record<string, Words>>;
  /** Each event the customer, the page or the world sends (`CODE_SUBMITTED`): what happens, as a short sentence. */
  events: Readonly<Record<string, Words>>;
  /** Each call the flow makes, by the id it is invoked under: its answer and its failure. */
  calls: Readonly<Record<string, Readonly<{ done: Words; error: Words }>>>;
  /** Each named rule a branch checks (a guard's name): the condition, as it reads after "if". */
  rules: Readonly<Record<string, Words>>;
  /** Each named timer (`after pollInterval`): when it fires. */
  timers: Readonly<Record<string, Words>>;
}

/** What a flow's words must name: every key the machine's states and arrows use, by kind. */
export type WordKeys = { [K in keyof FlowWords]: string[] };

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...children(node).flatMap(nodesOf)];
const transitionsOf = (node: AnyStateNode) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransition[];

/** A state's key in the words: its path under the root, dot-separated; the root itself is the flow. */
export const stateKey = (node: AnyStateNode): string => node.path.join('.');

/** The names of the rules a guard checks: its own, or its operands' inside and()/or()/not(); `refusedWith` reads as its codes. */
export function ruleNames(guard: unknown): string[] {
  if (!guard) return [];
  if (typeof guard === 'string') return [guard];
  const g = guard as { type?: string; guards?: unknown[] };
  if (typeof guard === 'object' && g.type) return g.type === 'refusedWith' ? [] : [g.type];
  if (typeof guard === 'function' && Array.isArray(g.guards)) return g.guards.flatMap(ruleNames);
  return [];
}

/** How an event type splits into the words it needs: a call's answer or failure, a timer, a state's end, eventless, or a plain event. */
export function eventKind(
  type: string,
):
  | { kind: 'call'; call: string; outcome: 'done' | 'error' }
  | { kind: 'timer'; timer: string }
  | { kind: 'end'; state: string }
  | { kind: 'at once' }
  | { kind: 'event' } {
  const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (call) return { kind: 'call', call: call[2]!, outcome: call[1] as 'done' | 'error' };
  const timer = /^xstate\.after\.([^.]+)\./.exec(type);
  if (timer) return { kind: 'timer', timer: timer[1]! };
  const end = /^xstate\.done\.state\.(.+)$/.exec(type);
  if (end) return { kind: 'end', state: end[1]! };
  return type === '' ? { kind: 'at once' } : { kind: 'event' };
}

/** Every key a machine's words must have. */
export function wordKeys(machine: AnyStateMachine): WordKeys {
  const keys = { states: new Set<string>(), events: new Set<string>(), calls: new Set<string>(), rules: new Set<string>(), timers: new Set<string>() };
  for (const node of nodesOf(machine.root)) {
    if (node !== machine.root) keys.states.add(stateKey(node));
    for (const invoke of node.invoke as Array<{ id: string }>) keys.calls.add(invoke.id);
    for (const t of transitionsOf(node)) {
      const kind = eventKind(t.eventType);
      if (kind.kind === 'event') keys.events.add(t.eventType);
      if (kind.kind === 'timer') keys.timers.add(kind.timer);
      for (const rule of ruleNames(t.guard)) keys.rules.add(rule);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { states: sorted(keys.states), events: sorted(keys.events), calls: sorted(keys.calls), rules: sorted(keys.rules), timers: sorted(keys.timers) };
}

/** What is wrong with a flow's words: keys missing, keys the machine no longer has, a language empty. */
export function wordProblems(machine: AnyStateMachine, words: FlowWords, languages: readonly Language[]): string[] {
  const problems: string[] = [];
  const need = wordKeys(machine);
  const check = (where: string, phrase: Words | undefined) => {
    for (const language of languages) if (!phrase?.[language]?.trim()) problems.push(`${where}: no ${language}`);
  };
  for (const kind of Object.keys(need) as Array<keyof FlowWords>) {
    const have = Object.keys(words[kind] ?? {});
    for (const key of need[kind]) {
      if (!have.includes(key)) problems.push(`${kind}.${key}: missing`);
      else if (kind === 'calls') {
        check(`calls.${key}.done`, words.calls[key]!.done);
        check(`calls.${key}.error`, words.calls[key]!.error);
      } else check(`${kind}.${key}`, (words[kind] as Record<string, Words>)[key]);
    }
    for (const key of have) if (!need[kind].includes(key)) problems.push(`${kind}.${key}: the machine has no such ${kind.replace(/s$/, '')}`);
  }
  return problems;
}
