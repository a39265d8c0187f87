// The model-based harness every flow machine uses (login and session now; checkout, repay,
// discount unbinding and auto-renewal later): the paths come from the machine's graph with
// @xstate/graph, a walker replays a path on a live actor, and coverage is measured on what the
// live actor really did (its microsteps, through `inspect`), not on what the path promised.
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from '@xstate/graph';
import {
  SimulatedClock,
  createActor,
  createEmptyActor,
  type Actor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type TransitionDefinition,
} from 'xstate';

/** The state nodes of a machine, by id (`login.codeLogin.codeSent`). */
export function graphStates(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].map((n: AnyStateNode) => n.id);
}

/** A transition's id: its source, its event (`always` for eventless ones) and its place among them. */
export function transitionId(t: TransitionDefinition<any, any>): string {
  const source = t.source;
  if (t.eventType === '') return `${source.id} always#${source.always?.indexOf(t) ?? 0}`;
  const list = source.transitions.get(t.eventType) ?? [];
  return `${source.id} ${t.eventType}#${list.indexOf(t)}`;
}

/** Every transition the machine defines, by id. */
export function graphTransitions(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)] as AnyStateNode[]) {
    for (const list of node.transitions.values()) for (const t of list) ids.push(transitionId(t));
    for (const t of node.always ?? []) ids.push(transitionId(t));
  }
  return ids;
}

/** The step that reached a snapshot: the world besides the machine (a call in flight) may depend on it, and then `vertex` too. */
export type ReachedBy<M extends AnyStateMachine> = { event: EventObject; previous: SnapshotFrom<M> };

export interface GraphModel<M extends AnyStateMachine> {
  machine: M;
  /**
   * The ways the actor can start, by name (a page opened signed out, or with a stored session):
   * the graph is walked from each; a walk arranges the named start for real.
   */
  inputs: Record<string, InputFrom<M>>;
  /**
   * The events the traversal may take in a state, with their payloads: user events, and the
   * automatic ones (`xstate.done.actor.<id>` with each typed result, `xstate.error.actor.<id>`,
   * `xstate.after.<delay>.<state>`) that the walkers produce for real.
   */
  events(snapshot: SnapshotFrom<M>, reachedBy?: ReachedBy<M>): EventObject[];
  /** What makes two snapshots the same vertex (default: the state value). */
  vertex?(snapshot: SnapshotFrom<M>, reachedBy?: ReachedBy<M>): string;
}

/** What a walk's paths must take between them: every transition, every coverage target, or every state. */
export type PathChoice = 'transition' | 'target' | 'state';

export type FlowPath<M extends AnyStateMachine> = StatePath<SnapshotFrom<M>, EventObject> & { start: string };

/** The traversal's `serializeState` (@xstate/graph hands it the step that reached the snapshot); a path's vertex is its last step's. */
const vertexOf =
  <M extends AnyStateMachine>(model: GraphModel<M>) =>
  (s: SnapshotFrom<M>, event?: EventObject, previous?: SnapshotFrom<M>) =>
    model.vertex ? model.vertex(s, event && previous ? { event, previous } : undefined) : JSON.stringify((s as AnyMachineSnapshot).value);
const pathVertex = <M extends AnyStateMachine>(model: GraphModel<M>, p: StatePath<SnapshotFrom<M>, EventObject>) =>
  vertexOf(model)(p.state, p.steps.at(-1)?.event, p.steps.at(-2)?.state);

/**
 * Paths that cover the graph: for each start, the shortest path to every vertex not reached yet,
 * then, for every transition no kept path takes, the shortest path to a vertex where it can be
 * taken followed by that edge. Transitions are the machine's definitions (`transitionId`), so an
 * edge leading to a new vertex but through a transition already covered is not walked again.
 * With `every: 'target'`, a step covers what the coverage counts (`stepTargets`): the transition,
 * the refusal code it took and, for a transition of a parent state, the atomic state it was taken
 * from, so a path is kept for each of those too. With `every: 'state'`, only the shortest path to
 * each vertex (the browser walk's: every state seen once). A path taking one of `skip` (a known gap, an
 * awaited answer) is not walked: it could not pass. Paths that are prefixes of longer ones are dropped.
 */
