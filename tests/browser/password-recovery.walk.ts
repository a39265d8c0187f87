// Walk (c) of the password-recovery machine: the shortest path to every state, in Chromium against
// the real server over HTTP: /forgot-password to ask for a link or a 4-digit code, and the mailed
// link (/reset-password?token=…&la=en, as the server writes it) to set a new password. The server's
// side, the codes and links read from its outbox, is the model walks' world
// (tests/model/password-recovery.world.ts); security checks are solved for real in the page.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PasswordRecoveryEventType } from '../../machines/password-recovery/password-recovery.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { passCountdown } from '../model/captcha-walks';
import { passwordRecoveryGraph, type RecoveryStart } from '../model/password-recovery.model';
import { RecoveryWorld } from '../model/password-recovery.world';
import { browserWalkSuite, useBrowserServer } from './browser-walk';

const world = await useBrowserServer();

const button = (page: Page, name: string | RegExp) => page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** With a security check shown, the customer starts it and waits until it passed (solved for real in the page). */
async function passCaptcha(page: Page) {
  const verify = page.getByRole('button', { name: 'Verify that I am not a robot' });
  if (!(await verify.count())) return;
  await verify.click();
  await page.getByText('Verified. You can send the form.').waitFor();
}

/** What the customer does for each event. */
const executors = {
  LINK_REQUESTED: async (page, w) => {
    await field(page, 'Email or phone number').fill(w.fields.account);
    await passCaptcha(page);
    await button(page, 'Email me a link').click();
  },
  CODE_REQUESTED: async (page, w) => {
    await field(page, 'Email or phone number').fill(w.fields.account);
    await field(page, 'Country code (phone numbers only)').fill(w.fields.areaCode ?? '');
    await passCaptcha(page);
    await button(page, 'Send me a code').click();
  },
  RESEND_REQUESTED: (page) => button(page, /^Send a new (link|code)$/).click(),
  CODE_RESET_SUBMITTED: async (page, w) => {
    await field(page, '4-digit code').fill(await w.typedCode());
    await field(page, 'New password (at least 6 characters)').fill(w.newPassword);
    await field(page, 'Repeat the new password').fill(w.newPassword);
    await button(page, 'Set the new password').click();
  },
  LINK_RESET_SUBMITTED: async (page, w) => {
    await field(page, 'New password (at least 6 characters)').fill(w.newPassword);
    await field(page, 'Repeat the new password').fill(w.newPassword);
    await button(page, 'Set the new password').click();
  },
  RESTART: (page) => button(page, /^(Use another email or phone|Ask for a new link)$/).click(),
} satisfies Record<PasswordRecoveryEventType, (page: Page, w: RecoveryWorld) => Promise<void>>;

/** Spec section 9: the seconds left, from the countdown, while it runs. */
async function assertCountdown(page: Page, s: AnyMachineSnapshot, running: boolean) {
  const timer = page.getByRole('timer');
  await expect.poll(() => timer.count()).toBe(running ? 1 : 0);
  if (running) expect(Number(/in (\d+) seconds?\./.exec(await timer.innerText())?.[1])).toBeLessThanOrEqual(s.context.countdownSeconds);
}

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  if (s.matches('done')) {
    // The new password is set: the customer is on the log-in page, which says so.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your password was changed. Log in with the new one.' }).waitFor();
    return;
  }
  const busy = s.hasTag('busy');
  const section = page.getByRole('region', { name: 'Reset your password' });
  await expect.poll(() => section.getAttribute('aria-busy')).toBe(String(busy));
  const alerts = () => page.getByRole('alert').allInnerTexts();
  // Spec section 8: the reason of a refusal is shown with its catalogue message.
  if (s.context.errCode !== null) await expect.poll(alerts).toContain(String(errorMessageFor(s.context.errCode).defaultMessage));
  if (s.matches('entering') || s.matches('checkingLink')) {
    await page.getByRole('status').getByText('Checking the link…').waitFor();
  } else if (s.matches('requesting') || s.matches('sendingLink') || s.matches('sendingCode')) {
    await expect.poll(() => button(page, 'Email me a link').isDisabled()).toBe(busy);
    await expect.poll(() => button(page, 'Send me a code').isDisabled()).toBe(busy);
    // The check shows once its challenge came, and while its solution is checked.
    const shown = s.matches({ requesting: 'captchaShown' }) || ((s.matches('sendingLink') || s.matches('sendingCode')) && s.context.captcha !== null);
    await expect.poll(() => page.getByRole('group', { name: 'Security check' }).count()).toBe(shown ? 1 : 0);
    // A resend that met a captcha keeps the address it was for.
    if (s.matches({ requesting: 'captchaShown' }))
      expect(await field(page, 'Email or phone number').inputValue()).toBe(s.context.email ?? s.context.codeAccount.account);
  } else if (s.matches('linkSent')) {
    await page.getByRole('status').getByText(`If an account uses ${s.context.sentTo}, we sent it a link`).waitFor();
    await expect.poll(() => button(page, 'Send a new link').isDisabled()).toBe(!s.matches({ linkSent: 'canResend' }));
    await assertCountdown(page, s, s.matches({ linkSent: 'countingDown' }));
  } else if (s.matches('codeSent') || s.matches('resettingByCode')) {
    await page.getByRole('status').getByText(`If an account uses ${s.context.sentTo}, we sent it a 4-digit code`).waitFor();
    await expect.poll(() => button(page, 'Send a new code').isDisabled()).toBe(!s.matches({ codeSent: 'canResend' }));
    await assertCountdown(page, s, s.matches({ codeSent: 'countingDown' }));
    await expect.poll(() => button(page, 'Set the new password').isDisabled()).toBe(busy);
  } else if (s.matches('newPassword') || s.matches('resettingByLink')) {
    await page.getByText(`Choose a new password for ${s.context.linkEmail}.`).waitFor();
    await expect.poll(() => button(page, 'Set the new password').isDisabled()).toBe(busy);
  } else if (s.matches('linkUnavailable')) {
    if (s.context.errCode === null) await expect.poll(alerts).toContain('This link cannot be used. Ask for a new one.');
    await button(page, 'Ask for a new link').waitFor();
  }
}

browserWalkSuite({
  title: 'password-recovery machine, walk (c): /forgot-password and the mailed link in Chromium, against the real server',
  flow: 'passwordRecovery',
  model: passwordRecoveryGraph(),
  world,
  path(run) {
    const recovery = new RecoveryWorld(world.server, world.clock);
    // A failed path must not leave its fault to the next one.
    run.onEnd(() => recovery.repair());
    return {
      async open(start) {
        const localStorage = { language: JSON.stringify('en') };
        if ((start as RecoveryStart) === 'request') return { url: '/forgot-password', localStorage };
        // The mailed link, as the server writes it, with the token the world arranged.
        return { url: `/reset-password?${new URLSearchParams({ token: recovery.token ?? '', la: 'en' })}`, localStorage };
      },
      arrange: (event, _expected, cause) => recovery.arrange(event, cause),
      perform: (event) => executors[event.type as PasswordRecoveryEventType](run.page, recovery),
      delayMs: passCountdown(world.clock),
      async check(reached, _expected, event) {
        await recovery.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
