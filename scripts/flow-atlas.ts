/**
 * Draws the flow atlas (docs/flows): every machine of machines/ as an SVG statechart, coloured by
 * a coverage report of the model walks, the money rules every flow obeys (docs/decisions/069,
 * scripts/flow-money-rules.ts), docs/flows/README.md listing them with their figures, and the
 * static page docs/flows/index.html (scripts/flow-atlas-html.ts).
 * `npm run flows` draws from the committed docs/flows/coverage.json; `npm test` redraws right
 * after a complete run wrote it, so the drawings always show the last complete run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import {
  figure,
  formatCoverage,
  knownGapLines,
  mergeRun,
  pruneRuns,
  readReport,
  targetChangeLines,
  underFullCoverage,
  type CoverageReport,
  type MachineEntry,
} from '../tests/model/coverage-report';
import { languages, type Language } from '../core/i18n/languages';
import { billingRules } from '../server/billing/billing-rules';
import { NOT_RUN_SINCE_CHANGE } from './flow-dot';
import { runStamp } from './run-stamp';
import { currentCoverage, drawMachine, FLOWS_DIR, listMachines, machineHash, root } from './flow-drawing';
import { drawMoneyRules, MONEY_RULES_FILE, moneyRulesReadmeLine } from './flow-money-rules';
import { readBrowserReport } from './flow-atlas-data';
import { loadCriteriaTexts } from './flow-atlas-criteria';
import { writeAtlas } from './flow-atlas-html';
import { writeFlowReport } from './flows-report-write';

/**
 * Where a machine's drawing in `language` lives: English beside the README (the docs' language),
 * the others in a folder each (`docs/flows/pt/checkout.svg`): the refusals' messages are the
 * catalogue's in that language; the descriptions are the machines' own (English).
 */
export const drawingFile = (id: string, language: Language) => path.join(FLOWS_DIR, language === 'en' ? '' : language, `${id}.svg`);

/**
 * Draws every machine, the money rules (docs/flows/money-rules.svg), the README and the atlas page
 * (docs/flows/index.html, scripts/flow-atlas-html.ts, with the browser walk's docs/flows/browser.json
 * when there is one); answers the files written.
 */
export async function drawFlows(report: CoverageReport | undefined, machines?: AnyStateMachine[]): Promise<string[]> {
  const written: string[] = [];
  const rows: string[] = [];
  const all = machines ?? (await listMachines());
  const flows = all.map((m) => m.id);
  const svgs: Record<string, string> = {};
  for (const machine of all) {
    const { entry, stale } = currentCoverage(machine, report?.machines[machine.id]);
    for (const language of languages) {
      const file = drawingFile(machine.id, language);
      mkdirSync(path.dirname(file), { recursive: true });
      const svg = await drawMachine(machine, entry, { language, flows, stale });
      writeFileSync(file, svg);
      if (language === 'en') svgs[machine.id] = svg;
      written.push(file);
    }
    rows.push(
      stale
        ? `| [${machine.id}](${machine.id}.svg) | ${NOT_RUN_SINCE_CHANGE} | | | | | | | |`
        : `| [${machine.id}](${machine.id}.svg) | ${cells(entry, 'server')} | ${cells(entry, 'screens')} |`,
    );
  }
  // The money rules are no machine but decide within every flow (docs/decisions/069): drawn beside them.
  const moneySvg = await drawMoneyRules(billingRules);
  writeFileSync(MONEY_RULES_FILE, moneySvg);
  written.push(MONEY_RULES_FILE);
  const readme = path.join(FLOWS_DIR, 'README.md');
  writeFileSync(readme, readmeText(rows));
  written.push(readme);
  written.push(
    await writeAtlas({
      machines: all,
      report,
      browser: readBrowserReport(path.join(FLOWS_DIR, 'browser.json')),
      svgs,
      dir: FLOWS_DIR,
      coverageFile: path.join(FLOWS_DIR, 'coverage.json'),
      moneyRules: { svg: moneySvg, rules: billingRules },
    }),
  );
  return written;
}

/** A walk's figures: states, transitions, refusals and any-state targets, each covered/total. */
function cells(entry: MachineEntry | undefined, walk: 'server' | 'screens'): string {
  if (!entry) return '– | – | – | –';
  return (['states', 'transitions', 'refusals', 'anyState'] as const).map((kind) => figure(entry, walk, kind)).join(' | ');
}

