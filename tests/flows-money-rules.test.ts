// The money rules in the flow atlas (docs/decisions/069, scripts/flow-money-rules.ts) stay in step
// with `billingRules`: docs/flows/money-rules.svg and the atlas's section carry the fingerprint of
// the rules they were drawn from, as the machines' drawings carry their machine's (tests/flows.test.ts),
// and the section lists every rule, who asks it, when, what must hold and what happens otherwise.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { billingRules, type BillingRule } from '../server/billing/billing-rules';
import { refusalMessage } from '../scripts/flow-dot';
import { FLOWS_DIR } from '../scripts/flow-drawing';
import {
  actorName,
  MONEY_RULES_ANCHOR,
  MONEY_RULES_FILE,
  moneyRulesDot,
  moneyRulesDrawingHash,
  moneyRulesHash,
  moneyRulesSection,
  moneyRulesSectionHash,
} from '../scripts/flow-money-rules';
import { escapeHtml } from '../scripts/flows-report';

const STALE = 'run npm run flows';
const atlas = readFileSync(path.join(FLOWS_DIR, 'index.html'), 'utf8');
/** The section as the page has it, from its opening tag to its end. */
const sectionOf = (html: string) => {
  const start = html.indexOf(`id="${MONEY_RULES_ANCHOR}"`);
  return start < 0 ? '' : html.slice(html.lastIndexOf('<section', start), html.indexOf('</section>', start));
};
/** The table's row of a rule. */
const rowOf = (section: string, rule: BillingRule) => {
  const start = section.indexOf(`<tr id="rule-${rule.id}"`);
  return start < 0 ? '' : section.slice(start, section.indexOf('</tr>', start));
};

describe('the money rules in the flow atlas (docs/flows)', () => {
  it('docs/flows/money-rules.svg is drawn from billingRules as they are', () => {
    expect(existsSync(MONEY_RULES_FILE), `docs/flows/money-rules.svg is missing: ${STALE}`).toBe(true);
    const svg = readFileSync(MONEY_RULES_FILE, 'utf8');
    expect(moneyRulesDrawingHash(svg), `docs/flows/money-rules.svg is older than billingRules: ${STALE}`).toBe(moneyRulesHash(billingRules));
  });

  it("the atlas's section is drawn from billingRules as they are, reachable from the list of flows, after the flows", () => {
    expect(moneyRulesSectionHash(atlas), `docs/flows/index.html's money rules are older than billingRules: ${STALE}`).toBe(moneyRulesHash(billingRules));
    const contents = atlas.slice(atlas.indexOf('<nav id="contents"'), atlas.indexOf('</nav>'));
    expect(contents).toContain(`href="#${MONEY_RULES_ANCHOR}"`);
    expect(atlas.indexOf(`id="${MONEY_RULES_ANCHOR}"`)).toBeGreaterThan(atlas.lastIndexOf('<section class="flow"'));
    // The chart inline, framed as the flows' are: the page's script zooms and fits it.
    const section = sectionOf(atlas);
    expect(section).toContain(`<div class="chart" data-flow="${MONEY_RULES_ANCHOR}">`);
    expect(section).toContain('<svg');
    expect(section).toContain('../decisions/069-one-ledger-and-one-place-that-decides.md');
  });

  it('lists every rule: who, when, what must hold, and otherwise with the codes the customer is told', () => {
    const section = sectionOf(atlas);
    for (const rule of billingRules) {
      const row = rowOf(section, rule);
      expect(row, `${rule.id} is not in docs/flows/index.html: ${STALE}`).not.toBe('');
      for (const text of [rule.title, rule.actors.map(actorName).join(', '), rule.when, rule.rule, rule.otherwise])
        expect(row, rule.id).toContain(escapeHtml(text));
      for (const code of rule.codes)
        expect(row, rule.id).toContain(`<strong>Refused ${code}</strong>: the customer reads “${escapeHtml(refusalMessage(code, 'en')!)}”`);
    }
    expect(section.match(/<tr id="rule-/g)).toHaveLength(billingRules.length);
  });

  it('draws each actor once, each rule as a box they point at, and what happens otherwise as its note with the codes', () => {
    const dot = moneyRulesDot(billingRules);
    const actors = [...new Set(billingRules.flatMap((r) => r.actors))];
    for (const actor of actors) expect(dot.match(new RegExp(`^ {2}"actor_${actor.replace(/ /g, '_')}" \\[`, 'gm')), actor).toHaveLength(1);
    for (const rule of billingRules) {
      const id = rule.id.replace(/-/g, '_');
      expect(dot).toMatch(new RegExp(`"rule_${id}" \\[.*label=<<b>${escapeHtml(rule.title)}</b>`));
      expect(dot).toContain(`"rule_${id}" -> "otherwise_${id}"`);
      for (const actor of rule.actors) expect(dot).toContain(`"actor_${actor.replace(/ /g, '_')}" -> "rule_${id}"`);
      const note = dot.split('\n').find((line) => line.startsWith(`  "otherwise_${id}" [`))!;
      expect(note).toContain('shape=note');
      for (const code of rule.codes) expect(note).toContain(`refused ${code}`);
    }
    expect(dot).toContain('subgraph cluster_legend');
  });

  it('goes stale when a rule changes, and the section shows the change', () => {
    const changed = billingRules.map((r, i) => (i === 0 ? { ...r, otherwise: `${r.otherwise} Support is told.` } : r));
    expect(moneyRulesHash(changed)).not.toBe(moneyRulesHash(billingRules));
    const section = moneyRulesSection({ svg: '', rules: changed });
    expect(moneyRulesSectionHash(section)).toBe(moneyRulesHash(changed));
    expect(section).toContain('Support is told.');
    expect(section).toContain('No chart: docs/flows has no drawing of the money rules');
  });
});
