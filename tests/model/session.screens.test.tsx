// @vitest-environment jsdom
// Walk (b) of the session machine: every graph path through the app's shell (header, toasts,
// router) and the login screen, with the app's own session wiring (src/app/session.ts) and the
// client calling the real reference server. One executor per event, typed with `satisfies`; per
// state, what the user sees. From signingOut the logout call is held on its way to the server while
// the next event happens (session.model.ts LogoutHold). A refusal whose late answer the path takes
// next finds two calls in flight: the header's, and another view's (session.model.ts SecondCall).
import './node-realm';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SessionEvent, SessionEventType } from '../../machines/session/session.types';
import { createFakeClock } from '../../server/clock';
import { MainLayout } from '../../src/app/layouts/main-layout';
import { startSession } from '../../src/app/session';
import { createToastStore } from '../../src/app/toasts';
import { Toaster } from '../../src/components/toaster';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { createQueryCache, type QueryCache } from '../../src/queries/query-cache';
import { ServicesProvider } from '../../src/queries/services-provider';
import { LoginScreen } from '../../src/screens/login/login-screen';
import { createSessionCache } from '../../core/session/session-cache';
import { createTestAccount, loginBody, type TestAccount } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';
import { createClientWorld, MemoryStorage, type ClientWorld } from './real-server';
import { breakLogout, endSessionOnServer, isLateRefusal, LogoutHold, SecondCall, sessionGraph } from './session.model';
import { Landed, NavigationBridge } from './router-bridge';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());

interface World {
  account: TestAccount;
  client: ClientWorld;
  navigate(to: string): void;
  reloads: number;
  /** The page's query cache (the header's account name). */
  queries?: QueryCache;
  second: SecondCall;
}

const button = (name: string) => screen.getByRole('button', { name });

/** The user logs in on /login with the password form (the login machine tells the session). */
async function logInThroughTheScreen(w: World) {
  fireEvent.input(await screen.findByLabelText('Email or phone number'), { target: { value: w.account.account } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: w.account.password } });
  fireEvent.click(button('Log in'));
}

/** The user comes back to the tab: the header asks the server who is signed in. */
const comeBackToTheTab = () => act(() => void window.dispatchEvent(new Event('focus')));

type UiExecutor = (w: World, from: AnyMachineSnapshot, event: EventObject) => Promise<void>;

const executors = {
  SIGNED_IN: async (w, from) => {
    // Signed out: the header's link; signed in already: the user opens /login again.
    if (from.matches('signedIn')) act(() => w.navigate('/login'));
    else fireEvent.click(await screen.findByRole('link', { name: 'Log in' }));
    await logInThroughTheScreen(w);
  },
  LOGOUT_REQUESTED: async () => void fireEvent.click(await screen.findByRole('button', { name: 'Log out' })),
  SESSION_REFUSED: async (w, from, event) => {
    const { kind, errCode } = (event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>).reset;
    // The second call's answer reaches the page's client now, the page signed out by the first.
    if (isLateRefusal(from, event)) return void expect(await w.second.deliver()).toMatchObject({ kind: 'refusal', errCode, outcome: kind });
    const token = w.client.store.get('userInfo')?.token;
    if (kind === 'silentReset' && !token) {
      // Signed out, a refused token at the TV/app entrance: 21, a silent reset.
      const link = (await server.get(`/dev/sso-link?uid=${w.account.uid}`)).body as unknown as { appToken: string; accountId: string; loginId: string };
      act(() => w.navigate(`/login?${new URLSearchParams({ ...link, appToken: `${link.appToken.slice(0, -2)}AA` }).toString()}`));
      return;
    }
    await endSessionOnServer(server, w.account, kind, token);
    expect(from.context.userInfo).not.toBeNull();
    if (w.second.lateAnswerFollows) await w.second.send(server, w.client.api, w.account, { token: token!, errCode });
    comeBackToTheTab();
  },
  OTHER_TAB_CHANGED_LOGIN: async (w) => {
    // Another tab logs in and stores its own token in the shared local storage.
    const res = await server.post('/api/user/login/v1', loginBody(w.account));
    const newValue = JSON.stringify(res.body.data);
    window.localStorage.setItem('userInfo', newValue);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo', newValue, storageArea: window.localStorage })));
  },
} satisfies Record<SessionEventType, UiExecutor>;

const toastText = (code: number) => String(errorMessageFor(code).defaultMessage);

/** What the user sees in each state, and the trace each event leaves on the page. */
function assertScreen(s: AnyMachineSnapshot, event: EventObject, w: World) {
  const at = screen.getByTestId('landed').textContent;
  if (s.matches('reloading')) {
    expect(w.reloads).toBe(1);
    return;
  }
  // A log-in on /login goes back where the customer came from before they do anything else: the
  // walk waits for it, so that navigation cannot land after the next event's own (a logout's /login).
  if (event.type === 'SIGNED_IN') expect(at?.startsWith('/login')).toBe(false);
  if (at?.startsWith('/login')) {
    // The bare login page has no header; it is where a warned reset and a logout lead.
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  } else if (s.matches('signedOut')) {
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  } else {
    expect((button('Log out') as HTMLButtonElement).disabled).toBe(s.matches('signingOut'));
    expect(screen.getByText(/^Signed in as /)).toBeTruthy();
  }
  if (event.type === 'SESSION_REFUSED') {
    const { kind, errCode } = (event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>).reset;
    // Spec section 8: -1112 says so, -24030 warns and goes to /login, the others say nothing.
    if (kind === 'silentReset') expect(screen.queryByText(toastText(errCode))).toBeNull();
    else expect(screen.getByText(toastText(errCode))).toBeTruthy();
    expect(at?.startsWith('/login')).toBe(kind === 'warnResetLogin' || (w.client.store.get('userInfo') === null && at?.startsWith('/login')));
  }
  if (event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout') {
    // The login page says the customer logged out.
    expect(at).toBe('/login?reason=signedOut');
    expect(screen.getByRole('status').textContent).toBe('You logged out. See you soon!');
  }
}

