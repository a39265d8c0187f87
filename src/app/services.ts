import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import type { SessionMachine } from '../../machines/session/session.machine';
import { createApi, type Api } from '../../core/api/client';
import { createSessionClientContext } from '../../core/api/client-context';
import { detectClientType } from '../../core/api/client-type';
import { browserFingerprint, collectBrowserProps } from '../../core/api/fingerprint';
import { defaultLanguage, type Language } from '../../core/i18n/languages';
import { createQueryCache, type QueryCache } from '../queries/query-cache';
import { trackingCalls } from '../queries/tracking-calls';
import { createSessionCache, type SessionCache } from '../../core/session/session-cache';
import { createSessionStore, type SessionStore } from '../../core/session/store';
import { devInspector } from '../../core/flows/flow-log';
import { startSession } from './session';
import { createToastStore, type ToastStore } from './toasts';
import { createNetworkQuiet, idle, type NetworkQuiet } from './network-quiet';
import { createAppTracker, type Tracker } from './tracking';
import { loadRefusalTexts } from './messages';

/** Everything the app lends to machines, queries and views; built once per page. */
export interface AppServices {
  store: SessionStore;
  cache: SessionCache;
  api: Api;
  queries: QueryCache;
  toasts: ToastStore;
  /** The session machine: every session reset, the 10-day expiry, logout and the other-tab reload. */
  session: Actor<SessionMachine>;
  /** Page-load tracking (spec section 9), quiet and never in the way of a page. */
  tracker: Tracker;
  /** The page's requests in flight (src/app/network-quiet.ts): what can wait, waits for them. */
  network: NetworkQuiet;
  /** The client without toasts, navigations or session resets, for reads ahead of a screen. */
  quietApi: Api;
  /** The flow actors' clock and inspector, when a browser walk or a developer's inspector installed them (`flowActorOptions`). */
  actorOptions?: FlowActorOptions;
  /** The router's navigate, handed in once the router is mounted. */
  setNavigate(navigate: (to: string) => void): void;
  /** The language the page is shown in, which every request's Language header carries. */
  setLanguage(language: Language): void;
  dispose(): void;
}

export type FlowActorOptions = { clock?: ActorOptions<AnyActorLogic>['clock']; inspect?: (event: InspectionEvent) => void };

/**
 * What a page's flow actors are started with: nothing in normal use; the browser walk
 * (tests/browser) installs `__flowActorOptions` before the app's script runs, a simulated clock
 * for the machines' delays and an inspector that records every microstep (ADR 039), the way
 * `@statelyai/inspect` attaches to a running app.
 */
export function flowActorOptions(win: Window): FlowActorOptions | undefined {
  const installed = (win as Window & { __flowActorOptions?: FlowActorOptions }).__flowActorOptions;
  if (installed) return installed;
  // In development, a live event log of the flows for /flows (core/flows/flow-log.ts).
  return import.meta.env.MODE === 'development' ? { inspect: devInspector(win) } : undefined;
}

/**
 * `origin`: where the API is and how to reach it; the page's own origin and fetch by default (the
 * server's preview, src/preview, reaches its own server in-process).
 */
export function createAppServices(
  win: Window & typeof globalThis,
  origin: { baseUrl: string; fetch?: (input: Request) => Promise<Response> } = { baseUrl: '' },
): AppServices {
  const store = createSessionStore(win.localStorage);
  const cache = createSessionCache(win.sessionStorage);
  const toasts = createToastStore();
  let navigate: (to: string) => void = (to) => win.location.assign(to);
  let language: Language | undefined;

  const updateClientType = () => {
    const type = detectClientType(win.navigator.userAgent, win.innerWidth);
    if (store.get('clientType') !== type) store.set('clientType', type);
  };
  updateClientType();
  win.addEventListener('resize', updateClientType);

  const context = createSessionClientContext(store, {
    computeFingerprint: () => browserFingerprint(collectBrowserProps(win)),
  });
  const apiContext = { ...context, getLanguage: () => language ?? context.getLanguage() };
  const network = createNetworkQuiet(origin.fetch ?? ((request) => win.fetch(request)));
  const api = createApi({
    baseUrl: origin.baseUrl,
    fetch: network.fetch,
    context: apiContext,
    effects: {
      navigate: (to) => navigate(to),
      toast: (level, code) => toasts.show(level, code),
      // The client says which refusals reset the session; the session machine does the reset.
      resetSession: (reset) => session.send({ type: 'SESSION_REFUSED', reset }),
    },
    refusalTexts: loadRefusalTexts,
  });
  // The same client without its effects, for reads made ahead of a screen the customer may never
  // open: a failure there is no news to them (src/app/next-screens.ts).
  const quietApi = createApi({
    baseUrl: origin.baseUrl,
    fetch: network.fetch,
    context: apiContext,
    effects: { navigate: () => undefined, toast: () => undefined, resetSession: () => undefined },
  });
  const queries = createQueryCache();
  const actorOptions = flowActorOptions(win);
  const { session, stop: stopSession } = startSession({
    win,
    api,
    store,
    toasts,
    navigate: (to) => navigate(to),
    reload: () => win.location.reload(),
    ...(actorOptions ? { actorOptions } : {}),
  });

  return {
    store,
    cache,
    api,
    queries,
    toasts,
    session,
    ...(actorOptions ? { actorOptions } : {}),
    // After a screen is drawn its reads go first, then the next screen's download, which starts
    // in the first idle moment once they are in (src/app/next-screens.ts), then the reports.
    tracker: createAppTracker(trackingCalls(api, queries), store, () => language ?? defaultLanguage, {
      settled: () =>
        network
          .whenQuiet()
          .then(idle)
          .then(() => network.whenQuiet()),
      whenQuiet: () => network.whenQuiet(),
    }),
    network,
    quietApi,
    setNavigate: (fn) => {
      navigate = fn;
    },
    setLanguage: (l) => {
      language = l;
    },
    dispose() {
      stopSession();
      win.removeEventListener('resize', updateClientType);
    },
  };
}
