import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { serverLogger } from '../../server/logging';
import { contractErrors } from './contract-check';
import type { Clock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { pgliteTemplate } from './pglite-template';
import { createPostgresDatabase } from './postgres-database';
import { migrate } from '../../server/db/migrate';
import { seedDemoContent } from '../../server/db/seed';
import { createPasswordHasher, type PasswordHasher } from '../../server/security/passwords';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** The suite's PostgreSQL database, for a second server process on it; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export interface TestServerOptions {
  clock?: Clock;
  /** A hasher with other limits than the server's own. */
  hasher?: PasswordHasher;
  /** Every log line of the server, at trace level, through its production logger settings. */
  logStream?: NodeJS.WritableStream;
}

/**
 * A fresh database for one suite: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards), so the same suites prove
 * both back ends.
 */
export async function openTestDatabase(): Promise<{ db: Database; url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await openPglite(undefined, pgliteTemplate());
    return { db, url: undefined, drop: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase(adminUrl);
  const db = await openPostgres(url, 5);
  return {
    db,
    url,
    async drop() {
      await db.close();
      await drop();
    },
  };
}

/**
 * The captchas' difficulty in test servers (CAPTCHA_MAX_NUMBER): a few PBKDF2 tries, so a suite
 * solves its captchas for real in milliseconds. A suite that measures the production one says so.
 */
export const TEST_CAPTCHA_MAX_NUMBER = 8;

const testConfig = (env: NodeJS.ProcessEnv) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: 'dist', CAPTCHA_MAX_NUMBER: String(TEST_CAPTCHA_MAX_NUMBER), ...env });

async function readyApp(db: Database, config: ReturnType<typeof loadConfig>, hasher: PasswordHasher, options: TestServerOptions) {
  const logger = options.logStream ? serverLogger({ logLevel: 'trace' }, options.logStream) : false;
  const app = await buildApp({ config, db, hasher, clock: options.clock, logger });
  await app.ready();
  return app;
}

export async function startTestServer(env: NodeJS.ProcessEnv = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { db, url, drop } = await openTestDatabase();
  const config = testConfig(env);
  const hasher = options.hasher ?? createPasswordHasher();
  await migrate(db);
  await seedDemoContent(db, hasher, { publicUrl: config.publicUrl, demo: config.demoContent, themeColor: config.demoThemeColor });
  const app = await readyApp(db, config, hasher, options);
  return {
    app,
    db,
    databaseUrl: url,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface EnvelopeBody {
  code: number;
  errCode?: number;
  msg?: string;
  /** Suites assert on the shapes freely; the contract check types them strictly. */
  data?: any;
}

/** One fresh server for the calling suite, started before its tests and closed after them. */
export function useTestServer(env: NodeJS.ProcessEnv = {}, options: TestServerOptions = {}) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, options);
  });
  afterAll(() => server?.close());
  const current = () => {
    if (!server) throw new Error('the test server is not started yet');
    return server;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get services() {
      return current().app.services;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    /** A POST with a JSON body and the contract headers the caller gives (Authorization etc.). */
    async post(url: string, body: unknown, headers: Record<string, string> = {}) {
      const res = await current().app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, body: res.json() as EnvelopeBody };
    },
    /** `post`, with every success checked against the contract's response schema. */
    async postChecked(url: string, body: unknown, headers: Record<string, string> = {}) {
      const res = await this.post(url, body, headers);
      if (res.body.code === 0) expect(contractErrors('post', url, res.status, res.body)).toEqual([]);
      return res;
    },
    async get(url: string, headers: Record<string, string> = {}) {
      const res = await current().app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, body: res.json() as EnvelopeBody };
    },
  };
}

/**
 * Another server process on `first`'s database, started with the operator's new configuration
 * `env` and the app secret every process shares: what a customer's next call meets when the site
 * was redeployed after their page loaded. Started by the first call that needs it, closed after the suite.
 */
export function useRedeployedServer(first: Pick<ReturnType<typeof useTestServer>, 'db' | 'services'>, env: NodeJS.ProcessEnv, options: TestServerOptions = {}) {
  let app: Promise<FastifyInstance> | undefined;
  afterAll(async () => void (await (await app)?.close()));
  return {
    app: () => (app ??= readyApp(first.db, testConfig({ APP_SECRET: first.services.secret, ...env }), options.hasher ?? createPasswordHasher(), options)),
  };
}
export type RedeployedServer = ReturnType<typeof useRedeployedServer>;
