// The scaffolding every model-based walk shares, walk (a) against the real server as walk (b)
// through the screens: one test per graph path, titled by the path; each path walked on live
// actors whose microsteps its own recorder takes down; once every path ran, the targets covered by
// the paths that passed are saved (tests/model/coverage.ts) and held to 100% (tests/model/gate.ts).
// A flow's file declares its world, its executors and what each state means; nothing else.
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  SimulatedClock,
  createActor,
  type Actor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InputFrom,
  type InspectionEvent,
} from 'xstate';
import { machineHash } from '../../scripts/flow-drawing';
import {
  emptyTargets,
  machineTargets,
  routingOf,
  TARGET_KINDS,
  type CoverageFiles,
  type KnownGap,
  type PathEvidence,
  type PathOutcome,
  type TargetKind,
  type Walk as WalkKind,
} from './coverage';
import { closeSuite, gapsOf, pollUntil, WAIT_CEILING_MS } from './gate';
import { CoverageRecorder, eventTitle, flowPaths, pathTitles, startRecorded, targetsTaken, type FlowPath, type GraphModel, type PathChoice } from './harness';
import type { AnswerGate } from './real-server';
import { walkPath, type Walk } from './walker';

/** A path's own ceiling: several waits, each under `WAIT_CEILING_MS`, so a stuck one says what it waited for. */
const PATH_TIMEOUT_MS = 4 * WAIT_CEILING_MS;

/**
 * One path's walk, as the walker takes it. The suite first checks that the state reached is the
 * one expected, then calls `check`; `until` is the gate's poll unless the flow needs another.
 */
export type PathWalk = Omit<Walk, 'until'> & Partial<Pick<Walk, 'until'>>;

/** What the walker's `start` answers: the root's snapshots so far, and the actor's clock. */
export interface Started {
  snapshots(): AnyMachineSnapshot[];
  clock: SimulatedClock;
}

/** What a flow gets for one path. */
export interface PathRun<M extends AnyStateMachine> {
  readonly path: FlowPath<M>;
  /** The path's test title. */
  readonly title: string;
  /** The root actor's snapshots, in order: where the walker looks for each state. */
  readonly seen: AnyMachineSnapshot[];
  /** Walk (a): starts `logic` on a simulated clock, recorded; it stops when the path ends. */
  start<L extends AnyActorLogic>(logic: L, input?: InputFrom<L>): Started & { actor: Actor<L> };
  /**
   * Walk (b): the options of the actor a screen runs (a simulated clock, and an inspector that
   * records coverage and keeps the root's snapshots). While the root is in a `busy` state (by
   * default, one tagged busy) its answers wait at `gate`, which opens once the walk has looked
   * at the screen, and when the path ends.
   */
  screenOptions(gate: AnswerGate, busy?: (s: AnyMachineSnapshot) => boolean): Started & { inspect: (event: InspectionEvent) => void };
  /** Walk (b), for a screen handed its actor: `screenOptions`, then the actor, stopped when the path ends. */
  startOnScreen<L extends AnyActorLogic>(
    logic: L,
    gate: AnswerGate,
    options?: { input?: InputFrom<L>; busy?: (s: AnyMachineSnapshot) => boolean },
  ): Started & { actor: Actor<L> };
  /** Runs when the path ends, passed or failed, latest first: a failed path leaves no fault and no actor to the next. */
  onEnd(end: () => unknown): void;
  /** The path's recorder, for a walk whose actors run elsewhere (the browser walk replays the page's microsteps into it). */
  readonly recorder: CoverageRecorder;
  /** Runs once the path's result is known, with whether it passed (the browser walk keeps a passed path's screenshots). */
  onResult(result: (passed: boolean) => void): void;
  /** What a failed path leaves for the tester besides its events and states: the browser walk's page console, its calls and the screen it stopped on. */
  readonly evidence: PathEvidence;
}

