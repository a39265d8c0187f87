import { describe, expect, it } from 'vitest';
import { CodePolicy, createCodes } from '../../server/auth/codes';
import { deriveKey } from '../../server/security/secrets';
import { createFakeClock } from '../../server/clock';
import { contractErrors } from '../helpers/contract-check';
import { accountFields, createTestAccount, dumpTables, loginBody, solvedCaptcha, uniqueEmail, uniquePhone, type TestAccount } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

const SEND = '/api/user/sendVerificationCode/v1';
const CODE_LOGIN = '/api/user/code/login/v1';
const RESET_BY_CODE = '/api/user/resetPasswd/v1';
const RESET_LINK = '/api/site/resetPasswordByEmail';
const MINUTE = 60_000;

const send = (body: Record<string, unknown>) => server.post(SEND, body);
const sendTo = (a: TestAccount, extra: Record<string, unknown> = {}) =>
  send({ ...accountFields(a), channel: a.type === 'phone' ? 'sms' : 'email', purpose: 'login', ...extra });
const codeLogin = (a: TestAccount, code: string) => server.post(CODE_LOGIN, { ...accountFields(a), code });

/** The code in the newest message to `to`. */
async function lastCode(to: string): Promise<string> {
  const [message] = await server.services.outbox.list({ to, limit: 1 });
  const code = message?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}
const otherThan = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
/** Past the countdown, so the next send is allowed. */
const afterCountdown = () => clock.advance(61_000);

