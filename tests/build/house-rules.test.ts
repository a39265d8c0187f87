/**
 * Habits of the house that no linter checks (docs/decisions/038): comments and docs point at spec
 * sections and decision records, which stay, never at issue numbers, which close.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|js|mjs|css|md|yaml|sql)$/.test(f) && existsSync(f));

describe('house rules', () => {
  it('cites spec sections and ADRs, never issue numbers', () => {
    const cited = tracked.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bissues?\s+#?\d+/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(cited).toEqual([]);
  });
});
