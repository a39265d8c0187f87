/**
 * The real server as a separate operating-system process, for the attack suites that need what
 * `app.inject` cannot give: a socket, a kill -9, a restart on the same database, two processes on
 * one PostgreSQL. Its output is kept, so a suite can search the whole log (card data) and a
 * failing start shows why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createPostgresDatabase } from '../../helpers/postgres-database';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Everything the process (and the processes before a restart) wrote to stdout and stderr. */
  log(): string;
  /** Sends `signal` and waits for the process to be gone. SIGKILL is a crash: nothing is flushed. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** A new process with the same settings (same port, same database), once the old one is gone. */
  restart(): Promise<void>;
}

export interface ServerProcessOptions {
  port: number;
  /** DATABASE_URL or DATA_DIR, and anything else the suite sets; APP_SECRET is shared by default. */
  env: Record<string, string>;
  /** How long to wait for a first answer from a real API route. */
  startTimeoutMs?: number;
}

/** One APP_SECRET per test run, so several processes (and restarts) sign alike. */
const appSecret = randomBytes(32).toString('base64url');

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  let output = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        APP_SECRET: appSecret,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output.slice(-4000)}`);
      try {
        // A real route, not /healthz: it answers only once the database is open and migrated.
        if ((await fetch(`${url}/api/site/theme/v1`)).status === 200) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not answer within ${options.startTimeoutMs ?? 60_000} ms:\n${output.slice(-4000)}`);
  };

  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };

  await launch();
  return {
    url,
    get pid() {
      return child.pid!;
    },
    log: () => output,
    kill,
    async restart() {
      await kill('SIGTERM');
      await launch();
    },
  };
}

/**
 * A database of its own on the run's PostgreSQL server (TEST_DATABASE_URL; `npm run test:attack`
 * starts one when it is unset). The suites that need PostgreSQL fail without it rather than skip:
 * a skipped attack proves nothing.
 */
export async function attackDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run through `npm run test:attack`, or start scripts/pg-cluster.sh and export its URL');
  return createPostgresDatabase(adminUrl);
}
