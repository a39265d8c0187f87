/**
 * The byte budgets (docs/decisions/026, 062), against the design-card floor page built in the same run: the first
 * load of /pricing-table at most 1.25 × that floor, each other route at most 40 kB gzip of its own chunks (docs/decisions/026) and 8 kB
 * of the messages it loads beside them (docs/decisions/062), no
 * chunk over 100 kB gzip. Bytes are deterministic, so they are asserted here; timings never are.
 *
 * BUILT_APP_DIST may name a fresh production build (npm test builds once and passes it); otherwise
 * the app is built once for the run (tests/helpers/built-app.ts). The floor is small and always built.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFloors, byteBudgets, measureBytes, oversizedChunks, type BytesReport } from '../../bench/bytes';
import { kB } from '../../bench/report';
import { builtApp, suiteDir } from '../helpers/built-app';

let workDir: string;
let report: BytesReport;

beforeAll(async () => {
  workDir = suiteDir('bundle-budgets-');
  report = measureBytes(await builtApp(workDir), buildFloors(workDir));
}, 300_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const files = (list: { file: string; gzip: number }[]) => list.map((f) => `${path.basename(f.file)} ${kB(f.gzip)}`).join(', ');

describe('bundle budgets (gzip, against the design-card floor page)', () => {
  const landingDetail = () => {
    const route = report.routes.find((r) => r.paths.includes(byteBudgets.landing))!;
    return `${report.verdicts.landing.name}: ${report.verdicts.landing.figure}. Loaded at start: ${files(report.start.files)}; then the screen's own: ${files(route.ownFiles) || 'nothing'}`;
  };

  // Budget 1 is missed, and known to be: the app's own shell and messages come to 0.36 × the
  // design-card floor where the budget allows 0.25 × (docs/decisions/062). `it.fails` keeps the miss
  // in sight: it turns red on the day the budget holds, so this line goes back to a plain assertion then.
  it.fails(`the first load of ${byteBudgets.landing} is at most ${byteBudgets.firstLoadFactor} × the design-card floor (known miss, ADR 062)`, () => {
    expect(report.verdicts.landing.holds, landingDetail()).toBe(true);
  });

  it(`meanwhile, the first load of ${byteBudgets.landing} stays under ${byteBudgets.firstLoadCeilingFactor} × the design-card floor`, () => {
    const route = report.routes.find((r) => r.paths.includes(byteBudgets.landing))!;
    expect(route.firstLoad / report.cardFloor.firstLoad, landingDetail()).toBeLessThanOrEqual(byteBudgets.firstLoadCeilingFactor);
  });

  it(`every other route adds at most ${kB(byteBudgets.routeOwnMax)} of its own chunks, and ${kB(byteBudgets.routeMessagesMax)} of messages beside them`, () => {
    expect(report.routes.length).toBeGreaterThan(1);
    const over = report.verdicts.routes.filter((v) => !v.holds).map((v) => `${v.name} ${v.figure}, budget ${v.budget}`);
    expect(over, 'routes over budget').toEqual([]);
  });

  it(`no chunk is over ${kB(byteBudgets.chunkMax)}`, () => {
    const over = oversizedChunks(report).map((c) => `${c.file}: ${kB(c.gzip)} > ${kB(byteBudgets.chunkMax)}`);
    expect(over, 'chunks over budget').toEqual([]);
  });
});
