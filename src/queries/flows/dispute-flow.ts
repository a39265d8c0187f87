import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createDisputeActors } from '../../../machines/dispute/dispute.actors';
import { disputeMachine, type DisputeMachine } from '../../../machines/dispute/dispute.machine';
import { useQueryServices } from '../query-services';

/** Starts the chargeback panel's machine for one order with the app's client (docs/decisions/059); the order's page holds it. */
export function useDispute(orderId: string): ActorRefFrom<DisputeMachine> {
  const services = useQueryServices();
  const machine = useMemo(() => disputeMachine.provide({ actors: createDisputeActors(services.api) }), [services.api]);
  return useActorRef(machine, { input: { orderId }, ...services.actorOptions });
}
