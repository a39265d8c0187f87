// The scaffolding every model-based walk shares, walk (a) against the real server as walk (b)
// through the screens: one test per graph path, titled by the path; each path walked on live
// actors whose microsteps are recorded; once every path ran, the walk's coverage saved to
// docs/flows/coverage.json and held to 100% (tests/model/gate.ts). A flow's file declares its
// world, its executors and what each state means; nothing else.
import { afterAll, describe, expect, it } from 'vitest';
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
import { saveCoverage, type Walk as WalkKind } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded, type FlowPath, type GraphModel } from './harness';
import type { AnswerGate } from './real-server';
import { walkPath, type Walk } from './walker';

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
}

export interface WalkSuite<M extends AnyStateMachine> {
  /** The describe block's title. */
  title: string;
  /** The machine's name in docs/flows/coverage.json. */
  flow: string;
  walk: WalkKind;
  /** The graph the paths come from; its machine is the one coverage is measured against. */
  model: GraphModel<M>;
  /** Transitions no real server answer can take yet (tests/model/gate.ts). */
  awaiting?: readonly string[];
  /** Sets up one path's world and says how to walk it. */
  path(run: PathRun<M>): PathWalk | Promise<PathWalk>;
}

const byBusyTag = (s: AnyMachineSnapshot) => s.hasTag('busy');

export function walkSuite<M extends AnyStateMachine>(suite: WalkSuite<M>): void {
  const recorder = new CoverageRecorder();
  const paths = flowPaths(suite.model);

  describe(suite.title, () => {
    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      const seen: AnyMachineSnapshot[] = [];
      const ends: Array<() => unknown> = [];
      const gates = new Set<AnswerGate>();
      const snapshots = () => seen;
      const screenOptions: PathRun<M>['screenOptions'] = (gate, busy = byBusyTag) => {
        gates.add(gate);
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
        seen,
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
      };
      const openGates = () => gates.forEach((gate) => gate.open());
      try {
        const walk = await suite.path(run);
        await walkPath(path, {
          ...walk,
          async check(reached, expected, event) {
            expect(reached.value).toEqual(expected.value);
            await walk.check(reached, expected, event);
          },
          async checked(reached) {
            openGates();
            await walk.checked?.(reached);
          },
          until: walk.until ?? pollUntil,
        });
      } finally {
        openGates();
        for (const end of ends.reverse()) await end();
      }
    });

    afterAll(() => {
      const report = saveCoverage(suite.flow, suite.walk, suite.model.machine, recorder);
      assertFullCoverage(report, suite.flow, suite.walk, suite.awaiting);
    });
  });
}
