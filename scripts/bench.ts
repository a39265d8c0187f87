/**
 * `npm run bench` (all three parts), `npm run bench:web`, `npm run bench:api`, `npm run bench:tests`:
 * measures the production build in a real Chromium, the real server on a fresh database and the
 * test suite's time, prints every figure next to its budget and baseline, and writes
 * bench/results.json and docs/performance.md. Exits 1 when a budget misses. The measuring lives in
 * bench/web.ts, bench/api.ts and bench/tests.ts; this file only runs them and reports.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchContext, Row } from '../bench/report';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const parts = values.only ? [values.only] : ['web', 'api', 'tests'];
const ctx: BenchContext = { root, rows: [], results: {}, seconds: Number(process.env.BENCH_SECONDS ?? 10) };

for (const part of parts) {
  if (part === 'web') await (await import('../bench/web')).run(ctx);
  else if (part === 'api') await (await import('../bench/api')).run(ctx);
  else if (part === 'tests') await (await import('../bench/tests')).run(ctx);
  else throw new Error(`unknown bench part "${part}" (web, api or tests)`);
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const date = new Date().toISOString();
const verdict = (h: boolean | null) => (h === null ? '' : h ? 'holds' : 'MISSES');
function table(rows: Row[]) {
  return ['| measure | figure | budget | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.name} | ${r.figure} | ${r.budget} | ${verdict(r.holds)} |`)].join(
    '\n',
  );
}
const sections = (['web', 'api', 'tests'] as const)
  .map((s) => ({ s, rows: ctx.rows.filter((r) => r.section === s) }))
  .filter(({ rows }) => rows.length > 0)
  .map(({ s, rows }) => {
    const notes = rows.filter((r) => r.note).map((r) => `- ${r.name}: ${r.note}`);
    return `## ${{ web: 'Web', api: 'Server', tests: 'Tests' }[s]}\n\n${table(rows)}\n${notes.length ? `\n${notes.join('\n')}\n` : ''}`;
  });
console.log(`\n${sections.join('\n')}`);

// A partial run (bench:web or bench:api) keeps the other part's latest figures in the files.
const resultsFile = path.join(root, 'bench', 'results.json');
const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { runs?: Record<string, unknown> }) : {};
const runs: Record<string, unknown> = { ...(previous.runs ?? {}) };
for (const part of parts) runs[part] = { date, machine, seconds: ctx.seconds, rows: ctx.rows.filter((r) => r.section === part), results: ctx.results[part] };
writeFileSync(resultsFile, `${JSON.stringify({ runs }, null, 2)}\n`);

type Run = { date: string; machine: string; rows: Row[] };
const doc = (Object.entries(runs) as [string, Run][])
  .map(
    ([part, run]) =>
      `Part \`${part}\`: \`npm run bench:${part}\` on ${run.date}, ${run.machine}.\n\n${table(run.rows)}\n${run.rows
        .filter((r) => r.note)
        .map((r) => `\n- ${r.name}: ${r.note}`)
        .join('')}`,
  )
  .join('\n\n');
// bench/notes.md is written by hand: how the budgets were met, what was tried, what each choice saved.
const notesFile = path.join(root, 'bench', 'notes.md');
const notes = existsSync(notesFile) ? `\n${readFileSync(notesFile, 'utf8')}` : '';
writeFileSync(
  path.join(root, 'docs', 'performance.md'),
  `# Performance\n\nWritten by \`npm run bench\`; the full figures are in \`bench/results.json\`.\n\n${doc}\n${notes}`,
);
process.exit(ctx.rows.some((r) => r.holds === false) ? 1 : 0);
