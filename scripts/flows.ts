/**
 * `npm run flows`: draws every machine of machines/ as an SVG statechart in docs/flows/, coloured
 * by the last complete run's coverage (docs/flows/coverage.json), and the money rules every flow
 * obeys (docs/flows/money-rules.svg, scripts/flow-money-rules.ts), lists them in
 * docs/flows/README.md and writes the atlas page, docs/flows/index.html (scripts/flow-atlas-html.ts).
 * Offline: Graphviz runs as WebAssembly.
 * `npm run flows -- --run <id>` (what `npm test` runs after its model step): merges that run's
 * coverage parts first (scripts/flow-atlas.ts `closeFlowRun`); exits 1 unless it was complete and
 * fully covered.
 * `npm run flows -- --diff <ref> [--flow <id>]`: draws nothing; prints what changed in each flow
 * since `ref` and writes reports/flows/diff.html (scripts/flow-diff.ts, docs/decisions/073).
 */
import path from 'node:path';
import { readReport } from '../tests/model/coverage-report';
import { closeFlowRun, drawFlows } from './flow-atlas';

if (process.argv.includes('--diff')) {
  const { runFlowDiff } = await import('./flow-diff');
  process.exit(await runFlowDiff(process.argv));
}
const at = process.argv.indexOf('--run');
if (at >= 0) {
  const runId = process.argv[at + 1];
  if (!runId) throw new Error('--run needs a run id (FLOW_RUN_ID)');
  process.exit((await closeFlowRun(runId)) ? 0 : 1);
}
for (const file of await drawFlows(readReport())) console.log(`drew ${path.relative(process.cwd(), file)}`);