walkSuite({
  title: 'session machine, walk (b): through the app shell and the login screen, against the real server',
  flow: 'session',
  walk: 'screens',
  model: sessionGraph(),
  walkEveryTarget: true,
  async path(run) {
    window.localStorage.clear();
    const logout = new LogoutHold();
    const client = createClientWorld(server.app, window.localStorage, { hold: logout.requests });
    /** Whether the last event was sent while the logout call was in flight. */
    let fromSigningOut = false;
    const toasts = createToastStore({ ttlMs: 600_000 });
    const account = await createTestAccount(server);
    let navigateTo: (to: string) => void = () => {};
    const world: World = { account, client, navigate: (to) => navigateTo(to), reloads: 0, second: new SecondCall(run.path) };
    /** Whether the last event was the late answer of the second call. */
    let late = false;
    const restore: Array<() => Promise<void>> = [];
    let stop = () => {};
    // A failed path must not leave its fault or its actor to the next one.
    run.onEnd(async () => {
      for (const undo of restore.splice(0)) await undo();
      stop();
      logout.end();
      world.second.end();
    });
    return {
      async arrange(event) {
        if (event.type.endsWith('.actor.logout')) logout.letThrough();
        if (event.type === 'xstate.error.actor.logout') restore.push(await breakLogout(server));
      },
      async start(start) {
        if (start === 'storedSession') {
          const res = await server.post('/api/user/login/v1', loginBody(account));
          if (res.body.code !== 0) throw new Error(`log-in for the stored session: ${JSON.stringify(res.body)}`);
          client.store.set('userInfo', res.body.data);
        }
        const { clock: actorClock, inspect, snapshots } = run.screenOptions(client.gate);
        // The app's own wiring of the session machine, on the server's clock.
        const started = startSession({
          win: window,
          api: client.api,
          store: client.store,
          toasts,
          navigate: (to) => navigateTo(to),
          reload: () => void (world.reloads += 1),
          now: () => clock.now(),
          actorOptions: { clock: actorClock, inspect },
        });
        stop = started.stop;
        client.onReset((reset) => started.session.send({ type: 'SESSION_REFUSED', reset }));
        client.onNavigate((to) => navigateTo(to));
        world.queries = createQueryCache();
        const services = {
          api: client.api,
          store: client.store,
          queries: world.queries,
          cache: createSessionCache(new MemoryStorage()),
          session: started.session,
        };
        render(
          <ServicesProvider services={services}>
            <IntlProvider locale="en" messages={{}} onError={() => {}}>
              <MemoryRouter initialEntries={['/help']}>
                <NavigationBridge onNavigate={(fn) => void (navigateTo = fn)} />
                <Landed />
                <Routes>
                  <Route element={<MainLayout language="en" onLanguageChange={() => {}} />}>
                    <Route path="*" element={<p>page</p>} />
                  </Route>
                  <Route path="/login" element={<LoginScreen />} />
                </Routes>
              </MemoryRouter>
              <Toaster subscribe={toasts.subscribe} getToasts={toasts.get} dismiss={toasts.dismiss} />
            </IntlProvider>
          </ServicesProvider>,
        );
        return { snapshots, clock: actorClock };
      },
      perform: (event, from) => {
        fromSigningOut = from.matches('signingOut');
        late = isLateRefusal(from, event);
        return executors[event.type as SessionEventType](world, from, event);
      },
      delayMs(_delay, current) {
        const ms = Math.max(0, (current.context.userInfo?.expiration ?? 0) - clock.now());
        clock.advance(ms);
        return ms;
      },
      async check(reached, _expected, event) {
        world.second.stepChecked();
        if (/^xstate\.(done|error)\./.test(event.type)) for (const undo of restore.splice(0)) await undo();
        // Nothing moves on while the walk looks: a busy state's answers wait at the gate.
        expect(run.seen[run.seen.length - 1]!.value).toEqual(reached.value);
        await waitFor(() => assertScreen(reached, event, world));
        if (late && event.type === 'SESSION_REFUSED') {
          // The machine asks for the message again (spec section 8); the app's toasts show one
          // message once, so the customer, signed out already, is told nothing new.
          const { reset } = event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>;
          expect(client.effects.filter((e) => e[0] === 'resetSession').slice(-2)).toEqual([
            ['resetSession', reset],
            ['resetSession', reset],
          ]);
          expect(screen.getAllByText(toastText(reset.errCode))).toHaveLength(1);
        }
        // Signed in, the header asks the server for the account's name once; the walk goes on once
        // it answered, so the next event's calls are the only ones in flight (else an arranged
        // refusal could answer that first call too, a second reset the path did not ask for).
        if (reached.matches('signedIn') && screen.queryByText(/^Signed in as /)) {
          const token = world.client.store.get('userInfo')?.token;
          await waitFor(() => expect(world.queries!.get(`accountName:${token}`).status).not.toBe('loading'));
        }
        if (reached.matches('signingOut')) await logout.checkSigningOut();
        // Left while the logout was in flight: the page moved on without its answer; it never reached the server.
        if (fromSigningOut && !event.type.startsWith('xstate.')) logout.checkLeftSigningOut();
      },
    };
  },
});
