// The committed atlas (docs/flows/index.html) cannot go stale: it is exactly what `npm run flows`
// draws now from the machines, the committed coverage.json, browser.json and drawings, and every
// file it links is on disk. A run that changed any of them without redrawing fails here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { billingRules } from '../server/billing/billing-rules';
import { readBrowserReport } from '../scripts/flow-atlas-data';
import { atlasPage } from '../scripts/flow-atlas-html';
import { FLOWS_DIR, listMachines } from '../scripts/flow-drawing';
import { MONEY_RULES_FILE } from '../scripts/flow-money-rules';
import { readReport } from './model/coverage-report';

const committed = path.join(FLOWS_DIR, 'index.html');
const html = readFileSync(committed, 'utf8');

describe('the committed flow atlas', () => {
  it('links no file that is not on disk (screenshots, drawings, decisions)', () => {
    const links = [...html.matchAll(/(?:src|href)="([^"#:?]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    const missing = [...new Set(links)].filter((link) => !existsSync(path.resolve(FLOWS_DIR, decodeURIComponent(link))));
    expect(missing, 'docs/flows/index.html links files that are not there: run the browser walk (npm run test:flows) and npm run flows').toEqual([]);
  });

  it('counts as photographed exactly the states whose card shows a screenshot, flow by flow', () => {
    const sections = html.split('<section class="flow" id="flow-').slice(1);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      const flow = section.slice(0, section.indexOf('"'));
      const said = /browser: states \S+ reached, (\d+) photographed/.exec(section)?.[1];
      const cards = [...section.matchAll(/<li class="card" id="state-[^"]+">([^]*?)<\/li>/g)].filter((m) => m[1]!.includes('<div class="shots">'));
      if (!section.includes('browser: states')) continue;
      expect(said, `${flow}: the header says how many states were reached and how many photographed`).toBeDefined();
      expect(Number(said), `${flow}: the header's photographed count`).toBe(cards.length);
    }
  });

  it('is what npm run flows draws now from the committed coverage.json, browser.json and drawings', async () => {
    const machines = await listMachines();
    const svgs = Object.fromEntries(machines.map((m) => [m.id, readFileSync(path.join(FLOWS_DIR, `${m.id}.svg`), 'utf8')]));
    const fresh = await atlasPage({
      machines,
      report: readReport(path.join(FLOWS_DIR, 'coverage.json')),
      browser: readBrowserReport(path.join(FLOWS_DIR, 'browser.json')),
      svgs,
      dir: FLOWS_DIR,
      coverageFile: path.join(FLOWS_DIR, 'coverage.json'),
      moneyRules: { svg: readFileSync(MONEY_RULES_FILE, 'utf8'), rules: billingRules },
    });
    // The header names the runs the page was drawn from; say that first when it differs.
    const sources = (page: string) => /<dl class="sources">[^]*?<\/dl>/.exec(page)?.[0];
    expect(sources(html), 'docs/flows/index.html names other runs than coverage.json and browser.json: run npm run flows').toBe(sources(fresh));
    expect(html === fresh, 'docs/flows/index.html is older than the machines, coverage.json or browser.json: run npm run flows').toBe(true);
  }, 120_000);
});
