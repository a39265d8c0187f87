// docs/payments.md shows the money rules as the code decides them (docs/decisions/069).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PAYMENTS_DOC, withMoneyRules } from '../scripts/money-rules-doc';
import { billingRules } from '../server/billing/billing-rules';

it('docs/payments.md lists every money rule as billing-rules.ts has it (npx tsx scripts/money-rules-doc.ts redraws it)', () => {
  const page = readFileSync(PAYMENTS_DOC, 'utf8');
  expect(page).toBe(withMoneyRules(page));
  for (const rule of billingRules) expect(page).toContain(`(\`${rule.id}\`)`);
});
