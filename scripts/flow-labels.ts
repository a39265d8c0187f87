/**
 * How a chart names an arrow by its identifiers (the small grey type beside the owner's words,
 * docs/decisions/071): the event, the guard, the refusal codes the branch routes.
 */
import type { EventObject, MachineContext, TransitionDefinition } from 'xstate';
import { refusalCodesOf } from '../machines/expected-refusals';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

/** The refusal codes a branch routes (machines/expected-refusals.ts). */
export const routedCodes = (t: AnyTransition): number[] => refusalCodesOf(t as { guard?: unknown; meta?: unknown });

/**
 * The message id the customer reads when `transition` takes refusal `code`: the branch's own
 * (`saying`, machines/expected-refusals.ts), else the catalogue's; null when none. Here, not beside
 * `saying`: a machine module naming the catalogue's ids would put every refusal text into each
 * screen's messages (scripts/i18n-split.ts reads ids from the modules' literals).
 */
export function refusalMessageId(transition: { meta?: unknown }, code: number): string | null {
  const says = (transition.meta as { says?: Readonly<Record<number, string | null>> } | undefined)?.says;
  return says && code in says ? (says[code] ?? null) : `error.${code}`;
}

/** A guard as the chart names it: its name, `refused …` for refusedWith, operands of and()/or()/not(). */
export function guardLabel(g: unknown): string | undefined {
  if (!g) return undefined;
  if (typeof g === 'string') return g;
  const guard = g as { type?: string; params?: { codes?: number[] }; guards?: unknown[]; name?: string };
  if (typeof g === 'object' && guard.type === 'refusedWith') return `refused ${(guard.params?.codes ?? []).join(', ')}`;
  if (typeof g === 'object' && guard.type) return guard.type;
  if (typeof g === 'function' && Array.isArray(guard.guards)) {
    const parts = guard.guards.map(guardLabel).filter(Boolean);
    return guard.name === 'not' ? `not ${parts[0]}` : parts.join(guard.name === 'or' ? ' or ' : ' and ');
  }
  return 'condition';
}

/** How an event reads on an edge: `done: submit`, `after pollInterval`, `CODE_APPLIED`. */
export function eventLabel(type: string): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1] === 'done' ? 'answer of' : 'failure of'} ${done[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type === '' ? 'at once' : type;
}

/** A machine id as a heading reads it: `discountUnbinding` → `Discount unbinding`. */
export const flowTitle = (id: string) => {
  const words = id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
