// The flow atlas stays in step with the machines and with the walks: every machine has its drawing
// in docs/flows/, drawn from the machine as it is now (its structure's fingerprint is stamped in
// the SVG) and coloured by docs/flows/coverage.json as it is now (its outcome's fingerprint too).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueText, NOT_RUN_SINCE_CHANGE, refusalMessage } from '../scripts/flow-dot';
import {
  coverageHash,
  currentCoverage,
  drawingCoverageHash,
  drawingHash,
  FLOWS_DIR,
  listMachines,
  machineHash,
  machineSourceFiles,
  toDot,
  type MachineCoverage,
} from '../scripts/flow-drawing';
import { setup } from 'xstate';
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
        coverageHash(currentCoverage(machine, report?.machines[id]).entry),
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
    // The owner's title large, the identifier small and grey under it, then the description (ADR 071).
    expect(dot).toMatch(
      /"payment\.paid" \[label=<<b>Payment received<\/b><br\/><font point-size="8" color="#777777">paid<\/font><br\/><font point-size="9">[^>]+/,
    );
    expect(dot).toMatch(/"payment\.paid" \[label=<.*?>, fillcolor="#d9f2df"/);
    expect(dot).toMatch(/"payment\.declined" \[label=<.*?>, fillcolor="#fde4e2"/);
    // Nested states are clusters; events read as the customer's or the flow's.
    expect(dot).toContain('subgraph "cluster_payment.transfer"');
    // The arrow in the owner's words, its identifiers small and grey beneath (ADR 071).
    expect(dot).toContain(
      'label=<The server answered the payment, if it<br/>is paid by PIX<br/><font point-size="7" color="#777777">answer of submit [isPix]</font>>',
    );
    expect(dot).toContain('label=<every 5 seconds, to check for the money<br/><font point-size="7" color="#777777">after pollInterval</font>>');
    // A refusal is drawn with its code and what the customer reads, in the drawing's language: the
    // catalogue's text, or the screen's own words where the branch names them (1015: the orders page).
    expect(dot).toMatch(/refused -3033: “[^”]+”/);
    const pt = toDot(payment, undefined, { language: 'pt' });
    expect(pt).toContain(`refused -3033: “${refusalMessage(-3033, 'pt')}”`);
    expect(refusalMessage(-3033, 'pt')).not.toBe(refusalMessage(-3033, 'en'));
    expect(pt).toContain(`refused 1015: “${catalogueText('orders.confirming', 'pt')}”`);
    // Every transition carries its description for the reader who hovers it; a legend explains the colours.
    expect(dot).toMatch(/tooltip="[^"]{20,}"/);
    expect(dot).toContain('subgraph cluster_legend');
  });

  it("draws a parent state's events from the states that offer them, and a child flow as a link", () => {
    const session = machines.find((m) => m.id === 'session')!;
    const dot = toDot(session, undefined);
    expect(dot).toMatch(/"__from_\d+" \[shape=note.*from any of: Visitor, not logged in,<br\/>Customer logged in, Logging out/);
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

  it('fingerprints a machine by its actions, its guards and the code they are written in, not its structure alone', () => {
    const machine = (action: 'tell' | 'warn', guard: { type: 'allowed'; params: { limit: number } }) =>
      setup({ actions: { tell: () => {}, warn: () => {} }, guards: { allowed: () => true } }).createMachine({
        id: 'tiny',
        initial: 'a',
        states: { a: { on: { GO: { target: 'b', guard, actions: action } } }, b: { entry: 'tell' } },
      });
    const base = machineHash(machine('tell', { type: 'allowed', params: { limit: 3 } }));
    expect(machineHash(machine('warn', { type: 'allowed', params: { limit: 3 } }))).not.toBe(base);
    expect(machineHash(machine('tell', { type: 'allowed', params: { limit: 4 } }))).not.toBe(base);
    // A real machine's fingerprint takes in the files of its folder and the helpers all machines share.
    const files = machineSourceFiles('checkout').map((f) => path.relative(FLOWS_DIR, f));
    expect(files).toEqual(
      expect.arrayContaining([
        '../../machines/checkout/checkout.machine.ts',
        '../../machines/checkout/checkout.setup.ts',
        '../../machines/expected-refusals.ts',
      ]),
    );
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('colours nothing by a run that walked another version of the machine: grey, and says so', () => {
    const payment = machines.find((m) => m.id === 'payment')!;
    const all = { states: [payment.root.id], transitions: [], refusals: [], anyState: [] };
    const whole = { covered: all, missing: { states: [], transitions: [], refusals: [], anyState: [] }, knownGaps: [] };
    expect(currentCoverage(payment, { hash: machineHash(payment), server: whole })).toEqual({
      entry: { hash: machineHash(payment), server: whole },
      stale: false,
    });
    const old = currentCoverage(payment, { hash: 'f00df00df00df00d', server: whole, screens: whole });
    expect(old).toEqual({ entry: undefined, stale: true });
    const dot = toDot(payment, old.entry, { stale: old.stale });
    expect(dot).toContain(NOT_RUN_SINCE_CHANGE);
    expect(dot).not.toContain('#1e7b3c');
    expect(dot).not.toContain('#b42318');
  });
});
