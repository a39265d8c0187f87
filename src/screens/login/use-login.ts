import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { createLoginActors } from '../../../machines/login/login.actors';
import { loginMachine } from '../../../machines/login/login.machine';
import { selectLoginView } from '../../../machines/login/login.selectors';
import type { LoginInput } from '../../../machines/login/login.types';
import { useServices } from '../../queries/services-context';

/** Starts the login machine with the app's client and effects; the view reads selectLoginView. */
export function useLogin(input: LoginInput) {
  const services = useServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: createLoginActors(services.api),
        actions: {
          rememberTab: (_, { tab }) => services.store.set('loginActiveTab', tab),
          // The session machine stores userInfo and starts the 10 days (machines/session).
          storeUserInfo: (_, { userInfo }) => services.session.send({ type: 'SIGNED_IN', userInfo }),
          returnToOrigin: (_, { to }) => void Promise.resolve(navigate(to, { replace: true })).catch(() => undefined),
        },
      }),
    [services, navigate],
  );
  const actor = useActorRef(machine, { input, ...services.actorOptions });
  const view = useSelector(actor, selectLoginView);
  return { view, send: actor.send };
}
