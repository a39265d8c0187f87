// The router pieces every screens walk renders: the client's navigations (error rules, session
// resets) go to the router, and the path the page landed on is shown for the walk to read. The
// walks of the signed-out screens (log-in, sign-up, password recovery) render their routes in
// the app's providers with `renderSignedOut`.
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { createActor, type InspectionEvent, type SimulatedClock } from 'xstate';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { createSessionCache } from '../../core/session/session-cache';
import { createQueryCache } from '../../src/queries/query-cache';
import { ServicesProvider } from '../../src/queries/services-provider';
import { MemoryStorage, type ClientWorld } from './real-server';

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
  const services = {
    api: client.api,
    store: client.store,
    queries: createQueryCache(),
    cache: createSessionCache(new MemoryStorage()),
    session,
    actorOptions,
  };
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
