/**
 * `npm test`: everything the project checks, in order, stopping at the first failure:
 * types, lint, contract freshness, message catalogue, the production build (the bytes budgets
 * measure it, the browser suite serves it), the vitest suites (on PGlite, the model-based suite on
 * its own so its time is known, and the server suites on PostgreSQL too when TEST_DATABASE_URL is
 * set) and the browser suite. Each step's time goes to .tmp/test-times.json for `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumMissingMessage, findChromium } from './chromium';
import { COVERAGE_FILE, formatCoverage, underFullCoverage, type CoverageReport } from '../tests/model/coverage';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const started = Date.now();
let passed = 0;
let failed = 0;
const stepSeconds: Record<string, number> = {};

function step(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n━━ ${title}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${r.status ?? r.signal}).`);
    finish(1);
  }
  stepSeconds[title] = (Date.now() - t) / 1000;
  console.log(`✔ ${title} (${stepSeconds[title].toFixed(1)} s)`);
}

function countVitest(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

/**
 * The flows' coverage table (docs/flows/coverage.json, written by the model walks): per machine,
 * its graph's states and transitions and those covered by (a) the server walk and (b) the screens
 * walk. A walk under 100% fails the run (its suite fails too; this catches a suite that was skipped).
 */
function printFlowCoverage(): boolean {
  if (!existsSync(COVERAGE_FILE)) return true;
  const report = JSON.parse(readFileSync(COVERAGE_FILE, 'utf8')) as CoverageReport;
  console.log('\n━━ flow coverage (docs/flows/coverage.json)');
  console.log(formatCoverage(report));
  const under = underFullCoverage(report);
  for (const line of under) console.error(`✖ ${line}`);
  return under.length === 0;
}

function finish(code: number): never {
  if (!printFlowCoverage()) code = 1;
  const totalSeconds = (Date.now() - started) / 1000;
  writeFileSync(path.join(tmp, 'test-times.json'), `${JSON.stringify({ date: new Date().toISOString(), exitCode: code, passed, failed, totalSeconds, steps: stepSeconds }, null, 2)}\n`);
  console.log(`\nnpm test took ${totalSeconds.toFixed(0)} s`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(code);
}

const chromium = findChromium();
if (!chromium) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('lint', 'npm', ['run', '--silent', 'lint']);
step('contract types are fresh (npm run gen:api)', 'npm', ['run', '--silent', 'check:api']);
step('message catalogue compiles in every language', 'npm', ['run', '--silent', 'i18n:compile']);

step('production build', 'npm', ['run', '--silent', 'build']);

const vitestJson = path.join(tmp, 'vitest.json');
const vitest = (title: string, args: string[], env: NodeJS.ProcessEnv) => {
  step(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], env);
  countVitest(vitestJson);
};
const unitDb = process.env.TEST_DATABASE_URL;
// The bytes budgets (tests/build) measure the build made just above instead of making their own.
const pglite = { TEST_DATABASE_URL: '', BUILT_APP_DIST: path.join(root, 'dist') };
vitest('unit, component, build and server tests (PGlite)', ['--exclude', 'tests/model/**'], pglite);
vitest('model-based tests (tests/model: the machines\' graphs walked on the server and on the screens)', ['tests/model'], pglite);
if (unitDb) vitest('server tests on PostgreSQL', ['tests/server'], { TEST_DATABASE_URL: unitDb });

const pwJson = path.join(tmp, 'playwright.json');
step('browser tests (Playwright, real Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  CHROMIUM_PATH: chromium,
});
if (existsSync(pwJson)) {
  const stats = (JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
finish(failed > 0 ? 1 : 0);