export function flowPaths<M extends AnyStateMachine>(
  model: GraphModel<M>,
  { skip = [], every = 'transition' }: { skip?: readonly string[]; every?: PathChoice } = {},
): FlowPath<M>[] {
  const reached = new Set<string>();
  const covered = new Set<string>();
  const kept: FlowPath<M>[] = [];
  const skipped = new Set(skip);
  const taken = (state: SnapshotFrom<M>, event: EventObject) =>
    every === 'target' ? targetsTaken(model.machine, state, event) : transitionsTaken(model.machine, state, event);
  const pathTransitions = (p: StatePath<SnapshotFrom<M>, EventObject>) => p.steps.slice(1).flatMap((step, i) => taken(p.steps[i]!.state, step.event));
  for (const [start, input] of Object.entries(model.inputs)) {
    const { shortest, adjacency } = traverse(model, input);
    const byVertex = new Map(shortest.map((p) => [pathVertex(model, p), p]));
    // Each start keeps at least one path: its eventless first steps (a remembered tab, a token
    // entrance) are transitions no event of the graph names.
    let startKept = false;
    for (const p of [...shortest].sort((a, b) => a.steps.length - b.steps.length)) {
      const ids = pathTransitions(p);
      if (ids.some((id) => skipped.has(id))) continue;
      const vertex = pathVertex(model, p);
      const first = !startKept && p.steps.length > 1;
      if (!first && reached.has(vertex) && (every === 'state' || ids.every((id) => covered.has(id)))) continue;
      startKept = true;
      reached.add(vertex);
      ids.forEach((id) => covered.add(id));
      kept.push({ ...p, start });
    }
    if (every === 'state') continue;
    for (const [vertex, { state: from, transitions }] of Object.entries(adjacency)) {
      const head = byVertex.get(vertex);
      if (!head || pathTransitions(head).some((id) => skipped.has(id))) continue;
      for (const { event, state } of Object.values(transitions)) {
        const ids = taken(from, event);
        if (ids.every((id) => covered.has(id)) || ids.some((id) => skipped.has(id))) continue;
        ids.forEach((id) => covered.add(id));
        kept.push({ state, weight: head.weight + 1, steps: [...head.steps, { state, event }], start });
      }
    }
  }
  const key = (p: FlowPath<M>) => `${p.start}|${p.steps.map((s) => JSON.stringify(s.event)).join(' ')}`;
  const keys = kept.map(key);
  return kept
    .filter((_, i) => keys.indexOf(keys[i]!) === i && !keys.some((other, j) => j !== i && other.length > keys[i]!.length && other.startsWith(keys[i]! + ' ')))
    .map((p) => replayed(model, p));
}

/**
 * The path with each step's snapshot replayed from the start's own: the traversal keeps one
 * snapshot per vertex, so a step's snapshot can carry the context another path reached that
 * vertex with (a vertex is the state value unless the model says more). The atlas shows the
 * contexts and the walks read them, so they are the ones this path's events lead to.
 */
function replayed<M extends AnyStateMachine>(model: GraphModel<M>, path: FlowPath<M>): FlowPath<M> {
  const scope = mockScope();
  let snapshot = model.machine.getInitialSnapshot(scope, model.inputs[path.start]) as AnyMachineSnapshot;
  const steps = path.steps.map((step, i) => {
    if (i > 0) snapshot = model.machine.transition(snapshot as never, step.event as never, scope) as AnyMachineSnapshot;
    if (JSON.stringify(snapshot.value) !== JSON.stringify((step.state as AnyMachineSnapshot).value))
      throw new Error(
        `path ${describePath(path)}: replayed, step ${i} reaches ${JSON.stringify(snapshot.value)}, not ${JSON.stringify((step.state as AnyMachineSnapshot).value)}`,
      );
    return { ...step, state: snapshot as SnapshotFrom<M> };
  });
  return { ...path, steps, state: steps[steps.length - 1]!.state };
}

