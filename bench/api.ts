/**
 * Server figures (`npm run bench:api`): autocannon on 127.0.0.1 against the real server
 * (`server/main.ts` in its own process), each throughput as a ratio of a trivial route of the same
 * server in the same run. Measured, in order: the first start ever and the public reads on a fresh
 * embedded database; the signed-in reads of an account with 100 orders; a public read while 20
 * logins hash passwords; restarts on the existing data directory; the signed-in reads again on
 * PostgreSQL when its binaries are on the machine. The account and its orders are made through the
 * API (sign-up, then 100 card payments in the sandbox), so the data is what the server itself writes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresDatabase } from '../tests/helpers/postgres-database';
import { median, type BenchContext, type Row } from './report';

const port = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const PG_PORT = 54329;
/** The absolute floor for the signed-in reads on the embedded database. */
const AUTH_READS_FLOOR = 1_500;
const ORDERS_ON_THE_ACCOUNT = 100;
const RESTARTS = 5;
const CONNECTIONS = 20;

type Load = { reqPerSec: number; p99: number; errors: number };

interface LoadTarget {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

async function load(target: LoadTarget, seconds: number): Promise<Load> {
  const r = await autocannon({
    url: `${base}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: { Language: 'pt', ...(target.body === undefined ? {} : { 'content-type': 'application/json' }), ...target.headers },
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
  });
  return { reqPerSec: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/** A warm-up of 2 s, then the measure. */
async function measure(target: LoadTarget, seconds: number): Promise<Load> {
  await load(target, 2);
  return load(target, seconds);
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
const describeLoad = (r: Load, baseline: Load) =>
  `${r.reqPerSec.toFixed(0)} req/s (${pct(r.reqPerSec / baseline.reqPerSec)} of baseline), p99 ${r.p99} ms, ${r.errors} errors`;

interface RunningServer {
  child: ChildProcess;
  /** Milliseconds from the spawn to the first 200 of a real API route. */
  firstResponseMs: number;
}

/**
 * Spawns the server and polls a real API route (not /healthz: it answers before the database is
 * read) until it answers 200, so the figure is what a user behind a restart waits.
 */
async function startServer(root: string, env: Record<string, string>): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // Production, with the sandbox payments a demo site would turn on: the data is 100 card payments (docs/decisions/035).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'production', PAYMENTS: 'sandbox', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (performance.now() - started < 60_000) {
    if (exited) throw new Error('the server exited before answering');
    try {
      if ((await fetch(`${base}/api/site/theme/v1`)).status === 200) return { child, firstResponseMs: Math.round(performance.now() - started) };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer in 60 s');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A call that must succeed; `T` is the part of its answer the bench reads. */
async function call<T = unknown>(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Language: 'pt', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; errCode?: number; data?: T };
  if (json.code !== 0) throw new Error(`${pathname} refused: ${JSON.stringify(json)}`);
  return json.data as T;
}

interface BenchAccount {
  uid: string;
  token: string;
  login: { account: string; areaCode: string; password: string };
}

/** A phone account (active at sign-up, docs/decisions/005) with 100 paid orders, all through the API. */
async function accountWithOrders(): Promise<BenchAccount> {
  const login = { account: `119${String(randomInt(0, 100_000_000)).padStart(8, '0')}`, areaCode: '55', password: 'bench-password-1' };
  const signedUp = await call<{ userInfo: { token: string; uid: string } }>('/api/user/signup/v1', {
    ...login,
    nickname: 'Bench',
    acceptTerms: true,
    language: 'pt',
  });
  const { token, uid } = signedUp.userInfo;
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', holder: 'Bench Marker' };
  for (let i = 0; i < ORDERS_ON_THE_ACCOUNT; i++) {
    await call('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'bench@example.com', card }, { Authorization: token });
  }
  const page = await call<{ total: number }>('/api/bill/orders/v1', {}, { Authorization: token });
  if (page.total !== ORDERS_ON_THE_ACCOUNT) throw new Error(`the bench account has ${page.total} orders, not ${ORDERS_ON_THE_ACCOUNT}`);
  return { uid, token, login };
}

const authReads = (a: BenchAccount): [string, LoadTarget][] => [
  [
    'POST /api/user/queryInfo/v1',
    { path: '/api/user/queryInfo/v1', method: 'POST', body: { uid: a.uid, account: a.login.account, type: 'phone' }, headers: { Authorization: a.token } },
  ],
  [
    `POST /api/bill/orders/v1 (${ORDERS_ON_THE_ACCOUNT} orders)`,
    { path: '/api/bill/orders/v1', method: 'POST', body: { page: 1, pageSize: 10 }, headers: { Authorization: a.token } },
  ],
];

async function measureAuthReads(ctx: BenchContext, account: BenchAccount, baseline: Load, where: 'PGlite' | 'PostgreSQL', results: Record<string, unknown>) {
  for (const [name, target] of authReads(account)) {
    const r = await measure(target, ctx.seconds);
    results[`${where} ${name}`] = { ...r, ratio: r.reqPerSec / baseline.reqPerSec };
    const onPglite = where === 'PGlite';
    ctx.rows.push({
      section: 'api',
      name: `${name} on ${where}`,
      figure: describeLoad(r, baseline),
      budget: onPglite ? `>= ${AUTH_READS_FLOOR} req/s, p99 <= 50 ms, 0 errors` : 'req/s reported; p99 <= 50 ms, 0 errors',
      holds: (!onPglite || r.reqPerSec >= AUTH_READS_FLOOR) && r.p99 <= 50 && r.errors === 0,
    });
  }
}

/** Logins hash passwords (argon2id) the whole time the public read is measured. */
async function measureReadsWhileHashing(ctx: BenchContext, account: BenchAccount, results: Record<string, unknown>): Promise<Row> {
  const theme: LoadTarget = { path: '/api/site/theme/v1' };
  await load(theme, 2);
  const [read, logins] = await Promise.all([load(theme, ctx.seconds), load({ path: '/api/user/login/v1', method: 'POST', body: account.login }, ctx.seconds)]);
  results.readsWhileHashing = { read, logins };
  return {
    section: 'api',
    name: `GET /api/site/theme/v1 while ${CONNECTIONS} logins are in flight`,
    figure: `p99 ${read.p99} ms, ${read.reqPerSec.toFixed(0)} req/s, ${read.errors} errors; logins ${logins.reqPerSec.toFixed(1)}/s, ${logins.errors} refused or failed`,
    budget: 'p99 <= 50 ms, 0 read errors',
    holds: read.p99 <= 50 && read.errors === 0,
    ...(logins.errors > 0 ? { note: 'logins beyond the hashing queue are answered 503 serviceBusy (server/security/passwords.ts)' } : {}),
  };
}

/** postgres://…:54329/postgres when the private cluster runs or could be started; why not otherwise. */
async function postgresCluster(root: string): Promise<{ url: string; startedHere: boolean } | { missing: string }> {
  const url = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
  const answers = async () => {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  if (await answers()) return { url, startedHere: false };
  try {
    const started = execFileSync('bash', ['scripts/pg-cluster.sh', 'start'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PGPORT: String(PG_PORT) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { url: started.trim() || url, startedHere: true };
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    return { missing: stderr || (error as Error).message };
  }
}

async function onPostgres(ctx: BenchContext, baseline: Load, results: Record<string, unknown>) {
  const cluster = await postgresCluster(ctx.root);
  if ('missing' in cluster) {
    for (const [name] of authReads({ uid: '', token: '', login: { account: '', areaCode: '', password: '' } })) {
      ctx.rows.push({ section: 'api', name: `${name} on PostgreSQL`, figure: `not measured: ${cluster.missing}`, budget: 'reported', holds: null });
    }
    return;
  }
  const database = await createPostgresDatabase(cluster.url, 'portal_bench');
  let server: RunningServer | undefined;
  try {
    server = await startServer(ctx.root, { DATABASE_URL: database.url, APP_SECRET: randomBytes(32).toString('base64url') });
    results.postgresFirstStartMs = server.firstResponseMs;
    const account = await accountWithOrders();
    await measureAuthReads(ctx, account, baseline, 'PostgreSQL', results);
  } finally {
    if (server) await stopServer(server.child);
    await database.drop();
    if (cluster.startedHere)
      execFileSync('bash', ['scripts/pg-cluster.sh', 'stop'], { cwd: ctx.root, env: { ...process.env, PGPORT: String(PG_PORT) }, stdio: 'ignore' });
  }
}

export async function run(ctx: BenchContext) {
  const { rows } = ctx;
  const results: Record<string, unknown> = (ctx.results.api = {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  // One secret for every start on this data directory, as a real deployment keeps it.
  const env = { DATA_DIR: dataDir, APP_SECRET: randomBytes(32).toString('base64url') };
  let server: RunningServer | undefined;
  try {
    server = await startServer(ctx.root, env);
    results.firstStartMs = server.firstResponseMs;
    rows.push({
      section: 'api',
      name: 'first start ever (create, migrate, seed) to the first 200',
      figure: `${server.firstResponseMs} ms`,
      budget: 'reported',
      holds: null,
    });

    const baseline = await measure({ path: '/healthz' }, ctx.seconds);
    results.baseline = baseline;
    rows.push({
      section: 'api',
      name: 'baseline GET /healthz',
      figure: `${baseline.reqPerSec.toFixed(0)} req/s, p99 ${baseline.p99} ms`,
      budget: 'reference',
      holds: null,
    });

    for (const route of ['/api/site/listPlans/v1', '/api/site/theme/v1', '/api/site/get/config/v1']) {
      const r = await measure({ path: route }, ctx.seconds);
      const ratio = r.reqPerSec / baseline.reqPerSec;
      results[route] = { ...r, ratio };
      rows.push({
        section: 'api',
        name: `GET ${route}`,
        figure: describeLoad(r, baseline),
        budget: '>= 50 % of baseline, p99 <= 20 ms, 0 errors',
        holds: ratio >= 0.5 && r.p99 <= 20 && r.errors === 0,
      });
    }

    const account = await accountWithOrders();
    await measureAuthReads(ctx, account, baseline, 'PGlite', results);
    rows.push(await measureReadsWhileHashing(ctx, account, results));

    await stopServer(server.child);
    server = undefined;
    const restarts: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const again = await startServer(ctx.root, env);
      restarts.push(again.firstResponseMs);
      await stopServer(again.child);
    }
    const restart = median(restarts);
    results.restartMs = restarts;
    rows.push({
      section: 'api',
      name: 'start on an existing data directory to the first 200',
      figure: `${restart} ms (median of ${RESTARTS}: ${restarts.join(', ')} ms)`,
      budget: '<= 2000 ms',
      holds: restart <= 2000,
    });

    await onPostgres(ctx, baseline, results);
  } finally {
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
