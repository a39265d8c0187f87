/**
 * Acceptance criteria in the atlas (docs/decisions/074): each criterion a machine's states and
 * transitions carry (machines/acceptance.ts), its figures filled in from the constants the server
 * enforces, with the paths of the last complete run that checked it: for a state, each path that
 * reached it; for a transition, each path that took it; for a refusal, each path that met that
 * code there. Only a passed path verifies (tests/model/coverage.ts: a failed path's targets never
 * count); the server and screens walks are counted apart, as coverage.json records them.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { criteriaOf, type CriteriaTexts, type Criterion } from '../machines/acceptance';
import { WITHDRAWAL_WINDOW_MS } from '../core/config/withdrawal';
import { languages, type Language } from '../core/i18n/languages';
import { CodePolicy } from '../server/auth/codes';
import { LockoutPolicy } from '../server/auth/lockout';
import { BOLETO_VALID_DAYS } from '../server/payments/boleto-provider';
import { PIX_TTL_MS } from '../server/payments/pix-provider';
import { eventLabel } from './flow-dot';
import { stateLabel } from './flow-atlas-steps';
import { root } from './flow-drawing';
import { machineIdOf } from './flows-report-data';
import type { PathTargets } from './flow-atlas-types';
import { escapeHtml as esc } from './flows-report';

/** A duration in the largest whole unit, in `language` (`30 minutos`, `7 дней`): Intl's own plural rules. */
export function localDuration(ms: number, language: Language): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  const [size, unit] = units.find(([s]) => ms % s === 0 && ms >= s) ?? [1, 'millisecond'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(ms / size);
}

/** Each `{NAME}` a criterion may write, by the constant's name, read from the constant itself. */
export const FIGURES: Readonly<Record<string, (language: Language) => string>> = {
  PIX_TTL_MS: (l) => localDuration(PIX_TTL_MS, l),
  BOLETO_VALID_DAYS: () => String(BOLETO_VALID_DAYS),
  WITHDRAWAL_WINDOW_MS: (l) => localDuration(WITHDRAWAL_WINDOW_MS, l),
  'LockoutPolicy.threshold': () => String(LockoutPolicy.threshold),
  'LockoutPolicy.windowMs': (l) => localDuration(LockoutPolicy.windowMs, l),
  'LockoutPolicy.baseLockMs': (l) => localDuration(LockoutPolicy.baseLockMs, l),
  'LockoutPolicy.escalationWindowMs': (l) => localDuration(LockoutPolicy.escalationWindowMs, l),
  'CodePolicy.ttlMs': (l) => localDuration(CodePolicy.ttlMs, l),
  'CodePolicy.digits': () => String(CodePolicy.digits),
};

/** The figures a text names that no constant fills in (a test holds every machine's to none). */
export const unknownFigures = (text: string) => [...text.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((name) => !FIGURES[name]);

/** A criterion's text in `language`, its figures filled in; an unknown figure fails loudly, never prints as `{…}`. */
export function criterionText(criterion: Criterion, language: Language): string {
  const text = criterion[language];
  const unknown = unknownFigures(text);
  if (unknown.length) throw new Error(`acceptance criterion names no known constant: ${unknown.join(', ')} in "${text}"`);
  return text.replace(/\{([^}]+)\}/g, (_, name: string) => FIGURES[name]!(language));
}

export type CriterionWalk = 'server' | 'screens';
export const CRITERION_WALKS: readonly CriterionWalk[] = ['server', 'screens'];
export type CriterionVerdict = 'verified' | 'failed' | 'not verified' | 'stale';

export interface AtlasCriterion {
  kind: 'states' | 'transitions' | 'refusals';
  /** The state or transition id it is attached to; `target` adds the refusal code. */
  at: string;
  target: string;
  /** Where, as the atlas reads it: `paying › card`, `paying: answer of submit (refused 301)`. */
  where: string;
  texts: Array<{ language: Language; text: string }>;
  /** Per walk, the paths (`P<n>`) that passed there and those that failed. */
  walks: Array<{ walk: CriterionWalk; passed: number[]; failed: number[] }>;
  verdict: CriterionVerdict;
  /** When the run that verified it (or failed it) finished; null when none did or it was not recorded. */
  date: string | null;
  /** `planned` when coverage.json did not record what each path took and the scenarios' plan stands in. */
  source: 'recorded' | 'planned';
}

