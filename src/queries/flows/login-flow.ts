import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createLoginActors } from '../../../machines/login/login.actors';
import { loginMachine } from '../../../machines/login/login.machine';
import { selectLoginView } from '../../../machines/login/login.selectors';
import type { LoginInput } from '../../../machines/login/login.types';
import { useQueryServices } from '../query-services';
import { useFlowNavigate } from './navigate';

/** Starts the login machine with the app's client and effects; the view reads selectLoginView. */
export function useLogin(input: LoginInput) {
  const services = useQueryServices();
  const goTo = useFlowNavigate();
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: createLoginActors(services.api),
        actions: {
          rememberTab: (_, { tab }) => services.store.set('loginActiveTab', tab),
          // The session machine stores userInfo and starts the 10 days (machines/session).
          storeUserInfo: (_, { userInfo }) => services.session.send({ type: 'SIGNED_IN', userInfo }),
          returnToOrigin: (_, { to }) => goTo(to),
        },
      }),
    [services, goTo],
  );
  const actor = useActorRef(machine, { input, ...services.actorOptions });
  const view = useSelector(actor, selectLoginView);
  return { view, send: actor.send };
}
