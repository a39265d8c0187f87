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
  events(snapshot: SnapshotFrom<M>): EventObject[];
  /** What makes two snapshots the same vertex (default: the state value). */
  vertex?(snapshot: SnapshotFrom<M>): string;
}

export type FlowPath<M extends AnyStateMachine> = StatePath<SnapshotFrom<M>, EventObject> & { start: string };

const vertexOf =
  <M extends AnyStateMachine>(model: GraphModel<M>) =>
  (s: SnapshotFrom<M>) =>
    model.vertex ? model.vertex(s) : JSON.stringify((s as AnyMachineSnapshot).value);

/**
 * Paths that cover the graph: for each start, the shortest path to every vertex not reached yet,
 * then, for every transition no kept path takes, the shortest path to a vertex where it can be
 * taken followed by that edge. Transitions are the machine's definitions (`transitionId`), so an
 * edge leading to a new vertex but through a transition already covered is not walked again.
 * Paths that are prefixes of longer ones are dropped.
 */
export function flowPaths<M extends AnyStateMachine>(model: GraphModel<M>): FlowPath<M>[] {
  const serializeState = vertexOf(model);
  const reached = new Set<string>();
  const covered = new Set<string>();
  const kept: FlowPath<M>[] = [];
  const taken = (state: SnapshotFrom<M>, event: EventObject) => transitionsTaken(model.machine, state, event);
  const pathTransitions = (p: StatePath<SnapshotFrom<M>, EventObject>) => p.steps.slice(1).flatMap((step, i) => taken(p.steps[i]!.state, step.event));
  for (const [start, input] of Object.entries(model.inputs)) {
    const { shortest, adjacency } = traverse(model, input);
    const byVertex = new Map(shortest.map((p) => [serializeState(p.state), p]));
    // Each start keeps at least one path: its eventless first steps (a remembered tab, a token
    // entrance) are transitions no event of the graph names.
    let startKept = false;
    for (const p of [...shortest].sort((a, b) => a.steps.length - b.steps.length)) {
      const ids = pathTransitions(p);
      const vertex = serializeState(p.state);
      const first = !startKept && p.steps.length > 1;
      if (!first && reached.has(vertex) && ids.every((id) => covered.has(id))) continue;
      startKept = true;
      reached.add(vertex);
      ids.forEach((id) => covered.add(id));
      kept.push({ ...p, start });
    }
    for (const [vertex, { state: from, transitions }] of Object.entries(adjacency)) {
      const head = byVertex.get(vertex);
      if (!head) continue;
      for (const { event, state } of Object.values(transitions)) {
        const ids = taken(from, event);
        if (ids.every((id) => covered.has(id))) continue;
        ids.forEach((id) => covered.add(id));
        kept.push({ state, weight: head.weight + 1, steps: [...head.steps, { state, event }], start });
      }
    }
  }
  const key = (p: FlowPath<M>) => `${p.start}|${p.steps.map((s) => JSON.stringify(s.event)).join(' ')}`;
  const keys = kept.map(key);
  return kept.filter(
    (_, i) => keys.indexOf(keys[i]!) === i && !keys.some((other, j) => j !== i && other.length > keys[i]!.length && other.startsWith(keys[i]! + ' ')),
  );
}

/** The transition definitions a live actor would take for `event` in `state`. */
export function transitionsTaken(machine: AnyStateMachine, state: unknown, event: EventObject): string[] {
  const data = (machine as unknown as { getTransitionData(s: unknown, e: EventObject): Array<TransitionDefinition<any, any>> | undefined }).getTransitionData(
    state,
    event,
  );
  // Eventless transitions that follow in the same step are not listed; the walks measure them.
  return (data ?? []).map(transitionId);
}

function traverse<M extends AnyStateMachine>(model: GraphModel<M>, input: InputFrom<M>) {
  const serializeState = vertexOf(model);
  // A finished actor takes no events, whatever `can` says of its last state.
  const events = (s: SnapshotFrom<M>) => ((s as AnyMachineSnapshot).status === 'active' ? model.events(s) : []);
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

// getInitialSnapshot needs an actor scope only to resolve entry actions and spawns; the graph
// never runs them, like @xstate/graph's own traversal.
function mockScope(): never {
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

/** A readable path name for test titles. */
export function describePath(path: FlowPath<AnyStateMachine>): string {
  const events = path.steps.slice(1).map((s) => {
    const e = s.event as EventObject & { output?: { kind?: string; errCode?: number } };
    const detail = e.output?.kind ? `(${e.output.kind}${e.output.errCode !== undefined ? ` ${e.output.errCode}` : ''})` : '';
    return e.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\./, 'after:') + detail;
  });
  return `[${path.start}] ${events.join(' → ') || '(start)'} ⇒ ${JSON.stringify((path.state as AnyMachineSnapshot).value)}`;
}

/** The states and transitions a live actor went through. */
export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /** Pass as `inspect` to `createActor`: records every microstep of the root actor. */
  readonly inspect = (event: { type: string; actorRef?: unknown; rootId?: string; snapshot?: unknown; _transitions?: TransitionDefinition<any, any>[] }) => {
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions ?? []) {
        this.transitions.add(transitionId(t));
        // A transient state (left by an eventless transition) is in no settled snapshot.
        this.states.add(t.source.id);
      }
    }
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown } | undefined;
      for (const node of snapshot?._nodes ?? []) this.states.add(node.id);
    }
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
