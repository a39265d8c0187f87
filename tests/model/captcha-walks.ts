// What the login and password-recovery walks share about the proof-of-work captcha
// (docs/decisions/037): a shown challenge is solved for real, never read from the database, and
// -3035 is arranged as the user meets it, by letting the challenge expire before it is sent.
import { expect } from 'vitest';
import type { Captcha, CaptchaPurpose } from '../../machines/captcha';
import { CaptchaPolicy } from '../../server/auth/captcha';
import type { FakeClock } from '../../server/clock';
import type { Database } from '../../server/db/database';
import { solveCaptchaOf } from '../helpers/accounts';

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
