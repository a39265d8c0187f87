// What the login and password-recovery walks share about the proof-of-work captcha
// (docs/decisions/037): a shown challenge is solved for real, never read from the database, and
// -3035 is arranged as the user meets it, by letting the challenge expire before it is sent, and
// -3034 for a code by sending codes until one is due; and the resend countdown between codes.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Captcha, CaptchaPurpose } from '../../machines/captcha';
import { CaptchaPolicy } from '../../server/auth/captcha';
import { CodePolicy } from '../../server/auth/codes';
import type { FakeClock } from '../../server/clock';
import type { Database } from '../../server/db/database';
import { accountFields, solveCaptchaOf, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';

/** -3035 for the shown challenge's solution: the user took longer than its 5 minutes. */
export const expireShownChallenge = (clock: FakeClock) => clock.advance(CaptchaPolicy.ttlMs);

/** Walk (a): the solution the view would have found for the shown challenge. */
export async function solutionOf(captcha: Captcha | null): Promise<{ captchaCode?: string }> {
  return captcha ? { captchaCode: (await solveCaptchaOf(captcha)).captchaCode } : {};
}

/** A real challenge for `purpose`, signed with its id and form; nothing is stored until it is spent. */
export async function expectChallengeFor(db: Database, captcha: Captcha, purpose: CaptchaPurpose) {
  expect(captcha.purpose).toBe(purpose);
  expect(captcha.challenge.parameters.data).toMatchObject({ id: captcha.captchaId, purpose });
  expect(captcha.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  expect(await db.query('SELECT id FROM captchas WHERE id = $1', [captcha.captchaId])).toEqual([]);
}

/**
 * docs/decisions/006: from the 4th code within an hour a captcha is due. Codes for `purpose` go to
 * the account, each after the countdown (the site's, but never less than the server's minimum),
 * until three went out in the hour; then one more countdown passes, so the next one is asked.
 */
export async function makeCodeCaptchaDue(
  server: ReturnType<typeof useTestServer>,
  clock: FakeClock,
  account: TestAccount,
  purpose: 'login' | 'resetPassword',
  siteCountdownSeconds: number,
) {
  const countdown = (Math.max(siteCountdownSeconds, CodePolicy.minCountdownSeconds) + 1) * 1000;
  const codesLastHour = async () => {
    const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes WHERE account_uid = $1 AND created_at > $2', [
      account.uid,
      new Date(clock.now() - 3_600_000),
    ]);
    return Number(rows[0]?.n ?? 0);
  };
  while ((await codesLastHour()) < 3) {
    clock.advance(countdown);
    await server.post('/api/user/sendVerificationCode/v1', { ...accountFields(account), channel: 'email', purpose });
  }
  clock.advance(countdown);
}

/**
 * The walker's `delayMs` for the resend countdown (spec section 9): the countdown runs on the
 * server's clock too, so the resend that follows is really allowed.
 */
export const passCountdown = (clock: FakeClock) => (_delay: string, current: AnyMachineSnapshot) => {
  const ms = current.context.countdownSeconds * 1000;
  clock.advance(ms);
  return ms;
};
