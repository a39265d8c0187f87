import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintSsoToken, resolveSsoKey } from '../../server/auth/sso';
import { createFakeClock } from '../../server/clock';
import { ConfigError, loadConfig } from '../../server/config';
import { RequestLimits } from '../../server/routes/account';
import { expectContract } from '../helpers/expect-contract';
import { useTestServer, type EnvelopeBody } from '../helpers/test-server';

const PHONE = '/api/user/support/phone/v1';
const URV = '/api/user/query/urv';
const SUBSCRIPTION = '/api/user/marketing/campaign/subscription';
const REPORT = '/api/site/report';
const SITE_KEY = '/api/user/site/key';
const VERIFY = '/api/user/site/verify';

type TestServerHandle = ReturnType<typeof useTestServer>;

/** A call from a given client address, so rate-limit cases do not share a window with the others. */
async function from(server: TestServerHandle, ip: string, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.json() as EnvelopeBody };
}

async function demo(server: TestServerHandle) {
  const [row] = await server.db.query<{ uid: number }>("SELECT uid FROM accounts WHERE email = 'demo@aurora.example'");
  return String(row!.uid);
}

async function login(server: TestServerHandle, uid: string): Promise<string> {
  const key = resolveSsoKey(server.services.config, server.services.secret)!;
  const t = mintSsoToken(key, { uid, now: server.services.clock.now() });
  const res = await server.post('/api/user/sso/v1', { appToken: t.appToken, accountId: t.accountId, loginId: t.loginId });
  return res.body.data.token as string;
}

const pageLoad = {
  eventId: 1,
  pageId: 3,
  verCode: '2.3.2',
  timestamp: 1_767_225_600_000,
  clientType: 'WEB',
  scene: 'WEB',
  language: 'pt',
  path: '/pricing-table',
};

