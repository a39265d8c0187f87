/**
 * The money rules in the flow atlas (docs/decisions/069): `billingRules`, the one place on the
 * server that decides every payment, refund, chargeback, credit and renewal whichever flow or actor
 * it comes from, drawn for a reader who never opens the code. They are not a machine: no states,
 * no walks, no coverage colours. Left to right: who acts, the rules each of them makes be asked
 * (the rule's title and what must hold), and what happens otherwise, with the codes the customer
 * is told. docs/flows/money-rules.svg and the atlas's section are stamped with the rules'
 * fingerprint (tests/flows-money-rules.test.ts holds both to the rules as they are). English only:
 * the rules are written in English, and a chart half translated would read worse than none.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BillingRule, MoneyActor } from '../server/billing/billing-rules';
import { chartFrame } from './flow-atlas-chart';
import { esc as escDot, NOTE, q, refusalMessage, wrap } from './flow-dot';
import { FLOWS_DIR, renderStamped } from './flow-drawing';
import { inlineChart } from './flows-report-svg';
import { escapeHtml as esc } from './flows-report';

export const MONEY_RULES_FILE = path.join(FLOWS_DIR, 'money-rules.svg');
/** The decision record, from docs/flows/. */
export const MONEY_RULES_DECISION = '../decisions/069-one-ledger-and-one-place-that-decides.md';
/** The section's anchor on the atlas page, and its chart's key (flow-atlas-page.js). */
export const MONEY_RULES_ANCHOR = 'money-rules';
export const MONEY_RULES_TITLE = 'Money rules (every flow, on the server)';

/** The rules as drawn: the chart's SVG and the rules it was drawn from. */
export interface MoneyRulesChart {
  svg: string;
  rules: readonly BillingRule[];
}

/**
 * Each actor in a product owner's words. Keyed by the type: an actor added to the rules does not
 * compile until it is named here.
 */
const actors: Record<MoneyActor, { name: string; does: string }> = {
  customer: { name: 'Customer', does: 'in the portal: buys, pays, changes plan, withdraws' },
  bank: { name: 'Bank', does: 'pays PIX codes and boleto slips' },
  'card network': { name: 'Card network', does: 'answers card payments, opens and closes chargebacks' },
  PSP: { name: 'Payment provider (PSP)', does: 'settles refunds, sends payment events' },
  clock: { name: 'Clock', does: "wakes the server's renewal and payment jobs" },
};
export const actorName = (actor: MoneyActor) => actors[actor].name;

/** The customer's message for each code the rules answer (English: the chart's language). */
const messages = (rules: readonly BillingRule[]) =>
  Object.fromEntries([...new Set(rules.flatMap((r) => r.codes))].sort((a, b) => a - b).map((c) => [c, refusalMessage(c, 'en') ?? null]));

/** A fingerprint of what the chart and the section show: the rules and their codes' messages. */
export function moneyRulesHash(rules: readonly BillingRule[]): string {
  return createHash('sha256')
    .update(JSON.stringify({ rules, messages: messages(rules) }))
    .digest('hex')
    .slice(0, 16);
}

/** Letters, digits and `_` only: Graphviz writes even `-` of an id as an entity (flow-dot.ts). */
const dotId = (kind: 'actor' | 'rule' | 'otherwise', key: string) => `${kind}_${key.replace(/[^A-Za-z0-9_]/g, '_')}`;

/** A refusal as the flows' charts write it: the code and the customer's message. */
const refusalLine = (code: number) => {
  const message = refusalMessage(code, 'en');
  return `refused ${code}${message ? `: “${message}”` : ''}`;
};

/** The actors, in the order the type lists them, that ask at least one rule. */
function actorsOf(rules: readonly BillingRule[]): MoneyActor[] {
  const asking = new Set(rules.flatMap((r) => r.actors));
  return (Object.keys(actors) as MoneyActor[]).filter((a) => asking.has(a));
}

const SUBTITLE =
  'Who acts, what must hold, and what happens otherwise: the server decides every payment, refund, chargeback, credit and renewal by these rules, whichever flow asks (docs/decisions/069).';

