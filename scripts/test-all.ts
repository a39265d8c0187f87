/**
 * `npm test`: everything the project checks, in order, stopping at the first failure:
 * types, lint, formatting, contract freshness, message catalogue, the production build (the bytes budgets
 * measure it, the browser suite serves it), the vitest suites (on PGlite, the model-based suite on
 * its own so its time is known, and the server suites on PostgreSQL too when TEST_DATABASE_URL is
 * set) and the browser suite. Each step's time goes to .tmp/test-times.json for `npm run bench`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumMissingMessage, findChromium } from './chromium';
import { root, testRun } from './test-steps';
import { COVERAGE_FILE, formatCoverage, underFullCoverage, type CoverageReport } from '../tests/model/coverage';

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

const { step, vitest, playwright, finish } = testRun('test', 'npm test', (code) => (printFlowCoverage() ? code : 1));

const chromium = findChromium();
if (!chromium) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('lint', 'npm', ['run', '--silent', 'lint']);
step('formatting (npm run format)', 'npm', ['run', '--silent', 'format:check']);
step('contract types are fresh (npm run gen:api)', 'npm', ['run', '--silent', 'check:api']);
step('message catalogue compiles in every language', 'npm', ['run', '--silent', 'i18n:compile']);

step('production build', 'npm', ['run', '--silent', 'build']);

const unitDb = process.env.TEST_DATABASE_URL;
// The bytes budgets (tests/build) measure the build made just above instead of making their own.
const pglite = { TEST_DATABASE_URL: '', BUILT_APP_DIST: path.join(root, 'dist') };
vitest('unit, component, build and server tests (PGlite)', ['--exclude', 'tests/model/**'], pglite);
vitest("model-based tests (tests/model: the machines' graphs walked on the server and on the screens)", ['tests/model'], pglite);
if (unitDb) vitest('server tests on PostgreSQL', ['tests/server'], { TEST_DATABASE_URL: unitDb });

playwright('browser tests (Playwright, real Chromium)', [], { CHROMIUM_PATH: chromium });
finish(0);
