/**
 * Plain reads for views (site configuration, policy texts, plans): one fetch per key shared by
 * every view that asks, kept until invalidated. Flows with steps live in machines instead.
 */
export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

interface Entry {
  state: QueryState<unknown>;
  promise?: Promise<void>;
  listeners: Set<() => void>;
}

const loading: QueryState<never> = { status: 'loading' };

export function createQueryCache() {
  const entries = new Map<string, Entry>();
  const entry = (key: string) => {
    let e = entries.get(key);
    if (!e) {
      e = { state: loading, listeners: new Set() };
      entries.set(key, e);
    }
    return e;
  };
  const set = (e: Entry, state: QueryState<unknown>) => {
    e.state = state;
    e.listeners.forEach((l) => l());
  };

  return {
    get<T>(key: string): QueryState<T> {
      return entry(key).state as QueryState<T>;
    },
    /** Starts the fetch unless one ran or is running for this key. */
    ensure<T>(key: string, fetcher: () => Promise<T>): void {
      const e = entry(key);
      if (e.promise) return;
      // A fetch that was invalidated while it ran does not land: a newer one answers instead.
      const promise: Promise<void> = fetcher().then(
        (data) => void (e.promise === promise && set(e, { status: 'success', data })),
        (error: unknown) => void (e.promise === promise && set(e, { status: 'error', error })),
      );
      e.promise = promise;
    },
    /**
     * Forgets a key (or every key starting with it): a view showing it fetches it again at once
     * (`useQuery` sees a new loading state), any other view when it next asks.
     */
    invalidate(prefix: string) {
      for (const [key, e] of entries) {
        if (key === prefix || key.startsWith(`${prefix}:`)) {
          e.promise = undefined;
          set(e, { status: 'loading' });
        }
      }
    },
    subscribe(key: string, listener: () => void) {
      const e = entry(key);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
  };
}
export type QueryCache = ReturnType<typeof createQueryCache>;
