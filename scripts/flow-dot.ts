/**
 * A machine as Graphviz DOT, for a reader who never opens the code (docs/decisions/039): each
 * state with its description, each transition with its event, its rule and the refusals it routes
 * (code and the customer's message in the drawing's language), the transitions a parent state
 * offers drawn from a note naming the states that can take them, child flows as links to their
 * own drawing, a legend, and colours from the last complete run of the walks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, AnyStateNode, EventObject, MachineContext, TransitionDefinition } from 'xstate';
import type { Language } from '../core/i18n/languages';
import { arrowIds, arrowTitle, nodeTitle } from './flow-words-text';

export { eventLabel, guardLabel, routedCodes } from './flow-labels';
import { flowTitle, refusalMessageId, routedCodes } from './flow-labels';
import { statesTaking } from '../tests/model/coverage';
import { answerCodesOf } from '../machines/expected-refusals';

type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

export interface WalkTargets {
  states: string[];
  transitions: string[];
  refusals: string[];
  anyState: string[];
}
/** What the drawing reads of a machine's entry in docs/flows/coverage.json. */
export interface MachineCoverage {
  server?: { covered: WalkTargets; missing: WalkTargets } | undefined;
  screens?: { covered: WalkTargets; missing: WalkTargets } | undefined;
}
const WALKS = ['server', 'screens'] as const;

export interface DotOptions {
  /** The language of the catalogue's texts (refusal messages); the descriptions are the machine's. */
  language?: Language;
  /** Ids of the other flows: a state invoking one links to its drawing. */
  flows?: readonly string[];
  /** How a link to another flow's drawing is written (default `<id>.svg`, beside this one). */
  linkTo?: (flowId: string) => string;
  /**
   * The last run walked another version of the machine (scripts/flow-drawing.ts `currentCoverage`):
   * nothing is coloured by it, the chart is grey and says so.
   */
  stale?: boolean;
}

/** A note's pen (the events a parent state offers; the money rules' outcomes, scripts/flow-money-rules.ts). */
export const NOTE = 'shape=note, style=filled, fillcolor="#f4f1fa", color="#6b5b95"';

const palette = {
  both: { fill: '#d9f2df', line: '#1e7b3c' },
  one: { fill: '#fff0c7', line: '#a46400' },
  none: { fill: '#fde4e2', line: '#b42318' },
  notRun: { fill: '#eeeeee', line: '#8a8a8a' },
};

/** What a grey chart says: the run that measured coverage walked another version of the machine. */
export const NOT_RUN_SINCE_CHANGE = 'not run since this change: grey until npm test walks the machine as it is';

// DOT strings: labels use HTML-like labels (<…>), other attributes quoted strings.
export const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Words wrapped to lines of about `width` characters, escaped, joined by HTML-label breaks. */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map(esc).join('<br/>');
}

