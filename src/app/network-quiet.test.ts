import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNetworkQuiet } from './network-quiet';

/** A fetch whose answers the test gives, one by one. */
function answeredByHand() {
  const answers: Array<() => void> = [];
  const fetch = () => new Promise<Response>((resolve) => answers.push(() => resolve(new Response('{}'))));
  return { fetch, answer: () => answers.shift()!() };
}

describe("the page's network, quiet or not (docs/decisions/064)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('is quiet once nothing has been in flight for the quiet time', async () => {
    const network = createNetworkQuiet(async () => new Response('{}'), { quietMs: 100 });
    let quiet = false;
    void network.whenQuiet().then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet).toBe(true);
  });

  it('waits for every request in flight, and for one started within the quiet time', async () => {
    const server = answeredByHand();
    const network = createNetworkQuiet(server.fetch, { quietMs: 100 });
    void network.fetch(new Request('http://portal.test/a'));
    void network.fetch(new Request('http://portal.test/b'));
    let quiet = false;
    void network.whenQuiet().then(() => (quiet = true));
    server.answer();
    server.answer();
    // The answers lead to the next read a moment later (the next page's, a flow's next step).
    await vi.advanceTimersByTimeAsync(60);
    void network.fetch(new Request('http://portal.test/c'));
    await vi.advanceTimersByTimeAsync(500);
    expect(quiet).toBe(false);
    server.answer();
    await vi.advanceTimersByTimeAsync(100);
    expect(quiet).toBe(true);
  });

  it("counts other work it is handed, such as a screen's files", async () => {
    const network = createNetworkQuiet(async () => new Response('{}'), { quietMs: 100 });
    let loaded: () => void = () => {};
    void network.track(new Promise<void>((resolve) => (loaded = resolve)));
    let quiet = false;
    void network.whenQuiet().then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(quiet).toBe(false);
    loaded();
    await vi.advanceTimersByTimeAsync(100);
    expect(quiet).toBe(true);
  });

  it('stops waiting after the longest wait, so a page that polls still lets its reports out', async () => {
    const network = createNetworkQuiet(() => new Promise<Response>(() => {}));
    void network.fetch(new Request('http://portal.test/poll'));
    let quiet = false;
    void network.whenQuiet(10_000).then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet).toBe(true);
  });
});
