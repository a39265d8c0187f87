// What the flows' machine configs must say for the charts and the coverage to be true
// (docs/decisions/039): a description on every state and transition, and every refusal a call
// expects named by exactly one branch of the invocation's onDone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, TransitionDefinition } from 'xstate';
import { commonRefusals, nameOperations, operationRefusals, routedForEveryCall, sourceOfRefusals } from '../../core/api/refusals';

// The web bundle carries each operation's codes, not its path: the tests name the lists.
nameOperations(operationRefusals);
import { refusalCodesOf } from '../../machines/expected-refusals';

type AnyTransition = TransitionDefinition<any, any>;

const machinesDir = path.resolve(import.meta.dirname, '../../machines');

export interface Flow {
  /** Its folder in machines/ (`auto-renewal`). */
  folder: string;
  machine: AnyStateMachine;
  /** The refusals each call expects, by invoke id (the actors module's `refusals`); {} when none. */
  refusals: Readonly<Record<string, readonly number[]>>;
  /** The operations its actors module calls (`client.POST('/api/…'`), as `<METHOD> <path>`. */
  calls?: readonly string[];
  /** Its calls that settle no refusals: the codes they declare, with why (the module's `unsettled`). */
  unsettled?: Readonly<Record<string, Readonly<Record<number, string>>>>;
}

/** Every flow of machines/: the machine its `<flow>.machine.ts` exports, and its calls' refusals. */
export async function loadFlows(): Promise<Flow[]> {
  const flows: Flow[] = [];
  for (const folder of readdirSync(machinesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const load = (file: string) => import(pathToFileURL(path.join(machinesDir, folder, file)).href) as Promise<Record<string, unknown>>;
    const module = await load(`${folder}.machine.ts`);
    const machine = Object.values(module).find((v) => v && typeof v === 'object' && 'root' in v && 'config' in v && 'transition' in v) as
      AnyStateMachine | undefined;
    if (!machine) continue;
    const actors = await load(`${folder}.actors.ts`).catch(() => ({}) as Record<string, unknown>);
    const source = existsSync(path.join(machinesDir, folder, `${folder}.actors.ts`))
      ? readFileSync(path.join(machinesDir, folder, `${folder}.actors.ts`), 'utf8')
      : '';
    const calls = [...new Set([...source.matchAll(/client\.(GET|POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g)].map((m) => `${m[1]} ${m[2]}`))];
    flows.push({ folder, machine, refusals: (actors.refusals ?? {}) as Flow['refusals'], calls, unsettled: (actors.unsettled ?? {}) as Flow['unsettled'] });
  }
  return flows;
}

/** Every state node of a machine, its root first. */
export const stateNodes = (machine: AnyStateMachine): AnyStateNode[] => {
  const all: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    all.push(node);
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return all;
};

/** Every transition a state node defines: its events', its eventless ones, its timers' and its invocations' answers. */
export const transitionsOf = (node: AnyStateNode): AnyTransition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])];

/** A transition as a reader finds it: `<state id> <event>#<index>`. */
export const transitionName = (t: AnyTransition) => {
  const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} ${t.eventType || 'always'}#${list.indexOf(t)}`;
};

/** The states and transitions without a description, by name. */
export function undescribed(machine: AnyStateMachine): string[] {
  const missing: string[] = [];
  for (const node of stateNodes(machine)) {
    if (!node.description?.trim()) missing.push(`state ${node.id}`);
    for (const t of transitionsOf(node)) if (!(t as { description?: string }).description?.trim()) missing.push(`transition ${transitionName(t)}`);
  }
  return missing;
}

/** The refusal codes a branch names (machines/expected-refusals.ts). */
export const codesNamedBy = (t: AnyTransition): number[] => refusalCodesOf(t as { guard?: unknown; meta?: unknown });

/**
 * Where the refusals of a flow's calls go, and what is wrong with it: each expected code must be
 * named by exactly one branch of the invocation's onDone, and a branch names no code the call
 * does not expect.
 */