export interface WalkSuite<M extends AnyStateMachine> {
  /** The describe block's title. */
  title: string;
  /** The machine's name in docs/flows/coverage.json. */
  flow: string;
  walk: WalkKind;
  /** The graph the paths come from; its machine is the one coverage is measured against. */
  model: GraphModel<M>;
  /** Targets no real server answer can produce yet (a code the server does not send): they must stay uncovered. */
  awaiting?: readonly string[];
  /**
   * Targets the walk cannot arrange yet, with why: reported uncovered, never counted as covered,
   * and no path is walked for them; the gate fails once one is covered, so the list only shrinks.
   */
  knownGaps?: readonly KnownGap[];
  /**
   * Which paths to walk: by default, enough to take every transition (the refusal and any-state
   * targets are measured on them); `true` keeps a path for every target the graph can reach too
   * (each refusal code, each parent-state transition from each state that takes it).
   */
  walkEveryTarget?: boolean;
  /** Which paths to walk, when neither of `walkEveryTarget`'s: `'state'`, the shortest path to each state (the browser walk). */
  every?: PathChoice;
  /** The target kinds the gate holds the walk to (all by default; the browser walk: states). */
  heldTo?: readonly TargetKind[];
  /**
   * The customer's events a path may make in a busy state before its answer came (the checkout's
   * picks while pricing, docs/decisions/065): before one, the answers stay held. Before any other
   * event they go on, as some events come of an answer (a session refused by the call it made).
   */
  actsWhileBusy?: readonly string[];
  /** Where the coverage goes, and the run (tests of the scaffolding hand in temporary ones). */
  coverage?: { files?: CoverageFiles; runId?: string };
  /** Sets up one path's world and says how to walk it. */
  path(run: PathRun<M>): PathWalk | Promise<PathWalk>;
}

const byBusyTag = (s: AnyMachineSnapshot) => s.hasTag('busy');
const stateText = (s: AnyMachineSnapshot) => (typeof s.value === 'string' ? s.value : JSON.stringify(s.value));
/** A server walk's actor that is finished, or runs no call: nothing but the walk can move it. */
const serverSettled = (s: AnyMachineSnapshot) => s.status !== 'active' || Object.keys(s.children).length === 0;

export function walkSuite<M extends AnyStateMachine>(suite: WalkSuite<M>): void {
  const gaps = gapsOf(suite);
  const every = suite.every ?? (suite.walkEveryTarget ? 'target' : 'transition');
  const paths = flowPaths(suite.model, { skip: gaps.map((g) => g.target), every });
  const titles = pathTitles(paths);
  /** What each path did, by title: a retried path keeps its last attempt. */
  const outcomes = new Map<string, PathOutcome>();

  describe(suite.title, () => {
    paths.forEach((path, i) => {
      const title = titles[i]!;
      it(title, async () => walkOne(suite, path, title, outcomes), PATH_TIMEOUT_MS);
    });

    afterAll(async () => {
      const machine = suite.model.machine;
      const all = machineTargets(machine, await routingOf(machine));
      const targets = emptyTargets();
      for (const kind of TARGET_KINDS) if (!suite.heldTo || suite.heldTo.includes(kind)) targets[kind] = all[kind];
      closeSuite(
        {
          flow: suite.flow,
          walk: suite.walk,
          machineHash: machineHash(machine),
          targets,
          knownGaps: gaps,
          pathCount: paths.length,
          outcomes: [...outcomes.values()],
        },
        suite,
        suite.coverage,
      );
    });
  });
}

