// @vitest-environment jsdom
// Walk (b) of the login machine: every graph path through the login screen with Testing Library,
// the screen's actor calling the real reference server. One executor per event (typed with
// `satisfies`, so a new event without one does not compile) and, per state, what the user sees.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeAll, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { LoginEventType } from '../../machines/login/login.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { validationMessages } from '../../core/i18n/validation-messages';
import { policyMessages } from '../../src/components/policy-texts';
import { LoginScreen } from '../../src/screens/login/login-screen';
import { useRedeployedServer, useTestServer } from '../helpers/test-server';
import { GOOGLE_CLIENT_ID, useGoogleStub } from './google-stub';
import { loginGraph, loginInputs, loginKnownGaps, loginScreenGaps, type LoginStart } from './login.model';
import { configureCountdown, LoginWorld } from './login.world';
import { createClientWorld, MemoryStorage } from './real-server';
import { renderSignedOut } from './router-bridge';
import { passCountdown } from './captcha-walks';
import { CAPTCHA, verifyCaptchaOnScreen } from './screen-walk';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const env: NodeJS.ProcessEnv = { GOOGLE_CLIENT_ID };
const google = useGoogleStub(env);
const server = useTestServer(env, { clock });
// 4598: the site as the operator redeployed it without token log-in and Google sign-in.
const redeployed = useRedeployedServer(server, { NODE_ENV: 'production' }, { clock });
beforeAll(() => configureCountdown(server));
afterEach(() => cleanup());

