/**
 * Two server processes on one PostgreSQL (docs/security.md): two real server processes (same DATABASE_URL,
 * ports 8330 and 8331) serve one client's traffic, every other request going to the other one.
 * Each control that must hold for the deployment as a whole — log-in lockout, per-IP limits,
 * idempotent payments, the renewal job, cached reads — is attacked across the pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockoutPolicy } from '../../server/auth/lockout';
import { demoAccount } from '../../server/db/demo-content';
import { RequestLimits } from '../../server/routes/account';
import { freshWindow, inBatches, openSql, sleep, waitUntil, type Sql } from './helpers/load-mix';
import { call, payByCard, post, signUp, testCard, type Account } from './helpers/portal-client';
import { attackDatabase, startServerProcess, type ServerProcess } from './helpers/server-process';

const LOGIN = '/api/user/login/v1';
const TOO_FREQUENT = -3031;
/** Renewal passes run this often in both processes (RENEWAL_INTERVAL_MS), so they overlap. */
const RENEWAL_EVERY_MS = 150;

let database: Awaited<ReturnType<typeof attackDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let sql: Sql;

/** Request `i` goes to A when even, to B when odd. */
const at = (i: number) => (i % 2 === 0 ? a.url : b.url);
const auth = (account: Account) => ({ Authorization: account.token });
const queryInfo = (baseUrl: string, account: Account) =>
  post<{ nickname: string }>(baseUrl, '/api/user/queryInfo/v1', { uid: account.uid, account: account.login.account, type: 'phone' }, auth(account));

beforeAll(async () => {
  database = await attackDatabase();
  const env = { DATABASE_URL: database.url, RENEWAL_INTERVAL_MS: String(RENEWAL_EVERY_MS) };
  // Both at once on the empty database, as a deployment starts them: migrating and seeding must
  // happen once (advisory locks in server/db/migrate.ts and seed.ts), whoever gets there first.
  [a, b] = await Promise.all([startServerProcess({ port: 8330, env }), startServerProcess({ port: 8331, env })]);
  sql = openSql(database.url);
});

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await sql?.end();
  await database?.drop();
});

