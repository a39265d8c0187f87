import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSsoToken, mintSsoToken, resolveSsoKey, SSO_TOKEN_MAX_TTL_MS } from '../../server/auth/sso';
import { createFakeClock } from '../../server/clock';
import { SESSION_TTL_MS } from '../../server/auth/sessions';
import type { Queryable } from '../../server/db/database';
import { deriveKey } from '../../server/security/secrets';
import { expectContract as expectContractOf } from '../helpers/expect-contract';
import { useTestServer } from '../helpers/test-server';

const SSO = '/api/user/sso/v1';

const expectContract = (path: string, res: { status: number; body: unknown }, method: 'get' | 'post' = 'post') => expectContractOf(method, path, res);

async function insertAccount(
  db: Queryable,
  { email, status = 'active', verified = true }: { email: string; status?: 'active' | 'login_not_allowed' | 'blocked'; verified?: boolean },
): Promise<string> {
  const rows = await db.query<{ uid: number }>(
    `INSERT INTO accounts (type, email, nickname, password_hash, status, verified_at)
     VALUES ('email', $1, 'Tester', NULL, $2, ${verified ? 'now()' : 'NULL'}) RETURNING uid`,
    [email, status],
  );
  return String(rows[0]!.uid);
}

/** What the streaming platform does, written from docs/decisions/007 alone. */
function platformToken(secret: string | Buffer, claims: { uid: string; loginId: string; exp: number }) {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

describe('token log-in (POST /api/user/sso/v1) with the development key', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const key = () => resolveSsoKey(server.services.config, server.services.secret)!;
  const demoUid = async () => String((await server.db.query<{ uid: number }>("SELECT uid FROM accounts WHERE email = 'demo@aurora.example'"))[0]!.uid);
  const mint = (uid: string, options: { ttlMs?: number; loginId?: string } = {}) => mintSsoToken(key(), { uid, now: clock.now(), ...options });
  const body = (t: { appToken: string; accountId: string; loginId: string }) => ({ appToken: t.appToken, accountId: t.accountId, loginId: t.loginId });

  it('opens a 10-day session of type token for the account the platform signed for', async () => {
    const uid = await demoUid();
    const res = await server.post(SSO, body(mint(uid)), { Language: 'en' });
    expect(res.status).toBe(200);
    expectContract(SSO, res);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      uid,
      account: 'demo@aurora.example',
      type: 'email',
      accountLoginType: 'token',
      expiration: clock.now() + SESSION_TTL_MS,
    });

    const info = await server.post('/api/user/queryInfo/v1', { uid, account: 'demo@aurora.example', type: 'email' }, { Authorization: res.body.data.token });
    expect(info.body).toMatchObject({ code: 0, data: { uid } });
    const [session] = await server.db.query<{ login_type: string; scene: string }>(
      'SELECT login_type, scene FROM sessions WHERE account_uid = $1 ORDER BY id DESC LIMIT 1',
      [uid],
    );
    expect(session).toEqual({ login_type: 'token', scene: 'WEB' });
  });

  it('from the set-top box: the session is a TV box one and the account is marked as using the app', async () => {
    const uid = await insertAccount(server.db, { email: 'stb-viewer@example.com' });
    const res = await server.post(SSO, body(mint(uid)), { Scene: 'STB' });
    expectContract(SSO, res);
    expect(res.body.data.accountLoginType).toBe('token');
    const [row] = await server.db.query<{ device: string; login_app: boolean }>(
      'SELECT s.device, a.login_app FROM sessions s JOIN accounts a ON a.uid = s.account_uid WHERE s.account_uid = $1',
      [uid],
    );
    expect(row).toEqual({ device: 'TV box', login_app: true });
  });

  it('a token the platform builds by the documented recipe is accepted', async () => {
    const uid = await demoUid();
    const appToken = platformToken(key(), { uid, loginId: 'platform-recipe-1', exp: clock.now() + 60_000 });
    const res = await server.post(SSO, { appToken, accountId: uid, loginId: 'platform-recipe-1' });
    expect(res.body.code).toBe(0);
  });

  it('each loginId logs in once: a replay answers 21, and 201 in the STB scene', async () => {
    const uid = await demoUid();
    const t = mint(uid);
    expect((await server.post(SSO, body(t))).body.code).toBe(0);
    const again = await server.post(SSO, body(t), { Language: 'en' });
    expect(again.status).toBe(200);
    expectContract(SSO, again);
    expect(again.body).toEqual({ code: 1, errCode: 21, msg: 'Invalid token' });
    const stb = await server.post(SSO, body(t), { Scene: 'STB' });
    expectContract(SSO, stb);
    expect(stb.body).toMatchObject({ code: 1, errCode: 201 });
  });

  it('two simultaneous uses of one token open exactly one session', async () => {
    const uid = await demoUid();
    const t = mint(uid);
    const results = await Promise.all([server.post(SSO, body(t)), server.post(SSO, body(t)), server.post(SSO, body(t))]);
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 1, 1]);
    expect(results.filter((r) => r.body.code === 1).every((r) => r.body.errCode === 21)).toBe(true);
  });

  it('refuses a forged signature, a tampered payload and a token signed with another key', async () => {
    const uid = await demoUid();
    const good = mint(uid);
    const [payload, signature] = good.appToken.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherUid = String(Number(uid) + 1);
    const tamperedPayload = Buffer.from(JSON.stringify({ uid: otherUid, loginId: good.loginId, exp: good.expiresAt })).toString('base64url');
    const cases = [
      { appToken: `${payload}.${flipped}`, accountId: uid, loginId: good.loginId },
      { appToken: `${tamperedPayload}.${signature}`, accountId: otherUid, loginId: good.loginId },
      body(mintSsoToken(Buffer.alloc(32, 7), { uid, now: clock.now() })),
      { appToken: `${payload}.`, accountId: uid, loginId: good.loginId },
    ];
    for (const c of cases) {
      const res = await server.post(SSO, c);
      expect(res.body, c.appToken).toMatchObject({ code: 1, errCode: 21 });
      expect((await server.post(SSO, c, { Scene: 'STB' })).body.errCode).toBe(201);
    }
    // The genuine token was never spent by those attempts.
    expect((await server.post(SSO, body(good))).body.code).toBe(0);
  });

  it('refuses malformed tokens: no separator, a payload that is not the claims', async () => {
    const uid = await demoUid();
    const notJson = Buffer.from('not json').toString('base64url');
    const wrongShape = Buffer.from(JSON.stringify({ uid: Number(uid), loginId: 'x', exp: 'soon' })).toString('base64url');
    const sign = (p: string) => `${p}.${createHmac('sha256', key()).update(p).digest('base64url')}`;
    for (const appToken of ['justonepart', sign(notJson), sign(wrongShape), 'a.b.c']) {
      const res = await server.post(SSO, { appToken, accountId: uid, loginId: 'x' });
      expectContract(SSO, res);
      expect(res.body, appToken).toMatchObject({ code: 1, errCode: 21 });
    }
  });

  it('refuses an expired token and one that claims to live longer than 5 minutes', async () => {
    const uid = await demoUid();
    const t = mint(uid);
    clock.advance(SSO_TOKEN_MAX_TTL_MS);
    expect((await server.post(SSO, body(t))).body).toMatchObject({ code: 1, errCode: 21 });
    expect((await server.post(SSO, body(t), { Scene: 'STB' })).body).toMatchObject({ code: 1, errCode: 201 });

    const longLived = mint(uid, { ttlMs: 60 * 60_000 });
    expect((await server.post(SSO, body(longLived))).body).toMatchObject({ code: 1, errCode: 21 });
    const justInside = mint(uid, { ttlMs: SSO_TOKEN_MAX_TTL_MS });
    expect((await server.post(SSO, body(justInside))).body.code).toBe(0);
  });

  it('refuses a URL whose accountId or loginId is not the token’s', async () => {
    const uid = await demoUid();
    const t = mint(uid);
    expect((await server.post(SSO, { ...body(t), accountId: String(Number(uid) + 5) })).body.errCode).toBe(21);
    expect((await server.post(SSO, { ...body(t), loginId: 'someone-else' })).body.errCode).toBe(21);
    expect((await server.post(SSO, { ...body(t), loginId: 'someone-else' }, { Scene: 'STB' })).body.errCode).toBe(201);
  });

  it('a good token for an account that cannot log in: 1, 197, 7004 or 9; always 203 in the STB scene', async () => {
    const blocked = await insertAccount(server.db, { email: 'blocked@example.com', status: 'blocked' });
    const notAllowed = await insertAccount(server.db, { email: 'not-allowed@example.com', status: 'login_not_allowed' });
    const unverified = await insertAccount(server.db, { email: 'unverified@example.com', verified: false });
    const cases: [string, number][] = [
      ['999999999', 1],
      ['not-a-number', 1],
      [blocked, 7004],
      [notAllowed, 197],
      [unverified, 9],
    ];
    for (const [uid, errCode] of cases) {
      const web = await server.post(SSO, body(mint(uid)), { Language: 'pt' });
      expectContract(SSO, web);
      expect(web.body, uid).toMatchObject({ code: 1, errCode });
      const stb = await server.post(SSO, body(mint(uid)), { Scene: 'STB' });
      expect(stb.body, uid).toMatchObject({ code: 1, errCode: 203 });
    }
    expect(await server.db.query('SELECT 1 FROM sessions WHERE account_uid = ANY($1::bigint[])', [[blocked, notAllowed, unverified]])).toEqual([]);
  });

  it('the door refuses what the contract refuses (5000)', async () => {
    const res = await server.post(SSO, { appToken: 'has spaces', accountId: '1', loginId: 'x' });
    expect(res.status).toBe(400);
    expectContract(SSO, res);
    expect(res.body.errCode).toBe(5000);
    expect((await server.post(SSO, { appToken: 'x.y', accountId: '1' })).body.errCode).toBe(5000);
  });

  it('spent loginIds are kept only as long as their token could be used', async () => {
    const uid = await demoUid();
    const t = mint(uid);
    expect((await server.post(SSO, body(t))).body.code).toBe(0);
    expect(await server.db.query('SELECT 1 FROM sso_logins WHERE login_id = $1', [t.loginId])).toHaveLength(1);
    clock.advance(SSO_TOKEN_MAX_TTL_MS + 1);
    expect((await server.post(SSO, body(mint(uid)))).body.code).toBe(0);
    expect(await server.db.query('SELECT 1 FROM sso_logins WHERE login_id = $1', [t.loginId])).toHaveLength(0);
  });

  it('GET /dev/sso-link gives a portal URL with t, a and e that logs in once', async () => {
    const uid = await demoUid();
    const res = await server.app.inject({ method: 'GET', url: `/dev/sso-link?uid=${uid}&scene=STB&lang=pt` });
    expect(res.statusCode).toBe(200);
    const link = res.json() as { url: string; appToken: string; accountId: string; loginId: string; expiresAt: number };
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe(`${server.services.config.publicUrl}/pricing-table`);
    expect(url.searchParams.get('r')).toBe('STB');
    expect(url.searchParams.get('la')).toBe('pt');
    const fromUrl = { appToken: url.searchParams.get('t')!, accountId: url.searchParams.get('a')!, loginId: url.searchParams.get('e')! };
    expect(fromUrl).toEqual({ appToken: link.appToken, accountId: uid, loginId: link.loginId });
    expect(link.expiresAt).toBe(clock.now() + SSO_TOKEN_MAX_TTL_MS);
    expect((await server.post(SSO, fromUrl, { Scene: 'STB' })).body.code).toBe(0);
    expect((await server.post(SSO, fromUrl, { Scene: 'STB' })).body.errCode).toBe(201);
  });

  it('GET /dev/sso-link also finds the account by e-mail, and explains what it needs', async () => {
    const byEmail = await server.app.inject({ method: 'GET', url: '/dev/sso-link?email=Demo@Aurora.example' });
    expect(byEmail.json().accountId).toBe(await demoUid());
    const missing = await server.app.inject({ method: 'GET', url: '/dev/sso-link' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/uid/);
  });
});

