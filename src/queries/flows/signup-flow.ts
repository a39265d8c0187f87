import { useSelector } from '@xstate/react';
import { createSignupActors } from '../../../machines/signup/signup.actors';
import { signupMachine } from '../../../machines/signup/signup.machine';
import { selectSignupView } from '../../../machines/signup/signup.selectors';
import type { SignupInput } from '../../../machines/signup/signup.types';
import { useFlowActor, type ProvideFlow } from './use-flow';

const provideSignup: ProvideFlow<typeof signupMachine> = (services, goTo) =>
  signupMachine.provide({
    actors: createSignupActors(services.api),
    actions: {
      storeUserInfo: (_, { userInfo }) => services.session.send({ type: 'SIGNED_IN', userInfo }),
      returnToOrigin: (_, { to }) => goTo(to),
    },
  });

/** Starts the sign-up machine with the app's client and effects; the view reads selectSignupView. */
export function useSignup(input: SignupInput) {
  const actor = useFlowActor(provideSignup, input);
  return { view: useSelector(actor, selectSignupView), send: actor.send };
}