const catalogues = new Map<string, Record<string, string>>();
/** A message of the one catalogue (core/i18n/lang) in `language`, by its id; undefined for none. */
export function catalogueText(id: string | null, language: Language): string | undefined {
  if (id === null) return undefined;
  if (!catalogues.has(language)) {
    const file = path.resolve(import.meta.dirname, '../core/i18n/lang', `${language}.json`);
    catalogues.set(language, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }
  return catalogues.get(language)![id];
}

/** The catalogue's message for a refusal code in `language` (what a screen shows unless its branch says otherwise). */
export const refusalMessage = (code: number, language: Language) => catalogueText(`error.${code}`, language);

/** What the customer reads when transition `t` takes refusal `code`: the branch's own message (`saying`), else the catalogue's. */
export const branchRefusalMessage = (t: { meta?: unknown }, code: number, language: Language) => catalogueText(refusalMessageId(t, code), language);

/** The harness's transition id (tests/model/harness.ts): source, event (or `always`) and place. */
export function transitionId(t: AnyTransition): string {
  const source = t.source;
  if (t.eventType === '') return `${source.id} always#${source.always?.indexOf(t) ?? 0}`;
  return `${source.id} ${t.eventType}#${(source.transitions.get(t.eventType) ?? []).indexOf(t)}`;
}

/**
 * Stable ids of a state's and a transition's shapes in the SVG (Graphviz writes a DOT `id` as the
 * group's id): the atlas (scripts/flow-atlas-html.ts) marks the state and the arrows a scenario's
 * step is at by them. Letters, digits and `_` only: Graphviz writes even `-` as an entity.
 */
const svgSafe = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');
export const svgStateId = (stateId: string) => `state_${svgSafe(stateId)}`;
/** The arrow of a transition to its `n`th target (a transition with no target has one, to its own state). */
export const svgEdgeId = (transition: string, n = 0) => `edge_${svgSafe(transition)}${n ? `__${n}` : ''}`;

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
const isCompound = (node: AnyStateNode) => children(node).length > 0;
const descendants = (node: AnyStateNode): AnyStateNode[] => children(node).flatMap((c) => [c, ...descendants(c)]);

/** Whether a walk covered a state, or a transition with every code it routes and every state it is taken from. */
function walkCovers(walk: MachineCoverage['server'], kind: 'states' | 'transitions', id: string): boolean {
  if (!walk?.covered[kind].includes(id)) return false;
  if (kind === 'states') return true;
  return ![...walk.missing.refusals, ...walk.missing.anyState].some((t) => t.startsWith(`${id} @`) || t.startsWith(`${id} from `));
}

export function toDot(machine: AnyStateMachine, coverage: MachineCoverage | undefined, options: DotOptions = {}): string {
  const language = options.language ?? 'en';
  const linkTo = options.linkTo ?? ((id: string) => `${id}.svg`);
  const level = (kind: 'states' | 'transitions', id: string) => {
    if (options.stale) return palette.notRun;
    const n = WALKS.filter((w) => walkCovers(coverage?.[w], kind, id)).length;
    return palette[n === 2 ? 'both' : n === 1 ? 'one' : 'none'];
  };
  const title = machine.root.description ? `${flowTitle(machine.id)}: ${machine.root.description}` : flowTitle(machine.id);
  const lines: string[] = [
    `digraph ${q(machine.id)} {`,
    '  compound=true; rankdir=LR; newrank=true; nodesep=0.35; ranksep=0.55;',
    `  label=<<b>${wrap(title, 110)}</b>${options.stale ? `<br/><font point-size="11" color="#555555">${esc(NOT_RUN_SINCE_CHANGE)}</font>` : ''}>; labelloc=t; fontname="Helvetica"; fontsize=13;`,
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, margin="0.12,0.06"];',
    '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.7];',
  ];
  const anchor = (node: AnyStateNode): AnyStateNode => {
    if (!isCompound(node)) return node;
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    return anchor(initial ?? children(node)[0]!);
  };
  const cluster = (node: AnyStateNode) => q(`cluster_${node.id}`);

  const stateLabel = (node: AnyStateNode) => {
    // The owner's title large, the identifier small and grey (docs/decisions/071).
    const title = nodeTitle(machine, node, language);
    const parts = [`<b>${esc(title)}</b>`];
    if (title !== node.key) parts.push(`<font point-size="8" color="#777777">${esc(node.key)}</font>`);
    if (node.description) parts.push(`<font point-size="9">${wrap(node.description, 38)}</font>`);
    for (const invoke of node.invoke as Array<{ id: string; src: unknown }>) {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      const child = options.flows?.includes(src) ? ` (the ${src} flow ↗)` : '';
      parts.push(`<font point-size="8" color="#555555"><i>asks: ${esc(invoke.id)}${esc(child)}</i></font>`);
    }
    return `<${parts.join('<br/>')}>`;
  };
  const childFlow = (node: AnyStateNode) =>
    (node.invoke as Array<{ src: unknown }>).map((i) => (typeof i.src === 'string' ? i.src : '')).find((src) => options.flows?.includes(src));

  const draw = (node: AnyStateNode, indent: string) => {
    const colour = level('states', node.id);
    const link = childFlow(node);
    const extra = [
      `tooltip=${q(node.description ?? node.key)}`,
      `id=${q(svgStateId(node.id))}`,
      ...(link ? [`URL=${q(linkTo(link))}`, 'target="_top"'] : []),
      ...(node.type === 'final' ? ['peripheries=2'] : []),
    ];
    if (isCompound(node)) {
      lines.push(
        `${indent}subgraph ${cluster(node)} {`,
        `${indent}  label=${stateLabel(node)}; style="rounded,filled"; fillcolor=${q(colour.fill)}; color=${q(colour.line)}; ${extra.join('; ')};`,
      );
      for (const child of children(node)) draw(child, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}${q(node.id)} [label=${stateLabel(node)}, fillcolor=${q(colour.fill)}, color=${q(colour.line)}, ${extra.join(', ')}];`);
    }
  };
  for (const child of children(machine.root)) draw(child, '  ');

  const start = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  if (start) {
    lines.push('  "__start" [shape=circle, width=0.18, label="", style=filled, fillcolor="#16131f", tooltip="start"];');
    lines.push(`  "__start" -> ${q(anchor(start).id)}${isCompound(start) ? ` [lhead=${cluster(start)}]` : ''};`);
  }

  const edgeLabel = (t: AnyTransition) => {
    const codes = routedCodes(t);
    const words = arrowTitle(machine, t, language);
    const ids = arrowIds(t);
    const head = `${wrap(words, 40)}${words !== ids ? `<br/><font point-size="7" color="#777777">${esc(ids)}</font>` : ''}`;
    const answers = answerCodesOf(t);
    if (!codes.length && !answers.length) return `<${head}>`;
    // Up to four codes with the customer's message; more as a list of codes.
    const said = (kind: string, c: number) => `${kind} ${c}${branchRefusalMessage(t, c, language) ? `: “${esc(branchRefusalMessage(t, c, language)!)}”` : ''}`;
    const refusals =
      codes.length + answers.length <= 4
        ? [...codes.map((c) => said('refused', c)), ...answers.map((c) => said('answered', c))].join('<br/>')
        : [codes.length ? wrap(`refused ${codes.join(', ')}`, 48) : '', answers.length ? wrap(`answered ${answers.join(', ')}`, 48) : '']
            .filter(Boolean)
            .join('<br/>');
    return `<${head}<br/><font point-size="8">${refusals}</font>>`;
  };

  const notes = new Map<string, string>();
  for (const node of [machine.root, ...descendants(machine.root)]) {
    for (const t of [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as AnyTransition[]) {
      const colour = level('transitions', transitionId(t));
      const attrs = [`label=${edgeLabel(t)}`, `color=${q(colour.line)}`, `fontcolor=${q(colour.line)}`];
      if ((t as { description?: string }).description)
        attrs.push(`tooltip=${q((t as { description?: string }).description!)}`, `labeltooltip=${q((t as { description?: string }).description!)}`);
      if (!t.target) attrs.push('style=dashed');
      let from = q(anchor(node).id);
      // A parent state's event, offered by many states: drawn from a note naming them.
      if (isCompound(node) && t.eventType && !t.eventType.startsWith('xstate.done.state.')) {
        const takers = statesTaking(node, t.eventType);
        if (takers.length > 1 || node === machine.root) {
          const key = `${node.id} ${t.eventType}`;
          if (!notes.has(key)) {
            notes.set(key, q(`__from_${notes.size + 1}`));
            const names = takers.map((s) => nodeTitle(machine, s, language)).join(', ');
            lines.push(
              `  ${notes.get(key)} [${NOTE}, fontsize=9, label=<${wrap(`from any of: ${names}`, 40)}>, tooltip=${q(`Offered in every one of these states: ${names}`)}];`,
            );
          }
          from = notes.get(key)!;
        } else if (node !== machine.root) attrs.push(`ltail=${cluster(node)}`);
      } else if (isCompound(node) && node !== machine.root) attrs.push(`ltail=${cluster(node)}`);
      for (const [n, target] of ((t.target ?? [node]) as AnyStateNode[]).entries()) {
        const edge = [...attrs, `id=${q(svgEdgeId(transitionId(t), n))}`];
        if (isCompound(target) && target !== node) edge.push(`lhead=${cluster(target)}`);
        lines.push(`  ${from} -> ${q(anchor(target).id)} [${edge.join(', ')}];`);
      }
    }
  }

  lines.push(
    '  subgraph cluster_legend {',
    '    label=<<b>How to read it</b>>; style="rounded"; color="#999999"; fontsize=10;',
    ...(options.stale
      ? [`    "__legend_grey" [label=<${wrap(NOT_RUN_SINCE_CHANGE, 34)}>, fillcolor=${q(palette.notRun.fill)}, color=${q(palette.notRun.line)}, fontsize=9];`]
      : [
          `    "__legend_both" [label=<covered by the server walk<br/>and the screens walk>, fillcolor=${q(palette.both.fill)}, color=${q(palette.both.line)}, fontsize=9];`,
          `    "__legend_one" [label=<covered by one of the two walks>, fillcolor=${q(palette.one.fill)}, color=${q(palette.one.line)}, fontsize=9];`,
          `    "__legend_none" [label=<not covered by a passing walk>, fillcolor=${q(palette.none.fill)}, color=${q(palette.none.line)}, fontsize=9];`,
        ]),
    '    "__legend_final" [label=<an end of the flow>, peripheries=2, fillcolor="#ffffff", fontsize=9];',
    `    "__legend_note" [${NOTE}, label=<an event offered in<br/>each of the states named>, fontsize=9];`,
    '    "__legend_a" [label=<a state>, fillcolor="#ffffff", fontsize=9]; "__legend_b" [label=<stays in its state>, fillcolor="#ffffff", fontsize=9];',
    '    "__legend_a" -> "__legend_b" [label=<dashed: nothing changes<br/>but what the state holds>, style=dashed, fontsize=8];',
    `    ${(options.stale ? ['__legend_grey'] : ['__legend_both', '__legend_one', '__legend_none']).map((n) => `"${n}" -> `).join('')}"__legend_final" -> "__legend_note" [style=invis];`,
    '  }',
    '}',
  );
  return lines.join('\n');
}