describe('two server processes on one PostgreSQL', () => {
  it('started at once on an empty database: exactly one of them migrates and seeds it', async () => {
    const said = (text: string) => [a, b].filter((p) => p.log().includes(text)).length;
    expect([said('"msg":"database migrated"'), said('"msg":"demo content seeded')]).toEqual([1, 1]);
    expect(await sql.count('SELECT count(*)::int AS n FROM accounts WHERE email = $1', [demoAccount.email])).toBe(1);
    console.log('two processes › start: both started at once on an empty database; 1 migrated it, 1 seeded it, 1 demo account');
  });

  it('log-in lockout: five wrong passwords split across the processes lock the account on both (17)', async () => {
    const account = await signUp(a.url);
    const wrong = { ...account.login, password: 'wrong-password-1' };
    const answers: (number | undefined)[] = [];
    for (let i = 0; i < LockoutPolicy.threshold; i++) answers.push((await post(at(i), LOGIN, wrong)).body.errCode);
    // The generic refusal (docs/decisions/006) until the fifth locks.
    const wrongCode = 4596;
    expect(answers).toEqual([...Array<number>(LockoutPolicy.threshold - 1).fill(wrongCode), 17]);
    // The right password is refused by both processes now.
    const right = [(await post(a.url, LOGIN, account.login)).body, (await post(b.url, LOGIN, account.login)).body];
    expect(right).toMatchObject([
      { code: 1, errCode: 17 },
      { code: 1, errCode: 17 },
    ]);
    expect(await sql.count('SELECT count(*)::int AS n FROM account_lockouts WHERE account_uid = $1', [account.uid])).toBe(1);

    // A parallel burst split across the processes gets no more comparisons than the threshold.
    const burstAccount = await signUp(b.url);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => post(at(i), LOGIN, { ...burstAccount.login, password: 'wrong-password-1' })));
    const codes = burst.map((r) => r.body.errCode);
    expect(codes.every((c) => c === wrongCode || c === 17)).toBe(true);
    expect(codes.filter((c) => c === wrongCode).length).toBeLessThan(LockoutPolicy.threshold);
    // Each comparison books its failure row first (server/auth/lockout.ts `reserve`).
    const compared = await sql.count('SELECT count(*)::int AS n FROM auth_failures WHERE account_uid = $1', [burstAccount.uid]);
    expect(compared).toBeLessThanOrEqual(LockoutPolicy.threshold);
    expect([(await post(a.url, LOGIN, burstAccount.login)).body.errCode, (await post(b.url, LOGIN, burstAccount.login)).body.errCode]).toEqual([17, 17]);

    console.log(
      `two processes › lockout: ${LockoutPolicy.threshold} wrong passwords alternating A/B answered [${answers.join(', ')}], then the right password 17 on A and on B; ` +
        `12 parallel wrong passwords split A/B: ${compared} password comparisons, answers ${codes.filter((c) => c === wrongCode).length}× ${wrongCode} and ${codes.filter((c) => c === 17).length}× 17, locked on both`,
    );
  });

  it('per-IP request limits and the send throttle count both processes together', async () => {
    // Every burst below must fall in one window of the per-minute counters.
    await freshWindow(20_000);
    const urvTries = RequestLimits.urvLookup + 10;
    const urv = await Promise.all(Array.from({ length: urvTries }, (_, i) => post(at(i), '/api/user/query/urv', { account: `nobody-${i}@example.com` })));
    const urvAllowed = urv.filter((r) => r.body.code === 0).length;
    const urvRefused = urv.filter((r) => r.status === 429 && r.body.errCode === TOO_FREQUENT).length;
    expect([urvAllowed, urvRefused]).toEqual([RequestLimits.urvLookup, urvTries - RequestLimits.urvLookup]);

    // Tracking reports beyond the limit are answered alike and dropped: the stored rows tell.
    const reportTries = RequestLimits.report + 30;
    const stored = () => sql.count('SELECT count(*)::int AS n FROM tracking_events');
    const before = await stored();
    const reports = await inBatches(reportTries, 30, (i) =>
      post(at(i), '/api/site/report', { eventId: 1, pageId: 1, verCode: '2.3.2', timestamp: Date.now(), clientType: 'WEB', scene: 'WEB', language: 'pt' }),
    );
    expect(reports.every((r) => r.body.code === 0)).toBe(true);
    const reportsStored = (await stored()) - before;
    expect(reportsStored).toBe(RequestLimits.report);

    // One confirmation email per address per minute, however many processes are asked at once.
    const resend = await Promise.all(Array.from({ length: 10 }, (_, i) => post(at(i), '/api/site/resendConfirmation', { email: 'limit-across@example.com' })));
    const resendAllowed = resend.filter((r) => r.body.code === 0).length;
    expect(resendAllowed).toBe(1);
    expect(resend.filter((r) => r.status === 429 && r.body.errCode === TOO_FREQUENT)).toHaveLength(9);

    console.log(
      `two processes › per-IP limits: urv lookup ${urvAllowed}/${urvTries} allowed split A/B (limit ${RequestLimits.urvLookup}/min), ` +
        `reports ${reportsStored}/${reportTries} stored (limit ${RequestLimits.report}/min), confirmation email ${resendAllowed}/10 sent to one address (1/min)`,
    );
  });

  it('idempotency: 20 concurrent card payments with one key, split across the processes, make one order and one charge', async () => {
    const account = await signUp(a.url);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => payByCard(at(i), account, { idempotencyKey: 'two-processes-0001' })));
    const done = results.filter((r) => r.body.code === 0);
    const busy = results.filter((r) => r.body.code !== 0);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const r of done) expect(r.body.data).toEqual(done[0]!.body.data);
    for (const r of busy) expect([r.status, r.body.errCode]).toEqual([429, TOO_FREQUENT]);

    const orders = await sql.query<{ id: string; status: string }>('SELECT id, status FROM orders WHERE account_uid = $1', [account.uid]);
    expect(orders).toEqual([{ id: done[0]!.body.data!.orderId, status: 'PAYMENT_SUCCEEDED' }]);
    const charges = () =>
      sql.count('SELECT count(*)::int AS n FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.account_uid = $1', [account.uid]);
    expect(await charges()).toBe(1);
    // The finished key answers the first result again from either process, without a charge.
    for (const url of [a.url, b.url])
      expect((await payByCard(url, account, { idempotencyKey: 'two-processes-0001' })).body).toEqual({ code: 0, data: done[0]!.body.data });
    expect(await charges()).toBe(1);

    console.log(
      `two processes › idempotency: 20 concurrent payments with one key split A/B → ${done.length} answered the order, ${busy.length} in progress (429/-3031); ${orders.length} order, 1 charge`,
    );
  });

  it('renewal: both processes run the job over the same due subscriptions; each is charged exactly once', async () => {
    const subscribers = await inBatches(12, 4, async (i) => {
      const account = await signUp(at(i));
      await call(
        at(i + 1),
        '/api/bill/pay/v1',
        { planId: '1', method: 'card', currency: 'BRL', email: 'renewal@example.com', card: { ...testCard, save: true } },
        {
          ...auth(account),
          'Idempotency-Key': `renewal-${i}`,
        },
      );
      return Number(account.uid);
    });
    const subscribed = await sql.count("SELECT count(*)::int AS n FROM subscriptions WHERE account_uid = ANY($1::bigint[]) AND status = 'activated'", [
      subscribers,
    ]);
    expect(subscribed).toBe(subscribers.length);

    // Due two at a time, at a spacing that is no multiple of the pass interval, so the waves fall
    // at every phase of the two processes' timers and passes of both meet them; the last wave
    // carries the claim of a process that died mid-renewal 20 minutes ago, which either may take.
    const waves = Array.from({ length: subscribers.length / 2 }, (_, w) => subscribers.slice(2 * w, 2 * w + 2));
    for (const [w, uids] of waves.entries()) {
      const staleClaim = w === waves.length - 1 ? "now() - interval '20 minutes'" : 'NULL';
      await sql.query(
        `UPDATE subscriptions SET next_billing_at = now() - interval '1 minute', renewing_since = ${staleClaim} WHERE account_uid = ANY($1::bigint[])`,
        [uids],
      );
      await sleep(RENEWAL_EVERY_MS * 0.37);
    }
    const renewalsOf = () =>
      sql.query<{ account_uid: string; orders: number; paid: number; charges: number }>(
        `SELECT o.account_uid, count(DISTINCT o.id)::int AS orders, count(DISTINCT o.id) FILTER (WHERE o.status = 'PAYMENT_SUCCEEDED')::int AS paid, count(c.charge_id)::int AS charges
         FROM orders o LEFT JOIN sandbox_card_charges c ON c.reference = o.id
         WHERE o.kind = 'renewal' AND o.account_uid = ANY($1::bigint[]) GROUP BY o.account_uid`,
        [subscribers],
      );
    await waitUntil('every subscription renewed', async () => (await renewalsOf()).length === subscribers.length, 60_000);
    // Many more passes of both processes over the same rows, which are no longer due.
    await sleep(RENEWAL_EVERY_MS * 10);

    const renewals = await renewalsOf();
    expect(renewals).toHaveLength(subscribers.length);
    for (const r of renewals)
      expect({ uid: r.account_uid, orders: r.orders, paid: r.paid, charges: r.charges }).toEqual({ uid: r.account_uid, orders: 1, paid: 1, charges: 1 });
    expect(
      await sql.count(
        'SELECT count(*)::int AS n FROM subscriptions WHERE account_uid = ANY($1::bigint[]) AND (renewing_since IS NOT NULL OR next_billing_at <= now())',
        [subscribers],
      ),
    ).toBe(0);

    const renewedBy = (p: ServerProcess) => (p.log().match(/"outcome":"renewed"/g) ?? []).length;
    const [byA, byB] = [renewedBy(a), renewedBy(b)];
    expect(byA + byB).toBe(subscribers.length);
    console.log(
      `two processes › renewal: ${subscribers.length} due subscriptions (2 with a stale claim), passes every ${RENEWAL_EVERY_MS} ms in both → renewed by A ${byA}, by B ${byB}; each 1 order, 1 charge`,
    );
  });

  it('a change made through one process is seen by the other: logout and nickname at once, the cached catalogue once notified', async () => {
    const account = await signUp(a.url);
    expect((await queryInfo(b.url, account)).body.code).toBe(0);
    await call(a.url, '/api/user/loginOut/v1', { language: 'pt', uid: '', account: '' }, auth(account));
    const afterLogout = await queryInfo(b.url, account);
    expect([afterLogout.status, afterLogout.body.errCode]).toEqual([401, -24020]);
    const payAfterLogout = await payByCard(b.url, account);
    expect([payAfterLogout.status, payAfterLogout.body.errCode]).toEqual([401, -24020]);

    const other = await signUp(b.url);
    expect((await queryInfo(b.url, other)).body.data?.nickname).toBe('Attack');
    await call(a.url, '/api/user/nickname/v1', { nickname: 'Renamed' }, auth(other));
    expect((await queryInfo(b.url, other)).body.data?.nickname).toBe('Renamed');

    // The public plan list is kept in memory on PostgreSQL too, until a NOTIFY says its rows
    // changed; a change by another writer (an operator's UPDATE here) must reach both processes.
    const planName = async (url: string) => {
      const res = await fetch(`${url}/api/site/listPlans/v1?language=pt`, { headers: { Language: 'pt' } });
      return JSON.stringify(await res.json());
    };
    const [name] = await sql.query<{ name: string }>("SELECT name FROM plan_texts WHERE plan_id = 3 AND lang = 'pt'");
    // Twice each: the second answer comes from the cache.
    for (const url of [a.url, b.url, a.url, b.url]) expect(await planName(url)).toContain(JSON.stringify(name!.name));
    const renamed = `${name!.name} (changed)`;
    await sql.query("UPDATE plan_texts SET name = $1 WHERE plan_id = 3 AND lang = 'pt'", [renamed]);
    try {
      const lags = await Promise.all(
        [a.url, b.url].map((url) => waitUntil(`the renamed plan on ${url}`, async () => (await planName(url)).includes(JSON.stringify(renamed)), 5_000, 5)),
      );
      console.log(
        `two processes › change feed: logout on A → token refused on B (401/-24020, also for pay); nickname set on A read back on B; ` +
          `plan renamed by another writer seen by A after ${lags[0]!.toFixed(0)} ms and B after ${lags[1]!.toFixed(0)} ms (cached list)`,
      );
    } finally {
      await sql.query("UPDATE plan_texts SET name = $1 WHERE plan_id = 3 AND lang = 'pt'", [name!.name]);
    }
  });
});
