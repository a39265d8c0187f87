// What every screens walk (b) does with its actor: record coverage, keep the root's snapshots for
// the walker, and hold a busy state's answer until the walk has looked at the screen.
import { SimulatedClock, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import type { CoverageRecorder } from './harness';
import type { AnswerGate } from './real-server';

/** `busy`: the states whose answer waits until the walk has looked (by default, those tagged busy). */
export function screenActorOptions(recorder: CoverageRecorder, gate: AnswerGate, seen: AnyMachineSnapshot[], busy = (s: AnyMachineSnapshot) => s.hasTag('busy')) {
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    recorder.inspect(event as never);
    if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
      const snapshot = event.snapshot as AnyMachineSnapshot;
      seen.push(snapshot);
      if (busy(snapshot)) gate.hold();
    }
  };
  return { clock, inspect };
}
