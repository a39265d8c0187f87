import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { QueryState } from './query-cache';
import { useQueryServices, type QueryServices } from './query-services';

/**
 * Reads a key of the query cache, fetching it on first use; `retry` forgets and refetches it. The
 * fetcher is handed the client: the named hooks of src/queries use it, views use them.
 */
export function useQuery<T>(key: string, fetcher: (services: QueryServices) => Promise<T>): QueryState<T> & { retry(): void } {
  const services = useQueryServices();
  const { queries } = services;
  const read = () => queries.get<T>(key);
  // The server's preview (src/preview) renders from the same cache, filled before it renders.
  const state = useSyncExternalStore(
    useCallback((listener) => queries.subscribe(key, listener), [queries, key]),
    read,
    read,
  );
  useEffect(() => {
    // The fetch starts in a task of its own: a screen's first commit runs every view's effect in
    // one task, and on a slow phone building half a dozen requests there held the main thread
    // past 50 ms (docs/performance.md). The key counts as asked at once, so it is fetched once.
    queries.ensure(key, () => new Promise<void>((resolve) => setTimeout(resolve)).then(() => fetcher(services)));
    // The fetcher is keyed: a new function for the same key must not refetch. A new state does
    // ask again, so a key invalidated while this view shows it is fetched anew (ensure is a no-op
    // while a fetch runs or after it answered).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queries, key, services, state]);
  const retry = useCallback(() => {
    queries.invalidate(key);
    queries.ensure(key, () => fetcher(services));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queries, key, services]);
  return { ...state, retry };
}