function readmeText(rows: string[]): string {
  return `# The flows, drawn

**Start with [the atlas](index.html)** (open \`index.html\` in a browser, no server needed): every
flow's chart with zoom and fit, a walk through each scenario step by step (the state on the chart,
what happened, each rule the flow checked and the context), every state with its description and
its screenshots, every transition with its refusals and the paths that took it, and each walk's
figures.

**Acceptance criteria** ([criteria.html](criteria.html), to print and sign; each flow's panel in
the atlas): the criteria a product owner signs, attached to the states and transitions the walks
check them at (\`meta: accept('key')\`, texts in \`machines/<flow>/<flow>.criteria.ts\`, Portuguese
first; figures filled in from the server's constants), each with the paths of the last complete
run that checked it and passed, and the run's date; *not verified* in red when no passed path did,
*not run since this change* when the machine changed after that run (docs/decisions/074).

Each machine of \`machines/\` as a statechart, drawn by \`npm run flows\` from the machine itself,
for a reader who never opens the code: every state with its description, every transition with
its event, its rule and the refusals it routes (the code and the customer's message), the events a
parent state offers drawn from a note naming the states that offer them, child flows as links to
their own drawing, and a legend (hover a transition for its description). English drawings are
here; \`pt/\`, \`es/\` and \`ru/\` hold the same with the customer's messages in that language.
Colours come from the last complete model run (\`coverage.json\`, written by \`npm test\`),
counting only the paths that passed: green, covered by the walk against the server (a) and the
walk through the screens (b); amber, by one; red, by none; all grey, *not run since this change*:
the machine changed after that run (its fingerprint takes in its actions, guards and the code of
its folder), so nothing is coloured by it until \`npm test\` walks it again. A transition is covered with every
refusal code it routes and, for one a parent state defines, from every state that can take it. A
test fails when a drawing is older than its machine or than \`coverage.json\`. The same drawings
are interactive on the app's \`/flows\` page (off in production).

Targets, each covered/total: states; transitions; refusals (each code a call expects, on the branch
that routes it: \`<transition> @<code>\`); any-state (each transition of a parent state, once per
state that can take it: \`<transition> from <state>\`). Known gaps count in the totals, never as
covered.

Before a change lands, \`npm run flows -- --diff <ref>\` (any commit, branch or \`HEAD~3\`; \`--flow <id>\`
for one flow) prints what changed in each flow since \`<ref>\`: states, transitions (by the
harness's id, a branch that only moved among its event's branches read as moved), refusal codes
routed, scenarios (the walks' path titles) and the screenshots of \`browser.json\` whose picture
changed; it writes \`reports/flows/diff.html\` with each changed flow's chart then and now side by
side, each drawn by its own commit's code, and the changed screenshots old beside new. A report,
not a gate: it exits 0 (docs/decisions/073).

| Machine | (a) states | (a) transitions | (a) refusals | (a) any-state | (b) states | (b) transitions | (b) refusals | (b) any-state |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${moneyRulesReadmeLine()}
`;
}

/**
 * The end of `npm test`'s model step: merges the run's parts; a complete run (every machine, both
 * walks, every path, on the machines as they are) writes docs/flows/coverage.json and redraws the
 * atlas, any other writes reports/flows/coverage.partial.json and leaves both alone. Prints the
 * table; answers whether the run was complete with every target covered (known gaps aside).
 */
export async function closeFlowRun(runId: string): Promise<boolean> {
  const machines = await listMachines();
  // What the run's targets are set against: the committed coverage, read before the merge replaces it.
  const baseline = readReport();
  const result = mergeRun({ runId, expected: machines.map((m) => ({ id: m.id, hash: machineHash(m) })), stamp: runStamp(runId) });
  pruneRuns(5);
  console.log(`flow coverage of run ${runId}, passed paths only (${path.relative(root, result.file)}):`);
  console.log(formatCoverage(result.report));
  if (result.committed) {
    await drawFlows(result.report, machines);
    console.log(`redrew docs/flows (${machines.length} machines)`);
  } else {
    console.error(`✖ the run is incomplete, so docs/flows/coverage.json and the drawings stay as they were:\n  ${result.incomplete.join('\n  ')}`);
  }
  const report = writeFlowReport({
    root,
    runId,
    expected: machines.flatMap((m) => (['server', 'screens'] as const).map((walk) => ({ flow: m.id, walk }))),
    ...(baseline ? { baseline } : {}),
    criteria: await loadCriteriaTexts(machines),
  });
  console.log(`tester report: ${path.relative(root, report.file)}`);
  const changed = targetChangeLines(report.changes);
  if (changed.length) console.log(`targets added or removed since the committed coverage (review them):\n  ${changed.join('\n  ')}`);
  const gaps = knownGapLines(result.report);
  if (gaps.length) console.log(`known gaps (uncovered, allowed):\n  ${gaps.join('\n  ')}`);
  const under = underFullCoverage(result.report);
  for (const line of under) console.error(`✖ ${line}`);
  return result.committed && under.length === 0;
}
