import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_KEYS_MAX_AGE_MS, nicknameFrom } from '../../server/auth/google';
import { createFakeClock } from '../../server/clock';
import { expectContract } from '../helpers/expect-contract';
import { useTestServer } from '../helpers/test-server';

const CLIENT = '/api/user/google/client/v1';
const LOGIN = '/api/user/google/login/v1';
const SIGNUP = '/api/user/google/signup/v1';
const CLIENT_ID = '1234567890-portal.apps.googleusercontent.com';

/** Our own stand-in for https://www.googleapis.com/oauth2/v3/certs on 127.0.0.1. */
async function startJwks(keys: JWK[]): Promise<{ url: string; hits: () => number; setDown(down: boolean): void; close(): Promise<void> }> {
  let hits = 0;
  let down = false;
  const server: Server = createServer((req, res) => {
    hits++;
    if (req.url !== '/oauth2/v3/certs' || down) {
      res.writeHead(down ? 503 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    hits: () => hits,
    setDown: (value) => {
      down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Signer {
  privateKey: CryptoKey;
  kid: string;
}

describe('Google sign-in with a client id', () => {
  const clock = createFakeClock();
  const env: NodeJS.ProcessEnv = { GOOGLE_CLIENT_ID: CLIENT_ID };
  let jwks: Awaited<ReturnType<typeof startJwks>>;
  let google: Signer;
  let impostor: Signer;

  // Runs before the test server's own start-up hook, so the server is built pointing at our keys.
  beforeAll(async () => {
    const real = await generateKeyPair('RS256', { extractable: true });
    const fake = await generateKeyPair('RS256', { extractable: true });
    google = { privateKey: real.privateKey, kid: 'google-key-1' };
    impostor = { privateKey: fake.privateKey, kid: 'google-key-1' };
    jwks = await startJwks([{ ...(await exportJWK(real.publicKey)), kid: 'google-key-1', alg: 'RS256', use: 'sig' }]);
    env.GOOGLE_JWKS_URL = jwks.url;
  });
  afterAll(() => jwks?.close());
  const server = useTestServer(env, { clock });

  let subCounter = 0;
  async function idToken(
    claims: { sub?: string; email?: string; email_verified?: unknown; name?: string } = {},
    {
      signer = google,
      aud = CLIENT_ID,
      iss = 'https://accounts.google.com',
      lifetimeS = 3600,
      iatOffsetS = 0,
      kid,
    }: { signer?: Signer; aud?: string; iss?: string; lifetimeS?: number; iatOffsetS?: number; kid?: string } = {},
  ) {
    const iat = Math.floor(clock.now() / 1000) + iatOffsetS;
    return new SignJWT({ email: `person${++subCounter}@gmail.com`, email_verified: true, name: 'Ana Souza', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: kid ?? signer.kid, typ: 'JWT' })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject(claims.sub ?? `10876543210${subCounter}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeS)
      .sign(signer.privateKey);
  }

  it('GET /api/user/google/client/v1 offers the configured client id', async () => {
    const res = await server.get(CLIENT);
    expectContract('get', CLIENT, res);
    expect(res.body).toEqual({ code: 0, data: { enabled: true, clientId: CLIENT_ID } });
  });

  it('sign-up creates a verified e-mail account linked to the Google identity and logs it in', async () => {
    const credential = await idToken({ sub: 'sub-signup-1', email: 'Nova.Pessoa@Gmail.com', name: 'Nova Pessoa!' });
    const res = await server.post(SIGNUP, { credential, acceptTerms: true, language: 'es' });
    expect(res.status).toBe(200);
    expectContract('post', SIGNUP, res);
    expect(res.body.data).toMatchObject({ account: 'nova.pessoa@gmail.com', type: 'email', accountLoginType: 'google' });
    const [row] = await server.db.query<Record<string, unknown>>(
      'SELECT uid, nickname, google_sub, language, verified_at IS NOT NULL AS verified, terms_accepted_at IS NOT NULL AS terms, password_hash FROM accounts WHERE email = $1',
      ['nova.pessoa@gmail.com'],
    );
    expect(row).toMatchObject({ nickname: 'Nova Pessoa', google_sub: 'sub-signup-1', language: 'es', verified: true, terms: true, password_hash: null });
    expect(String(row!.uid)).toBe(res.body.data.uid);

    const info = await server.post(
      '/api/user/queryInfo/v1',
      { uid: res.body.data.uid, account: res.body.data.account, type: 'email' },
      { Authorization: res.body.data.token },
    );
    expect(info.body.code).toBe(0);
    // The same identity logs in afterwards.
    const login = await server.post(LOGIN, { credential: await idToken({ sub: 'sub-signup-1', email: 'nova.pessoa@gmail.com' }) });
    expect(login.body.data).toMatchObject({ uid: res.body.data.uid, accountLoginType: 'google' });
  });

  it('sign-up of an identity or an address that already has an account answers 6', async () => {
    const first = await idToken({ sub: 'sub-signup-2', email: 'twice@gmail.com' });
    expect((await server.post(SIGNUP, { credential: first, acceptTerms: true, language: 'pt' })).body.code).toBe(0);
    for (const credential of [await idToken({ sub: 'sub-signup-2', email: 'changed@gmail.com' }), await idToken({ email: 'demo@aurora.example' })]) {
      const res = await server.post(SIGNUP, { credential, acceptTerms: true, language: 'pt' }, { Language: 'en' });
      expectContract('post', SIGNUP, res);
      expect(res.body).toEqual({ code: 1, errCode: 6, msg: 'Account already exists' });
    }
  });

  it('sign-up without accepting the terms is refused at the door (5000)', async () => {
    const res = await server.post(SIGNUP, { credential: await idToken(), acceptTerms: false, language: 'pt' });
    expect(res.status).toBe(400);
    expectContract('post', SIGNUP, res);
    expect(res.body.errCode).toBe(5000);
  });

  it('log-in by a verified e-mail of ours links the Google identity to that account', async () => {
    const [demo] = await server.db.query<{ uid: number }>("SELECT uid FROM accounts WHERE email = 'demo@aurora.example'");
    const res = await server.post(LOGIN, { credential: await idToken({ sub: 'sub-demo', email: 'DEMO@aurora.example' }) });
    expectContract('post', LOGIN, res);
    expect(res.body.data).toMatchObject({ uid: String(demo!.uid), account: 'demo@aurora.example', accountLoginType: 'google' });
    const [row] = await server.db.query<{ google_sub: string }>('SELECT google_sub FROM accounts WHERE uid = $1', [demo!.uid]);
    expect(row!.google_sub).toBe('sub-demo');
    // Linked by the identity now, even if the Google address changes later.
    const later = await server.post(LOGIN, { credential: await idToken({ sub: 'sub-demo', email: 'renamed@gmail.com' }) });
    expect(later.body.data.uid).toBe(String(demo!.uid));
  });

  it('log-in with no matching account answers 1', async () => {
    const res = await server.post(LOGIN, { credential: await idToken({ email: 'nobody-here@gmail.com' }) }, { Language: 'pt' });
    expectContract('post', LOGIN, res);
    expect(res.body).toMatchObject({ code: 1, errCode: 1 });
  });

  it('never links an unconfirmed account (9) or one another Google identity owns (187)', async () => {
    await server.db.query("INSERT INTO accounts (type, email, nickname) VALUES ('email', 'pending@gmail.com', 'Pending')");
    await server.db.query(
      "INSERT INTO accounts (type, email, nickname, verified_at, google_sub) VALUES ('email', 'owned@gmail.com', 'Owned', now(), 'sub-original')",
    );
    const pending = await server.post(LOGIN, { credential: await idToken({ email: 'pending@gmail.com' }) });
    expectContract('post', LOGIN, pending);
    expect(pending.body.errCode).toBe(9);
    const owned = await server.post(LOGIN, { credential: await idToken({ sub: 'sub-recycled', email: 'owned@gmail.com' }) });
    expect(owned.body.errCode).toBe(187);
    expect(
      (await server.db.query<{ google_sub: string | null }>("SELECT google_sub FROM accounts WHERE email = 'pending@gmail.com'"))[0]!.google_sub,
    ).toBeNull();
  });

  it('an account that may not log in: 197; a blocked one: 7004', async () => {
    await server.db.query(
      "INSERT INTO accounts (type, email, nickname, verified_at, status, google_sub) VALUES ('email', 'na@gmail.com', 'Na', now(), 'login_not_allowed', 'sub-na')",
    );
    await server.db.query(
      "INSERT INTO accounts (type, email, nickname, verified_at, status, google_sub) VALUES ('email', 'bl@gmail.com', 'Bl', now(), 'blocked', 'sub-bl')",
    );
    expect((await server.post(LOGIN, { credential: await idToken({ sub: 'sub-na', email: 'na@gmail.com' }) })).body.errCode).toBe(197);
    expect((await server.post(LOGIN, { credential: await idToken({ sub: 'sub-bl', email: 'bl@gmail.com' }) })).body.errCode).toBe(7004);
  });

  it('an address Google has not verified is not taken (187), for log-in and sign-up', async () => {
    for (const path of [LOGIN, SIGNUP]) {
      for (const emailVerified of [false, 'true', undefined]) {
        const credential = await idToken({ email: 'demo@aurora.example', email_verified: emailVerified });
        const res = await server.post(path, path === LOGIN ? { credential } : { credential, acceptTerms: true, language: 'pt' });
        expectContract('post', path, res);
        expect(res.body.errCode, `${path} ${String(emailVerified)}`).toBe(187);
      }
    }
  });

  it('refuses a bad signature, a foreign audience, a foreign issuer, an expired token and an unknown key (21)', async () => {
    const cases: Record<string, string> = {
      'signed by another key under Google’s key id': await idToken({ email: 'demo@aurora.example' }, { signer: impostor }),
      'for another client id': await idToken({ email: 'demo@aurora.example' }, { aud: 'someone-else.apps.googleusercontent.com' }),
      'from another issuer': await idToken({ email: 'demo@aurora.example' }, { iss: 'https://accounts.example.com' }),
      'expired an hour ago': await idToken({ email: 'demo@aurora.example' }, { iatOffsetS: -7200, lifetimeS: 3600 }),
      'with a key id Google does not publish': await idToken({ email: 'demo@aurora.example' }, { kid: 'unknown-key' }),
    };
    for (const [name, credential] of Object.entries(cases)) {
      for (const path of [LOGIN, SIGNUP]) {
        const res = await server.post(path, path === LOGIN ? { credential } : { credential, acceptTerms: true, language: 'pt' }, { Language: 'en' });
        expectContract('post', path, res);
        expect(res.body, `${path}: ${name}`).toEqual({ code: 1, errCode: 21, msg: 'Invalid token' });
      }
    }
  });

  it('a token expires by the server’s clock', async () => {
    const credential = await idToken({ sub: 'sub-expiring', email: 'expiring@gmail.com' }, { lifetimeS: 600 });
    expect((await server.post(SIGNUP, { credential, acceptTerms: true, language: 'pt' })).body.code).toBe(0);
    expect((await server.post(LOGIN, { credential })).body.code).toBe(0);
    clock.advance(11 * 60_000);
    expect((await server.post(LOGIN, { credential })).body.errCode).toBe(21);
  });

  it('refuses unsigned and symmetric-key tokens: there is no path that trusts a token', async () => {
    const now = Math.floor(clock.now() / 1000);
    const claims = {
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: 'sub-demo',
      email: 'demo@aurora.example',
      email_verified: true,
      iat: now,
      exp: now + 600,
    };
    const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const hmac = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'google-key-1' }).sign(new TextEncoder().encode('x'.repeat(32)));
    for (const credential of [unsigned, hmac, `${b64({ alg: 'RS256', kid: 'google-key-1' })}.${b64(claims)}.${'A'.repeat(342)}`]) {
      const res = await server.post(LOGIN, { credential });
      expectContract('post', LOGIN, res);
      expect(res.body.errCode).toBe(21);
    }
  });

  it('a credential that is not a JWT is refused at the door (5000)', async () => {
    const res = await server.post(LOGIN, { credential: 'definitely not a jwt' });
    expect(res.status).toBe(400);
    expect(res.body.errCode).toBe(5000);
  });

  it('Google’s keys are fetched from the configured URL and cached', async () => {
    const before = jwks.hits();
    await server.post(LOGIN, { credential: await idToken({ email: 'demo@aurora.example' }) });
    expect(jwks.hits()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('Google’s keys age by the server’s clock: fetched again past their age, -24050 while that fails (ADR 075)', async () => {
    // 1: the credential was verified (no account has its address), so the keys were at hand.
    const stranger = async () => (await server.post(LOGIN, { credential: await idToken({ email: `keys-${subCounter}@gmail.com` }) })).body.errCode;
    expect(await stranger()).toBe(1);
    const before = jwks.hits();
    jwks.setDown(true);
    try {
      clock.advance(GOOGLE_KEYS_MAX_AGE_MS - 1_000);
      expect(await stranger()).toBe(1);
      expect(jwks.hits()).toBe(before);
      clock.advance(1_000);
      const res = await server.post(LOGIN, { credential: await idToken({ email: 'demo@aurora.example' }) });
      expect(res.status).toBe(503);
      expectContract('post', LOGIN, res);
      expect(res.body.errCode).toBe(-24050);
      expect(jwks.hits()).toBe(before + 1);
    } finally {
      jwks.setDown(false);
    }
    // Back as soon as Google answers again, with no wait.
    expect(await stranger()).toBe(1);
    expect(jwks.hits()).toBe(before + 2);
    expect(await stranger()).toBe(1);
    expect(jwks.hits()).toBe(before + 2);
  });
});

describe('Google sign-in without a client id', () => {
  const server = useTestServer();

  it('the client call says it is off, so the app hides the button', async () => {
    const res = await server.get(CLIENT);
    expectContract('get', CLIENT, res);
    expect(res.body).toEqual({ code: 0, data: { enabled: false, clientId: '' } });
  });

  it('log-in and sign-up answer 4598', async () => {
    const credential = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const login = await server.post(LOGIN, { credential }, { Language: 'en' });
    expectContract('post', LOGIN, login);
    expect(login.body).toEqual({ code: 1, errCode: 4598, msg: 'Operation not supported' });
    const signup = await server.post(SIGNUP, { credential, acceptTerms: true, language: 'en' });
    expectContract('post', SIGNUP, signup);
    expect(signup.body.errCode).toBe(4598);
  });
});

describe('Google sign-in when Google’s keys cannot be fetched', () => {
  const server = useTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/oauth2/v3/certs' });

  it('answers -24050 with HTTP 503, never a log-in', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const credential = await new SignJWT({ email: 'demo@aurora.example', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer('accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject('s')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const res = await server.post(LOGIN, { credential });
    expect(res.status).toBe(503);
    expectContract('post', LOGIN, res);
    expect(res.body.errCode).toBe(-24050);
  });
});

describe('nicknameFrom', () => {
  it('keeps the name as written (words, hyphens, apostrophes; ADR 040), at most 32, else the address’s local part', () => {
    expect(nicknameFrom({ name: 'José da Silva-Júnior', email: 'j@x.com' })).toBe('José da Silva-Júnior');
    expect(nicknameFrom({ name: 'Иван Петров', email: 'i@x.com' })).toBe('Иван Петров');
    expect(nicknameFrom({ name: 'Dr. Ana (TV)', email: 'i@x.com' })).toBe('Dr Ana TV');
    expect(nicknameFrom({ name: '!!!', email: 'first.last+tv@x.com' })).toBe('first last tv');
    expect(nicknameFrom({ name: undefined, email: '...@x.com' })).toBe('user');
    expect(Array.from(nicknameFrom({ name: 'x'.repeat(40), email: 'a@b.c' }))).toHaveLength(32);
  });
});
