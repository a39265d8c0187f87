import { useSelector } from '@xstate/react';
import { createLoginActors } from '../../../machines/login/login.actors';
import { loginMachine } from '../../../machines/login/login.machine';
import { selectLoginView } from '../../../machines/login/login.selectors';
import type { LoginInput } from '../../../machines/login/login.types';
import { googleClientRead, readShared, siteConfigRead, userConfigRead } from '../site-queries';
import { useFlowActor, type ProvideFlow } from './use-flow';

const provideLogin: ProvideFlow<typeof loginMachine> = (services, goTo) =>
  loginMachine.provide({
    actors: createLoginActors(services.api, {
      userConfig: () => readShared(services, userConfigRead),
      siteConfig: () => readShared(services, siteConfigRead),
      googleClient: () => readShared(services, googleClientRead),
    }),
    actions: {
      rememberTab: (_, { tab }) => services.store.set('loginActiveTab', tab),
      // The session machine stores userInfo and starts the 10 days (machines/session).
      storeUserInfo: (_, { userInfo }) => services.session.send({ type: 'SIGNED_IN', userInfo }),
      returnToOrigin: (_, { to }) => goTo(to),
    },
  });

/** Starts the login machine with the app's client and effects; the view reads selectLoginView. */
export function useLogin(input: LoginInput) {
  const actor = useFlowActor(provideLogin, input);
  return { view: useSelector(actor, selectLoginView), send: actor.send };
}
