// Walk (c) of the login machine: the shortest path to every state, on /login in Chromium, against
// the real server over HTTP. The starts are the model walks' (tests/model/login.model.ts): the web
// form, a remembered fast-login tab, and the token entrances of the app and the TV box, opened the
// way they open the portal (`/tokenLogin?t=…&a=…&e=…&r=APP`). Google's script is served by the walk
// (its button hands over a credential signed by tests/model/google-stub.ts, which the server checks
// against the stub's keys), the 4-digit codes come from the server's outbox, and the server's side
// of each answer is the model walks' world (tests/model/login.world.ts).
import { beforeAll, expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { LoginEventType } from '../../machines/login/login.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { createTestAccount } from '../helpers/accounts';
import { GOOGLE_CLIENT_ID, useGoogleStub } from '../model/google-stub';
import { loginGraph, loginInputs, type LoginStart } from '../model/login.model';
import { configureCountdown, LoginWorld } from '../model/login.world';
import { passCountdown } from '../model/captcha-walks';
import { createClientWorld } from '../model/real-server';
import { browserWalkSuite, useBrowserServer } from './browser-walk';

// The stub's keys must be known before the server starts: its hook comes first.
const env: NodeJS.ProcessEnv = { GOOGLE_CLIENT_ID };
const google = useGoogleStub(env);
const world = await useBrowserServer({ env });
beforeAll(() => configureCountdown(world.server));

/** Google Identity Services as the page loads it (src/screens/login/google-sign-in.tsx): Google's button, handing back a credential. */
const GOOGLE_SCRIPT = `window.google = { accounts: { id: {
  initialize(options) { this.callback = options.callback; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = async () => this.callback({ credential: await window.__googleCredential() });
    parent.replaceChildren(button);
  },
} } };`;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Enter your code' });

/** With a security check shown, the customer starts it and waits until it passed (solved for real in the page). */
async function passCaptcha(page: Page) {
  const verify = page.getByRole('button', { name: 'Verify that I am not a robot' });
  if (!(await verify.count())) return;
  await verify.click();
  await page.getByText('Verified. You can send the form.').waitFor();
}

/** The account fields both tabs start with. */
async function typeAccount(page: Page, fields: { account: string; areaCode?: string }) {
  await page.getByLabel('Email or phone number', { exact: true }).fill(fields.account);
  await page.getByLabel('Country code (phone numbers only)', { exact: true }).fill(fields.areaCode ?? '');
}

/** What the customer does on /login for each event. */
const executors = {
  TAB_CHOSEN: (page, _w, event) =>
    page.getByRole('tab', { name: (event as unknown as { tab: string }).tab === 'code' ? 'Fast login' : 'Phone or email' }).click(),
  PASSWORD_SUBMITTED: async (page, w) => {
    const { fields, password } = w.passwordForm();
    await typeAccount(page, fields);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await passCaptcha(page);
    await button(page, 'Log in').click();
  },
  CODE_REQUESTED: async (page, w) => {
    await typeAccount(page, w.codeForm());
    await passCaptcha(page);
    await button(page, 'Send me a code').click();
  },
  CODE_RESEND_REQUESTED: (page) => dialog(page).getByRole('button', { name: 'Send a new code' }).click(),
  CODE_SUBMITTED: async (page, w) => {
    await dialog(page)
      .getByLabel('4-digit code')
      .fill(await w.typedCode());
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  },
  CODE_DIALOG_CLOSED: (page) => dialog(page).getByRole('button', { name: 'Close' }).click(),
  // Google's button is drawn once the settings named Google and its script ran.
  GOOGLE_CREDENTIAL_RECEIVED: (page) => button(page, 'Sign in with Google').click(),
  GOOGLE_SIGNUP_CONFIRMED: async (page) => {
    await page.getByLabel('I accept the terms of use and the privacy policy', { exact: true }).check();
    await button(page, 'Create my account').click();
  },
  GOOGLE_SIGNUP_CANCELLED: (page) => button(page, 'Cancel').click(),
  NOTICE_DISMISSED: (page) => button(page, 'Back to log-in').click(),
} satisfies Record<LoginEventType, (page: Page, w: LoginWorld, event: EventObject) => Promise<void>>;

/** The page's path and query. */
const landedOn = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

const text = (code: number) => String(errorMessageFor(code).defaultMessage);
const alerts = (page: Page) => page.getByRole('alert').allInnerTexts();

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot, googleEmail: string | null) {
  if (s.matches('loggedIn')) return void (await expect.poll(() => landedOn(page)).toBe(s.context.returnTo));
  if (s.matches('leftForNotice')) return void (await expect.poll(() => landedOn(page)).toBe(`/notice?type=stbLoginErr&code=${s.context.errCode}`));
  const busy = s.hasTag('busy');
  const section = page.getByRole('region', { name: 'Log in' });
  await expect.poll(() => section.getAttribute('aria-busy')).toBe(String(busy));
  if (s.matches('entering') || s.matches('loggingInWithToken') || s.matches('loadingConfig')) {
    await page.getByRole('status').getByText('Logging you in…').waitFor();
    return;
  }
  const notices = {
    notVerified: /not confirmed yet/,
    locked: /Too many failed attempts/,
    blocked: s.context.errCode === 197 ? /This type of account cannot log in here/ : /this account is blocked/,
  } as const;
  for (const [state, message] of Object.entries(notices)) {
    if (!s.matches({ form: state })) continue;
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    await button(page, 'Back to log-in').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Send the confirmation again' }).count()).toBe(state === 'notVerified' ? 1 : 0);
    return;
  }
  const tab = s.matches({ form: 'codeTab' }) ? 'Fast login' : 'Phone or email';
  if (!s.matches({ form: 'loggingInWithGoogle' })) await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
  const captcha = page.getByRole('group', { name: 'Security check' });
  if (s.matches({ form: 'passwordTab' })) {
    await expect.poll(() => button(page, 'Log in').isDisabled()).toBe(busy);
    const shown = s.matches({ form: { passwordTab: 'captchaShown' } }) || (s.matches({ form: { passwordTab: 'loggingIn' } }) && s.context.captcha !== null);
    await expect.poll(() => captcha.count()).toBe(shown ? 1 : 0);
  }
  const codeForm = (['editing', 'sendingCode', 'loadingCaptcha', 'captchaShown'] as const).some((state) => s.matches({ form: { codeTab: state } }));
  if (codeForm) {
    await expect.poll(() => button(page, 'Send me a code').isDisabled()).toBe(busy);
    const shown = s.matches({ form: { codeTab: 'captchaShown' } }) || (s.matches({ form: { codeTab: 'sendingCode' } }) && s.context.captcha !== null);
    await expect.poll(() => captcha.count()).toBe(shown ? 1 : 0);
  }
  // ADR 047: the offer to create the account with Google, naming the address, busy while it is made.
  const offer = s.matches({ form: 'offeringGoogleSignup' }) || s.matches({ form: 'signingUpWithGoogle' });
  const form = page.getByRole('form', { name: 'No account uses this Google address yet. Create one with Google?' });
  await expect.poll(() => form.count()).toBe(offer ? 1 : 0);
  if (offer) {
    await form.getByText(`Google address: ${googleEmail}`).waitFor();
    await expect.poll(() => button(page, 'Create my account').isDisabled()).toBe(busy);
  }
  const dialogOpen = s.matches({ form: { codeTab: 'codeDialog' } }) || s.matches({ form: { codeTab: 'verifyingCode' } });
  await expect.poll(() => dialog(page).count()).toBe(dialogOpen ? 1 : 0);
  if (dialogOpen) {
    const d = dialog(page);
    await expect
      .poll(() => d.getByRole('button', { name: 'Send a new code' }).isDisabled())
      .toBe(!s.matches({ form: { codeTab: { codeDialog: 'canResend' } } }));
    await expect.poll(() => d.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(s.matches({ form: { codeTab: 'verifyingCode' } }));
    // Spec section 9: while the countdown runs, the seconds left, from the configured 45.
    const counting = s.matches({ form: { codeTab: { codeDialog: 'countingDown' } } });
    await expect.poll(() => d.getByRole('timer').count()).toBe(counting ? 1 : 0);
    if (counting) expect(Number(/in (\d+) seconds?\./.exec(await d.getByRole('timer').innerText())?.[1])).toBeLessThanOrEqual(s.context.countdownSeconds);
  }
  // Spec section 8: an unexpected failure says to refresh; a refusal says why, in the catalogue's words.
  const failure = 'Log in failed. Refresh the page and try again.';
  await expect.poll(async () => (await alerts(page)).includes(failure)).toBe(s.context.error !== undefined && !busy);
  // The offer to sign up with Google says itself why (1): its own words instead.
  if (s.context.errCode !== null && !offer) await expect.poll(() => alerts(page)).toContain(text(s.context.errCode));
}

browserWalkSuite({
  title: 'login machine, walk (c): on /login in Chromium, against the real server',
  flow: 'login',
  model: loginGraph(),
  world,
  async path(run) {
    const { page } = run;
    // The world's client stands for nothing in the page: its effects are what the page did (its address).
    const client = createClientWorld(world.server.app);
    const login = new LoginWorld(world.server, world.clock, google, client);
    login.follow(run.path);
    // A failed path must not leave its fault to the next one.
    run.onEnd(() => login.repair());
    await page.exposeFunction('__googleCredential', () => login.googleCredential ?? 'left.before.answer');
    await page.route('https://accounts.google.com/gsi/client', (route) => route.fulfill({ contentType: 'text/javascript', body: GOOGLE_SCRIPT }));
    return {
      async open(start) {
        const input = loginInputs[start as LoginStart];
        const storage: Record<string, string> = { language: JSON.stringify('en') };
        if (!input.entranceToken) {
          // A customer who chose fast login last time comes back to it.
          storage.loginActiveTab = JSON.stringify(input.tab);
          return { url: `/login?${new URLSearchParams({ redirect: input.returnTo })}`, localStorage: storage };
        }
        // The app or the TV box opens the portal with its token (spec section 2); a path that
        // stops before the token's answer still needs one.
        let token = login.entranceToken;
        if (!token) {
          const account = await createTestAccount(world.server);
          token = (await world.server.get(`/dev/sso-link?uid=${account.uid}`)).body as unknown as NonNullable<typeof token>;
        }
        const query = new URLSearchParams({ t: token.appToken, a: token.accountId, e: token.loginId, r: input.scene });
        return { url: `/tokenLogin?${query}`, localStorage: storage };
      },
      arrange: (event, _expected, cause) => login.arrange(event, cause),
      perform: (event) => executors[event.type as LoginEventType](page, login, event),
      delayMs: passCountdown(world.clock),
      async check(reached, _expected, event) {
        // The client effect the server walk reads: where the page went.
        if (reached.matches('leftForNotice')) {
          await expect.poll(() => landedOn(page)).toMatch(/^\/notice\?/);
          client.effects.push(['navigate', landedOn(page)]);
        }
        await login.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(page, reached, login.googleEmail);
      },
    };
  },
});
