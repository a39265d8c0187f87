import { useEffect, useState } from 'react';
import type { QueryState } from './query-cache';

/**
 * Calls `read` every `ms` while `active` and the page is in view: a page waiting on something
 * that happens elsewhere (a payment at the bank, on a phone) reads it again quietly.
 */
export function usePolling(read: () => void, ms: number, active: boolean) {
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') read();
    }, ms);
    return () => clearInterval(timer);
  }, [read, ms, active]);
}

/** The last successful answer of a query, kept while it is read again (no flash of "loading"). */
export function useKept<T>(state: QueryState<T>): T | undefined {
  const [kept, setKept] = useState<T | undefined>(undefined);
  if (state.status === 'success' && state.data !== kept) setKept(state.data);
  return state.status === 'success' ? state.data : kept;
}
