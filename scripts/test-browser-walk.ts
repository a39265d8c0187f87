/**
 * `npm run test:browser-walk [-- <flow>…] [--no-build]`: the browser walks (tests/browser/*.walk.ts)
 * of the named flows (all by default): each flow's graph, the shortest path to every state, in
 * Chromium against the reference server serving the production build (built first, unless
 * `--no-build`: `npm test` has just built it; ADR 039). A complete run of every flow writes
 * docs/flows/browser.json and the screenshots under docs/flows/screens/, which the atlas reads
 * (`npm run flows`); any other run writes reports/flows/browser.partial.json and
 * reports/flows/screens/. The tester's report and JUnit file: reports/flows/index.html and
 * reports/flows/junit.xml (scripts/flows-report-write.ts). Exits with
 * Vitest's code, or 1 when a flow's states are not all reached.
 */
import path from 'node:path';
import { browserSummary, browserWalked, runBrowserWalks } from './browser-walk-run';
import { writeFlowReport } from './flows-report-write';
import { stampRun } from './run-stamp';
import { root } from './test-steps';
import { newRunId, resolveFlows, unknownFlowsMessage } from './flows-report-data';

const rel = (file: string) => path.relative(process.cwd(), file) || '.';
const args = process.argv.slice(2);
const walked = browserWalked();
const resolved = resolveFlows(
  args.filter((a) => !a.startsWith('--')),
  walked,
);
if (!resolved.ok) {
  console.error(unknownFlowsMessage(resolved.unknown, walked));
  process.exit(1);
}

const runId = newRunId(new Date(), process.pid);
stampRun(runId);
const run = runBrowserWalks(resolved.flows, runId, { build: !args.includes('--no-build') });
console.log('\n━━ browser walk report');
for (const line of browserSummary(run, resolved.flows)) console.log(line);
if (run.incomplete.length) console.log(`\npartial (${run.incomplete.join('; ')}): ${rel(run.file)}`);
else console.log(`\nreport: ${rel(run.file)} (the atlas: npm run flows)`);
const exitCode = run.status !== 0 ? run.status : run.short.length ? 1 : 0;
const written = writeFlowReport({
  root,
  runId,
  expected: resolved.flows.map((f) => ({ flow: f.id, walk: 'browser' as const })),
  exitCode,
});
console.log(`tester report: ${rel(written.file)}\njunit:  ${rel(written.junit)}`);
process.exit(exitCode);
