/**
 * Server figures (`npm run bench:api`): autocannon on 127.0.0.1 against the real server on a fresh
 * database, each route's req/s as a ratio of a trivial route of the same server in the same run.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchContext } from './report';

const port = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;

async function load(url: string, seconds: number) {
  const r = await autocannon({ url, connections: 20, duration: seconds, headers: { Language: 'pt' } });
  return { reqPerSec: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready in 30 s');
}

export async function run(ctx: BenchContext) {
  const { rows } = ctx;
  const results: Record<string, unknown> = (ctx.results.api = {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const started = Date.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ctx.root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady();
    results.firstStartMs = Date.now() - started;
    rows.push({ section: 'api', name: 'first start (create, migrate, seed)', figure: `${results.firstStartMs} ms`, budget: 'reported', holds: null });

    await load(`${base}/healthz`, 2);
    const baseline = await load(`${base}/healthz`, ctx.seconds);
    results.baseline = baseline;
    rows.push({ section: 'api', name: 'baseline GET /healthz', figure: `${baseline.reqPerSec.toFixed(0)} req/s, p99 ${baseline.p99} ms`, budget: 'reference', holds: null });

    for (const route of ['/api/site/listPlans/v1', '/api/site/theme/v1', '/api/site/get/config/v1']) {
      await load(`${base}${route}`, 2);
      const r = await load(`${base}${route}`, ctx.seconds);
      const ratio = r.reqPerSec / baseline.reqPerSec;
      results[route] = { ...r, ratio };
      rows.push({
        section: 'api',
        name: `GET ${route}`,
        figure: `${r.reqPerSec.toFixed(0)} req/s (${(ratio * 100).toFixed(0)} % of baseline), p99 ${r.p99} ms, ${r.errors} errors`,
        budget: '>= 50 % of baseline, p99 <= 20 ms, 0 errors',
        holds: ratio >= 0.5 && r.p99 <= 20 && r.errors === 0,
      });
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
