import { describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../server/auth/sessions';
import { mintSsoToken, resolveSsoKey } from '../../server/auth/sso';
import { createFakeClock } from '../../server/clock';
import type { Queryable } from '../../server/db/database';
import { expectContract as expectContractOf } from '../helpers/expect-contract';
import { givePlan } from '../helpers/billing';
import { useTestServer } from '../helpers/test-server';

const INFO = '/api/user/queryInfo/v1';
const LOGOUT = '/api/user/loginOut/v1';
const DAY = 86_400_000;

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const expectContract = (path: string, res: { status: number; body: unknown }) => expectContractOf('post', path, res);

let counter = 0;
async function insertAccount(
  db: Queryable,
  fields: { phone?: string; nickname?: string } = {},
): Promise<{ uid: string; account: string; type: 'email' | 'phone' }> {
  counter++;
  if (fields.phone) {
    const rows = await db.query<{ uid: number }>(
      `INSERT INTO accounts (type, area_code, phone, nickname, verified_at) VALUES ('phone', '55', $1, $2, now()) RETURNING uid`,
      [fields.phone, fields.nickname ?? 'Telefone'],
    );
    return { uid: String(rows[0]!.uid), account: fields.phone, type: 'phone' };
  }
  const email = `viewer${counter}@example.com`;
  const rows = await db.query<{ uid: number }>(
    `INSERT INTO accounts (type, email, nickname, verified_at, created_at) VALUES ('email', $1, $2, now(), $3) RETURNING uid`,
    [email, fields.nickname ?? 'Viewer', new Date(Date.UTC(2025, 5, 1))],
  );
  return { uid: String(rows[0]!.uid), account: email, type: 'email' };
}

describe('account information, log-out and session lifetime', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });

  /** Logs in through the token log-in, as the TV or the app would. */
  async function login(uid: string, headers: Record<string, string> = {}): Promise<string> {
    const key = resolveSsoKey(server.services.config, server.services.secret)!;
    const t = mintSsoToken(key, { uid, now: clock.now() });
    const res = await server.post('/api/user/sso/v1', { appToken: t.appToken, accountId: t.accountId, loginId: t.loginId }, headers);
    expect(res.body.code).toBe(0);
    return res.body.data.token as string;
  }
  const info = (token: string | null, who: { uid: string; account: string; type: string }, headers: Record<string, string> = {}) =>
    server.post(INFO, { uid: who.uid, account: who.account, type: who.type }, { Authorization: token ?? 'null', ...headers });

  it('a free account: no plan fields, limitCount 1, 0 days, the log-in it just made', async () => {
    const who = await insertAccount(server.db, { nickname: 'Marina' });
    const token = await login(who.uid, { 'user-agent': chromeOnWindows });
    const res = await info(token, who);
    expect(res.status).toBe(200);
    expectContract(INFO, res);
    expect(res.body.data).toEqual({
      uid: who.uid,
      type: 'email',
      nickname: 'Marina',
      account: who.account,
      userType: 'free',
      accountCreationTime: Date.UTC(2025, 5, 1),
      deviceSessions: 1,
      limitCount: 1,
      userDevice: [
        {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          device: 'Browser',
          model: 'Chrome · Windows',
          ip: '127.0.0.1',
          time: clock.now(),
          active: true,
          current: true,
        },
      ],
      unsubscribeEmail: false,
      loginApp: false,
      bizRemainingDays: 0,
      // The column's default: the account was made without one (docs/decisions/049).
      language: 'pt',
    });
  });

  it('a running multi-device plan: plan id, name in the request language, expiry, devices and days rounded up', async () => {
    const who = await insertAccount(server.db);
    const expires = clock.now() + 2 * DAY + 3_600_000;
    await givePlan(server, Number(who.uid), 2, expires);
    const token = await login(who.uid);

    const en = await info(token, who, { Language: 'en' });
    expectContract(INFO, en);
    expect(en.body.data).toMatchObject({
      planId: '2',
      planName: 'Monthly · 4 screens',
      expiredTime: expires,
      userType: 'multi',
      limitCount: 4,
      bizRemainingDays: 3,
    });
    expect((await info(token, who, { Language: 'pt' })).body.data.planName).toBe('Mensal · 4 telas');
    expect((await info(token, who, { Language: 'ru' })).body.data.planName).toBe('Месячный · 4 экрана');
  });

  it('a single-device plan is "single"; whole days count exactly, and a millisecond left is one day', async () => {
    const who = await insertAccount(server.db);
    await givePlan(server, Number(who.uid), 1, clock.now() + 30 * DAY);
    const token = await login(who.uid);
    expect((await info(token, who)).body.data).toMatchObject({ userType: 'single', limitCount: 1, bizRemainingDays: 30 });

    await server.db.query('UPDATE entitlements SET expires_at = $2 WHERE account_uid = $1', [who.uid, new Date(clock.now() + 1)]);
    expect((await info(token, who)).body.data.bizRemainingDays).toBe(1);
  });

  it('an expired plan keeps its id, name and expiry, but the account is free again with 0 days', async () => {
    const who = await insertAccount(server.db);
    const expired = clock.now() - DAY;
    await givePlan(server, Number(who.uid), 4, expired);
    const token = await login(who.uid);
    const res = await info(token, who, { Language: 'en' });
    expectContract(INFO, res);
    expect(res.body.data).toMatchObject({
      planId: '4',
      planName: '180 days · 4 screens',
      expiredTime: expired,
      userType: 'free',
      limitCount: 1,
      bizRemainingDays: 0,
    });

    await server.db.query('UPDATE entitlements SET expires_at = $2 WHERE account_uid = $1', [who.uid, new Date(clock.now())]);
    expect((await info(token, who)).body.data).toMatchObject({ bizRemainingDays: 0, userType: 'free' });
  });

  it('userDevice lists the last 5 log-ins newest first; deviceSessions counts the live ones only', async () => {
    const who = await insertAccount(server.db);
    const agents = [chromeOnWindows, safariOnIphone, chromeOnWindows, safariOnIphone, chromeOnWindows, safariOnIphone];
    const tokens: string[] = [];
    for (const ua of agents) {
      tokens.push(await login(who.uid, { 'user-agent': ua }));
      clock.advance(60_000);
    }
    tokens.push(await login(who.uid, { Scene: 'STB' }));
    const loggedInAt = clock.now();
    await server.post(LOGOUT, { language: 'en', uid: '', account: '' }, { Authorization: tokens[0]! });

    const res = await info(tokens[6]!, who);
    expectContract(INFO, res);
    const devices = res.body.data.userDevice as { device: string; model: string; time: number }[];
    expect(devices).toHaveLength(5);
    expect(devices.map((d) => d.time)).toEqual([0, 1, 2, 3, 4].map((i) => loggedInAt - i * 60_000));
    expect(devices.map((d) => d.device)).toEqual(['TV box', 'Phone', 'Browser', 'Phone', 'Browser']);
    expect(devices[1]!.model).toBe('Safari · iOS');
    expect(res.body.data.deviceSessions).toBe(6);
    expect(res.body.data.loginApp).toBe(true);
  });

  it('a phone account answers its digits as the account', async () => {
    const who = await insertAccount(server.db, { phone: '11987654321' });
    const token = await login(who.uid);
    const res = await info(token, who);
    expectContract(INFO, res);
    expect(res.body.data).toMatchObject({ uid: who.uid, type: 'phone', account: '11987654321', nickname: 'Telefone' });
  });

  it('unsubscribeEmail is the opposite of the offer-email opt-in', async () => {
    const who = await insertAccount(server.db);
    const token = await login(who.uid);
    await server.db.query('UPDATE accounts SET subscribe_email = false WHERE uid = $1', [who.uid]);
    expect((await info(token, who)).body.data.unsubscribeEmail).toBe(true);
  });

  it('asking about another uid answers 6699; the body’s account and type do not matter', async () => {
    const who = await insertAccount(server.db);
    const other = await insertAccount(server.db);
    const token = await login(who.uid);
    const res = await info(token, other, { Language: 'en' });
    expect(res.status).toBe(200);
    expectContract(INFO, res);
    expect(res.body).toEqual({ code: 1, errCode: 6699, msg: 'Invalid UID' });
    expect((await server.post(INFO, { uid: who.uid, account: 'someone@else.example', type: 'phone' }, { Authorization: token })).body.code).toBe(0);
  });

  it('without a session, or with an unknown one: -24020 with HTTP 401', async () => {
    const who = await insertAccount(server.db);
    for (const token of [null, 'not-a-session-token']) {
      const res = await info(token, who);
      expect(res.status).toBe(401);
      expectContract(INFO, res);
      expect(res.body).toMatchObject({ code: 1, errCode: -24020 });
    }
  });

  it('log-out ends that session only: its token answers -24020 afterwards', async () => {
    const who = await insertAccount(server.db);
    const first = await login(who.uid);
    const second = await login(who.uid);
    const res = await server.post(LOGOUT, { language: 'en', uid: '', account: '' }, { Authorization: first });
    expect(res.status).toBe(200);
    expectContract(LOGOUT, res);
    expect(res.body).toEqual({ code: 0, data: null });

    const after = await info(first, who);
    expect(after.status).toBe(401);
    expect(after.body.errCode).toBe(-24020);
    const again = await server.post(LOGOUT, { language: 'en', uid: '', account: '' }, { Authorization: first });
    expect(again.status).toBe(401);
    expectContract(LOGOUT, again);
    expect(again.body.errCode).toBe(-24020);
    expect((await info(second, who)).body.code).toBe(0);
    const [row] = await server.db.query<{ revoked_reason: string }>('SELECT revoked_reason FROM sessions WHERE account_uid = $1 AND revoked_at IS NOT NULL', [
      who.uid,
    ]);
    expect(row?.revoked_reason).toBe('logout');
  });

  it("a blocked account's sessions end with -1112 (message and reset), whatever their age", async () => {
    const who = await insertAccount(server.db);
    const token = await login(who.uid);
    expect((await info(token, who)).body.code).toBe(0);
    await server.db.query("UPDATE accounts SET status = 'blocked' WHERE uid = $1", [who.uid]);
    const after = await info(token, who);
    expect(after.status).toBe(401);
    expectContract(INFO, after);
    expect(after.body).toMatchObject({ code: 1, errCode: -1112 });
  });

  it('log-out without a session answers -24020 (the client resets silently)', async () => {
    const res = await server.post(LOGOUT, { language: 'pt', uid: '', account: '' });
    expect(res.status).toBe(401);
    expect(res.body.errCode).toBe(-24020);
  });

  it('a session works until 10 days after log-in and answers -24010 after that', async () => {
    const who = await insertAccount(server.db);
    const token = await login(who.uid);
    clock.advance(SESSION_TTL_MS - 1_000);
    expect((await info(token, who)).body.code).toBe(0);
    clock.advance(2_000);
    const res = await info(token, who, { Language: 'en' });
    expect(res.status).toBe(401);
    expectContract(INFO, res);
    expect(res.body).toEqual({ code: 1, errCode: -24010, msg: 'Token has expired' });
    expect((await server.post(LOGOUT, { language: 'en', uid: '', account: '' }, { Authorization: token })).body.errCode).toBe(-24010);
  });
});
