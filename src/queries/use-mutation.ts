import { useCallback, useRef, useState } from 'react';
import { useQueryServices, type QueryServices } from './query-services';

export type MutationState<T> = { status: 'idle' } | { status: 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * A one-shot write for a plain view (resend a link): runs on demand, one at a time. Like useQuery,
 * it hands `run` the client, so views use the named hooks of src/queries.
 */
export function useMutation<A, T>(run: (services: QueryServices, args: A) => Promise<T>) {
  const services = useQueryServices();
  const [state, setState] = useState<MutationState<T>>({ status: 'idle' });
  const running = useRef(false);
  const mutate = useCallback(
    async (args: A) => {
      if (running.current) return;
      running.current = true;
      setState({ status: 'pending' });
      try {
        setState({ status: 'success', data: await run(services, args) });
      } catch (error) {
        setState({ status: 'error', error });
      } finally {
        running.current = false;
      }
    },
    // The runner is a module-level function in practice; services identify the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [services],
  );
  return { ...state, mutate };
}
