import { describe, expect, it, vi } from 'vitest';
import { loadChunk, ChunkLoadError } from './chunks';
import { createTracker, pageIdOf, PageEvent, TRACKING_VERSION } from './tracking';

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
    expect(sent[0]).toMatchObject({ verCode: TRACKING_VERSION, path: '/pricing-table?la=en', clientType: 'WEB', scene: 'WEB', language: 'pt', timestamp: 1_000 });
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
