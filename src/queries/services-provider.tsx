import { useMemo, type ReactNode } from 'react';
import { ApiContext, type QueryServices } from './query-services';
import { ServicesContext, type ViewServices } from './services-context';

/**
 * Lends the app's services (src/app/app.tsx; a screen's test its own): views get the view
 * services, the queries layer beneath them the client as well. The view services are a copy
 * without the client, so no view holds it even by a cast.
 */
export function ServicesProvider({ services, children }: { services: QueryServices; children: ReactNode }) {
  const { api, queries, store, cache, session, actorOptions } = services;
  const view = useMemo<ViewServices>(
    () => ({ queries, store, cache, session, ...(actorOptions ? { actorOptions } : {}) }),
    [queries, store, cache, session, actorOptions],
  );
  return (
    <ServicesContext.Provider value={view}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </ServicesContext.Provider>
  );
}
