import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { useQueryServices, type QueryServices } from '../query-services';
import { useFlowNavigate } from './navigate';

/** How a flow gets the app's client and effects: a module-level function, so its identity is stable. */
export type ProvideFlow<TMachine extends AnyStateMachine> = (services: QueryServices, goTo: (to: string) => void) => TMachine;

/**
 * Starts a flow's machine the way every routed flow starts: given the app's client and effects
 * (its navigations replace the page, see navigate.ts), with the app's actor options.
 */
export function useFlowActor<TMachine extends AnyStateMachine>(provide: ProvideFlow<TMachine>, input: InputFrom<TMachine>) {
  const services = useQueryServices();
  const goTo = useFlowNavigate();
  const machine = useMemo(() => provide(services, goTo), [provide, services, goTo]);
  return useActorRef(machine, { input, ...services.actorOptions });
}
