// @vitest-environment jsdom
// Walk (b) of the sign-up machine: every graph path through /register with Testing Library, the
// screen's actor calling the real reference server. One executor per event (`satisfies`), and per
// state what the user sees.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { SignupEventType } from '../../machines/signup/signup.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { RegisterScreen } from '../../src/screens/register/register-screen';
import { useTestServer } from '../helpers/test-server';
import { createClientWorld } from './real-server';
import { renderSignedOut } from './router-bridge';
import { signupScreenGaps, signupGraph, SignupWorld } from './signup.model';
import { walkSuite } from './walk-suite';

const server = useTestServer();
afterEach(() => cleanup());

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

const executors = {
  SIGNUP_SUBMITTED: async (w: SignupWorld) => {
    type('Email or phone number', w.fields.account);
    type('Country code (phone numbers only)', w.fields.areaCode ?? '');
    type('Name', w.fields.nickname);
    type('Password (at least 6 characters)', w.fields.password);
    type('Repeat the password', w.fields.password);
    const terms = screen.getByLabelText('I accept the terms of use and the privacy policy') as HTMLInputElement;
    if (!terms.checked) fireEvent.click(terms);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  },
  NOTICE_DISMISSED: async () => void fireEvent.click(screen.getByRole('button', { name: 'Use another email or phone' })),
} satisfies Record<SignupEventType, (w: SignupWorld) => Promise<void>>;

/** What the user sees in each state. */
function assertScreen(s: AnyMachineSnapshot, landedOn: () => string) {
  if (s.matches('signedUp')) {
    expect(landedOn()).toBe('/orders');
    return;
  }
  if (s.matches('awaitingConfirmation')) {
    expect(screen.getByRole('status').textContent).toContain(`We sent a confirmation link to ${s.context.account}`);
    return;
  }
  if (s.matches('accountExists')) {
    expect(screen.getByRole('alert').textContent).toMatch(/already exists/);
    expect(screen.getByRole('link', { name: 'Reset the password' })).toBeTruthy();
  }
  const submit = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(s.matches('signingUp'));
  if (s.context.errCode !== null && !s.matches('accountExists'))
    expect(screen.getByRole('alert').textContent).toBe(String(errorMessageFor(s.context.errCode).defaultMessage));
}

walkSuite({
  title: 'sign-up machine, walk (b): through /register, against the real server',
  flow: 'signup',
  walk: 'screens',
  model: signupGraph(),
  knownGaps: signupScreenGaps,
  // A path for each refusal code the call expects.
  walkEveryTarget: true,
  path(run) {
    const client = createClientWorld(server.app);
    const world = new SignupWorld(server);
    run.onEnd(() => world.repair());
    return {
      arrange: (event) => world.arrange(event),
      async start() {
        const { clock, inspect, snapshots } = run.screenOptions(client.gate);
        renderSignedOut(client, {
          url: '/register?redirect=%2Forders',
          routes: <Route path="/register" element={<RegisterScreen />} />,
          actorOptions: { clock, inspect },
          sessionActions: { storeUserInfo: (_, { userInfo }) => client.store.set('userInfo', userInfo) },
        });
        return { snapshots, clock };
      },
      perform: (event) => executors[event.type as SignupEventType](world),
      delayMs: () => 0,
      async check(reached, _expected, event) {
        await world.check(reached, event);
        expect(run.seen[run.seen.length - 1]!.value).toEqual(reached.value);
        await waitFor(() => assertScreen(reached, () => screen.getByTestId('landed').textContent ?? ''));
        if (reached.matches('signedUp')) expect(client.store.get('userInfo')?.token).toBe(reached.context.userInfo.token);
      },
    };
  },
});
