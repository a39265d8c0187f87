/**
 * `npm run test:flows [-- <flow>…] [--no-browser]`: the model-based tests of the named flows (by
 * folder, `discount-unbinding`, or machine id, `discountUnbinding`; all by default), walk (a)
 * against the real server and walk (b) through the screens, then walk (c) in Chromium for those
 * that have one (scripts/browser-walk-run.ts; after a production build), then a report a tester
 * reads without the code: reports/flows/index.html (scripts/flows-report.ts), and the same run as
 * JUnit, reports/flows/junit.xml (scripts/flows-junit.ts). Exits 1 if a walk failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { browserSummary, browserWalked, runBrowserWalks } from './browser-walk-run';
import { listFlows, newRunId, resolveFlows, summaryLine, unknownFlowsMessage, WALKS, type Walk } from './flows-report-data';
import { loadCriteriaTexts } from './flow-atlas-criteria';
import { listMachines } from './flow-drawing';
import { writeFlowReport } from './flows-report-write';
import { stampRun } from './run-stamp';
import { targetChangeLines } from '../tests/model/coverage-report';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, 'reports/flows');
const rel = (file: string) => path.relative(process.cwd(), file) || '.';

const flows = listFlows(root);
const args = process.argv.slice(2);
const resolved = resolveFlows(
  args.filter((a) => !a.startsWith('--')),
  flows,
);
if (!resolved.ok) {
  console.error(unknownFlowsMessage(resolved.unknown, flows));
  process.exit(1);
}

const testFile = (folder: string, walk: Walk) => path.join('tests/model', `${folder}.${walk}.test.${walk === 'server' ? 'ts' : 'tsx'}`);
const expected: Array<{ flow: string; walk: Walk }> = [];
const files: string[] = [];
for (const flow of resolved.flows) {
  for (const walk of WALKS) {
    const file = testFile(flow.folder, walk);
    if (existsSync(path.join(root, file))) {
      files.push(file);
      expected.push({ flow: flow.id, walk });
    } else console.warn(`(no ${walk} walk for ${flow.folder}: ${file} does not exist)`);
  }
}
if (files.length === 0) {
  console.error('No model test to run for these flows.');
  process.exit(1);
}

const runId = newRunId(new Date(), process.pid);
stampRun(runId);
mkdirSync(reportDir, { recursive: true });
console.log(`━━ flow tests: ${resolved.flows.map((f) => f.folder).join(', ')} (run ${runId})\n`);
const vitest = spawnSync('npx', ['vitest', 'run', ...files], { cwd: root, stdio: 'inherit' });
const browserFlows = args.includes('--no-browser') ? [] : browserWalked().filter((b) => resolved.flows.some((f) => f.id === b.id));
for (const flow of browserFlows) expected.push({ flow: flow.id, walk: 'browser' });
const browser = browserFlows.length ? runBrowserWalks(browserFlows, runId) : undefined;
const exitCode = vitest.status !== 0 ? (vitest.status ?? 1) : browser && (browser.status !== 0 || browser.short.length) ? 1 : 0;

// The flows' acceptance criteria, for the report's section (docs/decisions/074).
const criteria = await loadCriteriaTexts(await listMachines());
const { file: htmlFile, junit, parts, unreadable, partsDir, changes } = writeFlowReport({ root, runId, expected, exitCode, criteria });
for (const file of unreadable) console.warn(`(skipped ${rel(path.join(partsDir, file))}: not a coverage part)`);

console.log('\n━━ flow test report');
if (parts.length === 0) console.log(`No coverage part was written to ${rel(partsDir)}: the report lists the walks without their paths.`);
for (const { flow, walk } of expected.filter((e) => e.walk !== 'browser')) {
  console.log(
    summaryLine(
      flow,
      walk,
      parts.find((p) => p.flow === flow && p.walk === walk),
    ),
  );
}
if (browser) for (const line of browserSummary(browser, browserFlows)) console.log(line);
for (const line of targetChangeLines(changes)) console.log(`target ${line} (since the committed coverage)`);
console.log(`\nreport: ${rel(htmlFile)}`);
console.log(`junit:  ${rel(junit)}`);
if (browser) console.log(`screenshots: ${rel(browser.file)}`);
process.exit(exitCode);
