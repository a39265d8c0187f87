// @vitest-environment jsdom
// Walk (b) of the password-recovery machine: every graph path through /forgot-password and
// /reset-password with Testing Library, the screen's actor calling the real reference server. One
// executor per event (`satisfies`), and per state what the user sees.
import './node-realm';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { PasswordRecoveryEventType } from '../../machines/password-recovery/password-recovery.types';
import { createFakeClock } from '../../server/clock';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { ForgotPasswordScreen, ResetPasswordScreen } from '../../src/screens/password-recovery/password-recovery-screen';
import { useTestServer } from '../helpers/test-server';
import { passwordRecoveryGraph, recoveryKnownGaps, recoveryScreenGaps, type RecoveryStart } from './password-recovery.model';
import { RecoveryWorld } from './password-recovery.world';
import { createClientWorld } from './real-server';
import { renderSignedOut } from './router-bridge';
import { passCountdown } from './captcha-walks';
import { CAPTCHA, verifyCaptchaOnScreen } from './screen-walk';
import { walkSuite } from './walk-suite';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
afterEach(() => cleanup());

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Spec section 9: the seconds left, ticking down from the countdown, while it runs. */
function assertCountdown(s: AnyMachineSnapshot, running: boolean) {
  const timer = screen.queryByRole('timer');
  expect(Boolean(timer)).toBe(running);
  if (timer) expect(Number(/in (\d+) seconds?\./.exec(timer.textContent ?? '')?.[1])).toBeLessThanOrEqual(s.context.countdownSeconds);
}

/** What the user does on the screen for each event. */
const executors = {
  LINK_REQUESTED: async (w) => {
    type('Email or phone number', w.fields.account);
    await verifyCaptchaOnScreen();
    fireEvent.click(button('Email me a link'));
  },
  CODE_REQUESTED: async (w) => {
    type('Email or phone number', w.fields.account);
    type('Country code (phone numbers only)', w.fields.areaCode ?? '');
    await verifyCaptchaOnScreen();
    fireEvent.click(button('Send me a code'));
  },
  RESEND_REQUESTED: async () => void fireEvent.click(screen.getByRole('button', { name: /^Send a new (link|code)$/ })),
  CODE_RESET_SUBMITTED: async (w) => {
    type('4-digit code', await w.typedCode());
    type('New password (at least 6 characters)', w.newPassword);
    type('Repeat the new password', w.newPassword);
    fireEvent.click(button('Set the new password'));
  },
  LINK_RESET_SUBMITTED: async (w) => {
    type('New password (at least 6 characters)', w.newPassword);
    type('Repeat the new password', w.newPassword);
    fireEvent.click(button('Set the new password'));
  },
  RESTART: async () => void fireEvent.click(screen.getByRole('button', { name: /^(Use another email or phone|Ask for a new link)$/ })),
} satisfies Record<PasswordRecoveryEventType, (w: RecoveryWorld) => Promise<void>>;

/** What the user sees in each state (and the reason of the last refusal). */
function assertScreen(s: AnyMachineSnapshot, landedOn: () => string) {
  if (s.matches('done')) {
    expect(landedOn()).toBe('/login?reason=passwordChanged');
    return;
  }
  const busy = s.hasTag('busy');
  expect(screen.getByRole('heading', { level: 1 }).closest('section')!.getAttribute('aria-busy')).toBe(String(busy));
  const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
  // Spec section 8: the reason of a refusal is shown with its catalogue message.
  if (s.context.errCode !== null) expect(alerts()).toContain(String(errorMessageFor(s.context.errCode).defaultMessage));
  if (s.matches('entering') || s.matches('checkingLink')) {
    expect(screen.getByRole('status').textContent).toBe('Checking the link…');
  } else if (s.matches('requesting') || s.matches('sendingLink') || s.matches('sendingCode')) {
    expect(button('Email me a link').disabled).toBe(busy);
    expect(button('Send me a code').disabled).toBe(busy);
    // The check shows once its challenge came, and while its solution is checked.
    const captchaShown = s.matches({ requesting: 'captchaShown' }) || ((s.matches('sendingLink') || s.matches('sendingCode')) && s.context.captcha !== null);
    expect(Boolean(screen.queryByRole('group', { name: CAPTCHA }))).toBe(captchaShown);
    // A resend that met a captcha keeps the address it was for.
    if (s.matches({ requesting: 'captchaShown' })) {
      expect((screen.getByLabelText('Email or phone number') as HTMLInputElement).value).toBe(s.context.email ?? s.context.codeAccount.account);
    }
  } else if (s.matches('linkSent')) {
    expect(screen.getByRole('status').textContent).toContain(`If an account uses ${s.context.sentTo}, we sent it a link`);
    expect(button('Send a new link').disabled).toBe(!s.matches({ linkSent: 'canResend' }));
    assertCountdown(s, s.matches({ linkSent: 'countingDown' }));
  } else if (s.matches('codeSent') || s.matches('resettingByCode')) {
    expect(screen.getByRole('status').textContent).toContain(`If an account uses ${s.context.sentTo}, we sent it a 4-digit code`);
    expect(button('Send a new code').disabled).toBe(!s.matches({ codeSent: 'canResend' }));
    assertCountdown(s, s.matches({ codeSent: 'countingDown' }));
    expect(button('Set the new password').disabled).toBe(busy);
  } else if (s.matches('newPassword') || s.matches('resettingByLink')) {
    expect(screen.getByText(`Choose a new password for ${s.context.linkEmail}.`)).toBeTruthy();
    expect(button('Set the new password').disabled).toBe(busy);
  } else if (s.matches('linkUnavailable')) {
    if (s.context.errCode === null) expect(alerts()).toContain('This link cannot be used. Ask for a new one.');
    expect(button('Ask for a new link')).toBeTruthy();
  }
}

walkSuite({
  title: 'password-recovery machine, walk (b): through the screens, against the real server',
  flow: 'passwordRecovery',
  walk: 'screens',
  model: passwordRecoveryGraph(),
  knownGaps: [...recoveryKnownGaps, ...recoveryScreenGaps],
  // A path for each refusal code the calls expect, and each request, restart or reset from each state.
  walkEveryTarget: true,
  path(run) {
    const client = createClientWorld(server.app);
    const world = new RecoveryWorld(server, clock);
    // A failed path must not leave its fault to the next one.
    run.onEnd(() => world.repair());
    return {
      arrange: (event, _expected, cause) => world.arrange(event, cause),
      async start(start) {
        const url = (start as RecoveryStart) === 'link' ? `/reset-password?token=${encodeURIComponent(world.token ?? '')}&la=en` : '/forgot-password';
        const { clock: actorClock, inspect, snapshots } = run.screenOptions(client.gate);
        client.gate.hold();
        renderSignedOut(client, {
          url,
          routes: (
            <>
              <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
              <Route path="/reset-password" element={<ResetPasswordScreen />} />
            </>
          ),
          actorOptions: { clock: actorClock, inspect },
        });
        return { snapshots, clock: actorClock };
      },
      perform: (event) => executors[event.type as PasswordRecoveryEventType](world),
      delayMs: passCountdown(clock),
      async check(reached, _expected, event) {
        await world.check(reached, event);
        expect(run.seen[run.seen.length - 1]!.value).toEqual(reached.value);
        await waitFor(() => assertScreen(reached, () => screen.getByTestId('landed').textContent ?? ''));
      },
    };
  },
});
