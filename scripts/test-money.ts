/**
 * `npm run test:money [-- --runs N] [--seed S]`: the model-based money suite on its own
 * (tests/server/money-model.test.ts, docs/decisions/069), for a soak longer than the 100
 * sequences `npm test` runs: N random sequences of up to 12 commands from every actor, every
 * money invariant checked after each. On PGlite, or on the PostgreSQL server TEST_DATABASE_URL
 * names. `--seed` replays a run (the suite prints its seed, and a failure its shrunk commands).
 * Prints how long it took.
 */
import { spawnSync } from 'node:child_process';
import { root } from './test-steps';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const runs = option('runs') ?? '100';
const seed = option('seed');
if (!/^[1-9]\d*$/.test(runs) || (seed !== undefined && !/^\d+$/.test(seed))) {
  console.error('usage: npm run test:money -- [--runs N] [--seed S]   (N and S whole numbers)');
  process.exit(2);
}

const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', 'tests/server/money-model.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MONEY_RUNS: runs, ...(seed ? { MONEY_SEED: seed } : {}) },
});
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\ntest:money: ${runs} sequences on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} in ${seconds} s: ${run.status === 0 ? 'every invariant held' : 'FAILED'}`,
);
process.exit(run.status ?? 1);
