import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { createSignupActors } from '../../../machines/signup/signup.actors';
import { signupMachine } from '../../../machines/signup/signup.machine';
import { selectSignupView } from '../../../machines/signup/signup.selectors';
import type { SignupInput } from '../../../machines/signup/signup.types';
import { useServices } from '../../queries/services-context';

/** Starts the sign-up machine with the app's client and effects; the view reads selectSignupView. */
export function useSignup(input: SignupInput) {
  const services = useServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      signupMachine.provide({
        actors: createSignupActors(services.api),
        actions: {
          storeUserInfo: (_, { userInfo }) => services.session.send({ type: 'SIGNED_IN', userInfo }),
          returnToOrigin: (_, { to }) => void Promise.resolve(navigate(to, { replace: true })).catch(() => undefined),
        },
      }),
    [services, navigate],
  );
  const actor = useActorRef(machine, { input, ...services.actorOptions });
  const view = useSelector(actor, selectSignupView);
  return { view, send: actor.send };
}
