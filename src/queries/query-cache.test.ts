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

describe('query cache, invalidated while fetching', () => {
  it('drops the answer of a fetch that was invalidated while it ran', async () => {
    const cache = createQueryCache();
    let release!: (n: number) => void;
    cache.ensure('orders', () => new Promise<number>((resolve) => (release = resolve)));
    cache.invalidate('orders');
    cache.ensure('orders', async () => 2);
    await vi.waitFor(() => expect(cache.get('orders')).toEqual({ status: 'success', data: 2 }));
    release(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.get('orders')).toEqual({ status: 'success', data: 2 });
  });

  it('each invalidation is a new state, so a view showing the key notices it', async () => {
    const cache = createQueryCache();
    cache.ensure('k', async () => 1);
    const before = cache.get('k');
    cache.invalidate('k');
    const first = cache.get('k');
    cache.invalidate('k');
    expect(first).not.toBe(before);
    expect(cache.get('k')).not.toBe(first);
    expect(cache.get('k').status).toBe('loading');
  });
});

describe('query cache, reads for a flow and ahead of a view (docs/decisions/064)', () => {
  it('a flow reads the one fetch the views share, and asks again after a failure', async () => {
    const cache = createQueryCache();
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('config');
    cache.ensure('config', fetcher);
    await vi.waitFor(() => expect(cache.get('config').status).toBe('error'));
    await expect(cache.read('config', fetcher)).resolves.toBe('config');
    await expect(cache.read('config', fetcher)).resolves.toBe('config');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps what a prefetch got, and forgets a failed one so that the view asks itself', async () => {
    const cache = createQueryCache();
    await cache.prefetch('plans', async () => ['monthly']);
    expect(cache.get('plans')).toEqual({ status: 'success', data: ['monthly'] });

    const seen = vi.fn();
    cache.subscribe('policy', seen);
    await cache.prefetch('policy', () => Promise.reject(new Error('offline')));
    expect(cache.get('policy').status).toBe('loading');
    expect(seen).toHaveBeenCalled();
    const view = vi.fn(async () => 'terms');
    cache.ensure('policy', view);
    await vi.waitFor(() => expect(cache.get('policy')).toEqual({ status: 'success', data: 'terms' }));
    expect(view).toHaveBeenCalledTimes(1);
  });
});
