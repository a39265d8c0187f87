import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createPasswordRecoveryActors } from '../../../machines/password-recovery/password-recovery.actors';
import { passwordRecoveryMachine } from '../../../machines/password-recovery/password-recovery.machine';
import { selectPasswordRecoveryView } from '../../../machines/password-recovery/password-recovery.selectors';
import type { PasswordRecoveryInput } from '../../../machines/password-recovery/password-recovery.types';
import { useQueryServices } from '../query-services';
import { useFlowNavigate } from './navigate';

/** Starts the password-recovery machine with the app's client; the view reads selectPasswordRecoveryView. */
export function usePasswordRecovery(input: PasswordRecoveryInput) {
  const services = useQueryServices();
  const goTo = useFlowNavigate();
  const machine = useMemo(
    () =>
      passwordRecoveryMachine.provide({
        actors: createPasswordRecoveryActors(services.api),
        actions: { goToLogin: (_, { to }) => goTo(to) },
      }),
    [services, goTo],
  );
  const actor = useActorRef(machine, { input, ...services.actorOptions });
  const view = useSelector(actor, selectPasswordRecoveryView);
  return { view, send: actor.send };
}
