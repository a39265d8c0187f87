/**
 * A flow's chart in business words (machines/flow-words.ts, docs/decisions/071): the titles of its
 * states and the phrases of its arrows, built from the flow's words in one language. The words
 * come with the machine: `listMachines` (scripts/flow-drawing.ts) registers each flow's words as
 * it loads the machine, so every drawing, atlas and report of a run reads the same ones. A flow
 * without words reads by its identifiers, as before.
 */
import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext, TransitionDefinition } from 'xstate';
import type { Language } from '../core/i18n/languages';
import { eventKind, ruleNames, type FlowWords } from '../machines/flow-words';
import { eventLabel, guardLabel, routedCodes } from './flow-labels';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

const registry = new Map<string, FlowWords>();

/** Registers a flow's words under its machine's id (scripts/flow-drawing.ts `listMachines`). */
export function registerWords(machineId: string, words: FlowWords): void {
  registry.set(machineId, words);
}

export const wordsOf = (machineId: string): FlowWords | undefined => registry.get(machineId);

/** The few words that join a flow's phrases, in each language. */
const GLUE: Record<
  Language,
  { refused: string; if: string; and: string; or: string; not: string; atOnce: string; ends: (what: string) => string; stays: string; whole: string }
> = {
  pt: {
    refused: 'Recusado',
    if: 'se',
    and: 'e',
    or: 'ou',
    not: 'não',
    atOnce: 'De imediato',
    ends: (w) => `Quando «${w}» termina`,
    stays: 'permanece',
    whole: 'o fluxo inteiro',
  },
  en: {
    refused: 'Refused',
    if: 'if',
    and: 'and',
    or: 'or',
    not: 'not',
    atOnce: 'At once',
    ends: (w) => `When “${w}” is over`,
    stays: 'stays',
    whole: 'the whole flow',
  },
  es: {
    refused: 'Rechazado',
    if: 'si',
    and: 'y',
    or: 'o',
    not: 'no',
    atOnce: 'De inmediato',
    ends: (w) => `Cuando «${w}» termina`,
    stays: 'se queda',
    whole: 'el flujo entero',
  },
  ru: {
    refused: 'Отказ',
    if: 'если',
    and: 'и',
    or: 'или',
    not: 'не',
    atOnce: 'Сразу',
    ends: (w) => `Когда «${w}» завершено`,
    stays: 'остаётся',
    whole: 'весь сценарий',
  },
};

export const glue = (language: Language) => GLUE[language];

const keyOf = (machine: AnyStateMachine, stateId: string) => (stateId.startsWith(`${machine.id}.`) ? stateId.slice(machine.id.length + 1) : stateId);

/** A state's title in `language`: its words, or its path (`paying › card`) when the flow has none. */
export function stateTitle(machine: AnyStateMachine, stateId: string, language: Language = 'en'): string {
  if (stateId === machine.id) return GLUE[language].whole;
  const key = keyOf(machine, stateId);
  return wordsOf(machine.id)?.states[key]?.[language] ?? key.split('.').join(' › ');
}

/** A guard as the owner reads it after "if": the rules' words joined by and/or/not; undefined for none or a refusal's. */
export function ruleTitle(machine: AnyStateMachine, guard: unknown, language: Language = 'en'): string | undefined {
  const words = wordsOf(machine.id);
  const g = GLUE[language];
  const read = (x: unknown): string | undefined => {
    if (!x) return undefined;
    if (typeof x === 'string') return words?.rules[x]?.[language] ?? x;
    const node = x as { type?: string; guards?: unknown[]; name?: string };
    if (typeof x === 'object' && node.type === 'refusedWith') return undefined;
    if (typeof x === 'object' && node.type) return words?.rules[node.type]?.[language] ?? node.type;
    if (typeof x === 'function' && Array.isArray(node.guards)) {
      const parts = node.guards.map(read).filter((p): p is string => Boolean(p));
      return node.name === 'not' ? `${g.not} ${parts[0]}` : parts.join(` ${node.name === 'or' ? g.or : g.and} `);
    }
    return guardLabel(x);
  };
  return ruleNames(guard).length ? read(guard) : undefined;
}

/** What happens on an event, in `language`: the event's, the call's answer or failure, the timer's words. */
export function eventTitle(machine: AnyStateMachine, eventType: string, language: Language = 'en'): string {
  const words = wordsOf(machine.id);
  const kind = eventKind(eventType);
  const fallback = eventType === '' ? GLUE[language].atOnce : eventLabel(eventType);
  if (kind.kind === 'call') return words?.calls[kind.call]?.[kind.outcome][language] ?? fallback;
  if (kind.kind === 'timer') return words?.timers[kind.timer]?.[language] ?? fallback;
  if (kind.kind === 'end') return GLUE[language].ends(stateTitle(machine, kind.state, language));
  if (kind.kind === 'at once') return GLUE[language].atOnce;
  return words?.events[eventType]?.[language] ?? fallback;
}

/** What happens on an arrow, without its rule: the event's words, or "Refused" on a call's refusal branch. */
export function arrowEvent(machine: AnyStateMachine, t: AnyTransition, language: Language = 'en'): string {
  return routedCodes(t).length && eventKind(t.eventType).kind === 'call' ? GLUE[language].refused : eventTitle(machine, t.eventType, language);
}

/** An arrow as the owner reads it: what happens, and the rule it checks (`The price is in, if the code is held`); a refusal's branch reads "Refused". */
export function arrowTitle(machine: AnyStateMachine, t: AnyTransition, language: Language = 'en'): string {
  const head = arrowEvent(machine, t, language);
  const rule = ruleTitle(machine, t.guard, language);
  return rule ? withRule(head, rule, language) : head;
}

/** What happened and the rule it chose by; an answer that already says its rule ("The plan can be bought") reads once. */
export const withRule = (what: string, rule: string, language: Language = 'en') =>
  what.toLowerCase().includes(rule.toLowerCase()) ? what : `${what}, ${GLUE[language].if} ${rule}`;

/** A guard as the page reads it: the rule's words, else its name (`refused …` for a refusal's branch). */
export const guardWords = (machine: AnyStateMachine, guard: unknown) => ruleTitle(machine, guard) ?? guardLabel(guard);

/** The identifiers of an arrow, for the small grey type: its event and its guard. */
export function arrowIds(t: AnyTransition): string {
  const guard = guardLabel(t.guard);
  return `${eventLabel(t.eventType)}${guard && !guard.startsWith('refused') ? ` [${guard}]` : ''}`;
}

/** A state node's title (the root reads as the whole flow). */
export const nodeTitle = (machine: AnyStateMachine, node: AnyStateNode, language: Language = 'en') => stateTitle(machine, node.id, language);
