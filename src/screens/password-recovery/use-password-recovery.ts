import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPasswordRecoveryActors } from '../../../machines/password-recovery/password-recovery.actors';
import { passwordRecoveryMachine } from '../../../machines/password-recovery/password-recovery.machine';
import { selectPasswordRecoveryView } from '../../../machines/password-recovery/password-recovery.selectors';
import type { PasswordRecoveryInput } from '../../../machines/password-recovery/password-recovery.types';
import { useServices } from '../../queries/services-context';

/** Starts the password-recovery machine with the app's client; the view reads selectPasswordRecoveryView. */
export function usePasswordRecovery(input: PasswordRecoveryInput) {
  const services = useServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      passwordRecoveryMachine.provide({
        actors: createPasswordRecoveryActors(services.api),
        actions: { goToLogin: (_, { to }) => void Promise.resolve(navigate(to, { replace: true })).catch(() => undefined) },
      }),
    [services, navigate],
  );
  const actor = useActorRef(machine, { input, ...services.actorOptions });
  const view = useSelector(actor, selectPasswordRecoveryView);
  return { view, send: actor.send };
}
