/**
 * `npm run flows`: draws every machine of machines/ as an SVG statechart in docs/flows/, coloured
 * by the last coverage report (docs/flows/coverage.json, written by the model walks in npm test),
 * and lists them in docs/flows/README.md. Offline: Graphviz runs as WebAssembly.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawMachine, FLOWS_DIR, listMachines, type Coverage } from './flow-drawing';

const coverageFile = path.join(FLOWS_DIR, 'coverage.json');
const coverage = (existsSync(coverageFile) ? JSON.parse(readFileSync(coverageFile, 'utf8')) : {}) as Coverage &
  Record<string, { states?: number; transitions?: number }>;
const machines = await listMachines();
const rows: string[] = [];
for (const machine of machines) {
  const file = path.join(FLOWS_DIR, `${machine.id}.svg`);
  writeFileSync(file, await drawMachine(machine, coverage));
  const c = coverage[machine.id];
  const pct = (walk: 'server' | 'screens', kind: 'states' | 'transitions') => {
    const total = c?.[kind];
    const covered = c?.[walk]?.[kind].length;
    return total && covered !== undefined ? `${covered}/${total}` : '–';
  };
  rows.push(
    `| [${machine.id}](${machine.id}.svg) | ${pct('server', 'states')} | ${pct('server', 'transitions')} | ${pct('screens', 'states')} | ${pct('screens', 'transitions')} |`,
  );
  console.log(`drew ${path.relative(process.cwd(), file)}`);
}
writeFileSync(
  path.join(FLOWS_DIR, 'README.md'),
  `# The flows, drawn

Each machine of \`machines/\` as a statechart, drawn by \`npm run flows\` from the machine itself
(states, nested states, every transition with its event and guard; dashed: a transition that stays
in its state). Colours come from the last model walks (\`coverage.json\`, written by \`npm test\`):
green, covered by the walk against the server (a) and the walk through the screens (b); amber, by
one; red, by none. A test fails when a drawing is older than its machine. The same drawings are
interactive on the app's \`/flows\` page (off in production): pick a flow, step through its
transitions, see the path so far, open the flow's screen.

| Machine | (a) states | (a) transitions | (b) states | (b) transitions |
|---|---|---|---|---|
${rows.join('\n')}
`,
);
