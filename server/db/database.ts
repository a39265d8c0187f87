import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The one data-access seam: the same SQL runs on embedded PGlite (one process) and on a
 * PostgreSQL server (several stateless processes behind a load balancer).
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Committed changes to the tables migration 013 watches, for caches (docs/decisions/027). */
  readonly changes: ChangeFeed;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * `template`: a data directory dumped by PGlite's dumpDataDir, to start from instead of running
 * initdb (about 1.5 s of a fresh in-memory database's 2 s; the test suites start dozens).
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Each back end loads only its own driver: a tenth of a second of every start each.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir, template ? { loadDataDir: template } : {});
  const run = async <T>(q: { query: PGlite['query'] }, sql: string, params?: readonly unknown[]) =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows;
  const changes = await pgliteChangeFeed(db);
  return {
    kind: 'pglite',
    changes,
    query: (sql, params) => run(db, sql, params),
    exec: async (sql) => void (await db.exec(sql)),
    transaction: (fn) => db.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    close: () => db.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { default: pg } = await import('pg');
  // int8 columns (counts, millisecond timestamps) come back as numbers on both back ends;
  // node-postgres would otherwise hand out strings where PGlite hands out numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const changes = postgresChangeFeed(pg, url, (message) => console.error(message));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, onConnect: changes.onPoolConnect });
  // An idle connection the server drops (restart, failover, a dropped test database) must not
  // become an unhandled error that ends the process; the pool replaces it on the next query.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  try {
    await changes.start();
    // Fail at start-up, with the server's own message, rather than on the first request.
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    changes,
    query: async (sql, params) => (await pool.query(sql, params as unknown[] | undefined)).rows,
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (sql, params) => (await client.query(sql, params as unknown[] | undefined)).rows,
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