describe('support phone, upgrade reset, offer e-mails, tracking and the captcha (off)', () => {
  // A clock that stands still, so a rate-limit window cannot roll over in the middle of a case.
  const server = useTestServer({}, { clock: createFakeClock() });

  it('GET /api/user/support/phone/v1 gives the E.164 number, its printed form and the hours in the request language', async () => {
    const res = await server.get(PHONE, { Language: 'es' });
    expect(res.status).toBe(200);
    expectContract('get', PHONE, res);
    expect(res.body.data).toEqual({ phone: '+551140001234', display: '+55 11 4000-1234', hours: 'De lunes a sábado, de 8 a 22 h (hora de Brasilia)' });
    expect((await server.get(PHONE, { Language: 'ru' })).body.data.hours).toMatch(/^С понедельника/);
    expect((await server.get(PHONE)).body.data.hours).toMatch(/^Monday/);
  });

  it('support phone: a contact setting without an international number, or none at all, answers -3036', async () => {
    const [saved] = await server.db.query<{ value: unknown }>("SELECT value FROM site_settings WHERE key = 'contact'");
    try {
      await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{phone}', '"4000-1234"') WHERE key = 'contact'`);
      const local = await server.get(PHONE, { Language: 'en' });
      expectContract('get', PHONE, local);
      expect(local.body).toEqual({ code: 1, errCode: -3036, msg: 'Configuration information error' });
      await server.db.query("DELETE FROM site_settings WHERE key = 'contact'");
      expect((await server.get(PHONE)).body.errCode).toBe(-3036);
    } finally {
      await server.db.query("INSERT INTO site_settings (key, value) VALUES ('contact', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", [
        JSON.stringify(saved!.value),
      ]);
    }
    expect((await server.get(PHONE)).body.code).toBe(0);
  });

  it('POST /api/user/query/urv for the signed-in account follows accounts.must_reset_password', async () => {
    const uid = await demo(server);
    const token = await login(server, uid);
    const res = await server.post(URV, {}, { Authorization: token });
    expectContract('post', URV, res);
    expect(res.body).toEqual({ code: 0, data: { mustResetPassword: false } });
    await server.db.query('UPDATE accounts SET must_reset_password = true WHERE uid = $1', [uid]);
    try {
      expect((await server.post(URV, {}, { Authorization: token })).body.data).toEqual({ mustResetPassword: true });
      // The log-in page names the account instead.
      expect((await server.post(URV, { account: 'Demo@Aurora.example' })).body.data).toEqual({ mustResetPassword: true });
    } finally {
      await server.db.query('UPDATE accounts SET must_reset_password = false WHERE uid = $1', [uid]);
    }
  });

  it('urv for a phone account needs its area code (4000); an unknown account answers false, not "no such account"', async () => {
    await server.db.query(
      "INSERT INTO accounts (type, area_code, phone, nickname, verified_at, must_reset_password) VALUES ('phone', '55', '11912345678', 'Fone', now(), true)",
    );
    const withCode = await server.post(URV, { account: '11912345678', areaCode: '55' });
    expectContract('post', URV, withCode);
    expect(withCode.body.data).toEqual({ mustResetPassword: true });
    const noCode = await server.post(URV, { account: '11912345678' }, { Language: 'en' });
    expectContract('post', URV, noCode);
    expect(noCode.body).toEqual({ code: 1, errCode: 4000, msg: 'Select your country code' });
    expect((await server.post(URV, { account: '11912345678', areaCode: '1' })).body).toEqual({ code: 0, data: { mustResetPassword: false } });
    expect((await server.post(URV, { account: 'nobody@example.com' })).body).toEqual({ code: 0, data: { mustResetPassword: false } });
  });

  it('urv without an account and without a session answers -24020', async () => {
    const res = await server.post(URV, {});
    expect(res.status).toBe(401);
    expectContract('post', URV, res);
    expect(res.body.errCode).toBe(-24020);
  });

  it(`urv lookups by account are limited to ${RequestLimits.urvLookup} a minute per client (-3031, HTTP 429)`, async () => {
    for (let i = 0; i < RequestLimits.urvLookup; i++) expect((await from(server, '10.0.0.7', 'POST', URV, { account: 'x@example.com' })).body.code).toBe(0);
    const res = await from(server, '10.0.0.7', 'POST', URV, { account: 'x@example.com' });
    expect(res.status).toBe(429);
    expectContract('post', URV, res);
    expect(res.body.errCode).toBe(-3031);
    expect((await from(server, '10.0.0.8', 'POST', URV, { account: 'x@example.com' })).body.code).toBe(0);
  });

  it('GET /api/user/marketing/campaign/subscription opts out and back in, and answers the state now', async () => {
    const uid = await demo(server);
    const token = await login(server, uid);
    const off = await server.get(`${SUBSCRIPTION}?subscribeStatus=0`, { Authorization: token });
    expectContract('get', SUBSCRIPTION, off);
    expect(off.body).toEqual({ code: 0, data: { subscribeStatus: 0 } });
    const stored = async () =>
      (await server.db.query<{ subscribe_email: boolean }>('SELECT subscribe_email FROM accounts WHERE uid = $1', [uid]))[0]!.subscribe_email;
    expect(await stored()).toBe(false);
    const info = await server.post('/api/user/queryInfo/v1', { uid, account: 'demo@aurora.example', type: 'email' }, { Authorization: token });
    expect(info.body.data.unsubscribeEmail).toBe(true);

    const on = await server.get(`${SUBSCRIPTION}?subscribeStatus=1`, { Authorization: token });
    expect(on.body).toEqual({ code: 0, data: { subscribeStatus: 1 } });
    expect(await stored()).toBe(true);
  });

  it('the subscription needs a session (-24020) and a status of 0 or 1 (5000)', async () => {
    const anonymous = await server.get(`${SUBSCRIPTION}?subscribeStatus=0`);
    expect(anonymous.status).toBe(401);
    expectContract('get', SUBSCRIPTION, anonymous);
    expect(anonymous.body.errCode).toBe(-24020);
    const token = await login(server, await demo(server));
    for (const q of ['?subscribeStatus=2', '?subscribeStatus=yes', '']) {
      const res = await server.get(`${SUBSCRIPTION}${q}`, { Authorization: token });
      expect(res.status, q).toBe(400);
      expect(res.body.errCode).toBe(5000);
    }
  });

  it('POST /api/site/report stores an anonymous page-load event', async () => {
    const res = await server.post(REPORT, { ...pageLoad, pageId: 17, durationMs: 850 }, { fingerprint: 'fp-anon' });
    expect(res.status).toBe(200);
    expectContract('post', REPORT, res);
    expect(res.body).toEqual({ code: 0, data: null });
    const [row] = await server.db.query<{ event_id: number; page_id: number; ver_code: string; account_uid: number | null; payload: Record<string, unknown> }>(
      'SELECT event_id, page_id, ver_code, account_uid, payload FROM tracking_events WHERE page_id = 17',
    );
    expect(row).toMatchObject({
      event_id: 1,
      page_id: 17,
      ver_code: '2.3.2',
      account_uid: null,
      payload: { durationMs: 850, path: '/pricing-table', fingerprint: 'fp-anon' },
    });
  });

  it('report: the uid comes from a valid session; a stale token or a claimed uid is ignored, never an error', async () => {
    const uid = await demo(server);
    const token = await login(server, uid);
    expect((await server.post(REPORT, { ...pageLoad, eventId: 3, pageId: 5 }, { Authorization: token })).body.code).toBe(0);
    const stale = await server.post(REPORT, { ...pageLoad, eventId: 5, pageId: 6, uid: '42' }, { Authorization: 'revoked-or-made-up' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual({ code: 0, data: null });
    const rows = await server.db.query<{ page_id: number; account_uid: number | null; payload: Record<string, unknown> }>(
      'SELECT page_id, account_uid, payload FROM tracking_events WHERE page_id IN (5, 6) ORDER BY page_id',
    );
    expect(rows.map((r) => [r.page_id, r.account_uid === null ? null : String(r.account_uid)])).toEqual([
      [5, uid],
      [6, null],
    ]);
    expect(rows[1]!.payload.uid).toBeUndefined();
  });

  it('report: the contract bounds the event (ids 1, 3, 5; pages 1-17; version 2.3.2)', async () => {
    for (const bad of [{ eventId: 2 }, { pageId: 0 }, { pageId: 18 }, { verCode: '2.3.1' }, { extra: true }]) {
      const res = await server.post(REPORT, { ...pageLoad, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expectContract('post', REPORT, res);
      expect(res.body.errCode).toBe(5000);
    }
  });

  it(`report: beyond ${RequestLimits.report} events a minute from one client, events are dropped silently`, async () => {
    const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_events WHERE page_id = 9'))[0]!.n;
    for (let i = 0; i < RequestLimits.report + 5; i++) {
      const res = await from(server, '10.0.0.9', 'POST', REPORT, { ...pageLoad, pageId: 9 });
      expect(res.body).toEqual({ code: 0, data: null });
    }
    expect(await count()).toBe(RequestLimits.report);
  });

  it('GET /api/user/site/key is an empty string while the captcha is off; verify answers 4598', async () => {
    const key = await server.get(SITE_KEY);
    expectContract('get', SITE_KEY, key);
    expect(key.body).toEqual({ code: 0, data: '' });
    const verify = await server.post(VERIFY, { token: 'anything' }, { Language: 'en' });
    expect(verify.status).toBe(200);
    expectContract('post', VERIFY, verify);
    expect(verify.body).toEqual({ code: 1, errCode: 4598, msg: 'Operation not supported' });
  });
});

describe('the captcha, on', () => {
  const env: NodeJS.ProcessEnv = { RECAPTCHA_SITE_KEY: '6LcTestSiteKey-aurora', RECAPTCHA_SECRET: 'captcha-secret-for-tests' };
  const received: Record<string, string>[] = [];
  let provider: Server;

  // Our own siteverify on 127.0.0.1, started before the test server reads its configuration.
  beforeAll(async () => {
    provider = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(raw));
        received.push({ ...form, contentType: req.headers['content-type'] ?? '' });
        if (form.secret !== 'captcha-secret-for-tests')
          return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":false,"error-codes":["invalid-input-secret"]}');
        if (form.response === 'explode') return void res.writeHead(500).end('oops');
        const answer =
          form.response === 'human' ? { success: true, score: 0.9, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
  const server = useTestServer(env, { clock: createFakeClock() });

  it('GET /api/user/site/key gives the site key encoded; the client decodes it', async () => {
    const res = await server.get(SITE_KEY);
    expectContract('get', SITE_KEY, res);
    expect(res.body.code).toBe(0);
    expect(res.body.data).not.toBe('6LcTestSiteKey-aurora');
    expect(Buffer.from(res.body.data as string, 'base64').toString('utf8')).toBe('6LcTestSiteKey-aurora');
  });

  it('POST /api/user/site/verify asks the provider and answers success and score', async () => {
    const res = await server.post(VERIFY, { token: 'human' });
    expectContract('post', VERIFY, res);
    expect(res.body).toEqual({ code: 0, data: { success: true, score: 0.9 } });
    expect(received.at(-1)).toEqual({
      secret: 'captcha-secret-for-tests',
      response: 'human',
      remoteip: '127.0.0.1',
      contentType: 'application/x-www-form-urlencoded',
    });

    const robot = await server.post(VERIFY, { token: 'robot' });
    expectContract('post', VERIFY, robot);
    expect(robot.body).toEqual({ code: 0, data: { success: false } });
  });

  it('a provider that fails answers -24050 with HTTP 503', async () => {
    const res = await server.post(VERIFY, { token: 'explode' });
    expect(res.status).toBe(503);
    expectContract('post', VERIFY, res);
    expect(res.body.errCode).toBe(-24050);
  });

  it(`verify is limited to ${RequestLimits.recaptchaVerify} a minute per client (-3031, HTTP 429)`, async () => {
    for (let i = 0; i < RequestLimits.recaptchaVerify; i++) await from(server, '10.0.1.1', 'POST', VERIFY, { token: 'robot' });
    const res = await from(server, '10.0.1.1', 'POST', VERIFY, { token: 'human' });
    expect(res.status).toBe(429);
    expectContract('post', VERIFY, res);
    expect(res.body.errCode).toBe(-3031);
  });
});

describe('configuration of the account slice', () => {
  it('needs both captcha keys or neither, and an SSO_SECRET of at least 32 characters', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'k' })).toThrow(/RECAPTCHA_SECRET: required when RECAPTCHA_SITE_KEY is set/);
    expect(() => loadConfig({ RECAPTCHA_SECRET: 's' })).toThrow(/RECAPTCHA_SITE_KEY: required when RECAPTCHA_SECRET is set/);
    expect(() => loadConfig({ SSO_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_JWKS_URL: 'not a url' })).toThrow(/GOOGLE_JWKS_URL/);
    expect(loadConfig({})).toMatchObject({
      ssoSecret: undefined,
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      recaptchaSiteKey: undefined,
      recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    });
  });
});