const text = (descriptor: { defaultMessage?: unknown }) => String(descriptor.defaultMessage);
const type = (label: RegExp | string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const button = (name: RegExp | string) => screen.getByRole('button', { name });
const OFFER = 'No account uses this Google address yet. Create one with Google?';

/** Google's widget, as Google Identity Services draws it: a button that hands back a credential. */
function installGoogleWidget(world: LoginWorld) {
  window.google = {
    accounts: {
      id: {
        initialize({ callback }) {
          this.callback = callback;
        },
        renderButton(parent) {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = 'Sign in with Google';
          b.onclick = () => this.callback?.({ credential: world.googleCredential ?? 'left.before.answer' });
          parent.replaceChildren(b);
        },
      } as {
        initialize: (o: { callback(r: { credential: string }): void }) => void;
        renderButton: (p: HTMLElement) => void;
        callback?: (r: { credential: string }) => void;
      },
    },
  } as never;
}

type UiExecutor = (world: LoginWorld, from: AnyMachineSnapshot, event: EventObject) => Promise<void>;

/** What the user does on the screen for each event. */
const executors = {
  TAB_CHOSEN: async (_w, _from, event) => {
    fireEvent.click(screen.getByRole('tab', { name: (event as unknown as { tab: string }).tab === 'code' ? 'Fast login' : 'Phone or email' }));
  },
  PASSWORD_SUBMITTED: async (w) => {
    const { fields, password } = w.passwordForm();
    type('Email or phone number', fields.account);
    type('Country code (phone numbers only)', fields.areaCode ?? '');
    type('Password', password);
    await verifyCaptchaOnScreen();
    fireEvent.click(button('Log in'));
  },
  CODE_REQUESTED: async (w) => {
    type('Email or phone number', w.codeForm().account);
    type('Country code (phone numbers only)', w.codeForm().areaCode ?? '');
    await verifyCaptchaOnScreen();
    fireEvent.click(button('Send me a code'));
  },
  CODE_RESEND_REQUESTED: async () => void fireEvent.click(button('Send a new code')),
  CODE_SUBMITTED: async (w) => {
    type('4-digit code', await w.typedCode());
    fireEvent.click(button('Confirm'));
  },
  CODE_DIALOG_CLOSED: async () => void fireEvent.click(button('Close')),
  // Google's button is drawn once its script ran; while a call is answered, the click comes first.
  GOOGLE_CREDENTIAL_RECEIVED: async () => {
    const google = { name: 'Sign in with Google' };
    fireEvent.click(screen.queryByRole('button', google) ?? (await screen.findByRole('button', google)));
  },
  // The box is required: asked without it, the form says so beside it; then the customer ticks it.
  GOOGLE_SIGNUP_CONFIRMED: async () => {
    fireEvent.click(button('Create my account'));
    await screen.findByText(text(validationMessages.termsRequired));
    fireEvent.click(screen.getByLabelText(text(policyMessages.terms)));
    fireEvent.click(button('Create my account'));
  },
  GOOGLE_SIGNUP_CANCELLED: async () => void fireEvent.click(button('Cancel')),
  NOTICE_DISMISSED: async () => void fireEvent.click(button('Back to log-in')),
} satisfies Record<LoginEventType, UiExecutor>;

/** What the user sees in each state (and the reason of the last refusal). */
function assertScreen(s: AnyMachineSnapshot, landedOn: () => string, googleEmail: string | null) {
  const busy = s.hasTag('busy');
  if (s.matches('loggedIn') || s.matches('leftForNotice')) {
    const expected = s.matches('loggedIn') ? s.context.returnTo : `/notice?type=stbLoginErr&code=${s.context.errCode}`;
    expect(landedOn()).toBe(expected);
    return;
  }
  if (s.matches('entering') || s.matches('loggingInWithToken') || s.matches('loadingConfig')) {
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Logging you in…');
    return;
  }
  const notices = {
    notVerified: /not confirmed yet/,
    locked: /Too many failed attempts/,
    blocked: s.context.errCode === 197 ? /This type of account cannot log in here/ : /this account is blocked/,
  } as const;
  for (const [state, message] of Object.entries(notices)) {
    if (s.matches({ form: state })) {
      expect(screen.getByRole('alert').textContent).toMatch(message);
      expect(Boolean(screen.queryByRole('link', { name: 'Send the confirmation again' }))).toBe(state === 'notVerified');
      return;
    }
  }
  const tab = s.matches({ form: 'codeTab' }) ? 'Fast login' : 'Phone or email';
  if (!s.matches({ form: 'loggingInWithGoogle' })) expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('heading', { level: 1 }).closest('section')!.getAttribute('aria-busy')).toBe(String(busy));
  if (s.matches({ form: 'passwordTab' })) {
    expect((button('Log in') as HTMLButtonElement).disabled).toBe(busy);
    expect(Boolean(screen.queryByRole('group', { name: CAPTCHA }))).toBe(
      s.matches({ form: { passwordTab: 'captchaShown' } }) || (s.matches({ form: { passwordTab: 'loggingIn' } }) && s.context.captcha !== null),
    );
  }
  const codeForm = (['editing', 'sendingCode', 'loadingCaptcha', 'captchaShown'] as const).some((state) => s.matches({ form: { codeTab: state } }));
  if (codeForm) {
    expect((button('Send me a code') as HTMLButtonElement).disabled).toBe(busy);
    // The check shows once its challenge came, and while its solution is checked.
    expect(Boolean(screen.queryByRole('group', { name: CAPTCHA }))).toBe(
      s.matches({ form: { codeTab: 'captchaShown' } }) || (s.matches({ form: { codeTab: 'sendingCode' } }) && s.context.captcha !== null),
    );
    // A resend that met a captcha keeps the account it was for.
    if (s.context.codeAccount && !s.matches({ form: { codeTab: 'editing' } }))
      expect((screen.getByLabelText('Email or phone number') as HTMLInputElement).value).toBe(s.context.codeAccount.account);
  }
  // ADR 047: the offer names the Google address (read from the token) and is busy while the account is made.
  const offer = s.matches({ form: 'offeringGoogleSignup' }) || s.matches({ form: 'signingUpWithGoogle' });
  expect(Boolean(screen.queryByRole('form', { name: OFFER }))).toBe(offer);
  if (offer) {
    expect(screen.getByText(`Google address: ${googleEmail}`)).toBeTruthy();
    expect((button('Create my account') as HTMLButtonElement).disabled).toBe(busy);
  }
  const dialogOpen = s.matches({ form: { codeTab: 'codeDialog' } }) || s.matches({ form: { codeTab: 'verifyingCode' } });
  expect(Boolean(screen.queryByRole('dialog'))).toBe(dialogOpen);
  if (dialogOpen) {
    const dialog = within(screen.getByRole('dialog'));
    expect((dialog.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(
      !s.matches({ form: { codeTab: { codeDialog: 'canResend' } } }),
    );
    expect((dialog.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(s.matches({ form: { codeTab: 'verifyingCode' } }));
    // Spec section 9: while the countdown runs, the seconds left (ticking from the configured 45).
    const timer = dialog.queryByRole('timer');
    expect(Boolean(timer)).toBe(s.matches({ form: { codeTab: { codeDialog: 'countingDown' } } }));
    if (timer) expect(Number(/in (\d+) seconds?\./.exec(timer.textContent ?? '')?.[1])).toBeLessThanOrEqual(s.context.countdownSeconds);
  }
  // Spec section 8: an unexpected failure of the last try says "Log in failed. Refresh the page and try again."
  const failure = screen.queryAllByRole('alert').some((a) => a.textContent === 'Log in failed. Refresh the page and try again.');
  expect(failure).toBe(s.context.error !== undefined && !busy);
  // Spec section 8: the reason of a refusal is shown with its catalogue message.
  // The offer to sign up with Google says itself why (1): its own words instead.
  if (s.context.errCode !== null && !offer)
    expect(screen.getAllByRole('alert').some((a) => a.textContent === text(errorMessageFor(s.context.errCode)))).toBe(true);
}

walkSuite({
  title: 'login machine, walk (b): through the screen, against the real server',
  flow: 'login',
  walk: 'screens',
  model: loginGraph(),
  knownGaps: [...loginKnownGaps, ...loginScreenGaps],
  // A path for each refusal code the calls expect, and each tab or Google choice from each state.
  walkEveryTarget: true,
  path(run) {
    const storage = new MemoryStorage();
    const client = createClientWorld(server.app, storage);
    const world = new LoginWorld(server, clock, google, client, redeployed);
    world.follow(run.path);
    installGoogleWidget(world);
    // A failed path must not leave its fault to the next one.
    run.onEnd(() => world.repair());
    return {
      arrange: (event, _expected, cause) => world.arrange(event, cause),
      async start(start) {
        const input = loginInputs[start as LoginStart];
        client.store.set('scene', input.scene);
        client.store.set('loginActiveTab', input.tab);
        const query = new URLSearchParams({ redirect: input.returnTo });
        if (input.entranceToken && world.entranceToken) for (const [k, v] of Object.entries(world.entranceToken)) query.set(k, v);
        const { clock: actorClock, inspect, snapshots } = run.screenOptions(client.gate);
        client.gate.hold();
        renderSignedOut(client, {
          url: `/login?${query.toString()}`,
          routes: <Route path="/login" element={<LoginScreen />} />,
          actorOptions: { clock: actorClock, inspect },
          sessionActions: { storeUserInfo: (_, { userInfo }) => client.store.set('userInfo', userInfo), clearSession: () => client.store.resetSession() },
        });
        return { snapshots, clock: actorClock };
      },
      perform: (event, from) => executors[event.type as LoginEventType](world, from, event),
      delayMs: passCountdown(clock),
      async check(reached, _expected, event) {
        await world.check(reached, event);
        const latest = () => run.seen[run.seen.length - 1]!;
        // The screen shows the state once React has rendered it; nothing moves on meanwhile,
        // since answers wait at the gate.
        expect(latest().value).toEqual(reached.value);
        await waitFor(() => assertScreen(reached, () => screen.getByTestId('landed').textContent ?? '', world.googleEmail));
      },
    };
  },
});
