// The proof-of-work captcha on the server (docs/decisions/037): a challenge is signed and bound to
// its form and its 5 minutes, a solution works once, and anything that did not do the work is
// refused with -3035. Solved for real with the browser's solver at the test servers' difficulty.
import { describe, expect, it } from 'vitest';
import { createCaptchas, CaptchaPolicy, type CaptchaPurpose } from '../../server/auth/captcha';
import { LockoutPolicy } from '../../server/auth/lockout';
import { createFakeClock } from '../../server/clock';
import { deriveKey } from '../../server/security/secrets';
import { captchaCode, type CaptchaChallenge } from '../../src/components/captcha-solver';
import { contractErrors } from '../helpers/contract-check';
import { createTestAccount, dumpTables, loginBody, solveCaptchaOf, solvedCaptcha, type TestAccount } from '../helpers/accounts';
import { TEST_CAPTCHA_MAX_NUMBER, useTestServer } from '../helpers/test-server';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const CAPTCHA = '/api/user/createRandCode/v1';
const MINUTE = 60_000;

const newChallenge = async (purpose: CaptchaPurpose = 'login') =>
  (await server.post(CAPTCHA, { purpose })).body.data as { captchaId: string; challenge: CaptchaChallenge; expiresAt: number };
const login = async (a: TestAccount, extra: Record<string, unknown> = {}) =>
  (await server.post('/api/user/login/v1', { ...loginBody(a), ...extra })).body.errCode ?? 0;

type Sent = { challenge: CaptchaChallenge; solution: { counter: number; derivedKey: string } };
const decode = (code: string) => JSON.parse(Buffer.from(code, 'base64url').toString('utf8')) as Sent;
const encode = (sent: unknown) => Buffer.from(JSON.stringify(sent)).toString('base64url');
/** A solved captcha with something in it changed after the fact. */
const tampered = async (change: (sent: Sent) => void) => {
  const solved = await solvedCaptcha(server, 'login');
  const sent = decode(solved.captchaCode);
  change(sent);
  return { captchaId: solved.captchaId, captchaCode: encode(sent) };
};
const randomHex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');

/** An account that has been locked and failed again: each log-in now needs a captcha. */
async function captchaDue(): Promise<TestAccount> {
  const a = await createTestAccount(server);
  for (let i = 0; i < LockoutPolicy.threshold; i++) await login(a, { password: 'wrong-password' });
  clock.advance(15 * MINUTE + 1);
  expect(await login(a, { password: 'wrong-password' })).toBe(4596);
  expect(await login(a)).toBe(-3034);
  return a;
}

describe('the captcha challenge', () => {
  it('is a signed proof of work for its form, valid 5 minutes, and making it stores nothing', async () => {
    const before = await server.db.query('SELECT id FROM captchas');
    const res = await server.post(CAPTCHA, { purpose: 'sendCode' });
    expect(contractErrors('post', CAPTCHA, 200, res.body)).toEqual([]);
    const { captchaId, challenge, expiresAt } = res.body.data as Awaited<ReturnType<typeof newChallenge>>;
    expect(expiresAt).toBe(clock.now() + CaptchaPolicy.ttlMs);
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: CaptchaPolicy.cost,
      keyLength: 32,
      data: { id: captchaId, purpose: 'sendCode', expiresAt },
    });
    // The first half of the key for the secret counter: nothing a script can compute backwards.
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await server.db.query('SELECT id FROM captchas')).toEqual(before);
  });

  it(`asks for a counter of at most CAPTCHA_MAX_NUMBER (${TEST_CAPTCHA_MAX_NUMBER} in test servers)`, async () => {
    const counters: number[] = [];
    for (let i = 0; i < 20; i++) counters.push(decode((await solvedCaptcha(server, 'login')).captchaCode).solution.counter);
    expect(Math.max(...counters)).toBeLessThanOrEqual(TEST_CAPTCHA_MAX_NUMBER);
    expect(Math.min(...counters)).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown purpose at the door', async () => {
    expect((await server.post(CAPTCHA, { purpose: 'anything' })).status).toBe(400);
  });
});

