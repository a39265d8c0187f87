import { createContext, useContext } from 'react';
import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { SessionCache } from '../../core/session/session-cache';
import type { SessionStore } from '../../core/session/store';
import type { QueryCache } from './query-cache';

/**
 * What views may reach; the app layer provides the real services (src/queries/services-provider.tsx).
 * No API client: a view reads a src/queries hook or a machine's selector, and the queries layer
 * holds the client (src/queries/query-services.ts).
 */
export interface ViewServices {
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
  if (!services) throw new Error('useServices needs <ServicesProvider> (src/queries/services-provider.tsx)');
  return services;
}
