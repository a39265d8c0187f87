import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { contractErrors } from '../helpers/contract-check';
import { accountFields, createTestAccount, dumpTables, loginBody, solvedCaptcha, uniqueEmail, uniquePhone, type TestAccount } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const PUBLIC_URL = 'https://tv.aurora.example';
const clock = createFakeClock();
const server = useTestServer({ PUBLIC_URL }, { clock });

const LOGIN = '/api/user/login/v1';
const REQUEST_LINK = '/api/site/resetPasswordByEmail';
const RESEND_LINK = '/api/site/send/resetPasswordEmail';
const OBTAIN = '/api/site/obtain/resetPassword/email';
const RESET_BY_TOKEN = '/api/site/email/resetPassword';
const RESET_BY_CODE = '/api/user/resetPasswd/v1';
const CHANGE = '/api/user/changePassword/v1';
const SEND_CODE = '/api/user/sendVerificationCode/v1';
const MINUTE = 60_000;
const NEW_PASSWORD = 'brand-new-password-2';

const login = (body: Record<string, unknown>) => server.post(LOGIN, body);
async function sessionOf(a: TestAccount, password = a.password!): Promise<string> {
  const res = await login(loginBody(a, password));
  if (res.body.code !== 0) throw new Error(`log-in failed with ${res.body.errCode}`);
  return res.body.data.token;
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const change = (token: string | null, oldPassword: string, newPassword: string) =>
  server.post(CHANGE, { oldPassword, newPassword }, token ? bearer(token) : {});

/** The token of the newest reset link mailed to `email`, and the link itself. */
async function lastLink(email: string) {
  const [message] = await server.services.outbox.list({ to: email, limit: 1 });
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link sent to ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return { link, token, message: message! };
}
async function requestLink(a: TestAccount) {
  const res = await server.post(REQUEST_LINK, { email: a.email });
  expect(res.body.code).toBe(0);
  return lastLink(a.email!);
}
async function lastCode(to: string): Promise<string> {
  const [message] = await server.services.outbox.list({ to, limit: 1 });
  const code = message?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}
const templatesTo = async (to: string) => (await server.services.outbox.list({ to })).map((m) => m.template);

async function lockOut(a: TestAccount) {
  for (let i = 0; i < 5; i++) await login({ ...loginBody(a, 'wrong-password'), ...(i >= 3 ? await solvedCaptcha(server, 'login') : {}) });
  expect((await login(loginBody(a))).body.errCode).toBe(17);
}

describe('reset link by email', () => {
  it('mails a single-use link to the public URL, valid 30 minutes, and answers the masked address', async () => {
    const a = await createTestAccount(server, { email: uniqueEmail('ana') });
    const res = await server.post(REQUEST_LINK, { email: a.email }, { Host: 'evil.example' });
    expect(contractErrors('post', REQUEST_LINK, 200, res.body)).toEqual([]);
    expect(res.body.data).toEqual({ email: `a***@example.com`, resendAfter: 60 });
    const { link, message } = await lastLink(a.email!);
    expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
    expect(link).not.toContain('evil.example');
    expect(message).toMatchObject({ template: 'resetPasswordLink', channel: 'email', accountUid: a.uid });
    expect(message.text).toContain('30 minutes');
  });

  it('an unknown address gets the same answer, masked as typed, and nothing is sent', async () => {
    const email = uniqueEmail('zed');
    const res = await server.post(REQUEST_LINK, { email });
    expect(contractErrors('post', REQUEST_LINK, 200, res.body)).toEqual([]);
    expect(res.body.data).toEqual({ email: 'z***@example.com', resendAfter: 60 });
    expect(await server.services.outbox.list({ to: email })).toEqual([]);
  });

  it('an address the site rule refuses answers 8', async () => {
    expect((await server.post(REQUEST_LINK, { email: 'ana@-bad-.com' })).body).toMatchObject({ code: 1, errCode: 8 });
  });

  it('the link shows its address and expiry, and keeps no plain token in the database', async () => {
    const a = await createTestAccount(server);
    const { token } = await requestLink(a);
    const res = await server.post(OBTAIN, { token });
    expect(contractErrors('post', OBTAIN, 200, res.body)).toEqual([]);
    expect(res.body.data).toEqual({ email: a.email, expiresAt: clock.now() + 30 * MINUTE });
    expect(await dumpTables(server.db, ['email_tokens', 'sessions', 'verification_codes'])).not.toContain(token);
  });

  it('sets the password once: the old one stops working, the link answers 10302 afterwards', async () => {
    const a = await createTestAccount(server);
    const { token } = await requestLink(a);
    const res = await server.post(RESET_BY_TOKEN, { token, password: NEW_PASSWORD });
    expect(res.body).toEqual({ code: 0, data: null });
    expect(contractErrors('post', RESET_BY_TOKEN, 200, res.body)).toEqual([]);
    expect((await login(loginBody(a))).body.errCode).toBe(4596);
    expect((await login(loginBody(a, NEW_PASSWORD))).body.code).toBe(0);
    expect((await server.post(RESET_BY_TOKEN, { token, password: 'another-one-3' })).body).toMatchObject({
      code: 1,
      errCode: 10302,
      msg: 'Link no longer available',
    });
    expect((await server.post(OBTAIN, { token })).body.errCode).toBe(10302);
    expect(await templatesTo(a.email!)).toContain('passwordChanged');
  });

  it('an unknown token answers 10302', async () => {
    expect((await server.post(OBTAIN, { token: 'x'.repeat(43) })).body.errCode).toBe(10302);
    expect((await server.post(RESET_BY_TOKEN, { token: 'x'.repeat(43), password: NEW_PASSWORD })).body.errCode).toBe(10302);
  });

  it('the link dies after 30 minutes', async () => {
    const a = await createTestAccount(server);
    const { token } = await requestLink(a);
    clock.advance(30 * MINUTE - 1000);
    expect((await server.post(OBTAIN, { token })).body.code).toBe(0);
    clock.advance(1000);
    expect((await server.post(OBTAIN, { token })).body.errCode).toBe(10302);
    expect((await server.post(RESET_BY_TOKEN, { token, password: NEW_PASSWORD })).body.errCode).toBe(10302);
  });

  it('a newer link makes the older one stop working', async () => {
    const a = await createTestAccount(server);
    const first = await requestLink(a);
    clock.advance(61_000);
    const second = await requestLink(a);
    expect((await server.post(OBTAIN, { token: first.token })).body.errCode).toBe(10302);
    expect((await server.post(OBTAIN, { token: second.token })).body.code).toBe(0);
  });

  it('ends every session, clears the lockout and the must-reset flag, and confirms the email', async () => {
    const a = await createTestAccount(server, { mustResetPassword: true, verified: false });
    await server.db.query('UPDATE accounts SET verified_at = now() WHERE uid = $1', [a.uid]);
    const oldSession = await sessionOf(a);
    await server.db.query('UPDATE accounts SET verified_at = NULL WHERE uid = $1', [a.uid]);
    await lockOut(a);
    const { token } = await requestLink(a);
    expect((await server.post(RESET_BY_TOKEN, { token, password: NEW_PASSWORD })).body.code).toBe(0);

    const oldCall = await change(oldSession, NEW_PASSWORD, 'whatever-else-4');
    expect(oldCall.status).toBe(401);
    // Ended by the reset elsewhere: the client warns and sends to /login (-24030).
    expect(oldCall.body.errCode).toBe(-24030);
    const rows = await server.db.query<{ must_reset_password: boolean; verified_at: Date | null }>(
      'SELECT must_reset_password, verified_at FROM accounts WHERE uid = $1',
      [a.uid],
    );
    expect(rows[0]!.must_reset_password).toBe(false);
    expect(rows[0]!.verified_at).not.toBeNull();
    // Not locked any more, and no captcha asked for.
    expect((await login(loginBody(a, NEW_PASSWORD))).body.code).toBe(0);
    const revoked = await server.db.query<{ revoked_reason: string }>('SELECT revoked_reason FROM sessions WHERE account_uid = $1 AND revoked_at IS NOT NULL', [
      a.uid,
    ]);
    expect(revoked.map((r) => r.revoked_reason)).toEqual(['password_reset']);
  });
});

describe('resending the reset link (GET)', () => {
  it('resends after the countdown and answers -3031 (429) within it', async () => {
    const a = await createTestAccount(server);
    await requestLink(a);
    const soon = await server.get(`${RESEND_LINK}?email=${encodeURIComponent(a.email!)}`);
    expect(soon.status).toBe(429);
    expect(soon.body.errCode).toBe(-3031);
    clock.advance(60_000);
    const res = await server.get(`${RESEND_LINK}?email=${encodeURIComponent(a.email!)}`);
    expect(contractErrors('get', RESEND_LINK, 200, res.body)).toEqual([]);
    expect(res.body.data.resendAfter).toBe(60);
    expect((await server.services.outbox.list({ to: a.email! })).filter((m) => m.template === 'resetPasswordLink')).toHaveLength(2);
  });

  it('from the 4th link in an hour a captcha is due: -3034 on the GET, the POST with a captcha sends', async () => {
    const a = await createTestAccount(server);
    for (let i = 0; i < 3; i++) {
      expect((await server.get(`${RESEND_LINK}?email=${encodeURIComponent(a.email!)}`)).body.code).toBe(0);
      clock.advance(61_000);
    }
    expect((await server.get(`${RESEND_LINK}?email=${encodeURIComponent(a.email!)}`)).body.errCode).toBe(-3034);
    expect((await server.post(REQUEST_LINK, { email: a.email })).body.errCode).toBe(-3034);
    expect((await server.post(REQUEST_LINK, { email: a.email, ...(await solvedCaptcha(server, 'resetPassword')) })).body.code).toBe(0);
  });

  it('an unknown address answers the same on the GET and nothing is sent', async () => {
    const email = uniqueEmail('nobody');
    const res = await server.get(`${RESEND_LINK}?email=${encodeURIComponent(email)}`);
    expect(res.body.data).toEqual({ email: 'n***@example.com', resendAfter: 60 });
    expect(await server.services.outbox.list({ to: email })).toEqual([]);
  });
});

describe('reset requests do not tell a known address from an unknown one (docs/decisions/006)', () => {
  /** Answers to: a link, one 59 s later, then after each minute until a captcha is due, then one with a captcha. */
  async function sequence(
    purpose: 'resetPassword' | 'sendCode',
    send: (extra?: Record<string, unknown>) => Promise<{ body: { code: number; errCode?: number } }>,
  ) {
    const out: (number | undefined)[] = [];
    const answer = async (extra?: Record<string, unknown>) => {
      const r = await send(extra);
      out.push(r.body.code === 0 ? 0 : r.body.errCode);
    };
    await answer();
    clock.advance(59_000);
    await answer();
    for (let i = 0; i < 3; i++) {
      clock.advance(61_000);
      await answer();
    }
    await answer(await solvedCaptcha(server, purpose));
    return out;
  }

  it('reset links: the same countdown (-3031) and captcha (-3034) answers, and only the known address gets mail', async () => {
    const a = await createTestAccount(server);
    const nobody = uniqueEmail('nobody');
    const link = (email: string) => (extra?: Record<string, unknown>) => server.post(REQUEST_LINK, { email, ...extra });
    const known = await sequence('resetPassword', link(a.email!));
    const unknown = await sequence('resetPassword', link(nobody));
    expect(known).toEqual([0, -3031, 0, 0, -3034, 0]);
    expect(unknown).toEqual(known);
    expect(await server.services.outbox.list({ to: nobody })).toEqual([]);
    console.log(`reset link answers: known ${known.join(',')} / unknown ${unknown.join(',')}`);
  });

  it('reset codes: the same answers for a known account, an unknown one and one without that channel', async () => {
    const a = await createTestAccount(server);
    const emailOnly = await createTestAccount(server);
    const code = (fields: Record<string, unknown>, channel: 'email' | 'sms') => (extra?: Record<string, unknown>) =>
      server.post(SEND_CODE, { ...fields, channel, purpose: 'resetPassword', ...extra });
    const known = await sequence('sendCode', code(accountFields(a), 'email'));
    const unknown = await sequence('sendCode', code({ account: uniqueEmail('nobody') }, 'email'));
    const unreachable = await sequence('sendCode', code(accountFields(emailOnly), 'sms'));
    expect(known).toEqual([0, -3031, 0, 0, -3034, 0]);
    expect(unknown).toEqual(known);
    expect(unreachable).toEqual(known);
    console.log(`reset code answers: known ${known.join(',')} / unknown ${unknown.join(',')} / no such channel ${unreachable.join(',')}`);
  });

  it('a locked identifier answers 17 to a reset code, known or not', async () => {
    const a = await createTestAccount(server);
    const nobody = { account: uniqueEmail('nobody') };
    for (let i = 0; i < 5; i++) {
      await login(loginBody(a, 'wrong-password'));
      await login({ ...nobody, password: 'wrong-password' });
    }
    expect((await server.post(SEND_CODE, { ...accountFields(a), channel: 'email', purpose: 'resetPassword' })).body.errCode).toBe(17);
    expect((await server.post(SEND_CODE, { ...nobody, channel: 'email', purpose: 'resetPassword' })).body.errCode).toBe(17);
    clock.advance(15 * MINUTE);
  });
});

describe('reset by code', () => {
  const sendResetCode = (a: TestAccount) =>
    server.post(SEND_CODE, { ...accountFields(a), channel: a.type === 'phone' ? 'sms' : 'email', purpose: 'resetPassword' });

  it('sets the password with a resetPassword code, ends the sessions and tells the owner', async () => {
    const a = await createTestAccount(server, { phone: uniquePhone() });
    const oldSession = await sessionOf(a);
    expect((await sendResetCode(a)).body.code).toBe(0);
    const code = await lastCode(a.smsTo!);
    const res = await server.post(RESET_BY_CODE, { ...accountFields(a), code, password: NEW_PASSWORD });
    expect(res.body).toEqual({ code: 0, data: null });
    expect(contractErrors('post', RESET_BY_CODE, 200, res.body)).toEqual([]);
    expect((await login(loginBody(a))).body.errCode).toBe(4596);
    expect((await login(loginBody(a, NEW_PASSWORD))).body.code).toBe(0);
    expect((await change(oldSession, NEW_PASSWORD, 'whatever-else-4')).body.errCode).toBe(-24030);
    expect(await templatesTo(a.smsTo!)).toContain('passwordChanged');
    // Used up.
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code, password: 'third-password-5' })).body.errCode).toBe(10);
  });

  it('a wrong code answers 11; none sent 4597; expired 10; a login code does not reset', async () => {
    const a = await createTestAccount(server);
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code: '0000', password: NEW_PASSWORD })).body.errCode).toBe(4597);
    await server.post(SEND_CODE, { ...accountFields(a), channel: 'email', purpose: 'login' });
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code: await lastCode(a.email!), password: NEW_PASSWORD })).body.errCode).toBe(4597);
    await sendResetCode(a);
    const code = await lastCode(a.email!);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code: wrong, password: NEW_PASSWORD })).body.errCode).toBe(11);
    clock.advance(10 * MINUTE);
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code, password: NEW_PASSWORD })).body.errCode).toBe(10);
    expect((await login(loginBody(a))).body.code).toBe(0);
  });

  it('an unknown account answers 4597 (nothing was sent to it)', async () => {
    const res = await server.post(RESET_BY_CODE, { account: uniqueEmail('nobody'), code: '1234', password: NEW_PASSWORD });
    expect(res.body.errCode).toBe(4597);
  });

  it('an emailed code confirms an unconfirmed email account and clears its lockout', async () => {
    const a = await createTestAccount(server, { verified: false });
    await server.db.query('UPDATE accounts SET verified_at = now() WHERE uid = $1', [a.uid]);
    await lockOut(a);
    await server.db.query('UPDATE accounts SET verified_at = NULL WHERE uid = $1', [a.uid]);
    clock.advance(15 * MINUTE); // the lock also gates resets by code
    await sendResetCode(a);
    const res = await server.post(RESET_BY_CODE, { ...accountFields(a), code: await lastCode(a.email!), password: NEW_PASSWORD });
    expect(res.body.code).toBe(0);
    expect((await login(loginBody(a, NEW_PASSWORD))).body.code).toBe(0);
  });

  it('works with a 100-character password', async () => {
    const a = await createTestAccount(server);
    const long = 'Long-pass-phrase '.repeat(6).slice(0, 100);
    await sendResetCode(a);
    expect((await server.post(RESET_BY_CODE, { ...accountFields(a), code: await lastCode(a.email!), password: long })).body.code).toBe(0);
    expect((await login(loginBody(a, long))).body.code).toBe(0);
    expect((await login(loginBody(a, long.slice(0, 72)))).body.errCode).toBe(4596);
  });
});