describe('a solution', () => {
  it('logs in once; used again it is refused, and a wrong password spends it too', async () => {
    const a = await captchaDue();
    const solved = await solvedCaptcha(server, 'login');
    expect(await login(a, { ...solved, password: 'wrong-password' })).toBe(4596);
    expect(await login(a, solved)).toBe(-3035);
    expect(await login(a, await solvedCaptcha(server, 'login'))).toBe(0);
  });

  it('without one, or with half of one, the answer is -3034', async () => {
    const a = await captchaDue();
    const { captchaId, captchaCode } = await solvedCaptcha(server, 'login');
    expect(await login(a, { captchaId })).toBe(-3034);
    expect(await login(a, { captchaCode })).toBe(-3034);
  });

  it('is refused (-3035) when it did not do the work: made-up keys and counters, a key one character off, garbage', async () => {
    const a = await captchaDue();
    const answers = [
      await login(a, await tampered((s) => void (s.solution = { counter: 1 + Math.floor(Math.random() * 1_000), derivedKey: randomHex(32) }))),
      // The prefix the challenge shows, with anything after it: the server checks the whole key.
      await login(a, await tampered((s) => void (s.solution.derivedKey = s.challenge.parameters.keyPrefix + randomHex(16)))),
      await login(
        a,
        await tampered((s) => void (s.solution.derivedKey = s.solution.derivedKey.slice(0, -1) + (s.solution.derivedKey.endsWith('0') ? '1' : '0'))),
      ),
      await login(a, await tampered((s) => void (s.solution = { counter: s.solution.counter, derivedKey: '' }))),
      await login(a, { captchaId: 'x', captchaCode: 'AAAAA' }),
      await login(a, { captchaId: 'x', captchaCode: encode('not a challenge') }),
      await login(a, { captchaId: 'x', captchaCode: Buffer.from('{"challenge":').toString('base64url') }),
    ];
    expect(answers).toEqual(answers.map(() => -3035));
    expect(await login(a, await solvedCaptcha(server, 'login'))).toBe(0);
  });

  it('is refused (-3035) with its challenge changed: an easier one, another form or expiry, or one signed by another key', async () => {
    const a = await captchaDue();
    const otherServer = createCaptchas(server.db, clock, deriveKey('another-secret-another-secret-1234', 'captcha'), { maxNumber: TEST_CAPTCHA_MAX_NUMBER });
    const answers = [
      await login(a, await tampered((s) => void (s.challenge.parameters.cost = 1))),
      await login(a, await tampered((s) => void (s.challenge.parameters.keyPrefix = s.solution.derivedKey.slice(0, 2)))),
      await login(a, await tampered((s) => void (s.challenge.parameters.data.id = 'another-id'))),
      await login(a, await tampered((s) => void (s.challenge.parameters.data.expiresAt += 60 * MINUTE))),
      await login(a, await tampered((s) => void (s.challenge.signature = randomHex(32)))),
      await login(a, await tampered((s) => void Object.assign(s.challenge.parameters, { extra: 1 }))),
      await login(a, await solveCaptchaOf(await otherServer.create('login'))),
    ];
    expect(answers).toEqual(answers.map(() => -3035));
    expect(await login(a, await solvedCaptcha(server, 'login'))).toBe(0);
  });

  it('works only for the form it was made for, and only with its own id', async () => {
    const a = await captchaDue();
    expect(await login(a, await solvedCaptcha(server, 'sendCode'))).toBe(-3035);
    expect(await login(a, await solvedCaptcha(server, 'resetPassword'))).toBe(-3035);
    const other = await solvedCaptcha(server, 'login');
    expect(await login(a, { ...(await solvedCaptcha(server, 'login')), captchaId: other.captchaId })).toBe(-3035);
    expect(await login(a, await solvedCaptcha(server, 'login'))).toBe(0);
  });

  it("expires 5 minutes after it was made, on the server's clock", async () => {
    const a = await captchaDue();
    const late = await solveCaptchaOf(await newChallenge());
    clock.advance(CaptchaPolicy.ttlMs);
    expect(await login(a, late)).toBe(-3035);
    const inTime = await solveCaptchaOf(await newChallenge());
    clock.advance(CaptchaPolicy.ttlMs - 1);
    expect(await login(a, inTime)).toBe(0);
  });

  it('once spent, is kept as its id, form and key signature only, and swept an hour after it expired', async () => {
    const a = await captchaDue();
    const solved = await solvedCaptcha(server, 'login');
    expect(await login(a, solved)).toBe(0);
    const sent = decode(solved.captchaCode);
    const rows = await server.db.query<{ purpose: string; answer_hash: string }>('SELECT purpose, answer_hash FROM captchas WHERE id = $1', [solved.captchaId]);
    expect(rows).toEqual([{ purpose: 'login', answer_hash: sent.challenge.parameters.keySignature }]);
    expect(await dumpTables(server.db, ['captchas'])).not.toContain(sent.solution.derivedKey);
    clock.advance(CaptchaPolicy.ttlMs + 61 * MINUTE);
    await newChallenge();
    expect(await server.db.query('SELECT id FROM captchas WHERE id = $1', [solved.captchaId])).toEqual([]);
  });

  it('encodes as the browser sends it', async () => {
    const { challenge } = await newChallenge();
    const code = captchaCode(challenge, { counter: 7, derivedKey: 'ab' });
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decode(code)).toEqual({ challenge, solution: { counter: 7, derivedKey: 'ab' } });
  });
});
