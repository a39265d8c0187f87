import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createPixAutomaticoActors } from '../../../machines/pix-automatico/pix-automatico.actors';
import { pixAutomaticoMachine, type PixAutomaticoMachine } from '../../../machines/pix-automatico/pix-automatico.machine';
import { useQueryServices } from '../query-services';

/** Starts the PIX Automático machine with the app's client (docs/decisions/060); the account page's panel holds it. */
export function usePixAutomatico(): ActorRefFrom<PixAutomaticoMachine> {
  const services = useQueryServices();
  const machine = useMemo(() => pixAutomaticoMachine.provide({ actors: createPixAutomaticoActors(services.api) }), [services.api]);
  return useActorRef(machine, services.actorOptions);
}
