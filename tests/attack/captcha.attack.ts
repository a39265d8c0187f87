/**
 * The security finding "the built-in captcha is read by a program": a script read the old SVG
 * captcha 500 times out of 500 and passed it after a lockout 5 times out of 5. This suite plays
 * that attacker against the proof-of-work captcha that replaced it (docs/decisions/037), at the
 * production difficulty, on the real server (in-process, on a fake clock for the expiry): after a
 * lockout, a script that does not do the work never passes, and the work has a measured price.
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { deriveKey as webPbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterAll, describe, expect, it } from 'vitest';
import { CaptchaPolicy, createCaptchas, type CaptchaPurpose } from '../../server/auth/captcha';
import { LockoutPolicy } from '../../server/auth/lockout';
import { createFakeClock } from '../../server/clock';
import { deriveKey } from '../../server/security/secrets';
import { captchaCode, solveCaptcha, type CaptchaChallenge } from '../../src/components/captcha-solver';
import { createTestAccount, loginBody, solveCaptchaOf, type TestAccount } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const clock = createFakeClock();
const server = useTestServer({ CAPTCHA_MAX_NUMBER: String(CaptchaPolicy.maxNumber) }, { clock });
const LOGIN = '/api/user/login/v1';
const MEASURED = 20;
const report: string[] = [];
afterAll(() => console.log(`captcha attack:\n  ${report.join('\n  ')}`));

type Captcha = { captchaId: string; challenge: CaptchaChallenge };
const challengeFor = async (purpose: CaptchaPurpose = 'login') => (await server.post('/api/user/createRandCode/v1', { purpose })).body.data as Captcha;
const login = async (a: TestAccount, extra: Record<string, unknown> = {}) => (await server.post(LOGIN, { ...loginBody(a), ...extra })).body.errCode ?? 0;
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

/** The finding's scenario: five wrong passwords lock the account; after the lock each try needs a captcha. */
async function afterLockout(): Promise<TestAccount> {
  const a = await createTestAccount(server);
  for (let i = 0; i < LockoutPolicy.threshold; i++) await login(a, { password: 'wrong-password' });
  clock.advance(LockoutPolicy.baseLockMs + 1);
  expect(await login(a, { password: 'wrong-password' })).toBe(4596);
  expect(await login(a)).toBe(-3034);
  return a;
}

describe('a script that does not do the work, after a lockout', () => {
  it('never passes: random numbers, reused solutions, solutions for another form, late solutions and its own challenges all answer -3035', async () => {
    const a = await afterLockout();
    const tally = new Map<string, number[]>();
    const attempt = async (kind: string, fields: Record<string, unknown>) => tally.set(kind, [...(tally.get(kind) ?? []), await login(a, fields)]);

    for (let i = 0; i < 50; i++) {
      const { captchaId, challenge } = await challengeFor();
      const counter = 1 + Math.floor(Math.random() * CaptchaPolicy.maxNumber);
      await attempt('random counter and key', { captchaId, captchaCode: captchaCode(challenge, { counter, derivedKey: randomHex(32) }) });
    }
    for (let i = 0; i < 20; i++) {
      const { captchaId, challenge } = await challengeFor();
      // The half of the key the challenge shows, with anything after it.
      await attempt('shown prefix, made-up rest', {
        captchaId,
        captchaCode: captchaCode(challenge, { counter: 1, derivedKey: challenge.parameters.keyPrefix + randomHex(16) }),
      });
    }
    for (let i = 0; i < 20; i++)
      await attempt('random text', { captchaId: randomBytes(18).toString('base64url'), captchaCode: randomBytes(600).toString('base64url') });

    // One honest solution, spent by a wrong password; then replayed, one at a time and all at once.
    const spent = await solveCaptchaOf(await challengeFor());
    expect(await login(a, { ...spent, password: 'wrong-password' })).toBe(4596);
    for (let i = 0; i < 10; i++) await attempt('reused solution', spent);
    const burst = await Promise.all(Array.from({ length: 10 }, () => login(a, spent)));
    tally.set('reused solution', [...tally.get('reused solution')!, ...burst]);

    // A fresh solution raced by 10 parallel requests: one gets past the captcha, to the password.
    const raced = await solveCaptchaOf(await challengeFor());
    const race = await Promise.all(Array.from({ length: 10 }, () => login(a, { ...raced, password: 'wrong-password' })));
    expect(race.filter((c) => c === 4596)).toHaveLength(1);
    tally.set(
      'one solution raced 10 times (9 late)',
      race.filter((c) => c !== 4596),
    );

    for (const purpose of ['sendCode', 'resetPassword', 'signup'] as const) {
      for (let i = 0; i < 3; i++) await attempt('solved for another form', await solveCaptchaOf(await challengeFor(purpose)));
    }
    // One wait for all of them: the account's last failure must stay within the lockout's window.
    const late = await Promise.all([1, 2, 3].map(async () => solveCaptchaOf(await challengeFor())));
    clock.advance(CaptchaPolicy.ttlMs);
    for (const solved of late) await attempt('solved, sent after 5 minutes', solved);
    // Its own easy challenges (counter 1), signed with keys it guessed.
    for (let i = 0; i < 10; i++) {
      const own = await createChallenge({
        algorithm: CaptchaPolicy.algorithm,
        cost: 1,
        counter: 1,
        deriveKey: webPbkdf2,
        data: { id: `own${i}`, purpose: 'login', expiresAt: clock.now() + CaptchaPolicy.ttlMs },
        hmacSignatureSecret: randomHex(32),
        hmacKeySignatureSecret: randomHex(32),
      });
      await attempt('its own easy challenge', {
        captchaId: `own${i}`,
        captchaCode: (await solveCaptchaOf({ captchaId: `own${i}`, challenge: own as CaptchaChallenge })).captchaCode,
      });
    }

    const answers = [...tally.values()].flat();
    for (const [kind, codes] of tally) report.push(`${kind}: ${codes.length} tries, ${codes.filter((c) => c === -3035).length} refused (-3035)`);
    expect(answers.filter((c) => c !== -3035)).toEqual([]);
    // The refused tries never reached the password: the account is as the lockout left it, and a
    // solved captcha with the right password still logs in.
    expect(await login(a, await solveCaptchaOf(await challengeFor()))).toBe(0);
    report.push(`after ${answers.length} refused tries and 1 wrong password with a solved captcha: the right password with a solved captcha logs in`);
  });
});