export interface CriteriaInput {
  /** The paths' records of the flow's current coverage (none when it is stale or absent). */
  pathTargets: readonly PathTargets[];
  /** coverage.json walked another version of the machine. */
  stale: boolean;
  planned: boolean;
  /** The run's `finishedAt`. */
  date: string | null;
}

/** Where a criterion is attached, in the atlas's words. */
function whereOf(machine: AnyStateMachine, kind: AtlasCriterion['kind'], at: string, target: string): string {
  if (kind === 'states') return stateLabel(machine, at);
  const space = at.indexOf(' ');
  const event = eventLabel(at.slice(space + 1).replace(/#\d+$/, ''));
  const code = kind === 'refusals' ? ` (refused ${target.slice(target.lastIndexOf('@') + 1)})` : '';
  return `${stateLabel(machine, at.slice(0, space))}: ${event}${code}`;
}

const distinct = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);

/** A flow's criteria texts: what machines/<folder>/<folder>.criteria.ts exports as `acceptanceCriteria`; none without that file. */
export async function criteriaTextsOf(machine: AnyStateMachine): Promise<CriteriaTexts> {
  const dir = path.join(root, 'machines');
  const folder = readdirSync(dir, { withFileTypes: true }).find((d) => d.isDirectory() && machineIdOf(d.name) === machine.id)?.name;
  const file = folder && path.join(dir, folder, `${folder}.criteria.ts`);
  if (!file || !existsSync(file)) return {};
  return ((await import(pathToFileURL(file).href)) as { acceptanceCriteria?: CriteriaTexts }).acceptanceCriteria ?? {};
}

/** Each machine with its criteria texts, for those that have any (the tester report's section). */
export async function loadCriteriaTexts(machines: readonly AnyStateMachine[]): Promise<Array<{ machine: AnyStateMachine; texts: CriteriaTexts }>> {
  const out: Array<{ machine: AnyStateMachine; texts: CriteriaTexts }> = [];
  for (const machine of machines) {
    const texts = await criteriaTextsOf(machine);
    if (Object.keys(texts).length) out.push({ machine, texts });
  }
  return out;
}

/** Every criterion of `machine` (its texts from `texts`) with the paths that checked it and the verdict. */
export function flowCriteria(machine: AnyStateMachine, texts: CriteriaTexts, input: CriteriaInput): AtlasCriterion[] {
  return criteriaOf(machine, texts).map(({ kind, at, target, criterion }): AtlasCriterion => {
    const walks = CRITERION_WALKS.map((walk) => {
      const mine = input.pathTargets.filter((p) => p.walk === walk && p.covered[kind].includes(target));
      return {
        walk,
        passed: distinct(mine.filter((p) => p.status === 'passed').map((p) => p.n)),
        failed: distinct(mine.filter((p) => p.status === 'failed').map((p) => p.n)),
      };
    });
    const passed = walks.some((w) => w.passed.length);
    const failed = walks.some((w) => w.failed.length);
    const verdict: CriterionVerdict = input.stale ? 'stale' : passed ? 'verified' : failed ? 'failed' : 'not verified';
    return {
      kind,
      at,
      target,
      where: whereOf(machine, kind, at, target),
      texts: languages.map((language) => ({ language, text: criterionText(criterion, language) })),
      walks,
      verdict,
      date: verdict === 'verified' || verdict === 'failed' ? input.date : null,
      source: input.planned ? 'planned' : 'recorded',
    };
  });
}

const WORDS: Record<
  Language,
  { title: string; verified: (n: number, list: string, date: string) => string; failed: (n: number, list: string) => string; none: string; stale: string }
> = {
  pt: {
    title: 'Critérios de aceitação',
    verified: (n, list, date) => `verificado por ${n} caminho${n === 1 ? '' : 's'} (${list}), aprovado${n === 1 ? '' : 's'} em ${date}`,
    failed: (n, list) => `falhou: ${n} caminho${n === 1 ? '' : 's'} (${list}), nenhum aprovado`,
    none: 'não verificado',
    stale: 'não executado desde esta alteração',
  },
  en: {
    title: 'Acceptance criteria',
    verified: (n, list, date) => `checked by ${n} path${n === 1 ? '' : 's'} (${list}), passed on ${date}`,
    failed: (n, list) => `failed: ${n} path${n === 1 ? '' : 's'} (${list}), none passed`,
    none: 'not verified',
    stale: 'not run since this change',
  },
  es: {
    title: 'Criterios de aceptación',
    verified: (n, list, date) => `verificado por ${n} camino${n === 1 ? '' : 's'} (${list}), aprobado${n === 1 ? '' : 's'} el ${date}`,
    failed: (n, list) => `falló: ${n} camino${n === 1 ? '' : 's'} (${list}), ninguno aprobado`,
    none: 'no verificado',
    stale: 'no ejecutado desde este cambio',
  },
  ru: {
    title: 'Критерии приёмки',
    verified: (n, list, date) => `проверено путями: ${n} (${list}), пройдено ${date}`,
    failed: (n, list) => `не пройдено: путей ${n} (${list}), ни один не прошёл`,
    none: 'не проверено',
    stale: 'не запускалось после этого изменения',
  },
};
export const criteriaTitle = (language: Language) => WORDS[language].title;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '?');
const chips = (list: number[]) => list.map((n) => `P${n}`).join(', ');

