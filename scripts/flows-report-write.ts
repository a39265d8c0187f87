/**
 * Writes a run's tester report, reports/flows/index.html (scripts/flows-report.ts), and its JUnit
 * file, reports/flows/junit.xml (scripts/flows-junit.ts), from the coverage parts its walks left in
 * .tmp/flow-coverage/<run>/: `npm run test:flows` for the flows it ran, `npm test` for every flow
 * (so CI keeps the report of each full run).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readParts, type Walk } from './flows-report-data';
import { flowJunit } from './flows-junit';
import { renderReport } from './flows-report';
import { criteriaSection, type FlowTexts } from './flows-report-criteria';
import { runStamp } from './run-stamp';
import { readShotsTaken } from '../tests/model/browser-report';
import { readReport, targetChanges, type CoverageReport, type TargetChange } from '../tests/model/coverage-report';

export const reportDir = (root: string) => path.join(root, 'reports/flows');

export interface WrittenReport {
  file: string;
  /** The targets the run has that the baseline had not, and the other way round. */
  changes: TargetChange[];
  junit: string;
  parts: ReturnType<typeof readParts>['parts'];
  unreadable: string[];
  partsDir: string;
}

export function writeFlowReport(options: {
  root: string;
  runId: string;
  expected: Array<{ flow: string; walk: Walk }>;
  exitCode?: number | null;
  /** The coverage the run's targets are set against (default: docs/flows/coverage.json as it is). */
  baseline?: CoverageReport;
  /** The flows' acceptance criteria, for the report's section (docs/decisions/074); none without them. */
  criteria?: readonly FlowTexts[];
}): WrittenReport {
  const { root, runId, expected } = options;
  const partsDir = path.join(root, '.tmp/flow-coverage', runId);
  const { parts, unreadable } = readParts(partsDir);
  const svgs: Record<string, string> = {};
  for (const { flow } of expected) {
    const svg = path.join(root, 'docs/flows', `${flow}.svg`);
    if (existsSync(svg)) svgs[flow] = readFileSync(svg, 'utf8');
  }
  // A failed browser path's last screen, inlined: the report is one file a CI system keeps.
  const stoppedScreens: Record<string, string> = {};
  for (const { flow, walk } of expected) {
    if (walk !== 'browser') continue;
    for (const [title, image] of Object.entries(readShotsTaken(runId, flow).stopped)) {
      if (existsSync(image)) stoppedScreens[`${flow} ${title}`] = `data:image/jpeg;base64,${readFileSync(image).toString('base64')}`;
    }
  }
  const changes = targetChanges(options.baseline ?? readReport(path.join(root, 'docs/flows/coverage.json')), parts);
  const file = path.join(reportDir(root), 'index.html');
  const generatedAt = new Date().toISOString();
  const criteria = options.criteria ? criteriaSection(options.criteria, parts, generatedAt) : '';
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    renderReport({
      parts,
      svgs,
      expected,
      runId,
      generatedAt,
      stoppedScreens,
      changes,
      ...(criteria ? { criteria } : {}),
      ...(options.exitCode === undefined ? {} : { exitCode: options.exitCode }),
    }),
  );
  const junit = path.join(reportDir(root), 'junit.xml');
  writeFileSync(junit, flowJunit({ parts, expected, stamp: runStamp(runId), timestamp: new Date().toISOString().slice(0, 19) }));
  return { file, junit, parts, unreadable, partsDir, changes };
}
