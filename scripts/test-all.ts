/**
 * `npm test`: everything the project checks, in order, stopping at the first failure:
 * types, lint and formatting (at the same time: each is cheap and mostly one core),
 * contract freshness, message catalogue, the production build (the bytes budgets
 * measure it, the browser suite serves it), the vitest suites (on PGlite, the model-based suite on
 * its own so its time is known; the server suites on PostgreSQL instead when TEST_DATABASE_URL is
 * set) and the browser suite. Each step's time goes to .tmp/test-times.json for `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromiumMissingMessage, findChromium } from './chromium';
import { stampRun } from './run-stamp';
import { root, testRun } from './test-steps';

/**
 * The model walks' coverage: each suite writes its part under this run's id
 * (.tmp/flow-coverage/<run>/, tests/model/coverage.ts); once the model step ran, passed or not,
 * `npm run flows -- --run <id>` merges them, writes docs/flows/coverage.json and redraws the atlas
 * if the run was complete (else reports/flows/coverage.partial.json), and prints the table. A walk
 * under 100% of its targets (known gaps aside), or an incomplete run, fails `npm test`.
 */
const runId = new Date().toISOString().replace(/[:.]/g, '-');
// What the run tests, taken before it writes anything (scripts/run-stamp.ts).
stampRun(runId);
let modelRan = false;
let flows: boolean | undefined;
function closeFlows(): boolean {
  if (!modelRan) return true;
  if (flows === undefined) {
    console.log('\n━━ flow coverage (npm run flows -- --run)');
    flows = spawnSync('npx', ['tsx', 'scripts/flows.ts', '--run', runId], { cwd: root, stdio: 'inherit' }).status === 0;
  }
  return flows;
}

const { step, together, vitest, playwright, finish } = testRun('test', 'npm test', (code) => (closeFlows() ? code : 1));

// The runtime npm put first on the PATH: node_modules/.bin/node, the `node` package (docs/decisions/076).
console.log(`Node.js ${process.version}`);

const chromium = findChromium();
if (!chromium) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

// They only read the tree, and nothing before the message catalogue's compilation (which writes
// src/i18n/compiled) runs beside them. On two cores the three take the longest one's time and a
// little more, not the sum of the three (docs/decisions/029).
await together([
  { title: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { title: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { title: 'formatting (npm run format)', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
]);
step('contract types are fresh (npm run gen:api)', 'npm', ['run', '--silent', 'check:api']);
step('message catalogue compiles in every language', 'npm', ['run', '--silent', 'i18n:compile']);

step('production build', 'npm', ['run', '--silent', 'build']);

const unitDb = process.env.TEST_DATABASE_URL;
// The bytes budgets (tests/build) measure the build made just above instead of making their own.
const pglite = { TEST_DATABASE_URL: '', BUILT_APP_DIST: path.join(root, 'dist') };
// Given a PostgreSQL server (CI's), the server suites run on it instead of on PGlite: the model
// walks and the browser suites still run every route on PGlite, and one run of the server suites
// is 90–130 s of CI's 20 minutes (docs/decisions/029).
vitest(
  unitDb ? 'unit, component and build tests (PGlite)' : 'unit, component, build and server tests (PGlite)',
  ['--exclude', 'tests/model/**', ...(unitDb ? ['--exclude', 'tests/server/**'] : [])],
  pglite,
);
modelRan = true;
vitest("model-based tests (tests/model: the machines' graphs walked on the server and on the screens)", ['tests/model'], pglite);
closeFlows();
if (unitDb) vitest('server tests on PostgreSQL', ['tests/server'], { TEST_DATABASE_URL: unitDb, BUILT_APP_DIST: pglite.BUILT_APP_DIST });

playwright('browser tests (Playwright, real Chromium; every screen under a dark orange theme too)', [], { CHROMIUM_PATH: chromium });
finish(0);