/** The verdict in `language`: `verificado por 3 caminhos (P3, P7, P9), aprovados em 2026-12-07`. */
export function verdictText(c: AtlasCriterion, language: Language): string {
  const w = WORDS[language];
  if (c.verdict === 'stale') return w.stale;
  if (c.verdict === 'not verified') return w.none;
  const list = distinct(c.walks.flatMap((x) => (c.verdict === 'verified' ? x.passed : x.failed)));
  return c.verdict === 'verified' ? w.verified(list.length, chips(list), day(c.date)) : w.failed(list.length, chips(list));
}

/** The colour a verdict reads in: green verified, red not verified or failed, grey stale. */
export const VERDICT_COLOUR: Record<CriterionVerdict, string> = { verified: '#1b5e20', failed: '#b00020', 'not verified': '#b00020', stale: '#555555' };

/** Per walk, the paths: `server: P3, P7 · screens: P3`, failures named apart. */
function walkDetail(c: AtlasCriterion): string {
  return c.walks
    .map((w) => {
      const parts = [w.passed.length ? `passed ${chips(w.passed)}` : 'none passed', ...(w.failed.length ? [`failed ${chips(w.failed)}`] : [])];
      return `${w.walk}: ${parts.join(', ')}`;
    })
    .join(' · ');
}

/** One criterion: Portuguese first, its verdict in colour, the other languages below. */
export function criterionItem(c: AtlasCriterion): string {
  const [first, ...others] = c.texts;
  const colour = VERDICT_COLOUR[c.verdict];
  const failedToo = c.verdict === 'verified' && c.walks.some((w) => w.failed.length);
  return `<li class="criterion"><p lang="${first!.language}"><strong>${esc(first!.text)}</strong></p>
<p class="criterion-verdict" style="color:${colour}"><strong>${esc(verdictText(c, first!.language))}</strong>${failedToo ? ' <span style="color:#b00020">(some paths that reached it failed)</span>' : ''}</p>
<p class="small muted">${esc(c.where)} <code class="tech">${esc(c.target)}</code> · ${esc(walkDetail(c))}${c.source === 'planned' ? ' · paths as planned by the scenarios (coverage.json has no per-path record)' : ''}</p>
<ul class="criterion-languages small">${others.map((t) => `<li lang="${t.language}"><strong>${t.language}</strong>: ${esc(t.text)} — <em>${esc(verdictText(c, t.language))}</em></li>`).join('')}</ul></li>`;
}

/** The flow's "Acceptance criteria" panel of the atlas; nothing for a flow with none. */
export function criteriaPanel(flowId: string, list: readonly AtlasCriterion[] | undefined): string {
  if (!list?.length) return '';
  const verified = list.filter((c) => c.verdict === 'verified').length;
  return `<details class="block" id="criteria-${esc(flowId)}" open><summary><h3>${esc(criteriaTitle('pt'))} · ${esc(criteriaTitle('en'))} (${verified}/${list.length} ${verified === 1 ? 'verificado' : 'verificados'})</h3></summary>
<ol class="criteria">${list.map(criterionItem).join('\n')}</ol><p class="small"><a href="criteria.html">Versão para imprimir e assinar · printable page</a></p></details>`;
}
