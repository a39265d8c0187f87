import type { AtlasFlow } from './flow-atlas-types';

/**
 * One count per thing: the paths the page lists, and how many of them each walk walked and passed;
 * a walk walks fewer where its known gaps leave a path out, and says so.
 */
export function pathCounts(flow: AtlasFlow): string {
  const walked = flow.figures
    .filter((f) => f.kinds)
    .map((f) => {
      const n = f.passed + f.failed;
      return `${f.walk}: ${f.passed} of ${n} walked passed${n < flow.paths.length ? ` (${flow.paths.length - n} not its paths: known gaps, or photographed once per state)` : ''}`;
    });
  return `${flow.paths.length} path${flow.paths.length === 1 ? '' : 's'}${walked.length ? `; ${walked.join('; ')}` : ''}`;
}