/** The transition definitions a live actor would take for `event` in `state`. */
export function transitionsTaken(machine: AnyStateMachine, state: unknown, event: EventObject): string[] {
  return transitionData(machine, state, event).map(transitionId);
}

/** The coverage targets a live actor would take for `event` in `state` (see `stepTargets`). */
export function targetsTaken(machine: AnyStateMachine, state: unknown, event: EventObject): string[] {
  const { transitions, refusals, anyState } = stepTargets(transitionData(machine, state, event), atomicNodes(state as AnyMachineSnapshot), event);
  return [...transitions, ...refusals, ...anyState];
}

function transitionData(machine: AnyStateMachine, state: unknown, event: EventObject): Array<TransitionDefinition<any, any>> {
  const data = (machine as unknown as { getTransitionData(s: unknown, e: EventObject): Array<TransitionDefinition<any, any>> | undefined }).getTransitionData(
    state,
    event,
  );
  // Eventless transitions that follow in the same step are not listed; the walks measure them.
  return data ?? [];
}

/** A snapshot's atomic (and final) state nodes. */
const atomicNodes = (snapshot: { _nodes?: AnyStateNode[] } | undefined): AnyStateNode[] =>
  (snapshot?._nodes ?? []).filter((n) => n.type === 'atomic' || n.type === 'final');

/** The atomic states an actor of `machine` is in before its first microstep. */
function initialAtomic(node: AnyStateNode): AnyStateNode[] {
  if (node.type === 'atomic' || node.type === 'final') return [node];
  if (node.type === 'parallel') return (Object.values(node.states) as AnyStateNode[]).filter((n) => n.type !== 'history').flatMap(initialAtomic);
  const first = node.initial?.target?.[0] as AnyStateNode | undefined;
  return first ? initialAtomic(first) : [];
}

const isDescendant = (node: AnyStateNode, of: AnyStateNode): boolean => {
  for (let n: AnyStateNode | undefined = node.parent; n; n = n.parent) if (n === of) return true;
  return false;
};

/** A refusal target: the transition that took a refused answer, and its code. */
export const refusalTarget = (transition: string, code: number) => `${transition} @${code}`;
/** An any-state target: a parent state's transition, taken from one of its atomic states. */
export const anyStateTarget = (transition: string, atomicState: string) => `${transition} from ${atomicState}`;

/**
 * What one microstep covers: its transitions; for a `xstate.done.actor.*` answer refused with a
 * code, `<transition> @<code>`; for a transition a parent state (the root, a compound or parallel
 * state) defines, `<transition> from <atomic state>` for each atomic state of `before` (the
 * snapshot before the step) under that parent.
 */
export function stepTargets(
  transitions: ReadonlyArray<TransitionDefinition<any, any>>,
  before: readonly AnyStateNode[],
  event: EventObject,
): { transitions: string[]; refusals: string[]; anyState: string[] } {
  const out = { transitions: [] as string[], refusals: [] as string[], anyState: [] as string[] };
  const output = (event as { output?: { kind?: unknown; errCode?: unknown } }).output;
  const refused = event.type.startsWith('xstate.done.actor.') && output?.kind === 'refused' && typeof output.errCode === 'number' ? output.errCode : null;
  for (const t of transitions) {
    const id = transitionId(t);
    out.transitions.push(id);
    if (refused !== null && t.eventType === event.type) out.refusals.push(refusalTarget(id, refused));
    if (t.source.type === 'compound' || t.source.type === 'parallel') {
      for (const atomic of before) if (isDescendant(atomic, t.source)) out.anyState.push(anyStateTarget(id, atomic.id));
    }
  }
  return out;
}

