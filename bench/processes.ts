/**
 * The processes the web bench measures against: the real server on a fresh database serving a
 * given build, a plain static server for the floor page, and a headless Chromium that Lighthouse,
 * puppeteer and Playwright all drive over one debugging port (so they share one profile, and the
 * session the bench logs in with). Each returns a stop() that waits for the process to be gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumMissingMessage, findChromium } from '../scripts/chromium';

export interface Running {
  url: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, what: string, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${seconds} s`);
}

async function stopProcess(child: ChildProcess, group: boolean) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const signal = (s: NodeJS.Signals) => {
    try {
      // Chromium's renderers and helpers share the browser's process group; the group is ours.
      if (group) process.kill(-child.pid!, s);
      else child.kill(s);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The real server (server/main.ts) on a fresh embedded database, serving `staticDir`. */
export async function startPortal(root: string, staticDir: string, port: number): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-web-'));
  const url = `http://127.0.0.1:${port}`;
  // NODE_ENV test, as the browser suite runs it: the developer mailbox confirms the sign-up.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      APP_SECRET: randomBytes(32).toString('base64url'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    await stopProcess(child, false);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/readyz`, 'the portal server');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const suffix = { br: '.br', gzip: '.gz' } as const;

/**
 * Serves a build directory as the portal serves dist/: the build's precompressed .br or .gz when
 * the browser accepts it, else the file as it is; any other path is index.html. With `api`, the
 * `/api/` paths are passed to that origin (the design-card floor reads the portal's plans).
 */
export async function serveStatic(dir: string, port: number, api?: string): Promise<Running> {
  dir = path.resolve(dir);
  const server = createServer((req, res) => {
    if (api && req.url?.startsWith('/api/')) {
      const upstream = httpRequest(`${api}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const wanted = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = wanted.startsWith(dir) && existsSync(wanted) && statSync(wanted).isFile() ? wanted : path.join(dir, 'index.html');
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find((e) => accepted.includes(e) && existsSync(file + suffix[e]));
    const headers: Record<string, string> = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    createReadStream(encoding ? file + suffix[encoding] : file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headless Chromium with a debugging port and a throw-away profile. */
export async function launchChromium(debuggingPort: number, extraArgs: string[] = []): Promise<Running> {
  const executable = findChromium();
  if (!executable) throw new Error(chromiumMissingMessage);
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-bench-chromium-'));
  const child = spawn(
    executable,
    [
      ...chromiumArgs,
      '--headless=new',
      `--remote-debugging-port=${debuggingPort}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      ...extraArgs,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  const url = `http://127.0.0.1:${debuggingPort}`;
  const stop = async () => {
    await stopProcess(child, true);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/json/version`, 'Chromium', 30);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Stops what was started, last first, even when one of them fails to stop. */
export async function stopAll(running: Running[]) {
  const failures: unknown[] = [];
  for (const r of running.reverse()) await r.stop().catch((e: unknown) => failures.push(e));
  if (failures.length) throw new AggregateError(failures, 'some bench processes did not stop');
}
