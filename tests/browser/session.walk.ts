// Walk (c) of the session machine: the shortest path to every state, in Chromium against the real
// server over HTTP. The session is the app's root actor (src/app/session.ts), started by every
// page: a visitor signed out browses the plans (/pricing-table, the header's "Log in"); a customer
// with a stored log-in is on /account. The customer logs in through /login, logs out with the
// header's button, and another tab of the same browser logs in (the storage event reloads this
// one). Refusals are arranged as the model walks arrange them (tests/model/session.model.ts).
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SessionEvent, SessionEventType } from '../../machines/session/session.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { createSessionStore } from '../../core/session/store';
import { createTestAccount, loginBody, type TestAccount } from '../helpers/accounts';
import { MemoryStorage } from '../model/real-server';
import { breakLogout, endSessionOnServer, sessionAnswer, sessionGraph } from '../model/session.model';
import { browserWalkSuite, useBrowserServer } from './browser-walk';
import { signedInStorage } from './page-helpers';

const world = await useBrowserServer();

/** One path's account (named Tester in the header) and its page. */
interface SessionWorld {
  account: TestAccount;
  page: Page;
}

const NICKNAME = 'Tester';
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const header = (page: Page) => page.getByRole('group', { name: 'Your account' });

/** The customer logs in on /login with the password form (the login machine tells the session). */
async function logIn(page: Page, account: TestAccount) {
  await page.getByLabel('Email or phone number', { exact: true }).fill(account.account);
  await page.getByLabel('Password', { exact: true }).fill(account.password!);
  await button(page, 'Log in').click();
}

/** The user comes back to the tab: the header asks the server who is signed in. */
const comeBackToTheTab = (page: Page) => page.evaluate(() => void window.dispatchEvent(new Event('focus')));

/** What the customer (or another tab of the same browser) does for each event. */
const executors = {
  SIGNED_IN: async ({ page, account }, from) => {
    // Signed out: the header's link; signed in already: the customer opens /login again.
    if (from.matches('signedIn')) await page.goto(new URL('/login', page.url()).href);
    else await header(page).getByRole('link', { name: 'Log in' }).click();
    await logIn(page, account);
  },
  LOGOUT_REQUESTED: ({ page }) => header(page).getByRole('button', { name: 'Log out' }).click(),
  SESSION_REFUSED: async ({ page, account }, from, event) => {
    const { kind } = (event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>).reset;
    const token = from.context.userInfo?.token as string | undefined;
    if (kind === 'silentReset' && !token) {
      // Signed out, a refused token at the TV/app entrance: 21, a silent reset.
      const link = (await world.server.get(`/dev/sso-link?uid=${account.uid}`)).body as unknown as { appToken: string; accountId: string; loginId: string };
      await page.goto(new URL(`/login?${new URLSearchParams({ ...link, appToken: `${link.appToken.slice(0, -2)}AA` })}`, page.url()).href);
      return;
    }
    await endSessionOnServer(world.server, account, kind, token);
    await comeBackToTheTab(page);
  },
  OTHER_TAB_CHANGED_LOGIN: async ({ page, account }) => {
    // Another tab of the same browser logs in: it stores its own log-in in the shared local storage.
    const other = await page.context().newPage();
    try {
      await other.goto(new URL('/login?redirect=%2Faccount', page.url()).href);
      await logIn(other, account);
      await other.waitForURL((url) => url.pathname === '/account');
    } finally {
      await other.close();
    }
  },
} satisfies Record<SessionEventType, (w: SessionWorld, from: AnyMachineSnapshot, event: EventObject) => Promise<void>>;

const toastText = (code: number) => String(errorMessageFor(code).defaultMessage);