describe('token log-in with a configured SSO_SECRET', () => {
  const secret = 'platform-and-portal-share-this-secret-0123456789';
  const server = useTestServer({ SSO_SECRET: secret });

  it('accepts tokens signed with SSO_SECRET and refuses ones signed with the development key', async () => {
    const uid = String((await server.db.query<{ uid: number }>("SELECT uid FROM accounts WHERE email = 'demo@aurora.example'"))[0]!.uid);
    const now = Date.now();
    const good = platformToken(secret, { uid, loginId: 'configured-1', exp: now + 120_000 });
    expect((await server.post(SSO, { appToken: good, accountId: uid, loginId: 'configured-1' })).body.code).toBe(0);
    const dev = mintSsoToken(deriveKey(server.services.secret, 'sso'), { uid, now, loginId: 'configured-2' });
    expect((await server.post(SSO, { appToken: dev.appToken, accountId: uid, loginId: 'configured-2' })).body.errCode).toBe(21);
  });
});

describe('token log-in in production without SSO_SECRET', () => {
  const server = useTestServer({ NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) });

  it('is off: 4598, and the development link does not exist', async () => {
    const res = await server.post(SSO, { appToken: 'a.b', accountId: '100001', loginId: 'x' }, { Language: 'en' });
    expect(res.status).toBe(200);
    expectContract(SSO, res);
    expect(res.body).toEqual({ code: 1, errCode: 4598, msg: 'Operation not supported' });
    const link = await server.app.inject({ method: 'GET', url: '/dev/sso-link?uid=100001' });
    expect(link.body).not.toContain('appToken');
    expect(resolveSsoKey(server.services.config, server.services.secret)).toBeNull();
  });
});

describe('checkSsoToken', () => {
  it('names why a token is refused', () => {
    const key = Buffer.alloc(32, 1);
    const now = 1_767_225_600_000;
    const t = mintSsoToken(key, { uid: '100001', loginId: 'abc', now });
    expect(checkSsoToken(key, t, now)).toMatchObject({ ok: true, claims: { uid: '100001', loginId: 'abc', exp: now + SSO_TOKEN_MAX_TTL_MS } });
    expect(checkSsoToken(key, t, t.expiresAt)).toEqual({ ok: false, reason: 'expired' });
    expect(checkSsoToken(Buffer.alloc(32, 2), t, now)).toEqual({ ok: false, reason: 'signature' });
    expect(checkSsoToken(key, { ...t, loginId: 'abd' }, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkSsoToken(key, mintSsoToken(key, { uid: '1', now, ttlMs: 10 * 60_000 }), now)).toEqual({ ok: false, reason: 'lifetime' });
  });
});