describe('sending codes', () => {
  it('emails a 4-digit login code valid 10 minutes and answers the countdown', async () => {
    const a = await createTestAccount(server);
    const res = await sendTo(a);
    expect(res.status).toBe(200);
    expect(contractErrors('post', SEND, 200, res.body)).toEqual([]);
    expect(res.body.data).toEqual({ channel: 'email', resendAfter: 60, expiresAt: clock.now() + 10 * MINUTE });
    const [message] = await server.services.outbox.list({ to: a.email! });
    expect(message).toMatchObject({ channel: 'email', template: 'verificationCode', accountUid: a.uid });
    expect(message!.text).toMatch(/\b\d{4}\b/);
    expect(message!.text).toContain('10 minutes');
  });

  it('texts a phone account by SMS to its E.164 number', async () => {
    const a = await createTestAccount(server, { phone: uniquePhone() });
    const res = await sendTo(a);
    expect(res.body.data.channel).toBe('sms');
    const [message] = await server.services.outbox.list({ to: a.smsTo! });
    expect(message).toMatchObject({ channel: 'sms', to: `+55${a.phone}` });
    expect(await lastCode(a.smsTo!)).toMatch(/^\d{4}$/);
  });

  it('writes the code in the account language', async () => {
    const a = await createTestAccount(server, { language: 'pt' });
    await sendTo(a);
    expect((await server.services.outbox.list({ to: a.email! }))[0]!.text).toContain('seu código');
  });

  it('keeps only a keyed hash of the code', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const code = await lastCode(a.email!);
    const rows = await server.db.query<{ code_hash: string }>('SELECT code_hash FROM verification_codes WHERE account_uid = $1', [a.uid]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toBe(code);
    // No column holds the code as a value of its own.
    const dump = await dumpTables(server.db, ['verification_codes']);
    expect(dump).not.toMatch(new RegExp(`"${code}"`));
  });

  it('a second send for the same account and purpose within 60 s answers -3031 with HTTP 429', async () => {
    const a = await createTestAccount(server);
    expect((await sendTo(a)).body.code).toBe(0);
    clock.advance(59_000);
    const again = await sendTo(a);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 1, errCode: -3031, msg: 'Operation too frequent' });
    expect(contractErrors('post', SEND, 429, again.body)).toEqual([]);
    // Another purpose has its own countdown.
    expect((await sendTo(a, { purpose: 'resetPassword' })).body.code).toBe(0);
    clock.advance(1000);
    expect((await sendTo(a)).body.code).toBe(0);
  });

  it("reads the countdown from userConfig's caffeineRegionVerify", async () => {
    const a = await createTestAccount(server);
    await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{caffeineRegionVerify}', '120') WHERE key = 'userConfig'`);
    try {
      const first = await sendTo(a);
      expect(first.body.data.resendAfter).toBe(120);
      clock.advance(61_000);
      expect((await sendTo(a)).status).toBe(429);
      clock.advance(60_000);
      expect((await sendTo(a)).body.code).toBe(0);
    } finally {
      await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{caffeineRegionVerify}', '60') WHERE key = 'userConfig'`);
    }
  });

  it('never enforces a countdown under 60 s, whatever the site configures', async () => {
    const a = await createTestAccount(server);
    await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{caffeineRegionVerify}', '5') WHERE key = 'userConfig'`);
    try {
      const first = await sendTo(a);
      expect(first.body.data.resendAfter).toBe(CodePolicy.minCountdownSeconds);
      clock.advance(59_999);
      const early = await sendTo(a);
      expect(early.status).toBe(429);
      expect(early.body.errCode).toBe(-3031);
      // Reset links share the countdown rule.
      expect((await server.post(RESET_LINK, { email: a.email })).body.code).toBe(0);
      clock.advance(1);
      expect((await sendTo(a)).body.code).toBe(0);
      clock.advance(59_000);
      expect((await server.post(RESET_LINK, { email: a.email })).body.errCode).toBe(-3031);
      console.log(`resend countdown: site 5 s, enforced 60 s (refused at 59.999 s, sent at 60 s)`);
    } finally {
      await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{caffeineRegionVerify}', '60') WHERE key = 'userConfig'`);
    }
  });

  it('asks for a captcha from the 4th code within an hour (-3034, -3035), then sends', async () => {
    const a = await createTestAccount(server);
    for (let i = 0; i < CodePolicy.captchaAfterPerHour; i++) {
      expect((await sendTo(a)).body.code).toBe(0);
      afterCountdown();
    }
    expect((await sendTo(a)).body).toMatchObject({ code: 1, errCode: -3034 });
    const { captchaId } = await solvedCaptcha(server, 'sendCode');
    expect((await sendTo(a, { captchaId, captchaCode: 'WRONG' })).body).toMatchObject({ code: 1, errCode: -3035 });
    expect((await sendTo(a, await solvedCaptcha(server, 'sendCode'))).body.code).toBe(0);
    // An hour later the count starts again.
    clock.advance(61 * MINUTE);
    expect((await sendTo(a)).body.code).toBe(0);
  });

  it(`caps an account at ${CodePolicy.dailyCap} codes a day (-3031), whatever the captcha`, async () => {
    const a = await createTestAccount(server);
    for (let i = 0; i < CodePolicy.dailyCap; i++) {
      const res = await sendTo(a, i >= CodePolicy.captchaAfterPerHour ? await solvedCaptcha(server, 'sendCode') : {});
      expect(res.body.code, `send ${i + 1}`).toBe(0);
      afterCountdown();
    }
    const capped = await sendTo(a, await solvedCaptcha(server, 'sendCode'));
    expect(capped.status).toBe(429);
    expect(capped.body.errCode).toBe(-3031);
    clock.advance(24 * 60 * MINUTE);
    expect((await sendTo(a)).body.code).toBe(0);
  });

  it('unknown account: login answers 1 (email) or 2 (phone)', async () => {
    expect((await send({ account: uniqueEmail('nobody'), channel: 'email', purpose: 'login' })).body).toMatchObject({ code: 1, errCode: 1 });
    expect((await send({ account: uniquePhone(), areaCode: '55', channel: 'sms', purpose: 'login' })).body).toMatchObject({ code: 1, errCode: 2 });
  });

  it('unknown account: resetPassword answers the same success shape and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await send({ account: email, channel: 'email', purpose: 'resetPassword' });
    expect(contractErrors('post', SEND, 200, res.body)).toEqual([]);
    expect(res.body.data).toEqual({ channel: 'email', resendAfter: 60, expiresAt: clock.now() + 10 * MINUTE });
    expect(await server.services.outbox.list({ to: email })).toEqual([]);
  });

  it('a channel the account cannot be reached on: 7 for login, a silent success for resetPassword', async () => {
    const emailOnly = await createTestAccount(server);
    const phoneOnly = await createTestAccount(server, { phone: uniquePhone() });
    expect((await send({ ...accountFields(emailOnly), channel: 'sms', purpose: 'login' })).body).toMatchObject({ code: 1, errCode: 7 });
    expect((await send({ ...accountFields(phoneOnly), channel: 'email', purpose: 'login' })).body).toMatchObject({ code: 1, errCode: 7 });
    expect((await send({ ...accountFields(phoneOnly), channel: 'email', purpose: 'resetPassword' })).body.code).toBe(0);
    expect(await server.services.outbox.list({ to: phoneOnly.smsTo! })).toEqual([]);
  });

  it('a phone account with a bound email can get its code by email', async () => {
    const boundEmail = uniqueEmail('bound');
    const a = await createTestAccount(server, { phone: uniquePhone(), boundEmail });
    expect((await send({ ...accountFields(a), channel: 'email', purpose: 'login' })).body.code).toBe(0);
    const code = await lastCode(boundEmail);
    expect((await codeLogin(a, code)).body.data).toMatchObject({ type: 'phone', account: a.phone, accountLoginType: 'code' });
  });

  it('phone digits without an area code answer 4000; a bad format 5', async () => {
    expect((await send({ account: uniquePhone(), channel: 'sms', purpose: 'login' })).body.errCode).toBe(4000);
    expect((await send({ account: '12345', areaCode: '55', channel: 'sms', purpose: 'login' })).body.errCode).toBe(5);
  });
});