export function refusalRouting(flow: Flow): { routes: Array<{ invoke: string; code: number; transition: string }>; problems: string[] } {
  const routes: Array<{ invoke: string; code: number; transition: string }> = [];
  const problems: string[] = [];
  const seenInvokes = new Set<string>();
  for (const node of stateNodes(flow.machine)) {
    for (const invoke of node.invoke) {
      const expected = flow.refusals[invoke.id];
      const branches = node.transitions.get(`xstate.done.actor.${invoke.id}`) ?? [];
      const named = branches.flatMap((t) => codesNamedBy(t).map((code) => ({ code, transition: transitionName(t) })));
      if (!expected) {
        if (named.length) problems.push(`${node.id} invoke ${invoke.id}: names ${named.map((n) => n.code).join(', ')} but the call expects no refusal`);
        continue;
      }
      seenInvokes.add(invoke.id);
      for (const code of expected) {
        const takers = named.filter((n) => n.code === code);
        if (takers.length === 0) problems.push(`${node.id} invoke ${invoke.id}: refusal ${code} is named by no branch`);
        if (takers.length > 1) problems.push(`${node.id} invoke ${invoke.id}: refusal ${code} is named by ${takers.map((t) => t.transition).join(' and ')}`);
        if (takers.length === 1) routes.push({ invoke: invoke.id, code, transition: takers[0]!.transition });
      }
      for (const n of named) if (!expected.includes(n.code)) problems.push(`${n.transition}: names ${n.code}, which ${invoke.id} does not expect`);
    }
  }
  for (const id of Object.keys(flow.refusals)) if (!seenInvokes.has(id)) problems.push(`refusals.${id}: no state invokes ${id}`);
  return { routes, problems };
}

/**
 * What is wrong with where a flow's lists come from (docs/decisions/072): each is the contract's
 * declaration for the operations its call makes (`refusalsOf`), so a code the server can answer
 * is routed by a branch (`refusalRouting`) or listed as not routed, with its reason; an exception
 * must name a code the operations declare, so none outlives the code it excused.
 */
export function contractProblems(flow: Flow, declared: Readonly<Record<string, readonly number[]>> = operationRefusals): string[] {
  const problems: string[] = [];
  const common = new Set(commonRefusals);
  for (const [id, list] of Object.entries(flow.refusals)) {
    const source = sourceOfRefusals(list);
    if (!source) {
      problems.push(`refusals.${id}: written by hand, not refusalsOf(<operation>)`);
      continue;
    }
    const codes = new Set(source.operations.flatMap((op) => declared[op] ?? []));
    for (const op of source.operations) if (!declared[op]) problems.push(`refusals.${id}: ${op} is no operation of the contract`);
    for (const [code, reason] of Object.entries(source.notRouted)) {
      if (!codes.has(Number(code))) problems.push(`refusals.${id}: ${code} is listed as not routed, but ${source.operations.join(' and ')} do not declare it`);
      if (reason.trim().split(/\s+/).length < 4) problems.push(`refusals.${id}: ${code} is not routed without a reason`);
    }
    for (const code of source.routesItself) {
      if (!codes.has(code) && !common.has(code)) problems.push(`refusals.${id}: routes ${code} itself, which is neither declared nor common`);
      if (!routedForEveryCall.has(code) && !common.has(code))
        problems.push(`refusals.${id}: routes ${code} itself, but it is no code the client routes for every call`);
    }
    const expected = [...codes, ...source.routesItself].filter(
      (c) => (!routedForEveryCall.has(c) || source.routesItself.includes(c)) && !(c in source.notRouted),
    );
    const missing = expected.filter((c) => !list.includes(c));
    if (missing.length) problems.push(`refusals.${id}: declared ${missing.join(', ')} but does not settle them`);
  }
  // The calls that settle nothing: each code their operations declare is listed with its reason.
  const settled = new Set(Object.values(flow.refusals).flatMap((list) => sourceOfRefusals(list)?.operations ?? []));
  const unsettled = flow.unsettled ?? {};
  for (const op of flow.calls ?? []) {
    if (settled.has(op)) continue;
    const listed = unsettled[op] ?? {};
    for (const code of (declared[op] ?? []).filter((c) => !routedForEveryCall.has(c))) {
      if (!(code in listed)) problems.push(`${op}: declares ${code}, which the flow neither settles nor lists in unsettled`);
    }
  }
  for (const [op, listed] of Object.entries(unsettled)) {
    for (const [code, reason] of Object.entries(listed)) {
      if (!(declared[op] ?? []).includes(Number(code))) problems.push(`unsettled ${op}: ${code} is not declared by the operation`);
      if (reason.trim().split(/\s+/).length < 4) problems.push(`unsettled ${op}: ${code} without a reason`);
    }
  }
  return problems;
}
