/**
 * Test-suite figures (`npm run bench:tests`): runs `npm test` the way CI does (the server suites on
 * PostgreSQL instead of PGlite, when this machine has it) and reports its total and the model-based suite's time
 * from the times it records in .tmp/test-times.json. The budget is the issue's absolute one: npm
 * test under 10 minutes on the 2-core machine the project is built on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './report';

interface TestTimes {
  date: string;
  exitCode: number;
  passed: number;
  failed: number;
  totalSeconds: number;
  steps: Record<string, number>;
}

const PG_PORT = '54339';

/**
 * Runs `npm test` and returns where its times are, or, with BENCH_TEST_TIMES set, the times file of
 * a run already made (CI's, on a clean clone), so the figure need not cost another ten minutes.
 */
function testRun(root: string): string {
  if (process.env.BENCH_TEST_TIMES) return path.resolve(process.env.BENCH_TEST_TIMES);
  const timesFile = path.join(root, '.tmp', 'test-times.json');
  rmSync(timesFile, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  let stopPostgres = false;
  if (!env.TEST_DATABASE_URL) {
    const pg = spawnSync('bash', ['scripts/pg-cluster.sh', 'start'], { cwd: root, env: { ...env, PGPORT: PG_PORT }, encoding: 'utf8' });
    if (pg.status === 0) {
      env.TEST_DATABASE_URL = pg.stdout.trim();
      stopPostgres = true;
    } else console.warn(`bench: no PostgreSQL for the server suites (${pg.stderr.trim()}); npm test runs on PGlite only.`);
  }
  try {
    spawnSync('npm', ['test'], { cwd: root, env, stdio: 'inherit' });
  } finally {
    if (stopPostgres) spawnSync('bash', ['scripts/pg-cluster.sh', 'stop'], { cwd: root, env: { ...env, PGPORT: PG_PORT } });
  }
  return timesFile;
}

export async function run(ctx: BenchContext) {
  const timesFile = testRun(ctx.root);
  if (!existsSync(timesFile)) throw new Error(`npm test wrote no ${timesFile}`);
  const times = JSON.parse(readFileSync(timesFile, 'utf8')) as TestTimes;
  // The run itself says whether the server suites ran on PostgreSQL (a step of its own).
  const onPostgres = Object.keys(times.steps).some((t) => t.includes('PostgreSQL'));
  ctx.results.tests = { ...times, postgres: onPostgres, from: process.env.BENCH_TEST_TIMES ?? 'this run' };
  const step = (prefix: string) => Object.entries(times.steps).find(([title]) => title.startsWith(prefix))?.[1];
  const model = step('model-based tests');
  const slowest = Object.entries(times.steps)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  ctx.rows.push({
    section: 'tests',
    name: `npm test of ${times.date} (${times.passed} passed, ${times.failed} failed${onPostgres ? ', server suites on PostgreSQL' : ', PGlite only'})`,
    figure: `${times.totalSeconds.toFixed(0)} s (slowest steps: ${slowest.map(([t, s]) => `${t.split(' (')[0]} ${s.toFixed(0)} s`).join('; ')})`,
    budget: '< 600 s, all passing',
    holds: times.totalSeconds < 600 && times.exitCode === 0,
  });
  ctx.rows.push({
    section: 'tests',
    name: 'model-based suite (tests/model)',
    figure: model === undefined ? 'not run (an earlier step failed)' : `${model.toFixed(0)} s`,
    budget: 'reported',
    holds: null,
  });
}
