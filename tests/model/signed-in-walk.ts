// The screens walk (b) of a flow a signed-in page runs, as the account, settings and order pages'
// flows share it (tests/model/walk-suite.ts is the scaffolding under it): for each graph path a
// world signs a fresh customer in on the real server, the routed app opens at the flow's page with
// the flow's actor recorded, and each state is checked on the server, then on the screen once it
// is the last one the actor reached. A flow's file says where the page is, what the customer does
// for each event and what each state shows; nothing else.
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { KnownGap } from './coverage';
import type { FlowPath, GraphModel } from './harness';
import type { AnswerGate } from './real-server';
import { inspectFlow, renderSignedIn, withSteadyStyles, type SignedInClient } from './router-bridge';
import { walkSuite } from './walk-suite';

/** The real server state behind a walk's answers, for one path, on a customer it signs in itself. */
export interface SignedInWorld {
  readonly customer: { readonly client: SignedInClient & { readonly gate: AnswerGate } };
  setUp(): Promise<unknown>;
  /** Prepares the server so that the automatic `event` really happens next. */
  arrange(event: EventObject): Promise<void>;
  /** Puts back what the path changed (faults, held answers), passed or failed. */
  repair(): Promise<void>;
  /** What the server holds once `reached` is reached (a flow's world may take more, with its own `check`). */
  check(reached: AnyMachineSnapshot, event: EventObject, ...more: never[]): Promise<void>;
}

export interface SignedInScreenWalk<M extends AnyStateMachine, W extends SignedInWorld> {
  /** The describe block's title. */
  title: string;
  /** The machine's name in docs/flows/coverage.json, which is its id too: the actor the walk records. */
  flow: string;
  model: GraphModel<M>;
  /** The server's clock: the page's session reads the time by it. */
  clock: { now(): number };
  /** A new world for each path (a world may set its customer up as the path needs); it signs its customer in on `setUp`. */
  world(path: FlowPath<M>): W;
  /** Targets the walk cannot arrange, with why (walk-suite.ts). */
  knownGaps?: readonly KnownGap[];
  /** Where the page opens (and stays, unless a state navigates). */
  url: string | ((world: W) => string);
  /**
   * The actor calls as it starts: its answers wait at the gate from its creation, as the page's
   * other calls then, instead of from its first busy state.
   */
  holdFromCreation?: boolean;
  /** What the customer does once the page is drawn, when the flow starts on a click (the button that opens its dialog). */
  open?(): Promise<void>;
  /** What the customer does for each user event. */
  perform(event: EventObject, world: W): unknown;
  /** What the server holds once `reached` is reached; the world's own `check` unless the flow needs more. */
  check?(reached: AnyMachineSnapshot, event: EventObject, world: W): Promise<void>;
  /**
   * What the customer sees in `reached`: what it needs from the server is read once, then the
   * check it returns is tried until the page shows it.
   */
  shows(reached: AnyMachineSnapshot, world: W): (() => void) | Promise<() => void>;
}

/** Walk (b) through the routed, signed-in page: a path for every target of `walk.model` (each refusal code too). */
export function signedInScreenWalk<M extends AnyStateMachine, W extends SignedInWorld>(walk: SignedInScreenWalk<M, W>): void {
  afterEach(() => cleanup());
  walkSuite({
    title: walk.title,
    flow: walk.flow,
    walk: 'screens',
    model: walk.model,
    walkEveryTarget: true,
    ...(walk.knownGaps ? { knownGaps: walk.knownGaps } : {}),
    async path(run) {
      const world = walk.world(run.path);
      await world.setUp();
      run.onEnd(() => world.repair());
      const gate = world.customer.client.gate;
      const url = typeof walk.url === 'string' ? walk.url : walk.url(world);
      return {
        arrange: (event) => world.arrange(event),
        async start() {
          const { clock, inspect, snapshots } = run.screenOptions(gate);
          const page = await renderSignedIn(world.customer.client, {
            url,
            actorOptions: { clock, inspect: inspectFlow(walk.flow, inspect, walk.holdFromCreation ? () => gate.hold() : undefined) },
            now: () => walk.clock.now(),
          });
          run.onEnd(page.stop);
          await walk.open?.();
          return { snapshots, clock };
        },
        perform: async (event) => void (await walk.perform(event, world)),
        delayMs: () => 0,
        async check(reached, _expected, event) {
          await (walk.check ? walk.check(reached, event, world) : world.check(reached, event));
          if (run.seen[run.seen.length - 1] === reached) {
            const shows = await walk.shows(reached, world);
            await waitFor(() => withSteadyStyles(shows));
          }
        },
      };
    },
  });
}
