// The app's session machine: the effects the app lends it, and the other-tab watcher. One function
// for the page (src/app/services.ts) and for the screens walk, so the walk runs the app's wiring.
import { createActor, type Actor, type ActorOptions } from 'xstate';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionLifetimeOn, sessionMachine, type SessionMachine } from '../../machines/session/session.machine';
import type { Api } from '../../core/api/client';
import { paths } from '../../core/routing/paths';
import { watchOtherTabs, type SessionStore } from '../../core/session/store';
import type { ToastStore } from './toasts';

export interface SessionDeps {
  win: Window;
  api: Api;
  store: SessionStore;
  toasts: ToastStore;
  navigate(to: string): void;
  reload(): void;
  /** The clock the 10 days are measured on (ms); the page's own by default. */
  now?: () => number;
  actorOptions?: Pick<ActorOptions<SessionMachine>, 'clock' | 'inspect'>;
}

/** Starts the session actor; `stop` ends it and the other-tab watcher. */
export function startSession({ win, api, store, toasts, navigate, reload, now = Date.now, actorOptions }: SessionDeps): {
  session: Actor<SessionMachine>;
  stop(): void;
} {
  const session = createActor(
    sessionMachine.provide({
      actors: createSessionActors(api),
      actions: {
        storeUserInfo: (_, { userInfo }) => store.set('userInfo', userInfo),
        clearSession: () => store.resetSession(),
        showResetMessage: (_, { reset }) => toasts.show('error', reset.errCode),
        warnSessionEnded: (_, { reset }) => toasts.show('warning', reset.errCode),
        goToLogin: (_, { reason }) => navigate(paths.login(undefined, reason)),
        reloadPage: () => reload(),
      },
      delays: { sessionLifetime: sessionLifetimeOn(now) },
    }),
    { input: { userInfo: store.get('userInfo') }, ...actorOptions },
  );
  session.start();
  const stopWatching = watchOtherTabs(win, store, () => session.send({ type: 'OTHER_TAB_CHANGED_LOGIN' }));
  return {
    session,
    stop() {
      stopWatching();
      session.stop();
    },
  };
}
