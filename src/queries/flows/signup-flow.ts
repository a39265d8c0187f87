import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createSignupActors } from '../../../machines/signup/signup.actors';
import { signupMachine } from '../../../machines/signup/signup.machine';
import { selectSignupView } from '../../../machines/signup/signup.selectors';
import type { SignupInput } from '../../../machines/signup/signup.types';
import { useQueryServices } from '../query-services';
import { useFlowNavigate } from './navigate';

/** Starts the sign-up machine with the app's client and effects; the view reads selectSignupView. */
export function useSignup(input: SignupInput) {
  const services = useQueryServices();
  const goTo = useFlowNavigate();
  const machine = useMemo(
    () =>
      signupMachine.provide({
        actors: createSignupActors(services.api),
        actions: {
          storeUserInfo: (_, { userInfo }) => services.session.send({ type: 'SIGNED_IN', userInfo }),
          returnToOrigin: (_, { to }) => goTo(to),
        },
      }),
    [services, goTo],
  );
  const actor = useActorRef(machine, { input, ...services.actorOptions });
  const view = useSelector(actor, selectSignupView);
  return { view, send: actor.send };
}
