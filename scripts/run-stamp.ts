/**
 * What a run of the walks tested: the commit, whether the tree had changes besides the files the
 * run itself writes, and the run's id. Taken once, when the run starts (`stampRun`), and written
 * into docs/flows/coverage.json and browser.json, so a report never names a commit it was not
 * made on (docs/decisions/070).
 */
import { execFileSync } from 'node:child_process';
import { root } from './flow-drawing';

export interface RunStamp {
  /** `git rev-parse HEAD`, or null outside a git checkout. */
  commit: string | null;
  /** The tree differed from the commit (a file changed, added or removed), or null when unknown. */
  dirty: boolean | null;
  runId: string;
}

/** What a run writes itself: a change there says nothing of what was tested. */
export const GENERATED = ['docs/flows', 'reports', '.tmp', 'src/i18n/compiled', 'dist'];

/** The commit of the tree at `cwd` and whether it has changes outside `GENERATED`. */
export function treeStamp(cwd: string = root): Pick<RunStamp, 'commit' | 'dirty'> {
  const git = (args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const commit = git(['rev-parse', 'HEAD']).trim() || null;
    const changes = git(['status', '--porcelain', '--', '.', ...GENERATED.map((p) => `:(exclude)${p}`)]);
    return { commit, dirty: changes.trim().length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** Stamps a run as it starts; the suites and the merge it spawns read it from the environment. */
export function stampRun(runId: string, env: NodeJS.ProcessEnv = process.env): RunStamp {
  const { commit, dirty } = treeStamp();
  env.FLOW_RUN_ID = runId;
  env.FLOW_RUN_COMMIT = commit ?? '';
  env.FLOW_RUN_DIRTY = dirty === null ? '' : String(dirty);
  return { commit, dirty, runId };
}

/** The stamp `stampRun` took for `runId`; taken now for a run that was not stamped (`npm run flows -- --run` by hand). */
export function runStamp(runId: string, env: NodeJS.ProcessEnv = process.env): RunStamp {
  if (env.FLOW_RUN_ID === runId && env.FLOW_RUN_COMMIT !== undefined) {
    return { commit: env.FLOW_RUN_COMMIT || null, dirty: env.FLOW_RUN_DIRTY ? env.FLOW_RUN_DIRTY === 'true' : null, runId };
  }
  return { ...treeStamp(), runId };
}
