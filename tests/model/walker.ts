// Replays one graph path on a live actor. User events go through the walk's executors (a direct
// send in the server walk, clicks and typing in the screens walk). Automatic events are never
// sent: before a step, the walk arranges real server state for the answers that follow it, then
// waits for the live actor to get there. `after` edges move the simulated clock.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { automaticStep, type FlowPath } from './harness';

export interface Walk {
  /** Prepares the server (and the world) so that the automatic `event` really happens next. */
  arrange(event: EventObject, expected: AnyMachineSnapshot, cause: EventObject | undefined): Promise<void>;
  /** Starts the actor (or renders the screen); returns the live snapshots and the clock. */
  start(start: string): Promise<{ snapshots: () => AnyMachineSnapshot[]; clock: WalkClock }>;
  /** Performs a user event. */
  perform(event: EventObject, from: AnyMachineSnapshot): Promise<void>;
  /** How long an `after` delay waits in the current snapshot (ms). */
  delayMs(delay: string, current: AnyMachineSnapshot): number;
  /** Asserts what a state means: context, the server's state, or what the user sees. */
  check(reached: AnyMachineSnapshot, expected: AnyMachineSnapshot, event: EventObject): Promise<void>;
  /**
   * After a state was checked, with the path's next event: a screen walk lets held answers
   * through, unless that event is one the customer makes before the answer comes (`actsWhileBusy`).
   */
  checked?(reached: AnyMachineSnapshot, next: EventObject | undefined): Promise<void>;
  /**
   * Whether the actor, in `latest`, cannot move on without the walk (finished, or nothing of its
   * own running): waiting for another state then is waiting for nothing, and the path fails at
   * once instead of at the wait's ceiling. By default, only a finished actor.
   */
  settled?(latest: AnyMachineSnapshot): boolean;
  /** Waits for a condition the walk cannot know the timing of (an answer, a render); `what` is read when it fails. */
  until<T>(get: () => T | undefined, what: () => string): Promise<T>;
}

/** The machines' clock as the walk moves it: XState's `SimulatedClock`, or the browser page's. */
export interface WalkClock {
  increment(ms: number): void | Promise<void>;
}

const valueKey = (s: AnyMachineSnapshot) => JSON.stringify(s.value);

export async function walkPath(path: FlowPath<AnyStateMachine>, walk: Walk): Promise<void> {
  const steps = path.steps;
  const arrangeFollowing = async (from: number) => {
    for (let j = from; j < steps.length && automaticStep(steps[j]!.event); j++) {
      if (automaticStep(steps[j]!.event)!.kind !== 'after') await walk.arrange(steps[j]!.event, steps[j]!.state as AnyMachineSnapshot, steps[j - 1]?.event);
    }
  };
  await arrangeFollowing(1);
  const { snapshots, clock } = await walk.start(path.start);
  let cursor = 0;
  const settled = walk.settled ?? ((s: AnyMachineSnapshot) => s.status !== 'active');
  const seenSince = () => snapshots().slice(cursor).map(valueKey).join(', ') || 'nothing since the last step';
  /** The first snapshot from the cursor on in the expected state (the actor may have moved on since). */
  const reach = (expected: AnyMachineSnapshot) =>
    walk.until(
      () => {
        const list = snapshots();
        for (let k = cursor; k < list.length; k++) {
          if (valueKey(list[k]!) === valueKey(expected)) {
            cursor = k;
            return list[k];
          }
        }
        const latest = list[list.length - 1];
        if (latest && list.length > cursor && settled(latest))
          throw new Error(`the actor settled in ${valueKey(latest)} and cannot reach ${valueKey(expected)} (seen: ${seenSince()})`);
        return undefined;
      },
      () => `state ${valueKey(expected)} (seen: ${seenSince()})`,
    );

  const first = await reach(steps[0]!.state as AnyMachineSnapshot);
  await walk.check(first, steps[0]!.state as AnyMachineSnapshot, steps[0]!.event);
  await walk.checked?.(first, steps[1]?.event);
  for (let i = 1; i < steps.length; i++) {
    const { event, state } = steps[i]!;
    const expected = state as AnyMachineSnapshot;
    const auto = automaticStep(event);
    const current = snapshots()[snapshots().length - 1]!;
    if (!auto) {
      await arrangeFollowing(i + 1);
      cursor = snapshots().length;
      await walk.perform(event, current);
    } else if (auto.kind === 'after') {
      await arrangeFollowing(i + 1);
      cursor = snapshots().length;
      await clock.increment(walk.delayMs(auto.delay, current));
    } else {
      cursor += 1;
    }
    const reached = await reach(expected);
    await walk.check(reached, expected, event);
    await walk.checked?.(reached, steps[i + 1]?.event);
  }
}
