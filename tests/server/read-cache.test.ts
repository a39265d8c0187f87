import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres, type Database } from '../../server/db/database';
import { createTestAccount, loggedInCustomer } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

/**
 * The answers kept in memory (docs/decisions/027) change as soon as the rows they come from
 * change: through the server, through SQL in this process, and on PostgreSQL through another
 * server process on the same database.
 */
const server = useTestServer();

const THEME = '/api/site/theme/v1';
const SITE_CONFIG = '/api/site/get/config/v1';
const PLANS = '/api/site/listPlans/v1';

async function raw(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}
const themeName = async (app: FastifyInstance = server.app) => (await raw(app, THEME)).json().data.name as string;

/** Renames the theme for the time of `check`. */
async function withThemeName(db: Database, name: string, check: () => Promise<void>) {
  const [row] = await db.query<{ value: { name: string } }>("SELECT value FROM site_settings WHERE key = 'theme'");
  const before = row!.value.name;
  await db.query("UPDATE site_settings SET value = jsonb_set(value, '{name}', to_jsonb($1::text)) WHERE key = 'theme'", [name]);
  try {
    await check();
  } finally {
    await db.query("UPDATE site_settings SET value = jsonb_set(value, '{name}', to_jsonb($1::text)) WHERE key = 'theme'", [before]);
  }
}