describe('what the work costs at the production difficulty', () => {
  it(`solves ${MEASURED} challenges as the page does, and as a native loop would`, async () => {
    // The server's own captchas (same key), to time its side and check each solution as it would.
    const captchas = createCaptchas(server.db, clock, deriveKey(server.services.secret, 'captcha'));
    const page: number[] = [];
    const counters: number[] = [];
    const create: number[] = [];
    const verify: number[] = [];
    for (let i = 0; i < MEASURED; i++) {
      let started = performance.now();
      await captchas.create('login');
      create.push(performance.now() - started);
      const { captchaId, challenge } = await challengeFor();
      started = performance.now();
      const code = await solveCaptcha(challenge);
      page.push(performance.now() - started);
      expect(code).not.toBeNull();
      counters.push((JSON.parse(Buffer.from(code!, 'base64url').toString('utf8')) as { solution: { counter: number } }).solution.counter);
      started = performance.now();
      await captchas.verify('login', captchaId, code!);
      verify.push(performance.now() - started);
    }
    expect(Math.max(...counters)).toBeLessThanOrEqual(CaptchaPolicy.maxNumber);

    // A script's cheapest honest way: node:crypto's PBKDF2 in a plain loop, no WebCrypto calls.
    const salt = randomBytes(16);
    const tries = 200;
    const started = performance.now();
    for (let i = 0; i < tries; i++) pbkdf2Sync(randomBytes(20), salt, CaptchaPolicy.cost, 32, 'sha256');
    const perTry = (performance.now() - started) / tries;
    const nativeSolve = perTry * (CaptchaPolicy.maxNumber / 2);

    report.push(
      `difficulty: ${CaptchaPolicy.algorithm}, ${CaptchaPolicy.cost} iterations per try, counter drawn from 1..${CaptchaPolicy.maxNumber} (median counter of these ${MEASURED}: ${median(counters)})`,
      `the page's solver (altcha-lib, WebCrypto, one thread): median ${ms(median(page))}, slowest ${ms(Math.max(...page))} over ${MEASURED} challenges`,
      `a native loop (node:crypto pbkdf2Sync): ${ms(perTry)} per try, ${ms(nativeSolve)} per captcha on average (${CaptchaPolicy.maxNumber / 2} tries), ${Math.round(3_600_000 / nativeSolve).toLocaleString('en')} captchas per core-hour`,
      `the server: a challenge ${ms(median(create))}, a check ${ms(median(verify))} (medians; the check includes writing the spent row)`,
    );
  });
});
