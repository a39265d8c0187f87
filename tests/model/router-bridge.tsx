// The router pieces every screens walk renders: the client's navigations (error rules, session
// resets) go to the router, and the path the page landed on is shown for the walk to read. The
// walks of the signed-out screens (log-in, sign-up, password recovery) render their routes in
// the app's providers with `renderSignedOut`; the walks of a customer's pages (checkout, repay,
// payment, discount unbinding) render the app's own routes signed in with `renderSignedIn`.
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { createActor, type Actor, type AnyActorRef, type InspectionEvent, type SimulatedClock } from 'xstate';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine, type SessionMachine } from '../../machines/session/session.machine';
import type { Api } from '../../core/api/client';
import type { SessionReset } from '../../core/api/error-rules';
import { createSessionCache } from '../../core/session/session-cache';
import type { SessionStore } from '../../core/session/store';
import { startSession } from '../../src/app/session';
import { createToastStore } from '../../src/app/toasts';
import { createQueryCache } from '../../src/queries/query-cache';
import { ServicesProvider } from '../../src/queries/services-provider';
import { MemoryStorage, type ClientWorld } from './real-server';

/** The services a screens walk's page is given: the walk's client and store, a fresh cache, the session and the walk's actor options. */
function walkServices(client: Pick<ClientWorld, 'api' | 'store'>, session: Actor<SessionMachine>, actorOptions: FlowOptions) {
  return { api: client.api, store: client.store, queries: createQueryCache(), cache: createSessionCache(new MemoryStorage()), session, actorOptions };
}

/** Hands the router's navigate to whoever navigates outside React (the client's effects). */
export function NavigationBridge({ onNavigate }: { onNavigate(handler: (to: string) => void): void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onNavigate((to) => void navigate(to));
  }, [navigate, onNavigate]);
  return null;
}

/** The path and query the page is on, for `getByTestId('landed')`. */
export function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

type SessionActions = NonNullable<Parameters<typeof sessionMachine.provide>[0]['actions']>;

/**
 * Renders `routes` opened at `url` for a visitor not signed in, as the app's providers hold them:
 * the client's api and store, a session actor on them (with the `sessionActions` the walk reads
 * back), the screen actors' `actorOptions`, and any other path shown as where the page landed.
 */
export function renderSignedOut(
  client: ClientWorld,
  {
    url,
    routes,
    actorOptions,
    sessionActions,
  }: { url: string; routes: ReactNode; actorOptions: { clock: SimulatedClock; inspect: (event: InspectionEvent) => void }; sessionActions?: SessionActions },
) {
  const session = createActor(sessionMachine.provide({ actors: createSessionActors(client.api), ...(sessionActions ? { actions: sessionActions } : {}) }), {
    input: { userInfo: null },
  }).start();
  const services = walkServices(client, session, actorOptions);
  render(
    <ServicesProvider services={services}>
      <IntlProvider locale="en" messages={{}} onError={() => {}}>
        <MemoryRouter initialEntries={[url]}>
          <NavigationBridge onNavigate={client.onNavigate} />
          <Routes>
            {routes}
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </ServicesProvider>,
  );
}

type Inspect = (event: InspectionEvent) => void;
/** The options the page's flow actors start with (`ServicesProvider`'s `actorOptions`). */
export interface FlowOptions {
  clock: SimulatedClock;
  inspect: Inspect;
}

/** The id of the machine an actor runs (undefined for a promise or callback actor). */
export const machineIdOf = (ref: unknown): unknown => (ref as { logic?: { id?: unknown } }).logic?.id;

/**
 * The walk's inspector for a flow the page starts as a root actor (the checkout, the repay): the
 * page starts its other flows with the same options (the billing card line's auto-renewal, the
 * repay "Finish that order" leads to), so only the systems whose root runs `machineId` reach the
 * walk, with every actor in them (the payment and unbinding children too).
 */
export function inspectRoot(machineId: string, inspect: Inspect): Inspect {
  const roots = new Map<string, boolean>();
  return (event) => {
    // An actor system's first event is its root's creation.
    if (!roots.has(event.rootId)) roots.set(event.rootId, event.actorRef.sessionId === event.rootId && machineIdOf(event.actorRef) === machineId);
    if (roots.get(event.rootId)) inspect(event);
  };
}

/**
 * The walk's inspector for a flow the page runs as a child of another (the checkout's payment and
 * unbinding) or on its own: the walk sees each actor running `machineId` as its root (its own
 * `rootId`), so it keeps that actor's snapshots and holds answers in its busy states; the other
 * actors' events are left out. `onActor` hands over each such actor when it is created.
 */
