/** Time as the server sees it; tests hand in a clock they can move (lockouts, expiries). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function createFakeClock(start = Date.UTC(2026, 0, 15, 12)) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  };
}
export type FakeClock = ReturnType<typeof createFakeClock>;

/**
 * The clock of a server started with TEST_CLOCK=on (never in production, server/config.ts): the
 * real time plus an offset the sandbox moves forward (server/routes/sandbox-clock.ts), kept in the
 * database so a server killed and started again, or a second process, reads the same time.
 */
export function createOffsetClock(offsetMs = 0) {
  let offset = offsetMs;
  return {
    now: () => Date.now() + offset,
    offset: () => offset,
    setOffset(ms: number) {
      offset = ms;
    },
  };
}
export type OffsetClock = ReturnType<typeof createOffsetClock>;