describe('cached public reads', () => {
  it('the theme and the site configuration change right after their rows do', async () => {
    expect(await themeName()).toBe('Aurora TV');
    await withThemeName(server.db, 'Aurora Plus', async () => {
      expect(await themeName()).toBe('Aurora Plus');
    });
    expect(await themeName()).toBe('Aurora TV');

    expect((await server.get(SITE_CONFIG)).body.data.upgradePolicy).toBe(true);
    await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', 'false') WHERE key = 'siteConfig'`);
    try {
      expect((await server.get(SITE_CONFIG)).body.data.upgradePolicy).toBe(false);
    } finally {
      await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', 'true') WHERE key = 'siteConfig'`);
    }
    expect((await server.get(SITE_CONFIG)).body.data.upgradePolicy).toBe(true);
  });

  it('a change made in a transaction shows once it commits, and not at all when it rolls back', async () => {
    await themeName();
    await server.db
      .transaction(async (tx) => {
        await tx.query("UPDATE languages SET enabled = false WHERE code = 'es'");
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await server.get(THEME)).body.data.langs).toEqual(['pt', 'en', 'es', 'ru']);
    await server.db.transaction(async (tx) => {
      await tx.query("UPDATE languages SET enabled = false WHERE code = 'es'");
    });
    try {
      expect((await server.get(THEME)).body.data.langs).toEqual(['pt', 'en', 'ru']);
    } finally {
      await server.db.query("UPDATE languages SET enabled = true WHERE code = 'es'");
    }
  });

  it('the pricing table is kept per language and filter, and each changes with its rows', async () => {
    const name = async (headers: Record<string, string>, query = '') =>
      (await server.get(`${PLANS}${query}`, headers)).body.data.find((p: { id: string }) => p.id === '2')?.name as string | undefined;
    const pt = await name({ Language: 'pt' });
    const en = await name({ Language: 'en' });
    expect(pt).not.toBe(en);
    expect(await name({ Language: 'en' }, '?language=pt')).toBe(pt);
    expect(await name({ Language: 'pt' }, '?period=180')).toBeUndefined();

    await server.db.query("UPDATE plan_texts SET name = 'Mensal (novo)' WHERE plan_id = 2 AND lang = 'pt'");
    try {
      expect(await name({ Language: 'pt' })).toBe('Mensal (novo)');
      expect(await name({ Language: 'en' }, '?language=pt')).toBe('Mensal (novo)');
      expect(await name({ Language: 'en' })).toBe(en);
    } finally {
      await server.db.query('UPDATE plan_texts SET name = $1 WHERE plan_id = 2 AND lang = $2', [pt, 'pt']);
    }

    const price = async () => (await server.get(PLANS, { Language: 'pt' })).body.data.find((p: { id: string }) => p.id === '2').prices;
    const before = await price();
    await server.db.query("UPDATE plan_prices SET amount_minor = amount_minor + 100 WHERE plan_id = 2 AND currency = 'BRL'");
    try {
      expect((await price()).find((p: { currency: string }) => p.currency === 'BRL').amount).toBe(
        before.find((p: { currency: string }) => p.currency === 'BRL').amount + 100,
      );
    } finally {
      await server.db.query("UPDATE plan_prices SET amount_minor = amount_minor - 100 WHERE plan_id = 2 AND currency = 'BRL'");
    }
  });

  it("a signed-in caller's pricing table is their own, never the one kept for everyone", async () => {
    const listed = async (headers: Record<string, string>) =>
      (await server.get(PLANS, headers)).body.data.find((p: { id: string }) => p.id === '1').prices.find((p: { currency: string }) => p.currency === 'BRL')
        .amount as number;
    const list = await listed({ Language: 'en' });
    const { account, auth } = await loggedInCustomer(server);
    await server.db.query("INSERT INTO account_plan_prices (account_uid, plan_id, currency, amount_minor) VALUES ($1, 1, 'BRL', 1990)", [account.uid]);
    expect(await listed(auth)).toBe(1990);
    expect(await listed({ Language: 'en' })).toBe(list);
    expect(await listed({ ...auth, Authorization: 'null' })).toBe(list);
  });

  it('answers with an entity tag, 304 while it holds and a new answer once the rows change', async () => {
    const first = await raw(server.app, PLANS, { Language: 'pt' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.vary).toBe('Language, Authorization');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await raw(server.app, PLANS, { Language: 'pt', 'If-None-Match': `"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await raw(server.app, PLANS, { Language: 'en', 'If-None-Match': etag })).statusCode).toBe(200);

    await server.db.query('UPDATE plans SET popular = NOT popular WHERE id = 1');
    try {
      const changed = await raw(server.app, PLANS, { Language: 'pt', 'If-None-Match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await server.db.query('UPDATE plans SET popular = NOT popular WHERE id = 1');
    }
  });

  it('requests the contract refuses are refused, kept answer or not', async () => {
    await server.get(THEME);
    expect((await server.get(`${THEME}?debug=1`)).status).toBe(400);
    expect((await server.get(THEME, { 'Client-Type': 'TV' })).status).toBe(400);
  });
});

describe('cached signed-in reads', () => {
  it('the account screen changes right after the account, its sessions or its plan do', async () => {
    const { account, auth } = await loggedInCustomer(server, { nickname: 'Before' });
    const info = async (headers = auth) =>
      (await server.post('/api/user/queryInfo/v1', { uid: String(account.uid), account: account.account, type: 'email' }, headers)).body;
    expect((await info()).data).toMatchObject({ nickname: 'Before', deviceSessions: 1, userType: 'free' });

    await server.db.query("UPDATE accounts SET nickname = 'After' WHERE uid = $1", [account.uid]);
    expect((await info()).data.nickname).toBe('After');

    await server.post('/api/user/login/v1', { account: account.account, password: account.password }, { 'User-Agent': 'AuroraTV/2.0 (SMART-TV; Linux)' });
    expect((await info()).data).toMatchObject({ deviceSessions: 2 });
    expect((await info()).data.userDevice).toHaveLength(2);

    await server.db.query(
      "INSERT INTO entitlements (account_uid, plan_id, device_count, expires_at, updated_at) VALUES ($1, 4, 2, now() + interval '30 days', now())",
      [account.uid],
    );
    expect((await info()).data).toMatchObject({ planId: '4', userType: 'multi', limitCount: 2 });
  });

  it('a session ended or an account blocked by SQL is refused on the next call', async () => {
    const a = await loggedInCustomer(server);
    const b = await loggedInCustomer(server);
    const info = (c: typeof a) => server.post('/api/user/queryInfo/v1', { uid: String(c.account.uid), account: c.account.account, type: 'email' }, c.auth);
    expect((await info(a)).body.code).toBe(0);
    expect((await info(b)).body.code).toBe(0);

    await server.db.query("UPDATE sessions SET revoked_at = now(), revoked_reason = 'password_changed' WHERE account_uid = $1", [a.account.uid]);
    expect((await info(a)).body).toMatchObject({ code: 1, errCode: -24030 });
    await server.db.query("UPDATE accounts SET status = 'blocked' WHERE uid = $1", [b.account.uid]);
    expect((await info(b)).body).toMatchObject({ code: 1, errCode: -1112 });
  });

  it("the order list changes right after one of the account's orders does, and only that account's", async () => {
    const a = await loggedInCustomer(server);
    const other = await loggedInCustomer(server);
    const orders = async (c: typeof a) => (await server.post('/api/bill/orders/v1', {}, c.auth)).body.data;
    expect(await orders(a)).toMatchObject({ total: 0 });
    expect(await orders(other)).toMatchObject({ total: 0 });

    const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', holder: 'Ana Lima' };
    const paid = await server.post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'ana@example.com', card }, a.auth);
    const id = paid.body.data.orderId as string;
    expect(await orders(a)).toMatchObject({ total: 1, items: [{ id, status: 'PAYMENT_SUCCEEDED' }] });
    expect(await orders(other)).toMatchObject({ total: 0 });

    // A line's own column (its plan's name is read in the request's language, from the plan).
    await server.db.query('UPDATE order_lines SET valid_days = 181 WHERE order_id = $1', [id]);
    expect((await orders(a)).items[0].items[0].validDays).toBe(181);
    await server.db.query("UPDATE orders SET email = 'moved@example.com' WHERE id = $1", [id]);
    expect((await orders(a)).items[0].email).toBe('moved@example.com');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let second: { app: FastifyInstance; db: Database } | undefined;
  beforeAll(async () => {
    const db = await openPostgres(server.databaseUrl!, 2);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: 'dist' }), db, logger: false });
    await app.ready();
    second = { app, db };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
  });

  /** Resolves when `db`'s process has heard of a committed change to `table`. */
  const heard = (db: Database, table: string) =>
    new Promise<void>((resolve) => {
      const stop = db.changes.subscribe((changed) => {
        if (changed === table) {
          stop();
          resolve();
        }
      });
    });

  it('a change written by one process reaches the answers the other keeps', async () => {
    const other = second!;
    expect(await themeName(other.app)).toBe('Aurora TV');
    expect(await themeName(server.app)).toBe('Aurora TV');

    const reachedOther = heard(other.db, 'site_settings');
    await withThemeName(server.db, 'Aurora Norte', async () => {
      // The writing process sees its own change at once; the other one when the notification lands.
      expect(await themeName(server.app)).toBe('Aurora Norte');
      await reachedOther;
      expect(await themeName(other.app)).toBe('Aurora Norte');
    });

    const backInOther = heard(server.db, 'plan_texts');
    const before = (await other.app.inject({ method: 'GET', url: PLANS, headers: { Language: 'en' } })).json().data[0].name as string;
    await other.db.query("UPDATE plan_texts SET name = 'Changed elsewhere' WHERE plan_id = 1 AND lang = 'en'");
    try {
      await backInOther;
      expect((await server.get(PLANS, { Language: 'en' })).body.data[0].name).toBe('Changed elsewhere');
    } finally {
      await other.db.query('UPDATE plan_texts SET name = $1 WHERE plan_id = 1 AND lang = $2', [before, 'en']);
    }
  });

  it('signed-in reads are not kept when another process may write them', async () => {
    const account = await createTestAccount(server, { nickname: 'First' });
    const login = await other.post('/api/user/login/v1', { account: account.account, password: account.password });
    const auth = { Authorization: login.json().data.token as string, 'content-type': 'application/json' };
    const info = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/user/queryInfo/v1',
          headers: auth,
          payload: { uid: String(account.uid), account: account.account, type: 'email' },
        })
      ).json();
    expect((await info(server.app)).data.nickname).toBe('First');
    await second!.db.query("UPDATE accounts SET nickname = 'Second' WHERE uid = $1", [account.uid]);
    expect((await info(server.app)).data.nickname).toBe('Second');
    await second!.db.query("UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE account_uid = $1", [account.uid]);
    expect((await info(server.app)).errCode).toBe(-24020);
  });

  const other = {
    post: (url: string, body: unknown) =>
      second!.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  };
});
