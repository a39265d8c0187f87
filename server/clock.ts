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
