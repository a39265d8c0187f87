// What the browser walk (tests/browser) leaves for the atlas and the tester: per flow, its part
// (the same shape as the model walks' parts, walk 'browser', passed paths only) and, per state
// node, the screenshots taken the first time a passed path settled in it, at each width.
// A complete run (every path of every flow walked) writes docs/flows/browser.json and the images
// under docs/flows/screens/; any other run writes reports/flows/browser.partial.json and its
// images under reports/flows/screens/.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultFiles, root, writeAtomic, type CoveragePart } from './coverage';

/** The widths every state is photographed at: a desktop and a phone. */
export const SHOT_WIDTHS = [1280, 375] as const;
export type ShotWidth = (typeof SHOT_WIDTHS)[number];

export interface StateShot {
  /** The title of the path that took it. */
  path: string;
  /** Image files by width, relative to the report's folder (`screens/checkout/<content hash>.jpg`). */
  files: Record<`${ShotWidth}`, string>;
}

/** What a browser suite leaves in `.tmp/flow-shots/<run>/<flow>.shots.json` (absolute image files). */
export interface ShotsTaken {
  shots: Record<string, StateShot>;
  /** The screen each failed path stopped on, by path title. */
  stopped: Record<string, string>;
}

/** What a run's browser suite of `flow` left, if anything. */
export function readShotsTaken(runId: string, flow: string): ShotsTaken {
  const file = shotsFile(runId, flow);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ShotsTaken) : { shots: {}, stopped: {} };
}

export interface BrowserFlow extends CoveragePart {
  /** By state node id (`checkout.editing`); a state no passed path settled in has none. */
  shots: Record<string, StateShot>;
}

export interface BrowserReport {
  /** The commit the run tested, or null outside a git checkout. */
  commit: string | null;
  /** The tree had changes besides the files runs write (scripts/run-stamp.ts); absent from reports written before it was recorded. */
  dirty?: boolean | null;
  /** The run that wrote it; absent from reports written before it was recorded. */
  runId?: string;
  finishedAt: string;
  /** Every path of every flow ran; only then is the report committed. */
  complete: boolean;
  flows: Record<string, BrowserFlow>;
}

export const browserFiles = {
  committed: path.join(root, 'docs/flows/browser.json'),
  committedShots: path.join(root, 'docs/flows/screens'),
  partial: path.join(root, 'reports/flows/browser.partial.json'),
  partialShots: path.join(root, 'reports/flows/screens'),
};

/** The browser parts of a run (`.tmp/flow-coverage/<run>/<flow>.browser.json`). */
export function readBrowserParts(runId: string, parts = defaultFiles.parts): CoveragePart[] {
  const dir = path.join(parts, runId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.browser.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CoveragePart);
}

/** Where a browser suite leaves its passed paths' screenshots, by state (tests/browser/browser-walk.ts). */
export const shotsFile = (runId: string, flow: string) => path.join(root, '.tmp/flow-shots', runId, `${flow}.shots.json`);

/**
 * The end of a browser walk run: its parts and screenshots as one report. Complete (every flow
 * of `expected` walked every path, `passed` the run) and the committed report and images are
 * replaced; otherwise the partial ones. Answers the report and where it went.
 */
export function closeBrowserRun(
  runId: string,
  expected: readonly string[],
  { passed, stamp, files = browserFiles }: { passed: boolean; stamp: { commit: string | null; dirty: boolean | null }; files?: typeof browserFiles },
): { report: BrowserReport; file: string; incomplete: string[] } {
  const parts = readBrowserParts(runId);
  const incomplete: string[] = [];
  for (const flow of expected) {
    const part = parts.find((p) => p.flow === flow);
    if (!part) incomplete.push(`${flow}: no browser part`);
    else if (!part.complete) incomplete.push(`${flow}: not every path ran`);
  }
  if (!passed) incomplete.push('the run failed');
  const complete = incomplete.length === 0;
  const file = complete ? files.committed : files.partial;
  const shotsDir = complete ? files.committedShots : files.partialShots;
  rmSync(shotsDir, { recursive: true, force: true });
  const flows: Record<string, BrowserFlow> = {};
  for (const part of parts) {
    const taken = readShotsTaken(runId, part.flow).shots;
    const shots: Record<string, StateShot> = {};
    for (const state of Object.keys(taken).sort()) {
      const shot = taken[state]!;
      const files = {} as StateShot['files'];
      for (const width of SHOT_WIDTHS) {
        // Named by content: a screen two states share is one file, and a run that draws the same
        // screens changes no file.
        const image = readFileSync(shot.files[`${width}`]);
        const target = path.join(shotsDir, part.flow, `${createHash('sha256').update(image).digest('hex').slice(0, 16)}.jpg`);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, image);
        files[`${width}`] = path.relative(path.dirname(file), target).split(path.sep).join('/');
      }
      shots[state] = { path: shot.path, files };
    }
    flows[part.flow] = { ...part, shots };
  }
  const report: BrowserReport = { commit: stamp.commit, dirty: stamp.dirty, runId, finishedAt: new Date().toISOString(), complete, flows };
  writeAtomic(file, `${JSON.stringify(report, null, 2)}\n`);
  return { report, file, incomplete };
}
