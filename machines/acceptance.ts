// Acceptance criteria a product owner signs (docs/decisions/074): each state and transition may
// name, in its `meta`, the criteria the model walks check there. Their texts, in the portal's
// languages with Portuguese first, live beside the machine (`<flow>.criteria.ts`): the machine
// imports only their type, so no text ships to the customer's browser (the route budgets, ADR 026),
// and rewording one keeps the coverage (they are out of the fingerprint, like the flow's words).
// The atlas lists each with the paths that checked it (scripts/flow-atlas-criteria.ts).
import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext, TransitionDefinition } from 'xstate';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

/**
 * One criterion, in each language. A figure the server enforces is written as `{NAME}`, the
 * constant's name (`{PIX_TTL_MS}`): machines may not import the server (eslint.config.js), so the
 * report fills it in from the constant itself and the text cannot drift from the code.
 */
export interface Criterion {
  pt: string;
  en: string;
  es: string;
  ru: string;
  /**
   * On a transition that routes several refusal codes: the one code the criterion is about. It is
   * then checked by the paths that met that code on it (the `<transition> @<code>` target), not by
   * every path that took the arrow.
   */
  refusal?: number;
}

/** A flow's criteria by key: what `<flow>.criteria.ts` exports as `acceptanceCriteria`. */
export type CriteriaTexts = Readonly<Record<string, Criterion>>;

/** `meta: criteria('paid')`, or beside other meta: `meta: { ...otherRefusals(1, 9), ...criteria('locked') }`. */
export const criteria = <K extends string>(...keys: K[]) => ({ criteria: keys });

/**
 * `criteria` held to a flow's keys: `const accept = criteriaFor<keyof typeof acceptanceCriteria>()`
 * with `import type { acceptanceCriteria } from './<flow>.criteria'`, so a key the texts lack does
 * not compile and the texts stay out of the bundle.
 */
export const criteriaFor =
  <K extends string>() =>
  (...keys: K[]) =>
    criteria(...keys);

/** The criteria keys of a state's or a transition's meta (none when it has no `criteria`). */
export function criteriaIn(meta: unknown): string[] {
  const list = (meta as { criteria?: unknown } | undefined)?.criteria;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/** Where a criterion is attached, as the coverage names its targets (tests/model/coverage.ts). */
export interface AttachedCriterion {
  kind: 'states' | 'transitions' | 'refusals';
  /** The target: a state id, a transition id, or `<transition id> @<code>`. */
  target: string;
  /** The state id, or the transition id (as scripts/flow-dot.ts `transitionId` writes it). */
  at: string;
  key: string;
  criterion: Criterion;
}

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...children(node).flatMap(nodesOf)];
/** The id the coverage and the charts give a transition (scripts/flow-dot.ts `transitionId`, the same rule). */
const idOf = (node: AnyStateNode, t: AnyTransition) =>
  t.eventType === ''
    ? `${node.id} always#${(node.always ?? []).indexOf(t)}`
    : `${node.id} ${t.eventType}#${(node.transitions.get(t.eventType) ?? []).indexOf(t)}`;

/**
 * Every criterion of a machine with its text from `texts`, in the order of its states (root first)
 * and each state's transitions; a key the texts lack fails loudly.
 */
export function criteriaOf(machine: AnyStateMachine, texts: CriteriaTexts): AttachedCriterion[] {
  const out: AttachedCriterion[] = [];
  const textOf = (key: string) => {
    const criterion = texts[key];
    if (!criterion) throw new Error(`${machine.id}: no text for the acceptance criterion "${key}" in its .criteria.ts`);
    return criterion;
  };
  for (const node of nodesOf(machine.root)) {
    for (const key of criteriaIn(node.meta)) out.push({ kind: 'states', target: node.id, at: node.id, key, criterion: textOf(key) });
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransition[];
    for (const t of transitions) {
      const at = idOf(node, t);
      for (const key of criteriaIn(t.meta)) {
        const criterion = textOf(key);
        const refusal = criterion.refusal;
        out.push({ ...(refusal === undefined ? { kind: 'transitions', target: at } : { kind: 'refusals', target: `${at} @${refusal}` }), at, key, criterion });
      }
    }
  }
  return out;
}

/**
 * `branches` with the criteria `keys` added to the meta of the branch that goes to `target`: for the
 * branches a shared builder makes (machines/login/login.setup.ts `loginAnswers`), which a flow cannot write into.
 */
export function withCriteria<T extends readonly object[]>(branches: T, target: string, ...keys: string[]): T {
  if (!branches.some((b) => (b as { target?: unknown }).target === target)) throw new Error(`no branch goes to ${target}`);
  return branches.map((b) =>
    (b as { target?: unknown }).target === target ? { ...b, meta: { ...(b as { meta?: object }).meta, ...criteria(...keys) } } : b,
  ) as unknown as T;
}