export function inspectFlow(machineId: string, inspect: Inspect, onActor?: (actor: AnyActorRef) => void): Inspect {
  const flows = new Set<string>();
  return (event) => {
    if (event.type === '@xstate.actor' && machineIdOf(event.actorRef) === machineId) {
      flows.add(event.actorRef.sessionId);
      onActor?.(event.actorRef as AnyActorRef);
    }
    if (flows.has(event.actorRef.sessionId)) inspect({ ...event, rootId: event.actorRef.sessionId });
  };
}

/** The client a signed-in page runs on: the walk's, whose answers its gate holds. */
export interface SignedInClient {
  api: Api;
  store: SessionStore;
  /** Where the client's navigations (its error rules: 6001 to /404…) go: the router. */
  onNavigate?(handler: (to: string) => void): void;
  /** Where the client's session resets go: the session machine. */
  onReset?(handler: (reset: SessionReset) => void): void;
}

/**
 * Renders the app's routes (src/app/router.tsx, with its layouts and guards) opened at `url` for
 * the customer whose log-in `client.store` holds, as the app's providers hold them: the client's
 * api and store, the app's session wiring (src/app/session.ts) on the server's clock `now`, and
 * the flow actors' `actorOptions`. The path the page is on shows as `landed`. Returns the
 * session's `stop`, for the walk's end. (The routes load on the first call: the signed-out walks
 * never pay for the app's whole route table.)
 */
export async function renderSignedIn(client: SignedInClient, { url, actorOptions, now }: { url: string; actorOptions: FlowOptions; now: () => number }) {
  const { AppRoutes } = await import('../../src/app/router');
  // jsdom lays nothing out: the layout's scroll to the top on each navigation has nothing to do.
  window.scrollTo = () => {};
  let navigateTo: (to: string) => void = () => {};
  const { session, stop } = startSession({
    win: window,
    api: client.api,
    store: client.store,
    toasts: createToastStore(),
    navigate: (to) => navigateTo(to),
    reload: () => {},
    now,
  });
  client.onNavigate?.((to) => navigateTo(to));
  client.onReset?.((reset) => session.send({ type: 'SESSION_REFUSED', reset }));
  const services = walkServices(client, session, actorOptions);
  render(
    <ServicesProvider services={services}>
      <IntlProvider locale="en" messages={{}} onError={() => {}}>
        <MemoryRouter initialEntries={[url]}>
          <NavigationBridge onNavigate={(handler) => void (navigateTo = handler)} />
          <Landed />
          <AppRoutes language="en" onLanguageChange={() => {}} />
        </MemoryRouter>
      </IntlProvider>
    </ServicesProvider>,
  );
  return { stop };
}

/**
 * Counts the page's navigations to another document (PayPal's approval page, the wallet's
 * checkout: `window.location.assign`), which jsdom reports instead of leaving the page.
 */
export function watchDocumentNavigations() {
  const dom = (
    globalThis as unknown as { jsdom: { virtualConsole: { on(e: string, f: (error: Error) => void): void; off(e: string, f: (error: Error) => void): void } } }
  ).jsdom;
  let count = 0;
  const onError = (error: Error) => {
    if (error.message.includes('navigation to another Document')) count += 1;
  };
  dom.virtualConsole.on('jsdomError', onError);
  return { count: () => count, stop: () => dom.virtualConsole.off('jsdomError', onError) };
}

/**
 * Runs a check of what the page shows with each element's computed style worked out once:
 * jsdom resolves the whole cascade on every `getComputedStyle`, which Testing Library's role and
 * name queries call for each element and ancestor they look at, most of a screens walk's time.
 * A synchronous check cannot see the page change, so its answers stay the same throughout it.
 */
export function withSteadyStyles<T>(check: () => T): T {
  const own = Object.getOwnPropertyDescriptor(window, 'getComputedStyle');
  const original = window.getComputedStyle;
  const styles = new Map<Element, CSSStyleDeclaration>();
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (pseudo) return original.call(window, element, pseudo);
    let style = styles.get(element);
    if (!style) styles.set(element, (style = original.call(window, element)));
    return style;
  };
  try {
    return check();
  } finally {
    if (own) Object.defineProperty(window, 'getComputedStyle', own);
    else delete (window as { getComputedStyle?: unknown }).getComputedStyle;
  }
}
