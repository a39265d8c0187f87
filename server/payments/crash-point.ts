/**
 * A test-only crash at a named point of the payment path: with NODE_ENV=test and
 * CRASH_AT=<point>, the process kills itself there with SIGKILL (nothing flushed, no shutdown
 * hook), so a suite can stop it at the worst moment on purpose rather than by chance
 * (tests/attack/crash.attack.ts). Any other environment ignores CRASH_AT.
 */
export type CrashPoint = 'after-provider';

export function crashPoint(point: CrashPoint, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'test' && env.CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
