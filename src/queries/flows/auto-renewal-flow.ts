import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createAutoRenewalActors } from '../../../machines/auto-renewal/auto-renewal.actors';
import { autoRenewalMachine, type AutoRenewalMachine } from '../../../machines/auto-renewal/auto-renewal.machine';
import { useQueryServices } from '../query-services';

/**
 * Starts the auto-renewal machine with the app's client. The account screen holds it, so the
 * panel and the account info (its next billing date) read one renewInfo answer.
 */
export function useAutoRenewal(): ActorRefFrom<AutoRenewalMachine> {
  const services = useQueryServices();
  const machine = useMemo(() => autoRenewalMachine.provide({ actors: createAutoRenewalActors(services.api) }), [services.api]);
  return useActorRef(machine, services.actorOptions);
}
