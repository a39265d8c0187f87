import { useSelector } from '@xstate/react';
import { createPasswordRecoveryActors } from '../../../machines/password-recovery/password-recovery.actors';
import { passwordRecoveryMachine } from '../../../machines/password-recovery/password-recovery.machine';
import { selectPasswordRecoveryView } from '../../../machines/password-recovery/password-recovery.selectors';
import type { PasswordRecoveryInput } from '../../../machines/password-recovery/password-recovery.types';
import { useFlowActor, type ProvideFlow } from './use-flow';

const provideRecovery: ProvideFlow<typeof passwordRecoveryMachine> = (services, goTo) =>
  passwordRecoveryMachine.provide({
    actors: createPasswordRecoveryActors(services.api),
    actions: {
      goToLogin: (_, { to }) => {
        // The way back a checkout left (-2500) is in `to` now, and used once.
        services.store.remove('returnAfterReset');
        goTo(to);
      },
    },
  });

/** Starts the password-recovery machine with the app's client; the view reads selectPasswordRecoveryView. */
export function usePasswordRecovery(input: PasswordRecoveryInput) {
  const actor = useFlowActor(provideRecovery, input);
  return { view: useSelector(actor, selectPasswordRecoveryView), send: actor.send };
}
