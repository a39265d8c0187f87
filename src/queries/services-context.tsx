import { createContext, useContext } from 'react';
import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { Api } from '../../core/api/client';
import type { SessionCache } from '../../core/session/session-cache';
import type { SessionStore } from '../../core/session/store';
import type { QueryCache } from './query-cache';

/** What views and query hooks may reach; the app layer provides the real services. */
export interface ViewServices {
  api: Api;
  queries: QueryCache;
  store: SessionStore;
  cache: SessionCache;
  /** The session machine: a login machine tells it who signed in. */
  session: Actor<SessionMachine>;
  /**
   * Options for the flow machines' actors a screen starts: a clock (`after` edges) and an
   * inspector (the model walks' coverage, the flow atlas). Absent in the running app.
   */
  actorOptions?: { clock?: ActorOptions<AnyActorLogic>['clock']; inspect?: (event: InspectionEvent) => void };
}

export const ServicesContext = createContext<ViewServices | null>(null);

export function useServices(): ViewServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <ServicesContext.Provider> (see src/app/app.tsx)');
  return services;
}
