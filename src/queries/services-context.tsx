import { createContext, useContext } from 'react';
import type { Api } from '../api/client';
import type { SessionCache } from '../session/session-cache';
import type { SessionStore } from '../session/store';
import type { QueryCache } from './query-cache';

/** What views and query hooks may reach; the app layer provides the real services. */
export interface ViewServices {
  api: Api;
  queries: QueryCache;
  store: SessionStore;
  cache: SessionCache;
}

export const ServicesContext = createContext<ViewServices | null>(null);

export function useServices(): ViewServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <ServicesContext.Provider> (see src/app/app.tsx)');
  return services;
}
