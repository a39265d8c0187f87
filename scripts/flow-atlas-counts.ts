import type { AtlasFlow, Verdict } from './flow-atlas-types';
import { escapeHtml as esc } from './flows-report';

export const WALK_TITLES = { server: 'Server walk (a)', screens: 'Screens walk (b)', browser: 'Browser walk (c)' } as const;

/** A target's verdict per walk as badges; a walk that measures no target of its kind shows none. */
export function verdictBadges(verdicts: readonly Verdict[]): string {
  return verdicts
    .map((v) => {
      if (v.state === 'not run') return `<span class="vb vb-none" title="${esc(WALK_TITLES[v.walk])}: no result">${v.walk}: not run</span>`;
      // Coverage only where it applies: a walk that measures no target of this kind says so once, above the list.
      if (v.state === 'n/a') return '';
      if (v.state === 'covered') return `<span class="vb vb-ok">${v.walk}: ✔ covered</span>`;
      if (v.gap) return `<span class="vb vb-gap" title="${esc(v.gap)}">${v.walk}: known gap</span>`;
      return `<span class="vb vb-bad">${v.walk}: ✖ not covered</span>`;
    })
    .filter(Boolean)
    .join(' ');
}

/** The known gaps' reasons of a target, once each. */
export const gapNotes = (verdicts: readonly Verdict[]) =>
  [...new Set(verdicts.flatMap((v) => (v.gap ? [v.gap] : [])))].map((g) => `<p class="small gap">Known gap: ${esc(g)}</p>`).join('');

/**
 * One count per thing: the paths the page lists, and how many of them each walk walked and passed;
 * a walk walks fewer where its known gaps leave a path out, and says so.
 */
export function pathCounts(flow: AtlasFlow): string {
  const walked = flow.figures
    .filter((f) => f.kinds)
    .map((f) => {
      const n = f.passed + f.failed;
      const left = flow.paths.length - n;
      // The browser walks one path to each state, to photograph it; the other walks leave out only
      // the paths that would take a known gap.
      const why = f.walk === 'browser' ? 'it walks one path to each state, to photograph it' : `${left === 1 ? 'it takes' : 'they take'} a known gap`;
      return `${f.walk}: ${f.passed} of ${n} walked passed${left > 0 ? ` (${left} left out: ${why})` : ''}`;
    });
  return `${flow.paths.length} path${flow.paths.length === 1 ? '' : 's'}${walked.length ? `; ${walked.join('; ')}` : ''}`;
}
