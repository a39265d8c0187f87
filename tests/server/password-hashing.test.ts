import { describe, expect, it } from 'vitest';
import { createPasswordHasher, defaultHashConcurrency, HashQueueFullError } from '../../server/security/passwords';
import { createTestAccount, loginBody } from '../helpers/accounts';
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
});