function traverse<M extends AnyStateMachine>(model: GraphModel<M>, input: InputFrom<M>) {
  // @xstate/graph names a snapshot's vertex, then asks for its events: the way in is kept between.
  const reachedBy = new WeakMap<object, ReachedBy<M>>();
  const serializeState = (s: SnapshotFrom<M>, event?: EventObject, previous?: SnapshotFrom<M>) => {
    if (event && previous) reachedBy.set(s as object, { event, previous });
    return vertexOf(model)(s, event, previous);
  };
  // A finished actor takes no events, whatever `can` says of its last state.
  const events = (s: SnapshotFrom<M>) => ((s as AnyMachineSnapshot).status === 'active' ? model.events(s, reachedBy.get(s as object)) : []);
  const options = {
    events: events as never,
    serializeState: serializeState as never,
    input,
    fromState: model.machine.getInitialSnapshot(mockScope(), input) as never,
  };
  const shortest = getShortestPaths(model.machine, options) as unknown as StatePath<SnapshotFrom<M>, EventObject>[];
  const adjacency = getAdjacencyMap(model.machine, options as never) as Record<
    string,
    { state: SnapshotFrom<M>; transitions: Record<string, { event: EventObject; state: SnapshotFrom<M> }> }
  >;
  return { shortest, adjacency };
}

/**
 * An actor scope for reading a machine without running it: getInitialSnapshot, transition and
 * getTransitionData need one only to resolve entry actions and spawns, which the graph (and the
 * atlas) never run, like @xstate/graph's own traversal.
 */
export function mockScope(): never {
  const self = createEmptyActor();
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'graph',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as never;
}

/** An invocation's answer as a graph offers it (`xstate.done.actor.<id>`, with the actor's output). */
export const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
/** An invocation's failure as a graph offers it; the walks make it happen for real. */
export const error = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: new Error(id) }) as EventObject;

const SHORT = 24;
const short = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);
const isScalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * How an event reads in a path's title: an automatic step as `done:submit(refused 11)`,
 * `error:submit`, `after:pollInterval…`; a user event with its payload's discriminating values,
 * `METHOD_SELECTED(pix)`, `SESSION_REFUSED(-1112)` (an `errCode`, at the top or one level down,
 * alone), else its first two string or number fields, shortened; objects are skipped. `verbose`
 * shows the whole payload instead, for titles that would otherwise be the same.
 */
export function eventTitle(event: EventObject, { verbose = false }: { verbose?: boolean } = {}): string {
  const name = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\./, 'after:');
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  if (verbose) {
    const text = JSON.stringify(payload, (key, v: unknown) => (key === 'error' && v instanceof Error ? v.message : v));
    return text && text !== '{}' ? `${name}${text}` : name;
  }
  if (automaticStep(event)) {
    const output = payload.output as { kind?: string; errCode?: number } | undefined;
    return name + (output?.kind ? `(${output.kind}${output.errCode !== undefined ? ` ${output.errCode}` : ''})` : '');
  }
  const fields = Object.values(payload);
  const errCode = [payload, ...fields].map((v) => (v && typeof v === 'object' ? (v as { errCode?: unknown }).errCode : undefined)).find(isScalar);
  const values = errCode !== undefined ? [errCode] : fields.filter(isScalar).slice(0, 2);
  return values.length ? `${name}(${values.map((v) => short(String(v))).join(', ')})` : name;
}

/** A readable path name for test titles. */
export function describePath(path: FlowPath<AnyStateMachine>, options: { verbose?: boolean } = {}): string {
  const events = path.steps.slice(1).map((s) => eventTitle(s.event, options));
  return `[${path.start}] ${events.join(' → ') || '(start)'} ⇒ ${JSON.stringify((path.state as AnyMachineSnapshot).value)}`;
}

/**
 * The paths' titles, one per path and never twice the same: paths whose titles would be the same
 * show their events' whole payloads, and any still alike are numbered (`#2`, `#3`).
 */