describe('changing the password', () => {
  it('needs the current password (3 when wrong) and a session (-24020, 401, without one)', async () => {
    const a = await createTestAccount(server);
    const token = await sessionOf(a);
    expect((await change(token, 'not-the-password', NEW_PASSWORD)).body).toMatchObject({ code: 1, errCode: 3 });
    const anonymous = await change(null, a.password!, NEW_PASSWORD);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errCode).toBe(-24020);
    const unknown = await change('x'.repeat(43), a.password!, NEW_PASSWORD);
    expect(unknown.body.errCode).toBe(-24020);
  });

  it('changes it, ends every other session (-24030 on their next call), keeps this one, and tells the owner', async () => {
    const a = await createTestAccount(server);
    const other = await sessionOf(a);
    const mine = await sessionOf(a);
    const res = await change(mine, a.password!, NEW_PASSWORD);
    expect(res.body).toEqual({ code: 0, data: null });
    expect(contractErrors('post', CHANGE, 200, res.body)).toEqual([]);
    const stale = await change(other, NEW_PASSWORD, 'third-password-5');
    expect(stale.status).toBe(401);
    expect(stale.body.errCode).toBe(-24030);
    expect(contractErrors('post', CHANGE, 401, stale.body)).toEqual([]);
    expect((await change(mine, NEW_PASSWORD, 'third-password-5')).body.code).toBe(0);
    expect((await login(loginBody(a, 'third-password-5'))).body.code).toBe(0);
    expect((await templatesTo(a.email!)).filter((t) => t === 'passwordChanged')).toHaveLength(2);
  });

  it('an expired session answers -24010', async () => {
    const a = await createTestAccount(server);
    const token = await sessionOf(a);
    clock.advance(10 * 24 * 60 * MINUTE);
    const res = await change(token, a.password!, NEW_PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body.errCode).toBe(-24010);
  });

  it('round-trips a 64+ character password, up to the 128 maximum', async () => {
    const a = await createTestAccount(server);
    const token = await sessionOf(a);
    const p64 = `${'correct horse battery staple '.repeat(3)}`.slice(0, 80);
    const p128 = 'Ω'.repeat(64) + 'z'.repeat(64);
    expect((await change(token, a.password!, p64)).body.code).toBe(0);
    expect((await change(token, p64, p128)).body.code).toBe(0);
    expect((await login(loginBody(a, p128))).body.code).toBe(0);
    expect((await login(loginBody(a, p64))).body.errCode).toBe(4596);
  });

  it('wrong current passwords count towards the lockout', async () => {
    const a = await createTestAccount(server);
    const token = await sessionOf(a);
    const answers: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) answers.push((await change(token, 'not-the-password', NEW_PASSWORD)).body.errCode);
    expect(answers).toEqual([3, 3, 3, 3, 17, 17]);
    expect((await change(token, a.password!, NEW_PASSWORD)).body.errCode).toBe(17);
    clock.advance(15 * MINUTE);
  });
});
