/**
 * The sandbox's account removal (server/routes/sandbox-accounts.ts), which the browser suite's
 * fixtures call after each test (e2e/fixtures.ts): the account goes with everything the portal
 * holds of it, and nobody else's; a production server has no such call, demo site or not
 * (docs/decisions/035).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestAccount, loginBody, uniquePhone, type TestAccount } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const development = useTestServer();
const demoSite = useTestServer({
  NODE_ENV: 'production',
  APP_SECRET: 'production-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://tv.example.com',
  PAYMENTS: 'sandbox',
});

type Server = typeof development;
const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '737', holder: 'Ana Souza', save: true };

const remove = (server: Server, account: string, areaCode?: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/sandbox/accounts/${encodeURIComponent(account)}${areaCode ? `?areaCode=${areaCode}` : ''}` });

/** A customer who paid plan 1 by a saved card and sent a receipt for a bank transfer. */
async function customerWithHistory(server: Server): Promise<TestAccount> {
  const account = await createTestAccount(server);
  const login = await server.post('/api/user/login/v1', loginBody(account));
  const auth = { Authorization: login.body.data.token as string, Language: 'en' };
  const paid = await server.post(
    '/api/bill/pay/v1',
    { planId: '1', method: 'card', currency: 'BRL', country: 'BR', email: account.email, card },
    { ...auth, 'Idempotency-Key': randomBytes(8).toString('hex') },
  );
  expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
  const transfer = await server.post(
    '/api/bill/pay/v1',
    { planId: '2', method: 'bank_transfer', currency: 'BRL', country: 'BR', email: account.email, payer: { firstName: 'Ana', lastName: 'Souza' } },
    auth,
  );
  expect(transfer.body.code).toBe(0);
  const objectKey = `proofs/${randomBytes(8).toString('hex')}`;
  await server.db.query(
    "INSERT INTO uploads (object_key, account_uid, content_type, size, sha256, data, created_at) VALUES ($1, $2, 'image/png', 1, 'x', $3, now())",
    [objectKey, account.uid, Buffer.from([1])],
  );
  await server.db.query('UPDATE orders SET proof_key = $1 WHERE id = $2', [objectKey, transfer.body.data.orderId]);
  return account;
}

/** Per table that names an account, how many of its rows name this one. */
async function rowsOf(server: Server, uid: number): Promise<Record<string, number>> {
  const tables = await server.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.columns WHERE column_name = 'account_uid' AND table_schema = current_schema() ORDER BY table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    counts[table] = (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE account_uid = $1`, [uid]))[0]!.n;
  }
  counts.accounts = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE uid = $1', [uid]))[0]!.n;
  return counts;
}

describe('removing an account in the sandbox', () => {
  it('removes a customer with orders, a saved card, a subscription and an upload, and nobody else', async () => {
    const gone = await customerWithHistory(development);
    const kept = await customerWithHistory(development);
    const before = await rowsOf(development, gone.uid);
    const keptBefore = await rowsOf(development, kept.uid);
    for (const table of ['orders', 'cards', 'subscriptions', 'idempotency_keys', 'uploads', 'sessions']) expect(before[table], table).toBeGreaterThan(0);

    const res = await remove(development, gone.account.toUpperCase());
    expect(res.statusCode).toBe(204);
    expect(Object.entries(await rowsOf(development, gone.uid)).filter(([, n]) => n > 0)).toEqual([]);
    expect((await development.post('/api/user/login/v1', loginBody(gone))).body.code).toBe(1);
    expect(await rowsOf(development, kept.uid)).toEqual(keptBefore);
    expect((await development.post('/api/user/login/v1', loginBody(kept))).body.code).toBe(0);
  });

  it('finds a phone account by its digits and country code; a second removal finds nothing', async () => {
    const phone = await createTestAccount(development, { phone: uniquePhone() });
    expect((await remove(development, phone.account)).statusCode).toBe(404);
    expect((await remove(development, phone.account, phone.areaCode)).statusCode).toBe(204);
    expect((await remove(development, phone.account, phone.areaCode)).statusCode).toBe(404);
    expect((await rowsOf(development, phone.uid)).accounts).toBe(0);
  });

  it('does not exist on a production server, even a demo site with the sandbox providers', async () => {
    const account = await createTestAccount(demoSite);
    expect((await remove(demoSite, account.account)).statusCode).toBe(404);
    expect((await rowsOf(demoSite, account.uid)).accounts).toBe(1);
    expect((await flagForReset(demoSite, account.account)).statusCode).toBe(404);
  });
});

const flagForReset = (server: Server, account: string) =>
  server.app.inject({ method: 'POST', url: `/api/sandbox/accounts/${encodeURIComponent(account)}/must-reset-password` });

describe('flagging an account for a password reset in the sandbox (spec section 6)', () => {
  it('makes the next purchase answer -2500 until the password is reset', async () => {
    const account = await createTestAccount(development);
    const auth = { Authorization: (await development.post('/api/user/login/v1', loginBody(account))).body.data.token as string, Language: 'en' };
    expect((await development.post('/api/site/checkPlanAvailable/v1', { planId: '1' }, auth)).body.code).toBe(0);
    expect((await flagForReset(development, account.account)).statusCode).toBe(204);
    expect((await development.post('/api/site/checkPlanAvailable/v1', { planId: '1' }, auth)).body.errCode).toBe(-2500);
    expect((await flagForReset(development, 'nobody@example.com')).statusCode).toBe(404);
  });
});