/** The page's document, marked so a reload shows: a new document has no mark. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { __walkDocument?: boolean }).__walkDocument = true));
const documentReloaded = (page: Page) =>
  page.evaluate(() => document.readyState === 'complete' && !(window as unknown as { __walkDocument?: boolean }).__walkDocument).catch(() => false);

/** What the customer sees in each state, and the trace each event leaves on the page. */
async function assertScreen(page: Page, s: AnyMachineSnapshot, event: EventObject) {
  const onLogin = () => new URL(page.url()).pathname === '/login';
  if (s.matches('reloading')) {
    // The page reloaded, and follows the other tab's log-in.
    await expect.poll(() => documentReloaded(page)).toBe(true);
    await header(page).getByText(`Signed in as ${NICKNAME}`).waitFor();
    return;
  }
  const reset = event.type === 'SESSION_REFUSED' ? (event as Extract<SessionEvent, { type: 'SESSION_REFUSED' }>).reset : null;
  if (s.matches('signedIn') || s.matches('signingOut')) {
    // A log-in on /login goes back where the customer came from, where the header says who is in.
    await expect.poll(onLogin).toBe(false);
    await expect.poll(() => button(page, 'Log out').isDisabled()).toBe(s.matches('signingOut'));
    // Signed in, the header asks the server for the account's name: the walk goes on once it came,
    // so the next event's calls are the only ones in flight.
    await header(page).getByText(`Signed in as ${NICKNAME}`).waitFor();
  } else {
    // Spec section 8 and docs/decisions/012: a logout, and a password changed elsewhere (-24030), lead to /login.
    const toLogin = event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout' || reset?.kind === 'warnResetLogin';
    if (toLogin) await expect.poll(onLogin).toBe(true);
    if (event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout')
      await page.getByRole('status').filter({ hasText: 'You logged out. See you soon!' }).waitFor();
    // The bare log-in page has no header; elsewhere the header offers to log in.
    if (onLogin()) await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    else await header(page).getByRole('link', { name: 'Log in' }).waitFor();
    expect(await button(page, 'Log out').count()).toBe(0);
  }
  if (reset) {
    // Spec section 8: -1112 says so, -24030 warns, the others say nothing.
    const message = page.getByText(toastText(reset.errCode));
    if (reset.kind === 'silentReset') expect(await message.count()).toBe(0);
    else await message.waitFor();
  }
}

browserWalkSuite({
  title: 'session machine, walk (c): the app shell in Chromium, against the real server',
  flow: 'session',
  model: sessionGraph({ lateAnswers: false }),
  world,
  async path(run) {
    const { page } = run;
    const account = await createTestAccount(world.server, { nickname: NICKNAME });
    const w: SessionWorld = { account, page };
    const restore: Array<() => Promise<void>> = [];
    run.onEnd(async () => {
      for (const undo of restore.splice(0)) await undo();
    });
    /** The page's date (the server's when it opened): the 10 days are measured on it. */
    let openedAt = 0;
    return {
      async open(start) {
        openedAt = world.clock.now();
        if (start === 'signedOut') return { url: '/pricing-table', localStorage: { language: JSON.stringify('en') } };
        const res = await world.server.post('/api/user/login/v1', loginBody(account));
        if (res.body.code !== 0) throw new Error(`log-in for the stored session: ${JSON.stringify(res.body)}`);
        const store = createSessionStore(new MemoryStorage());
        store.set('userInfo', res.body.data);
        return { url: '/account', localStorage: signedInStorage(store) };
      },
      async arrange(event) {
        if (event.type === 'xstate.error.actor.logout') restore.push(await breakLogout(world.server));
      },
      async perform(event, from) {
        if (event.type === 'OTHER_TAB_CHANGED_LOGIN') await markDocument(page);
        await executors[event.type as SessionEventType](w, from, event);
      },
      delayMs(_delay, current) {
        // The page's timer counts from its own date; the server's clock passes the same time.
        const ms = Math.max(0, (current.context.userInfo?.expiration ?? 0) - openedAt);
        world.clock.advance(Math.max(0, openedAt + ms - world.clock.now()));
        return ms;
      },
      async check(reached, _expected, event) {
        if (/^xstate\.(done|error)\./.test(event.type)) for (const undo of restore.splice(0)) await undo();
        // A session the server accepts, with the log-in the page holds.
        if (reached.matches('signedIn')) expect(await sessionAnswer(world.server, reached.context.userInfo)).toBe(0);
        // A reload's new document starts a session actor of its own, which may report before the walk looks.
        if (reached.matches('reloading') || run.seen[run.seen.length - 1] === reached) await assertScreen(page, reached, event);
      },
    };
  },
});
