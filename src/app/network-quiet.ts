/**
 * The app's requests in flight, counted, so that what can wait (the tracking reports, the next
 * screen's files: docs/decisions/064) waits until a page's own code and reads are in. Over
 * HTTP/1.1 a browser opens six connections to a host; on a slow phone network every request
 * beyond them waits a whole round trip more, and the page's reads used to wait behind reports.
 */
export interface NetworkQuiet {
  /** The fetch the typed client uses: the given one, counted. */
  fetch(input: Request): Promise<Response>;
  /**
   * Resolves once nothing has been in flight for a while (`quietMs`), or after `maxWaitMs`
   * whatever is in flight, so a page that polls does not hold reports forever.
   */
  whenQuiet(maxWaitMs?: number): Promise<void>;
  /** Counts other work as in flight until it settles (a screen's files, which are not fetched through the client). */
  track<T>(work: Promise<T>): Promise<T>;
}

/**
 * `quietMs`: how long nothing must be in flight for the page to count as quiet. A moment of
 * nothing is not enough: between a log-in's answer and the next page's reads, or a screen's
 * commit and its reads (a task later, src/queries/use-query.ts), the network is idle for a few
 * frames on a slow phone.
 */
export function createNetworkQuiet(fetchOf: (input: Request) => Promise<Response>, { quietMs = 100 } = {}): NetworkQuiet {
  let inFlight = 0;
  let started = 0;
  const waiting = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    clearTimeout(timer);
    if (inFlight > 0 || waiting.size === 0) return;
    const mark = started;
    timer = setTimeout(() => {
      if (inFlight > 0 || started !== mark) return;
      const woken = [...waiting];
      waiting.clear();
      woken.forEach((resolve) => resolve());
    }, quietMs);
  };
  const track = async <T>(work: Promise<T>): Promise<T> => {
    inFlight++;
    started++;
    try {
      return await work;
    } finally {
      inFlight--;
      check();
    }
  };
  return {
    fetch: (input) => track(fetchOf(input)),
    track,
    whenQuiet(maxWaitMs = 10_000) {
      return new Promise((resolve) => {
        const done = () => {
          waiting.delete(done);
          resolve();
        };
        waiting.add(done);
        setTimeout(done, maxWaitMs);
        check();
      });
    },
  };
}

/** Resolves in the browser's next idle moment (at the latest in 2 s). */
export const idle = () =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 2_000 }) : setTimeout(resolve)));
