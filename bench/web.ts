/**
 * Web figures (`npm run bench:web`): the production build's bytes per route, against a React-only
 * floor page built in the same run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kB, type BenchContext } from './report';

export async function run(ctx: BenchContext) {
  const { root, rows } = ctx;
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
  ctx.results.web = { firstLoad, chunks };
  rows.push({ section: 'web', name: 'first load of the app shell (JS + CSS, gzip)', figure: kB(firstLoad), budget: 'reported', holds: null });
  const largest = chunks[0]!;
  rows.push({ section: 'web', name: 'largest chunk (gzip)', figure: `${largest.file}: ${kB(largest.gzip)}`, budget: '<= 100 kB', holds: largest.gzip <= 100 * 1024 });
}
