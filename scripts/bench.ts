/**
 * `npm run bench`: measures the real server on a fresh database and the production build, and
 * reports each figure next to its budget. Figures are ratios against a baseline measured in the
 * same run (the machines are shared and noisy); absolute numbers are reported, not judged.
 * Writes bench/results.json and docs/performance.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

interface Row {
  name: string;
  figure: string;
  budget: string;
  holds: boolean | null;
}
const rows: Row[] = [];
const results: Record<string, unknown> = {};

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

async function benchApi() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const started = Date.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady();
    results.firstStartMs = Date.now() - started;
    rows.push({ name: 'first start (create, migrate, seed)', figure: `${results.firstStartMs} ms`, budget: 'reported', holds: null });

    await load(`${base}/healthz`, 2);
    const baseline = await load(`${base}/healthz`, duration);
    results.baseline = baseline;
    rows.push({ name: 'baseline GET /healthz', figure: `${baseline.reqPerSec.toFixed(0)} req/s, p99 ${baseline.p99} ms`, budget: 'reference', holds: null });

    for (const route of ['/api/site/listPlans/v1', '/api/site/theme/v1', '/api/site/get/config/v1']) {
      await load(`${base}${route}`, 2);
      const r = await load(`${base}${route}`, duration);
      const ratio = r.reqPerSec / baseline.reqPerSec;
      results[route] = { ...r, ratio };
      rows.push({
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

function benchBytes() {
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('npm run build failed');
  const dist = path.join(root, 'dist');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const firstLoad = entry.reduce((sum, f) => sum + gz(f), 0);
  const chunks = readdirSync(path.join(dist, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ file: f, gzip: gz(`assets/${f}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  results.bytes = { firstLoad, chunks };
  rows.push({ name: 'first load of the app shell (JS + CSS, gzip)', figure: `${(firstLoad / 1024).toFixed(1)} kB`, budget: 'reported (floor comparison: issue 7)', holds: null });
  const largest = chunks[0]!;
  rows.push({ name: 'largest chunk (gzip)', figure: `${largest.file}: ${(largest.gzip / 1024).toFixed(1)} kB`, budget: '<= 100 kB', holds: largest.gzip <= 100 * 1024 });
}

await benchApi();
benchBytes();

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const date = new Date().toISOString();
const verdict = (h: boolean | null) => (h === null ? '' : h ? 'holds' : 'MISSES');
const table = ['| measure | figure | budget | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.name} | ${r.figure} | ${r.budget} | ${verdict(r.holds)} |`)].join('\n');
console.log(`\n${table}\n`);
if (!existsSync(path.join(root, 'bench'))) throw new Error('bench/ missing');
writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify({ date, machine, duration, rows, results }, null, 2)}\n`);
writeFileSync(
  path.join(root, 'docs', 'performance.md'),
  `# Performance\n\nLatest \`npm run bench\` (${date}) on ${machine}. Load: autocannon, 20 connections, ${duration} s per route after a 2 s warm-up, on 127.0.0.1, against a server on a fresh embedded database (NODE_ENV=production).\n\n${table}\n\nThe full figures are in \`bench/results.json\`. The budgets are those of the performance issue; the web budgets that need Lighthouse and a floor page are still to be measured.\n`,
);
process.exit(rows.some((r) => r.holds === false) ? 1 : 0);
