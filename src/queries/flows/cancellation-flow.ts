import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createCancellationActors } from '../../../machines/cancellation/cancellation.actors';
import { cancellationMachine, type CancellationMachine } from '../../../machines/cancellation/cancellation.machine';
import { useQueryServices } from '../query-services';

/** Starts the cancellation flow with the app's client (docs/decisions/057): one per opening of the auto-renewal panel's "turn off". */
export function useCancellation(): ActorRefFrom<CancellationMachine> {
  const services = useQueryServices();
  const machine = useMemo(() => cancellationMachine.provide({ actors: createCancellationActors(services.api) }), [services.api]);
  return useActorRef(machine, services.actorOptions);
}