export function pathTitles(paths: ReadonlyArray<FlowPath<AnyStateMachine>>): string[] {
  const count = (titles: string[]) => titles.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());
  const plain = paths.map((p) => describePath(p));
  const plainCount = count(plain);
  const titles = paths.map((p, i) => (plainCount.get(plain[i]!)! > 1 ? describePath(p, { verbose: true }) : plain[i]!));
  const seen = new Map<string, number>();
  return titles.map((t) => {
    const n = (seen.get(t) ?? 0) + 1;
    seen.set(t, n);
    return n === 1 ? t : `${t} #${n}`;
  });
}

/**
 * What a live actor went through, microstep by microstep (through `inspect`): states, transitions,
 * refused answers by code and parent-state transitions by the atomic state they were taken from
 * (see `stepTargets`). One recorder per path: a path counts only if it passed.
 */
export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly refusals = new Set<string>();
  readonly anyState = new Set<string>();
  /**
   * The events the actors took, in order, as path titles read them (`done:submit(refused 11)`); a
   * child actor's prefixed with its machine: a failed path's report sets them against its plan.
   */
  readonly events: string[] = [];
  /** Each actor's atomic states after its last microstep, by session id. */
  private readonly atomic = new Map<string, AnyStateNode[]>();
  private sealed = false;

  /**
   * Ends the recording: a path covers what its actors did up to its last check, never an answer
   * let through after it (a held answer reaching a state no step of the path looked at).
   */
  seal() {
    this.sealed = true;
  }

  /** Which of `targets` (a step's planned transitions, refusals, any-state targets) the actors have not taken. */
  missing(targets: readonly string[]): string[] {
    const all = new Set([...this.transitions, ...this.refusals, ...this.anyState]);
    return targets.filter((t) => !all.has(t));
  }

  /** Pass as `inspect` to `createActor`: records every microstep of the actors of its system. */
  readonly inspect = (event: {
    type: string;
    actorRef?: { sessionId?: string };
    rootId?: string;
    event?: EventObject;
    snapshot?: unknown;
    _transitions?: TransitionDefinition<any, any>[];
  }) => {
    if (this.sealed || (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep')) return;
    const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: AnyStateMachine } | undefined;
    if (!snapshot?._nodes) return;
    const session = event.actorRef?.sessionId ?? '';
    if (event.type === '@xstate.microstep') {
      const before = this.atomic.get(session) ?? (snapshot.machine ? initialAtomic(snapshot.machine.root) : []);
      const step = stepTargets(event._transitions ?? [], before, event.event ?? { type: '' });
      step.transitions.forEach((id) => this.transitions.add(id));
      step.refusals.forEach((id) => this.refusals.add(id));
      step.anyState.forEach((id) => this.anyState.add(id));
      if (event.event && (event._transitions ?? []).length) {
        const child = event.rootId !== undefined && session !== event.rootId;
        this.events.push(`${child ? `${snapshot.machine?.id ?? 'child'}: ` : ''}${eventTitle(event.event)}`);
      }
      // A transient state (left by an eventless transition) is in no settled snapshot.
      for (const t of event._transitions ?? []) this.states.add(t.source.id);
    }
    for (const node of snapshot._nodes) this.states.add(node.id);
    this.atomic.set(session, atomicNodes(snapshot));
  };
}

/** A started actor with a simulated clock (for `after` edges) and a coverage recorder. */
export function startRecorded<L extends AnyActorLogic>(logic: L, recorder: CoverageRecorder, input?: InputFrom<L>): { actor: Actor<L>; clock: SimulatedClock } {
  const clock = new SimulatedClock();
  const actor = createActor(logic, { clock, inspect: recorder.inspect as never, ...(input === undefined ? {} : { input }) });
  actor.start();
  return { actor, clock };
}

/** The kind of an automatic step, or null for an event the user (or the app) sends. */
export function automaticStep(event: EventObject): { kind: 'done' | 'error'; invokeId: string } | { kind: 'after'; delay: string } | null {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) return { kind: done[1] as 'done' | 'error', invokeId: done[2]! };
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return { kind: 'after', delay: after[1]! };
  return null;
}
