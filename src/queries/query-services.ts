import { createContext, useContext, useMemo } from 'react';
import type { Api } from '../../core/api/client';
import { useServices, type ViewServices } from './services-context';

/**
 * What the queries layer reaches: the view services and the API client. Only the query hooks and
 * the flows' hooks (src/queries/flows) hold the client; views read their answers, and may not
 * import this module (eslint.config.js, "A screen never calls the API").
 */
export interface QueryServices extends ViewServices {
  api: Api;
}

/** The client, lent to the queries layer alone by <ServicesProvider>. */
export const ApiContext = createContext<Api | null>(null);

export function useQueryServices(): QueryServices {
  const services = useServices();
  const api = useContext(ApiContext);
  return useMemo(() => {
    if (!api) throw new Error('the queries layer needs <ServicesProvider> (src/queries/services-provider.tsx)');
    return { ...services, api };
  }, [services, api]);
}
