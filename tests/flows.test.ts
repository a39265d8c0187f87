// The flow atlas stays in step with the machines and with the walks: every machine has its drawing
// in docs/flows/, drawn from the machine as it is now (its structure's fingerprint is stamped in
// the SVG) and coloured by docs/flows/coverage.json as it is now (its outcome's fingerprint too).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusalMessage } from '../scripts/flow-dot';
import { coverageHash, drawingCoverageHash, drawingHash, FLOWS_DIR, listMachines, machineHash, toDot, type MachineCoverage } from '../scripts/flow-drawing';
import { languages } from '../core/i18n/languages';
import { drawingFile } from '../scripts/flow-atlas';
import { readReport } from './model/coverage-report';

const machines = await listMachines();
const report = readReport(path.join(FLOWS_DIR, 'coverage.json'));

describe('the flow atlas (docs/flows)', () => {
  it('knows every machine of machines/', () => {
    expect(machines.map((m) => m.id)).toEqual(
      expect.arrayContaining([
        'session',
        'login',
        'checkout',
        'repay',
        'payment',
        'discountUnbinding',
        'autoRenewal',
        'devices',
        'dispute',
        'pixAutomatico',
        'dataExport',
        'accountDeletion',
        'cancellation',
        'withdrawal',
        'planChange',
      ]),
    );
  });

  it.each(machines.flatMap((m) => languages.map((language) => [m.id, language, m] as const)))(
    '%s (%s): its drawing is not older than the machine nor than coverage.json',
    (id, language, machine) => {
      const file = drawingFile(id, language);
      const name = path.relative(FLOWS_DIR, file);
      expect(existsSync(file), `docs/flows/${name} is missing: run npm run flows`).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(drawingHash(svg), `docs/flows/${name} is older than machines/…/${id}: run npm run flows`).toBe(machineHash(machine));
      expect(drawingCoverageHash(svg), `docs/flows/${name} is older than coverage.json: run npm test or npm run flows`).toBe(
        coverageHash(report?.machines[id]),
      );
    },
  );

  it('draws every state and every transition, coloured by the coverage report', () => {
    const payment = machines.find((m) => m.id === 'payment')!;
    const targets = (states: string[], transitions: string[] = [], refusals: string[] = [], anyState: string[] = []) => ({
      states,
      transitions,
      refusals,
      anyState,
    });
    const walk = { covered: targets(['payment.paid']), missing: targets(['payment.declined']), knownGaps: [] };
    const dot = toDot(payment, { server: walk, screens: walk }, { flows: ['payment', 'checkout'] });
    // A state covered by both walks is green; one covered by neither is red; each says what it means.
    expect(dot).toMatch(/"payment\.paid" \[label=<<b>paid<\/b><br\/><font point-size="9">[^>]+/);
    expect(dot).toMatch(/"payment\.paid" \[label=<.*?>, fillcolor="#d9f2df"/);
    expect(dot).toMatch(/"payment\.declined" \[label=<.*?>, fillcolor="#fde4e2"/);
    // Nested states are clusters; events read as the customer's or the flow's.
    expect(dot).toContain('subgraph "cluster_payment.transfer"');
    expect(dot).toContain('label=<answer of submit [isPix]>');
    expect(dot).toContain('label=<after pollInterval>');
    // A refusal is drawn with its code and the customer's message, in the drawing's language.
    expect(dot).toMatch(/refused 1015: “[^”]+”/);
    const pt = toDot(payment, undefined, { language: 'pt' });
    expect(pt).toContain(`refused 1015: “${refusalMessage(1015, 'pt')}”`);
    expect(refusalMessage(1015, 'pt')).not.toBe(refusalMessage(1015, 'en'));
    // Every transition carries its description for the reader who hovers it; a legend explains the colours.
    expect(dot).toMatch(/tooltip="[^"]{20,}"/);
    expect(dot).toContain('subgraph cluster_legend');
  });

  it("draws a parent state's events from the states that offer them, and a child flow as a link", () => {
    const session = machines.find((m) => m.id === 'session')!;
    const dot = toDot(session, undefined);
    expect(dot).toMatch(/"__from_\d+" \[shape=note.*from any of: signedOut, signedIn,<br\/>signingOut|from any of: signedOut, signedIn, signingOut/);
    expect(dot).not.toMatch(/"session\.opening" -> "session\.reloading"/);
    const checkout = machines.find((m) => m.id === 'checkout')!;
    expect(toDot(checkout, undefined, { flows: ['payment', 'checkout'] })).toContain('URL="payment.svg"');
  });

  it('colours a transition covered only when its refusal codes and the states it is taken from are too', () => {
    const session = machines.find((m) => m.id === 'session')!;
    const t = 'session OTHER_TAB_CHANGED_LOGIN#0';
    const edge = (coverage: MachineCoverage) =>
      toDot(session, coverage)
        .split('\n')
        .filter((line) => line.includes('label=<OTHER_TAB_CHANGED_LOGIN>'));
    const covered = { states: [], transitions: [t], refusals: [], anyState: [`${t} from session.signedIn`] };
    const whole = { covered, missing: { states: [], transitions: [], refusals: [], anyState: [] }, knownGaps: [] };
    const partly = { covered, missing: { states: [], transitions: [], refusals: [], anyState: [`${t} from session.signedOut`] }, knownGaps: [] };
    expect(edge({ server: whole, screens: whole }).every((line) => line.includes('#1e7b3c'))).toBe(true);
    expect(edge({ server: whole, screens: partly }).every((line) => line.includes('#a46400'))).toBe(true);
    // A drawing's coverage stamp follows the outcome, and nothing else.
    expect(coverageHash({ server: whole, screens: partly })).not.toBe(coverageHash({ server: whole, screens: whole }));
    expect(coverageHash(undefined)).toBe('none');
  });
});
