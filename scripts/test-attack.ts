/**
 * `npm run test:attack` (docs/security.md): the suites that attack the portal and take too long for
 * `npm test` — the dependency audit, the Vitest suites in tests/attack (fuzzing, timing, crashes,
 * several processes on one PostgreSQL, load) and the Playwright specs in e2e/attack. The
 * production build is made first (the browser specs serve it). Suites that need a PostgreSQL
 * server get TEST_DATABASE_URL; without one, this run starts the private cluster of
 * scripts/pg-cluster.sh and stops it at the end. Figures each suite prints go to docs/security.md.
 */
import { spawnSync } from 'node:child_process';
import { chromiumMissingMessage, findChromium } from './chromium';
import { root, testRun } from './test-steps';

const chromium = findChromium();
if (!chromium) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

let stopCluster = () => {};
if (!process.env.TEST_DATABASE_URL) {
  const started = spawnSync('bash', ['scripts/pg-cluster.sh', 'start'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (started.status !== 0) {
    console.error('Could not start the PostgreSQL cluster the attack suites need (scripts/pg-cluster.sh start).');
    process.exit(1);
  }
  process.env.TEST_DATABASE_URL = started.stdout.trim();
  stopCluster = () => void spawnSync('bash', ['scripts/pg-cluster.sh', 'stop'], { cwd: root, stdio: 'inherit' });
}
process.on('exit', () => stopCluster());
console.log(`PostgreSQL for the attack suites: ${process.env.TEST_DATABASE_URL}`);

const { step, vitest, playwright, finish } = testRun('attack', 'npm run test:attack');
step('dependency audit (high and critical advisories)', 'npx', ['tsx', 'scripts/audit.ts']);
step('production build', 'npm', ['run', '--silent', 'build']);
vitest('attack suites (tests/attack)', ['--config', 'vitest.attack.config.ts']);
playwright('browser attacks (e2e/attack, real Chromium)', ['--config', 'playwright.attack.config.ts'], { CHROMIUM_PATH: chromium });
finish(0);