async function walkOne<M extends AnyStateMachine>(suite: WalkSuite<M>, path: FlowPath<M>, title: string, outcomes: Map<string, PathOutcome>) {
  const recorder = new CoverageRecorder();
  const began = performance.now();
  const seen: AnyMachineSnapshot[] = [];
  const evidence: PathEvidence = { console: [], network: [] };
  // After the test and its hooks: whether it passed decides whether its coverage counts.
  const results: Array<(passed: boolean) => void> = [];
  onTestFinished(({ task }) => {
    const passed = task.result?.state === 'pass';
    for (const result of results) result(passed);
    const error = task.result?.errors?.[0] as { message?: string } | undefined;
    const last = seen[seen.length - 1];
    outcomes.set(title, {
      title,
      start: path.start,
      steps: path.steps.slice(1).map((s) => eventTitle(s.event)),
      status: passed ? 'passed' : 'failed',
      durationMs: Math.round(performance.now() - began),
      ...(passed ? {} : { error: (error?.message ?? 'failed').split('\n')[0]! }),
      ...(last ? { stoppedAt: stateText(last) } : {}),
      ...(passed ? {} : { seen: { events: recorder.events.slice(-60), states: seen.map(stateText).filter((v, i, all) => v !== all[i - 1]) } }),
      // Held by reference: the stopped screen is taken by the path's end hooks, after this record, and before the part is written.
      ...(passed ? {} : { evidence }),
      reached: { states: [...recorder.states], transitions: [...recorder.transitions], refusals: [...recorder.refusals], anyState: [...recorder.anyState] },
    });
  });
  const ends: Array<() => unknown> = [];
  /** Each gate a screen walk holds answers at, with the states it holds them in. */
  const gates = new Map<AnswerGate, (s: AnyMachineSnapshot) => boolean>();
  const snapshots = () => seen;
  const screenOptions: PathRun<M>['screenOptions'] = (gate, busy = byBusyTag) => {
    gates.set(gate, busy);
    const inspect = (event: InspectionEvent) => {
      recorder.inspect(event as never);
      if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
        const snapshot = event.snapshot as AnyMachineSnapshot;
        seen.push(snapshot);
        if (busy(snapshot)) gate.hold();
      }
    };
    return { clock: new SimulatedClock(), inspect, snapshots };
  };
  const run: PathRun<M> = {
    path,
    title,
    seen,
    evidence,
    start(logic, input) {
      const { actor, clock } = startRecorded(logic, recorder, input);
      ends.push(() => actor.stop());
      seen.push(actor.getSnapshot() as AnyMachineSnapshot);
      actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
      return { actor, clock, snapshots };
    },
    screenOptions,
    startOnScreen(logic, gate, options = {}) {
      const { clock, inspect } = screenOptions(gate, options.busy);
      const actor = createActor(logic, { clock, inspect, ...(options.input === undefined ? {} : { input: options.input }) }).start();
      ends.push(() => actor.stop());
      return { actor, clock, snapshots };
    },
    onEnd: (end) => void ends.push(end),
    recorder,
    onResult: (result) => void results.push(result),
  };
  const openGates = () => gates.forEach((_, gate) => gate.open());
  const lastStep = path.steps.length - 1;
  let step = 0;
  try {
    const walk = await suite.path(run);
    await walkPath(path, {
      ...walk,
      async check(reached, expected, event) {
        expect(reached.value).toEqual(expected.value);
        // A step covers what it was planned to take: the same state reached another way (another
        // branch, another refusal code) fails the path instead of crediting the planned targets.
        const planned = step === 0 ? [] : targetsTaken(suite.model.machine, path.steps[step - 1]!.state, event);
        const missing = recorder.missing(planned);
        expect(missing, `step ${step} (${eventTitle(event)}) was planned to take ${missing.join(', ')}; the actor took another way`).toEqual([]);
        // The path's coverage ends at its last state: what an answer does after it is no step's.
        if (step++ === lastStep) recorder.seal();
        await walk.check(reached, expected, event);
      },
      async checked(reached, next) {
        // After the last state, answers stay held until the recording is sealed (below).
        const actsWhileBusy = next === undefined || (suite.actsWhileBusy ?? []).includes(next.type);
        gates.forEach((busy, gate) => (actsWhileBusy && busy(reached) ? undefined : gate.open()));
        await walk.checked?.(reached, next);
      },
      until: walk.until ?? pollUntil,
      // Against the server, only the actor's own children (its calls) move it without the walk.
      ...(walk.settled ? { settled: walk.settled } : suite.walk === 'server' ? { settled: serverSettled } : {}),
    });
  } finally {
    recorder.seal();
    openGates();
    for (const end of ends.reverse()) await end();
  }
}
