/**
 * `npm start`: builds the web app when its sources are newer than the last build, then runs
 * the one server process that serves the app and the API.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const inputs = ['core', 'src', 'public', 'machines', 'openapi', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(p)
      .filter((n) => n !== 'compiled')
      .map((n) => newest(path.join(p, n))),
  );
}

const stale = !existsSync(built) || Math.max(...inputs.map((i) => newest(path.join(root, i)))) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app (sources changed since the last build)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../server/main');