export function moneyRulesDot(rules: readonly BillingRule[]): string {
  const lines: string[] = [
    'digraph "moneyRules" {',
    '  rankdir=LR; newrank=true; nodesep=0.2; ranksep=0.8;',
    `  label=<<b>${escDot(MONEY_RULES_TITLE)}</b><br/><font point-size="10">${wrap(SUBTITLE, 110)}</font>>; labelloc=t; fontname="Helvetica"; fontsize=14;`,
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, margin="0.14,0.08"];',
    '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.7, color="#55555f"];',
  ];
  for (const actor of actorsOf(rules)) {
    const { name, does } = actors[actor];
    const asks = rules.filter((r) => r.actors.includes(actor)).map((r) => r.title);
    lines.push(
      `  ${q(dotId('actor', actor))} [shape=box, style="filled", fillcolor="#16131f", color="#16131f", fontcolor="#ffffff", fontsize=12, label=<<b>${escDot(name)}</b><br/><font point-size="9">${wrap(does, 28)}</font>>, id=${q(dotId('actor', actor))}, tooltip=${q(`${name}: ${does}. Asks: ${asks.join('; ')}.`)}];`,
    );
  }
  for (const rule of rules) {
    const box = dotId('rule', rule.id);
    const note = dotId('otherwise', rule.id);
    const codes = rule.codes.map((c) => `<br/><b>${wrap(refusalLine(c), 58)}</b>`).join('');
    lines.push(
      `  ${q(box)} [fillcolor="#ffffff", color="#16131f", label=<<b>${escDot(rule.title)}</b><br/><font point-size="10">${wrap(rule.rule, 72)}</font>>, id=${q(box)}, tooltip=${q(`${rule.title} (${rule.id}). When: ${rule.when}`)}];`,
      `  ${q(note)} [${NOTE}, fontsize=10, label=<<b>Otherwise</b><br/>${wrap(rule.otherwise, 64)}${codes}>, id=${q(note)}, tooltip=${q(`Otherwise (${rule.id}): ${rule.otherwise}`)}];`,
      `  ${q(box)} -> ${q(note)} [color="#6b5b95", tooltip=${q(`${rule.title}: otherwise`)}];`,
      ...rule.actors.map((a) => `  ${q(dotId('actor', a))} -> ${q(box)} [tooltip=${q(`${actors[a].name} asks: ${rule.title}`)}];`),
    );
  }
  lines.push(
    '  subgraph cluster_legend {',
    '    label=<<b>How to read it</b>>; style="rounded"; color="#999999"; fontsize=10;',
    '    "__legend_actor" [shape=box, style="filled", fillcolor="#16131f", color="#16131f", fontcolor="#ffffff", label=<who acts>, fontsize=9];',
    '    "__legend_rule" [fillcolor="#ffffff", color="#16131f", label=<<b>a rule</b><br/>what must hold>, fontsize=9];',
    `    "__legend_note" [${NOTE}, label=<what happens when it does not,<br/>and the code the customer is told>, fontsize=9];`,
    '    "__legend_actor" -> "__legend_rule" [label=<makes it be asked>, fontsize=8];',
    '    "__legend_rule" -> "__legend_note" [label=<otherwise>, color="#6b5b95", fontsize=8];',
    '  }',
    '}',
  );
  return lines.join('\n');
}

/** The chart as SVG, stamped with the rules' fingerprint. */
export async function drawMoneyRules(rules: readonly BillingRule[]): Promise<string> {
  return renderStamped(moneyRulesDot(rules), [`<!-- money-rules-hash: ${moneyRulesHash(rules)} (npm run flows redraws it when billingRules change) -->`]);
}

export const moneyRulesDrawingHash = (svg: string) => /<!-- money-rules-hash: ([0-9a-f]+)/.exec(svg)?.[1];
export const moneyRulesSectionHash = (html: string) => /<section [^>]*id="money-rules"[^>]*data-rules-hash="([0-9a-f]+)"/.exec(html)?.[1];

/** The chart's line in docs/flows/README.md. */
export const moneyRulesReadmeLine = () =>
  `**[${MONEY_RULES_TITLE}](money-rules.svg)**: who acts on an account's money, what each rule checks and what happens otherwise, drawn from \`billingRules\` (server/billing/billing-rules.ts); English only ([docs/decisions/069](${MONEY_RULES_DECISION})).`;

/** The link to the section, for the page's list of flows. */
export const moneyRulesContentsLink = () =>
  `<p class="contents-more"><a href="#${MONEY_RULES_ANCHOR}">${esc(MONEY_RULES_TITLE)}</a>: who acts on an account's money, what each rule checks and what happens otherwise.</p>`;

/** The atlas's section: a sentence, the chart (zoom, fit, pan as the flows'), and the rules as a table. */
export function moneyRulesSection({ svg, rules }: MoneyRulesChart): string {
  const label = 'Chart of the money rules; the table below says the same in words';
  const chart = svg
    ? chartFrame({
        key: MONEY_RULES_ANCHOR,
        name: 'the money rules',
        svg: inlineChart(svg, MONEY_RULES_ANCHOR, new Map(), label),
        label,
        click: 'Click a rule for its row in the table.',
      })
    : '<p class="note">No chart: docs/flows has no drawing of the money rules (npm run flows draws it).</p>';
  const otherwise = (rule: BillingRule) =>
    `${esc(rule.otherwise)}${rule.codes
      .map((c) => {
        const message = refusalMessage(c, 'en');
        return `<br><strong>Refused ${c}</strong>${message ? `: the customer reads “${esc(message)}”` : ''}`;
      })
      .join('')}`;
  const rows = rules.map(
    (r) =>
      `<tr id="rule-${esc(r.id)}" data-chart-node="${MONEY_RULES_ANCHOR}-${dotId('rule', r.id)}"><th scope="row"><strong>${esc(r.title)}</strong><br><code>${esc(r.id)}</code></th><td>${esc(r.actors.map(actorName).join(', '))}</td><td>${esc(r.when)}</td><td>${esc(r.rule)}</td><td>${otherwise(r)}</td></tr>`,
  );
  return `<section class="money-rules" id="${MONEY_RULES_ANCHOR}" aria-labelledby="money-rules-title" data-rules-hash="${moneyRulesHash(rules)}">
<h2 id="money-rules-title">${esc(MONEY_RULES_TITLE)}</h2>
<p class="lede">These rules decide every payment, refund, chargeback, credit and renewal, whichever flow or actor it comes from: the customer in any flow, the bank, the card network, the payment provider or the server's own jobs (<a href="${MONEY_RULES_DECISION}">docs/decisions/069</a>).</p>
<p class="small">In English only: the rules are written in English in the server's code (<code>billingRules</code>, server/billing/billing-rules.ts), and the chart and the table are drawn from them by <code>npm run flows</code>. They are not a flow: no walk colours them.</p>
${chart}
<div class="table-scroll"><table class="figures rules"><thead><tr><th scope="col">Rule</th><th scope="col">Who</th><th scope="col">When</th><th scope="col">Must hold</th><th scope="col">Otherwise</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>
<p class="small"><a href="#contents">Back to the list of flows</a></p></section>`;
}
