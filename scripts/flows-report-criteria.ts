/**
 * The tester report's acceptance criteria (docs/decisions/074): for the flows a run walked, each
 * criterion with the paths of this run that checked it, by title, as the atlas counts them
 * (scripts/flow-atlas-criteria.ts): only passed paths verify; failed ones that reached it are named.
 */
import type { AnyStateMachine } from 'xstate';
import type { CriteriaTexts } from '../machines/acceptance';
import { CRITERION_WALKS, flowCriteria, VERDICT_COLOUR, verdictText, type AtlasCriterion } from './flow-atlas-criteria';
import type { PathTargets } from './flow-atlas-types';
import { machineHash } from './flow-drawing';
import type { FlowPart } from './flows-report-data';
import { escapeHtml as esc } from './flows-report';

function pathsOf(c: AtlasCriterion, titles: readonly string[]): string {
  const items = c.walks.flatMap((w) => [
    ...w.passed.map((n) => `<li>${esc(w.walk)} · passed · P${n} ${esc(titles[n - 1] ?? '')}</li>`),
    ...w.failed.map((n) => `<li class="fail">${esc(w.walk)} · failed · P${n} ${esc(titles[n - 1] ?? '')}</li>`),
  ]);
  return items.length ? `<details><summary>${items.length} path record${items.length === 1 ? '' : 's'}</summary><ul>${items.join('')}</ul></details>` : '';
}

/** One flow's criteria against the run's parts of it; none when it has no criteria or the run did not walk it. */
function flowBlock({ machine, texts }: FlowTexts, parts: readonly FlowPart[], date: string): string {
  const mine = parts.filter((p) => p.flow === machine.id && (CRITERION_WALKS as readonly string[]).includes(p.walk));
  if (!Object.keys(texts).length || !mine.length) return '';
  // Paths are numbered by title across the walks, so a path walked both ways is one P<n>.
  const titles: string[] = [];
  const pathTargets: PathTargets[] = mine.flatMap((part) =>
    part.paths.map((rec) => {
      if (!titles.includes(rec.title)) titles.push(rec.title);
      return {
        walk: part.walk as 'server' | 'screens',
        n: titles.indexOf(rec.title) + 1,
        status: rec.status,
        durationMs: rec.durationMs,
        covered: rec.covered,
      };
    }),
  );
  const stale = mine.some((p) => p.machineHash !== machineHash(machine));
  const list = flowCriteria(machine, texts, { pathTargets, stale, planned: false, date });
  const rows = list.map(
    (c) =>
      `<tr><td>${esc(c.texts[0]!.text)}<br><span class="muted">${esc(c.texts.find((t) => t.language === 'en')?.text ?? '')}</span></td><td>${esc(c.where)}</td><td style="color:${VERDICT_COLOUR[c.verdict]}">${esc(verdictText(c, 'pt'))}${pathsOf(c, titles)}</td></tr>`,
  );
  return `<h3>${esc(machine.id)}</h3><table><thead><tr><th>Criterion (pt, en)</th><th>Where</th><th>Checked by this run</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The report's section, or nothing when no walked flow carries criteria. */
/** A machine and its criteria texts (scripts/flow-atlas-criteria.ts `loadCriteriaTexts`). */
export interface FlowTexts {
  machine: AnyStateMachine;
  texts: CriteriaTexts;
}

export function criteriaSection(flows: readonly FlowTexts[], parts: readonly FlowPart[], date: string): string {
  const blocks = flows.map((f) => flowBlock(f, parts, date)).filter(Boolean);
  if (!blocks.length) return '';
  return `<section id="acceptance-criteria"><h2>Acceptance criteria</h2><p>Each criterion the product owner signs (docs/flows/criteria.html), with the paths of this run that checked it: a state's by the paths that reached it, a transition's by those that took it; only a passed path verifies.</p>${blocks.join('\n')}</section>`;
}
