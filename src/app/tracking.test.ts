import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../core/session/store';
import type { TrackingCalls } from '../queries/tracking-calls';
import { loadChunk, ChunkLoadError } from './chunks';
import { createAppTracker, createTracker, pageIdOf, PageEvent, TRACKING_VERSION } from './tracking';

function tracker() {
  let t = 1_000;
  const sent: Array<Record<string, unknown>> = [];
  const tr = createTracker({ send: (e) => void sent.push(e), now: () => t, context: () => ({ clientType: 'WEB', scene: 'WEB', language: 'pt' }) });
  return { tr, sent, advance: (ms: number) => void (t += ms) };
}

describe('page-load tracking (spec section 9)', () => {
  it('numbers the 17 named pages; other paths are not tracked', () => {
    expect(pageIdOf('/pricing-table')).toBe(1);
    expect(pageIdOf('/plan-details/3')).toBe(2);
    expect(pageIdOf('/orders')).toBe(pageIdOf('/account'));
    expect(pageIdOf('/stb-orders')).toBe(17);
    expect(pageIdOf('/404')).toBeNull();
    expect(pageIdOf('/flows')).toBeNull();
  });

  it('reports opened, loaded with the time it took, and left with the time spent', () => {
    const { tr, sent, advance } = tracker();
    tr.opened('/pricing-table?la=en');
    advance(250);
    tr.loaded();
    tr.loaded();
    advance(5_000);
    tr.opened('/help');
    expect(sent.map((e) => [e.eventId, e.pageId, e.durationMs])).toEqual([
      [PageEvent.opened, 1, undefined],
      [PageEvent.loaded, 1, 250],
      [PageEvent.left, 1, 5_250],
      [PageEvent.opened, 14, undefined],
    ]);
    expect(sent[0]).toMatchObject({
      verCode: TRACKING_VERSION,
      path: '/pricing-table?la=en',
      clientType: 'WEB',
      scene: 'WEB',
      language: 'pt',
      timestamp: 1_000,
    });
  });

  it('a new query on the same page is the same visit; an untracked page ends the visit without a new one', () => {
    const { tr, sent } = tracker();
    tr.opened('/orders');
    tr.opened('/orders?page=2');
    tr.opened('/404');
    tr.loaded();
    tr.left();
    expect(sent.map((e) => e.eventId)).toEqual([PageEvent.opened, PageEvent.left]);
  });

  it('caps a duration at the contract maximum (10 minutes)', () => {
    const { tr, sent, advance } = tracker();
    tr.opened('/help');
    advance(3_600_000);
    tr.left();
    expect(sent.at(-1)?.durationMs).toBe(600_000);
  });
});

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

/** The app's tracker on fake calls: what it posted, the user-config call to answer, and the page's network to quieten. */
function appTracker() {
  const posted: Array<Record<string, unknown>> = [];
  let answerConfig: (answer: unknown) => void = () => undefined;
  const GET = vi.fn(() => new Promise((resolve) => (answerConfig = resolve)));
  const report = vi.fn(async (body: Record<string, unknown>) => void posted.push(body));
  const store = createSessionStore(memoryStorage());
  const quiet: Array<() => void> = [];
  const whenQuiet = () => new Promise<void>((resolve) => quiet.push(resolve));
  const tr = createAppTracker({ report, userConfig: GET } as unknown as TrackingCalls, store, () => 'pt', { settled: whenQuiet, whenQuiet: async () => {} });
  const quieten = () => quiet.splice(0).forEach((resolve) => resolve());
  return { tr, posted, GET, store, quieten, answerConfig: (answer: unknown) => answerConfig(answer) };
}

