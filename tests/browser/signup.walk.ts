// Walk (c) of the sign-up machine: the shortest path to every state, on /register in Chromium,
// against the real server over HTTP. What the customer types is chosen by the model walks' world
// (tests/model/signup.model.ts) so the server gives the answer the path expects: a new address (a
// confirmation link goes out), a new phone number (signed in at once), one that has an account.
import { expect } from 'vitest';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { SignupEventType } from '../../machines/signup/signup.types';
import { errorMessageFor } from '../../core/i18n/error-messages';
import { signupGraph, SignupWorld } from '../model/signup.model';
import { browserWalkSuite, useBrowserServer } from './browser-walk';

const world = await useBrowserServer();

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** What the customer does on /register for each event. */
const executors = {
  SIGNUP_SUBMITTED: async (page, w) => {
    await field(page, 'Email or phone number').fill(w.fields.account);
    await field(page, 'Country code (phone numbers only)').fill(w.fields.areaCode ?? '');
    await field(page, 'Name').fill(w.fields.nickname);
    await field(page, 'Password (at least 6 characters)').fill(w.fields.password);
    await field(page, 'Repeat the password').fill(w.fields.password);
    await page.getByLabel('I accept the terms of use and the privacy policy').check();
    await button(page, 'Create account').click();
  },
  NOTICE_DISMISSED: (page) => button(page, 'Use another email or phone').click(),
} satisfies Record<SignupEventType, (page: Page, w: SignupWorld) => Promise<void>>;

/** The page's path and query. */
const landedOn = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** What the customer sees in each state (the screens walk checks every detail; here, that the page shows the state). */
async function assertScreen(page: Page, s: AnyMachineSnapshot) {
  if (s.matches('signedUp')) {
    // Signed in at once: back where the customer came from, with the new session stored.
    await expect.poll(() => landedOn(page)).toBe(s.context.returnTo);
    const stored = await page.evaluate(() => window.localStorage.getItem('userInfo'));
    expect((JSON.parse(stored ?? 'null') as { token?: string } | null)?.token).toBe(s.context.userInfo.token);
    return;
  }
  const section = page.getByRole('region', { name: 'Create your account' });
  await expect.poll(() => section.getAttribute('aria-busy')).toBe(String(s.hasTag('busy')));
  if (s.matches('awaitingConfirmation')) {
    await page.getByRole('status').getByText(`We sent a confirmation link to ${s.context.account}`).waitFor();
    return;
  }
  if (s.matches('accountExists')) {
    await page
      .getByRole('alert')
      .getByText(/already exists/)
      .waitFor();
    await page.getByRole('link', { name: 'Reset the password' }).waitFor();
  }
  await expect.poll(() => button(page, 'Create account').isDisabled()).toBe(s.matches('signingUp'));
  if (s.context.errCode !== null && !s.matches('accountExists'))
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toContain(String(errorMessageFor(s.context.errCode).defaultMessage));
}

browserWalkSuite({
  title: 'sign-up machine, walk (c): on /register in Chromium, against the real server',
  flow: 'signup',
  model: signupGraph(),
  world,
  path(run) {
    const signup = new SignupWorld(world.server);
    run.onEnd(() => signup.repair());
    return {
      open: async () => ({ url: '/register?redirect=%2Forders', localStorage: { language: JSON.stringify('en') } }),
      arrange: (event) => signup.arrange(event),
      perform: (event) => executors[event.type as SignupEventType](run.page, signup),
      async check(reached, _expected, event) {
        await signup.check(reached, event);
        if (run.seen[run.seen.length - 1] === reached) await assertScreen(run.page, reached);
      },
    };
  },
});
