/**
 * The portal the acceptance walk-through drives: `npm start` on a fresh data directory and a port
 * of the walk's own, stopped by its process group; and `npm run renew -- --at …` between two runs,
 * since the embedded database belongs to one process at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

export interface PortalOptions {
  root: string;
  port: number;
  dataDir: string;
  /** The portal's log (npm start's output, each run appended). */
  logFile: string;
}

export interface Portal {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function environment(o: PortalOptions): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${o.port}`;
  // NODE_ENV unset, as a developer's shell has it: the server's default (development), and the
  // production build npm start makes when the sources changed (NODE_ENV=development would make
  // Vite build React's development bundle instead, whose payment page fails to prepare).
  const { NODE_ENV: _unset, ...env } = process.env;
  return { ...env, PORT: String(o.port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: o.dataDir, LOG_LEVEL: 'warn' };
}

/** Whether any process of the group `pid` leads is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    // Ended by a signal, a child has a signal code and no exit code.
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** `npm start` (which builds first when the sources are newer than the build), ready when the API answers. */
export async function startPortal(o: PortalOptions, readyWithinMs = 300_000): Promise<Portal> {
  mkdirSync(path.dirname(o.logFile), { recursive: true });
  const log = openSync(o.logFile, 'a');
  // Its own process group: npm, its shell and the server stop together, by this one id.
  const child = spawn('npm', ['start'], { cwd: o.root, env: environment(o), detached: true, stdio: ['ignore', log, log] });
  const pid = child.pid!;
  const url = `http://127.0.0.1:${o.port}`;
  const stop = async () => {
    if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
    // npm exits before the server has closed: the whole group is waited for, so the next process
    // opens the embedded database and the port only once this one has let go of them.
    const deadline = Date.now() + 20_000;
    while (groupAlive(pid)) {
      if (Date.now() > deadline) process.kill(-pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
    }
    await exited(child);
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}); see ${o.logFile}`);
    try {
      if ((await fetch(`${url}/api/site/theme/v1`)).ok) return { url, pid, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer within ${readyWithinMs / 1000} s; see ${o.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface ScheduledCharge {
  txid: string;
  id_rec: string;
  due_at: string;
  try_at: string;
  amount: number;
}

export interface RenewalPass {
  at: string;
  renewals: Record<string, number>;
  pixAutomatico: { expired: number; scheduled: number; ended: number };
  pixAutomaticoCharges: ScheduledCharge[];
}

/** `npm run renew -- --at <iso>` on the portal's database (the portal stopped meanwhile). */
export async function renewAt(o: PortalOptions, at: Date): Promise<RenewalPass> {
  const child = spawn('npm', ['run', '--silent', 'renew', '--', '--at', at.toISOString()], {
    cwd: o.root,
    env: environment(o),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const code = await exited(child);
  const line = out
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`npm run renew --at ${at.toISOString()} exited ${code}: ${err || out}`);
  return JSON.parse(line) as RenewalPass;
}