describe('the app tracker (docs/decisions/022 and 028)', () => {
  const pointData = { brand: 'Aurora', brandId: 'b1', vnoId: 'v1', tenantId: 't1', env: 'sandbox' };

  it('holds the reports and the point-data call until the first screen is drawn and its requests are in, then sends them in order with the point data', async () => {
    const { tr, posted, GET, store, quieten, answerConfig } = appTracker();
    tr.opened('/pricing-table');
    tr.loaded();
    await Promise.resolve();
    expect(GET).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
    quieten();
    await vi.waitFor(() => expect(GET).toHaveBeenCalledTimes(1));
    answerConfig(pointData);
    await vi.waitFor(() =>
      expect(posted.map((e) => [e.eventId, e.pageId])).toEqual([
        [PageEvent.opened, 1],
        [PageEvent.loaded, 1],
      ]),
    );
    expect(posted[0]).toMatchObject({ brand: 'Aurora', brandId: 'b1', vnoId: 'v1', tenantId: 't1', env: 'sandbox' });
    expect(store.get('pointData')).toEqual(pointData);
  });

  it("holds each next page's reports, and the left page's, until that page is drawn and quiet; the point data is asked once", async () => {
    const { tr, posted, GET, quieten, answerConfig } = appTracker();
    tr.opened('/pricing-table');
    tr.loaded();
    quieten();
    await vi.waitFor(() => expect(GET).toHaveBeenCalledTimes(1));
    answerConfig(pointData);
    await vi.waitFor(() => expect(posted).toHaveLength(2));

    tr.opened('/login');
    tr.loaded();
    // A third page opens before the second one's requests are in: its release waits for its own.
    tr.opened('/help');
    quieten();
    await new Promise((resolve) => setTimeout(resolve));
    expect(posted).toHaveLength(2);
    tr.loaded();
    quieten();
    await vi.waitFor(() =>
      expect(posted.slice(2).map((e) => [e.eventId, e.pageId])).toEqual([
        [PageEvent.left, 1],
        [PageEvent.opened, 8],
        [PageEvent.loaded, 8],
        [PageEvent.left, 8],
        [PageEvent.opened, 14],
        [PageEvent.loaded, 14],
      ]),
    );
    expect(GET).toHaveBeenCalledTimes(1);
  });

  it('lets the held reports out one at a time, each when nothing else is in flight', async () => {
    const posted: Array<Record<string, unknown>> = [];
    const report = vi.fn(async (body: Record<string, unknown>) => void posted.push(body));
    const store = createSessionStore(memoryStorage());
    store.set('pointData', pointData);
    const quiet: Array<() => void> = [];
    const whenQuiet = () => new Promise<void>((resolve) => quiet.push(resolve));
    const tr = createAppTracker({ report } as unknown as TrackingCalls, store, () => 'pt', { settled: async () => {}, whenQuiet });
    tr.opened('/pricing-table');
    tr.loaded();
    tr.opened('/login');
    tr.loaded();
    for (const expected of [1, 2, 3, 4]) {
      await vi.waitFor(() => expect(quiet).toHaveLength(1));
      expect(posted).toHaveLength(expected - 1);
      quiet.shift()!();
      await vi.waitFor(() => expect(posted).toHaveLength(expected));
    }
    expect(posted.map((e) => e.eventId)).toEqual([PageEvent.opened, PageEvent.loaded, PageEvent.left, PageEvent.opened]);
  });

  it('sends what it held when the tab goes away before a screen was drawn, without waiting for the point data', () => {
    const { tr, posted, GET } = appTracker();
    tr.opened('/login');
    tr.left();
    expect(posted.map((e) => [e.eventId, e.pageId])).toEqual([
      [PageEvent.opened, 8],
      [PageEvent.left, 8],
    ]);
    expect(GET).not.toHaveBeenCalled();
  });
});

describe('route code loading (spec section 9: 120 s)', () => {
  it('fails as a ChunkLoadError after the timeout, and wraps a failed download', async () => {
    vi.useFakeTimers();
    try {
      const never = loadChunk(() => new Promise<never>(() => {}));
      const caught = never.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(await caught).toBeInstanceOf(ChunkLoadError);
    } finally {
      vi.useRealTimers();
    }
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });
});
