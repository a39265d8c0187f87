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

  /** Starts the fetch unless one ran or is running for this key. */
  const ensure = <T>(key: string, fetcher: () => Promise<T>): void => {
    const e = entry(key);
    if (e.promise) return;
    // A fetch that was invalidated while it ran does not land: a newer one answers instead.
    const promise: Promise<void> = fetcher().then(
      (data) => void (e.promise === promise && set(e, { status: 'success', data })),
      (error: unknown) => void (e.promise === promise && set(e, { status: 'error', error })),
    );
    e.promise = promise;
  };
  /** Fetches a key ahead of any view: kept if it answers, forgotten if not (the view's own read then asks, and tells). */
  const prefetch = <T>(key: string, fetcher: () => Promise<T>): Promise<void> => {
    const e = entry(key);
    if (e.promise) return e.promise;
    const promise: Promise<void> = fetcher().then(
      (data) => void (e.promise === promise && set(e, { status: 'success', data })),
      () => {
        if (e.promise !== promise) return;
        e.promise = undefined;
        // A new loading state: a view that began showing the key meanwhile asks for it itself.
        set(e, { status: 'loading' });
      },
    );
    e.promise = promise;
    return promise;
  };
  const read = async <T>(key: string, fetcher: () => Promise<T>): Promise<T> => {
    const e = entry(key);
    if (e.state.status === 'error') e.promise = undefined;
    ensure(key, fetcher);
    await e.promise;
    const state = e.state as QueryState<T>;
    if (state.status === 'success') return state.data;
    if (state.status === 'error') throw state.error;
    // Invalidated while it ran: the newer fetch answers.
    return read(key, fetcher);
  };

  return {
    get<T>(key: string): QueryState<T> {
      return entry(key).state as QueryState<T>;
    },
    ensure,
    prefetch,
    /**
     * The key's value for a flow's step, from the same one fetch the views share (a failed one is
     * asked again): a login need not ask for the configuration the page has (docs/decisions/064).
     */
    read,
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
