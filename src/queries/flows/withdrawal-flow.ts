import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createWithdrawalActors } from '../../../machines/withdrawal/withdrawal.actors';
import { withdrawalMachine, type WithdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { WithdrawalInput } from '../../../machines/withdrawal/withdrawal.types';
import { useQueryServices } from '../query-services';

/** Starts the withdrawal machine of one order with the app's client (docs/decisions/058); the receipt page holds it. */
export function useWithdrawal(input: WithdrawalInput): ActorRefFrom<WithdrawalMachine> {
  const services = useQueryServices();
  const machine = useMemo(() => withdrawalMachine.provide({ actors: createWithdrawalActors(services.api) }), [services.api]);
  return useActorRef(machine, { ...services.actorOptions, input });
}
