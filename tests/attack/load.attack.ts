/**
 * Load (docs/security.md): 60 s of mixed traffic from 20 concurrent clients on 127.0.0.1 against one real
 * server process — browse the plans, log in, read the account, value a plan, pay by test card with
 * an Idempotency-Key of its own — then every acknowledged payment must be an order of its account.
 * The embedded database (PGlite, a temporary DATA_DIR) by default; LOAD_DATABASE=postgres runs it
 * on a database of the run's PostgreSQL (TEST_DATABASE_URL) instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, runMix, type MixKind } from './helpers/load-mix';
import { payByCard, post, signUp, type Account, type Answer } from './helpers/portal-client';
import { attackDatabase, startServerProcess, type ServerProcess } from './helpers/server-process';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = 20;
const onPostgres = process.env.LOAD_DATABASE === 'postgres';

interface Client {
  account: Account;
  /** The orderIds the server acknowledged as paid for this client's account. */
  paid: string[];
}

let server: ServerProcess;
let dataDir: string | undefined;
let database: Awaited<ReturnType<typeof attackDatabase>> | undefined;
let clients: Client[];

beforeAll(async () => {
  let env: Record<string, string>;
  if (onPostgres) {
    database = await attackDatabase();
    env = { DATABASE_URL: database.url };
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-load-'));
    env = { DATA_DIR: dataDir };
  }
  // Per-request info lines would make the server spend its time logging; warnings and errors stay.
  server = await startServerProcess({ port: 8332, env: { ...env, LOG_LEVEL: 'warn' } });
  clients = await inBatches(CLIENTS, 4, async () => ({ account: await signUp(server.url), paid: [] }));
});

afterAll(async () => {
  await server?.kill();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A success is HTTP 200 with envelope code 0; anything else is a failure, named by what it was. */
const judged = (answer: Answer, extra = true) =>
  answer.status === 200 && answer.body.code === 0 && extra
    ? ({ ok: true } as const)
    : ({
        ok: false,
        why: answer.status >= 500 ? `HTTP ${answer.status}` : `HTTP ${answer.status} errCode ${answer.body.errCode ?? answer.body.code}`,
      } as const);

/**
 * Log-ins are 5 % of the mix. With 20 requests in flight at most 20 can wait for the hasher,
 * far below the 200 after which it refuses with 503 (server/security/passwords.ts), so a
 * refusal there would be a fault, not the mix overloading it.
 */
const kinds: MixKind<Client>[] = [
  {
    name: 'browse plans',
    weight: 40,
    async send() {
      const res = await fetch(`${server.url}/api/site/listPlans/v1?language=pt`, { headers: { Language: 'pt' } });
      return judged({ status: res.status, body: (await res.json()) as Answer['body'] });
    },
  },
  {
    name: 'log in',
    weight: 5,
    send: async ({ account }) => judged(await post(server.url, '/api/user/login/v1', account.login)),
  },
  {
    name: 'account info',
    weight: 25,
    send: async ({ account }) =>
      judged(
        await post(server.url, '/api/user/queryInfo/v1', { uid: account.uid, account: account.login.account, type: 'phone' }, { Authorization: account.token }),
      ),
  },
  {
    name: 'valuation',
    weight: 20,
    send: async ({ account }) =>
      judged(await post(server.url, '/api/bill/goodsValuation', { planId: '3', currency: 'BRL', method: 'card' }, { Authorization: account.token })),
  },
  {
    name: 'pay by card',
    weight: 10,
    async send(client) {
      const answer = await payByCard(server.url, client.account, { idempotencyKey: randomUUID() });
      const paid = answer.body.data?.status === 'PAYMENT_SUCCEEDED' && typeof answer.body.data.orderId === 'string';
      if (answer.body.code === 0 && paid) client.paid.push(answer.body.data!.orderId!);
      return judged(answer, paid);
    },
  },
];

/** Every order of the account, through the orders list the account's owner sees. */
async function ordersOf(account: Account): Promise<{ id: string; status: string }[]> {
  const all: { id: string; status: string }[] = [];
  for (let page = 1; ; page++) {
    const answer = await post<{ items: { id: string; status: string }[]; total: number }>(
      server.url,
      '/api/bill/orders/v1',
      { page, pageSize: 50 },
      { Authorization: account.token },
    );
    if (answer.body.code !== 0) throw new Error(`orders of ${account.uid}: ${JSON.stringify(answer.body)}`);
    all.push(...answer.body.data!.items.map(({ id, status }) => ({ id, status })));
    if (all.length >= answer.body.data!.total || answer.body.data!.items.length === 0) return all;
  }
}

describe(`load on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it(`${SECONDS} s of mixed traffic from ${CLIENTS} clients: no errors, no lost orders`, async () => {
    const figures = await runMix(clients, kinds, SECONDS);

    const acknowledged = clients.reduce((sum, c) => sum + c.paid.length, 0);
    let stored = 0;
    const lost: string[] = [];
    const unacknowledged: string[] = [];
    for (const client of clients) {
      const orders = await ordersOf(client.account);
      stored += orders.length;
      const paidIds = new Set(orders.filter((o) => o.status === 'PAYMENT_SUCCEEDED').map((o) => o.id));
      lost.push(...client.paid.filter((id) => !paidIds.has(id)));
      const ackIds = new Set(client.paid);
      unacknowledged.push(...orders.filter((o) => !ackIds.has(o.id)).map((o) => `${o.id} ${o.status}`));
    }
    const serverErrors = (server.log().match(/"level":50/g) ?? []).length;

    const db = onPostgres ? 'PostgreSQL' : 'PGlite';
    console.log(
      `load (${db}): ${figures.sent} requests in ${figures.seconds.toFixed(1)} s from ${CLIENTS} clients, ${figures.reqPerSec.toFixed(0)} req/s, ` +
        `${figures.failures.reduce((sum, [, n]) => sum + n, 0)} errors, ${acknowledged} payments acknowledged, ${stored} orders stored, ${lost.length} lost, ${serverErrors} server error log lines`,
    );
    for (const k of figures.kinds) {
      console.log(
        `load (${db}) › ${k.name}: ${k.sent} requests, ${k.reqPerSec.toFixed(1)} req/s, p50 ${k.p50.toFixed(1)} ms, p99 ${k.p99.toFixed(1)} ms, ${k.failed} errors`,
      );
    }
    if (figures.failures.length > 0) console.log(`load (${db}) › failures: ${figures.failures.map(([why, n]) => `${why} ×${n}`).join('; ')}`);

    // The mix expects no refusal at all: every kind is sent by a signed-in client within its limits.
    expect(figures.failures).toEqual([]);
    expect(figures.kinds.every((k) => k.sent > 0)).toBe(true);
    expect(lost).toEqual([]);
    expect(unacknowledged).toEqual([]);
    expect(stored).toBe(acknowledged);
    expect(serverErrors).toBe(0);
  });
});
