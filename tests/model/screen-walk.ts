// What every screens walk (b) does with its actor: record coverage, keep the root's snapshots for
// the walker, and hold a busy state's answer until the walk has looked at the screen.
import { fireEvent, screen } from '@testing-library/react';
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

/** The captcha's group on a screen (src/components/captcha-field.tsx). */
export const CAPTCHA = 'Security check';

/**
 * With a captcha shown, the user presses its button and waits until it says it passed: the
 * challenge is solved for real, in the page's solver (on this thread, as jsdom has no workers).
 */
export async function verifyCaptchaOnScreen() {
  const verify = screen.queryByRole('button', { name: 'Verify that I am not a robot' });
  if (!verify) return;
  fireEvent.click(verify);
  await screen.findByText('Verified. You can send the form.', undefined, { timeout: 10_000 });
}
