/**
 * Runs the browser walks (tests/browser/*.walk.ts) of some flows in a run, then closes the run's
 * browser report (tests/model/browser-report.ts): `npm run test:browser-walk` and
 * `npm run test:flows` both start them here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { closeBrowserRun, type BrowserReport } from '../tests/model/browser-report';
import { listFlows, type Flow } from './flows-report-data';
import { runStamp } from './run-stamp';

const root = path.resolve(import.meta.dirname, '..');
export const browserWalkFile = (folder: string) => path.join('tests/browser', `${folder}.walk.ts`);

/** The flows that have a browser walk. */
export const browserWalked = (): Flow[] => listFlows(root).filter((f) => existsSync(path.join(root, browserWalkFile(f.folder))));

export interface BrowserRun {
  /** Vitest's exit code. */
  status: number;
  report: BrowserReport;
  file: string;
  incomplete: string[];
  /** Flows whose states were not all reached. */
  short: string[];
}

/** Builds the app first unless `build` is false (`npm test` has just built it), then walks `flows` in run `runId`. */
export function runBrowserWalks(flows: readonly Flow[], runId: string, { build = true }: { build?: boolean } = {}): BrowserRun {
  if (build) {
    console.log('━━ production build (the browser walks serve it)');
    if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('the production build failed');
  }
  console.log(`\n━━ browser walks: ${flows.map((f) => f.folder).join(', ')} (run ${runId})\n`);
  const vitest = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.browser.config.ts', ...flows.map((f) => browserWalkFile(f.folder))], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FLOW_RUN_ID: runId },
  });
  const status = vitest.status ?? 1;
  const { report, file, incomplete } = closeBrowserRun(
    runId,
    browserWalked().map((f) => f.id),
    { passed: status === 0, stamp: runStamp(runId) },
  );
  // The atlas shows the screenshots and figures of the run that made them: redrawn at once.
  if (!incomplete.length) {
    const redraw = spawnSync('npx', ['tsx', 'scripts/flows.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    console.log(redraw.status === 0 ? '━━ redrew the atlas (docs/flows) with this browser run' : '✖ the atlas could not be redrawn: npm run flows');
  }
  const short = flows
    .map((f) => f.id)
    .filter((id) => {
      const part = report.flows[id];
      return !part || part.covered.states.length + part.knownGaps.length < part.targets.states.length;
    });
  return { status, report, file, incomplete, short };
}

/** One line per flow: paths passed, states reached, states photographed. */
export function browserSummary(run: BrowserRun, flows: readonly Flow[]): string[] {
  return flows.map((flow) => {
    const part = run.report.flows[flow.id];
    if (!part) return `${flow.id} (browser): no result`;
    const passed = part.paths.filter((p) => p.status === 'passed').length;
    return `${flow.id} (browser): ${passed}/${part.paths.length} paths passed, states ${part.covered.states.length}/${part.targets.states.length}, ${Object.keys(part.shots).length} states photographed`;
  });
}
