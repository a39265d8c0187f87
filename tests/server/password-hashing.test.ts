import { describe, expect, it } from 'vitest';
import { createPasswordHasher, defaultHashConcurrency, HashQueueFullError } from '../../server/security/passwords';
import { createTestAccount, loginBody, uniqueEmail, uniquePhone } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

describe('password hashing limits (docs/decisions/027)', () => {
  it('leaves a core to the event loop and a thread of the pool to other work', () => {
    expect(defaultHashConcurrency(1, 4)).toBe(1);
    expect(defaultHashConcurrency(2, 4)).toBe(1);
    expect(defaultHashConcurrency(4, 4)).toBe(3);
    expect(defaultHashConcurrency(16, 4)).toBe(3);
    expect(defaultHashConcurrency(16, 8)).toBe(7);
  });

  it('runs `concurrency` hashes, queues `maxWaiting` more and refuses the rest', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 1 });
    const running = hasher.hash('first-password-1');
    const queued = hasher.hash('second-password-2');
    await expect(hasher.hash('third-password-3')).rejects.toBeInstanceOf(HashQueueFullError);
    const [first, second] = await Promise.all([running, queued]);
    expect(await hasher.verify(first, 'first-password-1')).toBe(true);
    expect(await hasher.verify(second, 'first-password-1')).toBe(false);
    // The queue drained: there is room again.
    await expect(hasher.hash('fourth-password-4')).resolves.toMatch(/^\$argon2id\$/);
  });

  it('hashes off the event loop: it keeps turning while a hash runs', async () => {
    const hasher = createPasswordHasher({ concurrency: 1 });
    let turns = 0;
    let hashing = true;
    const spin = () => {
      turns++;
      if (hashing) setImmediate(spin);
    };
    setImmediate(spin);
    await hasher.hash('a-password-to-hash');
    hashing = false;
    expect(turns).toBeGreaterThan(1);
  });
});

describe('a log-in beyond the hashing queue', () => {
  const real = createPasswordHasher();
  const server = useTestServer({}, { hasher: { hash: real.hash, verify: () => Promise.reject(new HashQueueFullError()) } });

  it('answers 503 serviceBusy (-24040) in the caller language, and locks nobody out', async () => {
    const account = await createTestAccount(server);
    const res = await server.post('/api/user/login/v1', loginBody(account), { Language: 'pt' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 1, errCode: -24040 });
    expect(res.body.msg).toBe(server.services.errorText(-24040, 'pt'));
    expect(await server.db.query('SELECT 1 FROM auth_failures WHERE account_uid = $1', [account.uid])).toEqual([]);
  });

  it('an identifier no account has answers 503 too, and counts no failure', async () => {
    const res = await server.post('/api/user/login/v1', { account: uniqueEmail('nobody'), password: 'whatever-1' });
    expect(res.body).toMatchObject({ code: 1, errCode: -24040 });
    const rows = await server.db.query<{ n: number }>("SELECT coalesce(sum(count), 0)::int AS n FROM request_counters WHERE bucket = 'loginFailure:unknown'");
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the stored hash', () => {
  const server = useTestServer();

  /** `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (PHC string format), salt and hash unpadded base64. */
  function parsePhc(phc: string) {
    const [, id, version, params, salt, hash] = phc.split('$');
    return {
      id,
      version,
      params: Object.fromEntries(
        params!
          .split(',')
          .map((kv) => kv.split('='))
          .map(([k, v]) => [k, Number(v)]),
      ),
      saltBytes: Buffer.from(salt!, 'base64').length,
      hashBytes: Buffer.from(hash!, 'base64').length,
    };
  }

  it.each([
    ['64 characters', 'a-64-character-passphrase-'.repeat(3).slice(0, 64)],
    ['the longest accepted, 128 characters', 'Ω'.repeat(64) + 'z'.repeat(64)],
  ])('a sign-up with %s stores argon2id m=19456 t=2 p=1 and logs in with it', async (_name, password) => {
    expect([64, 128]).toContain(password.length);
    const phone = uniquePhone();
    const signup = await server.post('/api/user/signup/v1', { account: phone, areaCode: '55', password, nickname: 'Hash', acceptTerms: true, language: 'en' });
    expect(signup.body.code).toBe(0);
    const [row] = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE area_code = $1 AND phone = $2', ['55', phone]);
    const phc = parsePhc(row!.password_hash);
    expect(phc).toEqual({ id: 'argon2id', version: 'v=19', params: { m: 19_456, t: 2, p: 1 }, saltBytes: phc.saltBytes, hashBytes: 32 });
    expect(phc.saltBytes).toBeGreaterThanOrEqual(16);
    expect((await server.post('/api/user/login/v1', { account: phone, areaCode: '55', password })).body.code).toBe(0);
    expect((await server.post('/api/user/login/v1', { account: phone, areaCode: '55', password: password.slice(0, -1) })).body.errCode).toBe(4596);
    console.log(
      `argon2: ${phc.id} v=19 m=${phc.params.m} t=${phc.params.t} p=${phc.params.p}, salt ${phc.saltBytes} B, hash ${phc.hashBytes} B, ${password.length}-character password logs in`,
    );
  });
});