describe('code log-in', () => {
  it('logs in with the emailed code and answers UserInfo with loginType code', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const res = await codeLogin(a, await lastCode(a.email!));
    expect(contractErrors('post', CODE_LOGIN, 200, res.body)).toEqual([]);
    expect(res.body.data).toMatchObject({ uid: String(a.uid), account: a.email, type: 'email', accountLoginType: 'code' });
  });

  it('logs a phone account in with the SMS code', async () => {
    const a = await createTestAccount(server, { phone: uniquePhone() });
    await sendTo(a);
    const res = await codeLogin(a, await lastCode(a.smsTo!));
    expect(res.body.data).toMatchObject({ type: 'phone', account: a.phone, accountLoginType: 'code' });
  });

  it('a code works once: the second use answers 10', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const code = await lastCode(a.email!);
    expect((await codeLogin(a, code)).body.code).toBe(0);
    expect((await codeLogin(a, code)).body).toMatchObject({ code: 1, errCode: 10 });
  });

  it('a wrong code answers 11 and counts; the 5th wrong guess burns it (10 even with the right code)', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const code = await lastCode(a.email!);
    for (let i = 0; i < CodePolicy.maxGuesses - 1; i++) {
      expect((await codeLogin(a, otherThan(code))).body).toMatchObject({ code: 1, errCode: 11, msg: 'Incorrect verification code' });
    }
    const rows = await server.db.query<{ attempts: number }>('SELECT attempts FROM verification_codes WHERE account_uid = $1', [a.uid]);
    expect(rows[0]!.attempts).toBe(CodePolicy.maxGuesses - 1);
    // The 5th failure of the account within 15 minutes also locks it.
    expect((await codeLogin(a, otherThan(code))).body.errCode).toBe(17);
    clock.advance(15 * MINUTE);
    expect((await codeLogin(a, code)).body).toMatchObject({ code: 1, errCode: 10 });
  });

  it('wrong codes count towards the account lockout with wrong passwords', async () => {
    const a = await createTestAccount(server);
    for (let i = 0; i < 3; i++) await server.post('/api/user/login/v1', loginBody(a, 'wrong-password'));
    await sendTo(a);
    const code = await lastCode(a.email!);
    expect((await codeLogin(a, otherThan(code))).body.errCode).toBe(11);
    expect((await codeLogin(a, otherThan(code))).body.errCode).toBe(17);
    expect((await codeLogin(a, code)).body.errCode).toBe(17);
    clock.advance(15 * MINUTE);
  });

  it('an expired code answers 10', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const code = await lastCode(a.email!);
    clock.advance(10 * MINUTE);
    expect((await codeLogin(a, code)).body).toMatchObject({ code: 1, errCode: 10, msg: 'Verification code expired' });
  });

  it('is valid 1 s before its 10 minutes end and refused 1 s after', async () => {
    const early = await createTestAccount(server);
    const late = await createTestAccount(server);
    await sendTo(early);
    await sendTo(late);
    clock.advance(10 * MINUTE - 1000);
    expect((await codeLogin(early, await lastCode(early.email!))).body.code).toBe(0);
    clock.advance(2000);
    expect((await codeLogin(late, await lastCode(late.email!))).body).toMatchObject({ code: 1, errCode: 10 });
    console.log('code expiry: valid at 9:59, refused (10) at 10:01');
  });

  it('is bound to its account and purpose: refused for another account and for password reset', async () => {
    const a = await createTestAccount(server);
    const b = await createTestAccount(server);
    // A's code is the newest of all, so a lookup that forgot the account would find it.
    await sendTo(b);
    await sendTo(a);
    const codeOfA = await lastCode(a.email!);
    const codeOfB = await lastCode(b.email!);
    // One in 10 000 both got the same digits: then there is nothing to tell apart.
    if (codeOfA !== codeOfB) expect((await codeLogin(b, codeOfA)).body.errCode).toBe(11);
    // A's login code does not reset A's password: none was sent for that purpose, then a newer one is needed.
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code: codeOfA, password: 'new-password-1' })).body.errCode).toBe(4597);
    await sendTo(a, { purpose: 'resetPassword' });
    const resetCode = await lastCode(a.email!);
    if (resetCode !== codeOfA)
      expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code: codeOfA, password: 'new-password-1' })).body.errCode).toBe(11);
    // The login code is still A's, and still good.
    expect((await codeLogin(a, codeOfA)).body.code).toBe(0);
    expect((await codeLogin(b, codeOfB)).body.code).toBe(0);
  });

  it('20 parallel wrong guesses book at most 5, and burn the code', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const code = await lastCode(a.email!);
    const answers = await Promise.all(Array.from({ length: 20 }, () => codeLogin(a, otherThan(code))));
    const [row] = await server.db.query<{ attempts: number }>('SELECT attempts FROM verification_codes WHERE account_uid = $1', [a.uid]);
    expect(row!.attempts).toBeLessThanOrEqual(CodePolicy.maxGuesses);
    const codes = answers.map((r) => r.body.errCode);
    expect(codes.every((c) => c === 11 || c === 10 || c === 17)).toBe(true);
    clock.advance(15 * MINUTE);
    expect((await codeLogin(a, code)).body.errCode).toBe(10);
    console.log(`code guesses: 20 parallel wrong guesses, ${row!.attempts} booked (max ${CodePolicy.maxGuesses}), the right code then refused (10)`);
  });

  it('books guesses atomically: 20 checks read the code at once, 5 get compared', async () => {
    // Straight at the code store, so all 20 read the row before any books its guess (through HTTP the
    // lockout's own queries spread them out).
    const a = await createTestAccount(server);
    await sendTo(a);
    const code = await lastCode(a.email!);
    const codes = createCodes(server.db, clock, deriveKey(server.services.secret, 'codes'));
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => codes.check(a.uid, 'login', otherThan(code))));
    const compared = outcomes.filter((o) => o.status === 'incorrect').length;
    expect(compared).toBe(CodePolicy.maxGuesses);
    expect(outcomes.filter((o) => o.status === 'expired')).toHaveLength(20 - CodePolicy.maxGuesses);
    expect((await codes.check(a.uid, 'login', code)).status).toBe('expired');
    console.log(`code guesses: 20 simultaneous checks, ${compared} compared, ${20 - compared} refused as spent`);
  });

  it('only the newest code works', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const first = await lastCode(a.email!);
    afterCountdown();
    await sendTo(a);
    const second = await lastCode(a.email!);
    if (first !== second) expect((await codeLogin(a, first)).body.errCode).toBe(11);
    expect((await codeLogin(a, second)).body.code).toBe(0);
  });

  it('no code sent answers 4597; a resetPassword code does not log in', async () => {
    const a = await createTestAccount(server);
    expect((await codeLogin(a, '1234')).body).toMatchObject({ code: 1, errCode: 4597, msg: 'Verification code has not been sent yet' });
    await sendTo(a, { purpose: 'resetPassword' });
    expect((await codeLogin(a, await lastCode(a.email!))).body.errCode).toBe(4597);
  });

  it('an unknown account answers 1 or 2', async () => {
    expect((await server.post(CODE_LOGIN, { account: uniqueEmail('nobody'), code: '1234' })).body.errCode).toBe(1);
    expect((await server.post(CODE_LOGIN, { account: uniquePhone(), areaCode: '55', code: '1234' })).body.errCode).toBe(2);
  });

  it('does not confirm an unconfirmed email account: 9, and the account stays unconfirmed', async () => {
    const a = await createTestAccount(server, { verified: false });
    await sendTo(a);
    expect((await codeLogin(a, await lastCode(a.email!))).body).toMatchObject({ code: 1, errCode: 9 });
    const rows = await server.db.query<{ verified_at: Date | null }>('SELECT verified_at FROM accounts WHERE uid = $1', [a.uid]);
    expect(rows[0]!.verified_at).toBeNull();
  });

  it("status 'blocked' answers 7004 and 'login_not_allowed' 197 after the right code", async () => {
    const blocked = await createTestAccount(server, { status: 'blocked' });
    const notAllowed = await createTestAccount(server, { status: 'login_not_allowed' });
    await sendTo(blocked);
    await sendTo(notAllowed);
    expect((await codeLogin(blocked, await lastCode(blocked.email!))).body.errCode).toBe(7004);
    expect((await codeLogin(notAllowed, await lastCode(notAllowed.email!))).body.errCode).toBe(197);
  });

  it('a locked account gets no login code (17)', async () => {
    const a = await createTestAccount(server);
    for (let i = 0; i < 5; i++) {
      await server.post('/api/user/login/v1', { ...loginBody(a, 'wrong-password'), ...(i >= 3 ? await solvedCaptcha(server, 'login') : {}) });
    }
    expect((await sendTo(a)).body.errCode).toBe(17);
    clock.advance(15 * MINUTE);
    expect((await sendTo(a)).body.code).toBe(0);
  });

  it('a successful code log-in clears the failure count', async () => {
    const a = await createTestAccount(server);
    for (let i = 0; i < 3; i++) await server.post('/api/user/login/v1', loginBody(a, 'wrong-password'));
    await sendTo(a);
    expect((await codeLogin(a, await lastCode(a.email!))).body.code).toBe(0);
    // No captcha needed any more.
    expect((await server.post('/api/user/login/v1', loginBody(a))).body.code).toBe(0);
  });

  it('a sessions dump holds no token handed out by a code log-in', async () => {
    const a = await createTestAccount(server);
    await sendTo(a);
    const res = await codeLogin(a, await lastCode(a.email!));
    expect(await dumpTables(server.db, ['sessions'])).not.toContain(res.body.data.token);
  });
});
