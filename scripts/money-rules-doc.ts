/**
 * The money rules' table in docs/payments.md, drawn from `billingRules`
 * (server/billing/billing-rules.ts, docs/decisions/069) between two markers, so the page a reader
 * opens says what the code decides. `npx tsx scripts/money-rules-doc.ts` writes it;
 * tests/money-rules-doc.test.ts fails when it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { billingRules } from '../server/billing/billing-rules';

export const PAYMENTS_DOC = path.resolve(import.meta.dirname, '../docs/payments.md');
const START = '<!-- money-rules: drawn from server/billing/billing-rules.ts by scripts/money-rules-doc.ts -->';
const END = '<!-- /money-rules -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function moneyRulesTable(): string {
  const rows = billingRules.map(
    (r) => `| **${cell(r.title)}** (\`${r.id}\`) | ${r.actors.join(', ')} | ${cell(r.when)} | ${cell(r.rule)} | ${cell(r.otherwise)} |`,
  );
  return [START, '| rule | who | when | must hold | otherwise |', '|---|---|---|---|---|', ...rows, END].join('\n');
}

/** The page with its table as the rules are now; throws when the markers are missing. */
export function withMoneyRules(page: string): string {
  const from = page.indexOf(START);
  const to = page.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/payments.md has no money-rules markers (${START} … ${END})`);
  return page.slice(0, from) + moneyRulesTable() + page.slice(to + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PAYMENTS_DOC, withMoneyRules(readFileSync(PAYMENTS_DOC, 'utf8')));
  console.log(`wrote the money rules into ${path.relative(process.cwd(), PAYMENTS_DOC)}`);
}
