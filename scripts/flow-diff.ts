/**
 * `npm run flows -- --diff <ref> [--flow <id>]` (docs/decisions/073): what changed in each flow
 * between another commit and the working tree, for a reviewer before a change lands. The commit
 * is unpacked into a temporary folder (`git archive`, the repository's worktrees untouched), where
 * scripts/flow-diff-extract.ts summarises its flows with its own code and draws them with its own
 * `drawMachine`; the same runs on the working tree; the two summaries are compared
 * (scripts/flow-diff-compare.ts) with the browser walk's screenshots (scripts/flow-diff-shots.ts).
 * Prints the text report and writes reports/flows/diff.html (scripts/flow-diff-html.ts). A report,
 * not a gate: it exits 0 whatever changed, 2 only when it is asked wrongly.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { compareSummaries, reportText, type TreeSummary } from './flow-diff-compare';
import { diffPageHtml } from './flow-diff-html';
import { compareShots, shotLines, shotSide } from './flow-diff-shots';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** Where the page and its pictures go (reports/ is not committed). */
export const DIFF_PAGE = path.join(root, 'reports/flows/diff.html');
const ASSETS = path.join(root, 'reports/flows/diff');

/** A tree's summary by scripts/flow-diff-extract.ts run with tsx inside it; its charts drawn into `svgDir`. */
async function extract(tree: string, svgDir: string, out: string, flow: string | undefined): Promise<TreeSummary> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const args = ['scripts/flow-diff-extract.ts', '--out', out, '--svg-dir', svgDir, ...(flow ? ['--flow', flow] : [])];
  try {
    await run(tsx, args, { cwd: tree, maxBuffer: 64 * 1024 * 1024, timeout: 5 * 60_000 });
    return JSON.parse(readFileSync(out, 'utf8')) as TreeSummary;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    const why = (e.stderr || e.message).trim().split('\n').slice(-3).join(' ');
    return { flows: [], notes: [`its flows could not be read (${why})`], drawn: false };
  }
}

/** `<ref>` unpacked into `dir`, with the working tree's node_modules and the extraction script of now. */
function materialise(ref: string, dir: string): void {
  execFileSync('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', ref, dir], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  // The script of now, so both sides print the same shape; it loads the old tree's modules.
  copyFileSync(path.join(root, 'scripts/flow-diff-extract.ts'), path.join(dir, 'scripts/flow-diff-extract.ts'));
}

export interface FlowDiffResult {
  text: string;
  page: string;
}

/** Compares `ref` with the working tree; answers the text report and the page written. */
export async function flowDiff(ref: string, flow?: string): Promise<FlowDiffResult> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'flow-diff-'));
  const cleanUp = () => rmSync(tmp, { recursive: true, force: true });
  const onSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    const tree = path.join(tmp, 'tree');
    mkdirSync(tree);
    materialise(ref, tree);
    rmSync(ASSETS, { recursive: true, force: true });
    const [before, after] = await Promise.all([
      extract(tree, path.join(ASSETS, 'before'), path.join(tmp, 'before.json'), flow),
      extract(root, path.join(ASSETS, 'after'), path.join(tmp, 'after.json'), flow),
    ]);
    const diffs = compareSummaries(before, after).filter((d) => !flow || d.id === flow);
    const oldFlows = path.join(tree, 'docs/flows');
    const shots = compareShots(shotSide(oldFlows), shotSide(path.join(root, 'docs/flows')), flow);
    // Old pictures are copied beside the page: the unpacked commit is removed below.
    for (const s of shots)
      if (s.before && existsSync(path.join(oldFlows, s.before))) {
        mkdirSync(path.dirname(path.join(ASSETS, 'before', s.before)), { recursive: true });
        copyFileSync(path.join(oldFlows, s.before), path.join(ASSETS, 'before', s.before));
      }
    const notes = [...before.notes.map((n) => `at ${ref}: ${n}`), ...after.notes.map((n) => `now: ${n}`)];
    const flows = new Set([...diffs.map((d) => d.id), ...shots.map((s) => s.flow)]);
    const withShots = [...flows].sort().map((id) => ({
      id,
      lines: [...(diffs.find((d) => d.id === id)?.lines ?? []), ...shotLines(shots.filter((s) => s.flow === id))],
    }));
    const text = reportText(ref, withShots, notes);
    const fromPage = (file: string) => path.relative(path.dirname(DIFF_PAGE), file);
    const html = diffPageHtml({
      ref,
      diffs: withShots.map((d) => ({ id: d.id, lines: diffs.find((x) => x.id === d.id)?.lines ?? [] })),
      shots,
      notes,
      chart: (side, id) => {
        const file = path.join(ASSETS, side, `${id}.svg`);
        return existsSync(file) ? fromPage(file) : undefined;
      },
      shot: (side, file) => fromPage(side === 'before' ? path.join(ASSETS, 'before', file) : path.join(root, 'docs/flows', file)),
    });
    mkdirSync(path.dirname(DIFF_PAGE), { recursive: true });
    writeFileSync(DIFF_PAGE, html);
    return { text, page: DIFF_PAGE };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    cleanUp();
  }
}

/** `npm run flows -- --diff <ref> [--flow <id>]`: prints the report and where the page is; the exit code. */
export async function runFlowDiff(argv: readonly string[]): Promise<number> {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const ref = option('--diff');
  const flow = option('--flow');
  if (!ref || ref.startsWith('--')) {
    console.error('usage: npm run flows -- --diff <ref> [--flow <id>]');
    return 2;
  }
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, stdio: 'ignore' });
  } catch {
    console.error(`--diff: ${ref} is no commit of this repository`);
    return 2;
  }
  const { text, page } = await flowDiff(ref, flow);
  process.stdout.write(text);
  console.log(`\npage: ${path.relative(process.cwd(), page)}`);
  return 0;
}
