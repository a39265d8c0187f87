// Writes core/api/refusals.generated.ts from the contract (`npm run gen:api`); with --check it
// writes nothing and exits 1 when the file is not what the contract makes (`npm run check:api`),
// as openapi-typescript does for openapi/schema.d.ts. The file holds each operation's
// `x-refusals` and the document's `x-refusals-common` (docs/decisions/072).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { listOperations, type ContractDocument } from '../server/openapi/contract';
import { operationRefusalsOf, type CommonRefusals } from '../server/openapi/refusals';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractFile = path.join(root, 'openapi', 'portal.yaml');
export const refusalsFile = path.join(root, 'core', 'api', 'refusals.generated.ts');

/** An operation's export name: `POST /api/bill/{id}/card` → `POST_api_bill_id_card`. */
export const operationName = (key: string) => key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '');

/** What a contract's refusals make, before formatting; throws on an operation without `x-refusals`. */
export function refusalsModule(doc: ContractDocument): string {
  const missing = listOperations(doc)
    .filter((e) => !Array.isArray((doc.paths[e.path]![e.method] as Record<string, unknown>)['x-refusals']))
    .map((e) => `${e.method.toUpperCase()} ${e.path}`);
  if (missing.length) throw new Error(`x-refusals missing on: ${missing.join(', ')}`);
  const groups = (doc['x-refusals-common'] ?? []) as CommonRefusals[];
  const entries = [...operationRefusalsOf(doc)];
  const operations = entries.map(([key]) => `  ${JSON.stringify(key)}: ${operationName(key)},`);
  // One export per operation, so the web bundle keeps only the lists its flows use (docs/decisions/072).
  const named = entries.map(([key, codes]) => `/** ${key} */\nexport const ${operationName(key)} = [${codes.join(', ')}] as const;`);
  return [
    '// Generated from openapi/portal.yaml by scripts/gen-refusals.ts (`npm run gen:api`): do not edit.',
    '// The refusal codes each operation declares (its `x-refusals`) and the ones any operation can',
    '// answer (`x-refusals-common`), docs/decisions/072.',
    '',
    "/** Each operation's own refusals, one export per operation: `refusalsOf(POST_api_bill_card_change)`. */",
    ...named,
    '',
    "/** Each operation's own refusals, by `<METHOD> <path>` as the contract writes it (the server and the tests). */",
    'export const operationRefusals = {',
    ...operations,
    '} as const;',
    '',
    '/** The refusals any operation can answer, in groups, each with why. */',
    `export const commonRefusalGroups = ${JSON.stringify(groups.map((g) => ({ codes: g.codes, why: g.why })))} as const;`,
    '',
    '/** Every common refusal code. */',
    `export const commonRefusals: readonly number[] = [${groups.flatMap((g) => g.codes).join(', ')}];`,
    '',
    '/** An operation of the contract, as `<METHOD> <path>`. */',
    'export type OperationKey = keyof typeof operationRefusals;',
    '',
  ].join('\n');
}

async function main() {
  const doc = parse(readFileSync(contractFile, 'utf8')) as ContractDocument;
  const text = await format(refusalsModule(doc), { ...(await resolveConfig(refusalsFile)), filepath: refusalsFile });
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(refusalsFile, 'utf8');
    } catch {
      // Not written yet: stale.
    }
    if (current !== text) {
      console.error(`${path.relative(root, refusalsFile)} is not what openapi/portal.yaml makes: run npm run gen:api`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(refusalsFile, text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
