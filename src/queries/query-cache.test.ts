import { describe, expect, it, vi } from 'vitest';
import { createQueryCache } from './query-cache';

describe('query cache', () => {
  it('fetches a key once, however many views ask', async () => {
    const cache = createQueryCache();
    const fetcher = vi.fn(async () => 42);
    cache.ensure('a', fetcher);
    cache.ensure('a', fetcher);
    expect(cache.get('a').status).toBe('loading');
    await vi.waitFor(() => expect(cache.get('a')).toEqual({ status: 'success', data: 42 }));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('keeps a failure as state and notifies subscribers', async () => {
    const cache = createQueryCache();
    const listener = vi.fn();
    cache.subscribe('b', listener);
    cache.ensure('b', async () => {
      throw new Error('down');
    });
    await vi.waitFor(() => expect(cache.get('b').status).toBe('error'));
    expect(listener).toHaveBeenCalled();
  });

  it('invalidating a prefix refetches those keys only', async () => {
    const cache = createQueryCache();
    let n = 0;
    const fetcher = async () => ++n;
    cache.ensure('policy:privacy:pt', fetcher);
    cache.ensure('theme', async () => 'x');
    await vi.waitFor(() => expect(cache.get('policy:privacy:pt').status).toBe('success'));
    cache.invalidate('policy');
    expect(cache.get('policy:privacy:pt').status).toBe('loading');
    expect(cache.get('theme').status).toBe('success');
    cache.ensure('policy:privacy:pt', fetcher);
    await vi.waitFor(() => expect(cache.get('policy:privacy:pt')).toEqual({ status: 'success', data: 2 }));
  });
});
