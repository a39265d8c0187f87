// The static atlas (docs/flows/index.html, docs/decisions/039 "The atlas"), built into a temporary
// folder from the real machines and their graphs: every flow and state is there in words, each
// transition lists the paths that took it, a scenario's steps carry each branch's guard evaluated,
// and a screenshot is an image only when the browser walk left one on disk.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { escapeHtml } from '../scripts/flows-report';
import { catalogueText, NOT_RUN_SINCE_CHANGE, refusalMessage } from '../scripts/flow-dot';
import { duration } from '../scripts/flow-rules';
import { languages } from '../core/i18n/languages';
import { WITHDRAWAL_WINDOW_MS } from '../core/config/withdrawal';
import { LockoutPolicy } from '../server/auth/lockout';
import { PIX_TTL_MS } from '../server/payments/pix-provider';
import { FLOWS_DIR, listMachines, machineHash } from '../scripts/flow-drawing';
import { NO_SHOT, writeAtlas } from '../scripts/flow-atlas-html';
import type { BrowserFlow, BrowserReport } from './model/browser-report';
import { emptyTargets, type TargetLists } from './model/coverage';
import { readReport, type CoverageReport } from './model/coverage-report';

const machines = await listMachines();
const svgs = Object.fromEntries(
  machines.flatMap((m) => {
    const file = path.join(FLOWS_DIR, `${m.id}.svg`);
    return existsSync(file) ? [[m.id, readFileSync(file, 'utf8')]] : [];
  }),
);
const unbinding = machines.find((m) => m.id === 'discountUnbinding')!;

const CONFIRMED = 'discountUnbinding.explaining CONFIRMED#0';
const UNBOUND = '[heldByOtherOrder] CONFIRMED → done:unbind(unbound) ⇒ "unbound"';
const REFUSED = '[heldByOtherOrder] CONFIRMED → done:unbind(refused 1003) ⇒ "cannotRemove"';
const targets = (transitions: string[]): TargetLists => ({ ...emptyTargets(), transitions });

/**
 * The committed report, with the discount unbinding's server walk made up: two paths, each saying
 * what it took; measured on the machine as it is, or (`hash`) on another version of it.
 */
function report(hash = machineHash(unbinding)): CoverageReport {
  const real = readReport();
  const walk = { covered: targets([CONFIRMED]), missing: emptyTargets(), knownGaps: [] };
  return {
    commit: 'abcdef1234567890',
    finishedAt: '2026-11-26T10:00:00.000Z',
    machines: {
      ...real?.machines,
      discountUnbinding: {
        hash,
        totals: { states: 7, transitions: 7, refusals: 1, anyState: 0 },
        server: walk,
        paths: [
          { walk: 'server', title: UNBOUND, status: 'passed', durationMs: 120, covered: targets([CONFIRMED]) },
          { walk: 'server', title: REFUSED, status: 'failed', durationMs: 80, covered: targets([CONFIRMED]) },
        ],
      },
    },
  };
}

const SHOT = 'screens/discountUnbinding/discountUnbinding.explaining.1280.jpg';
/** A browser walk that photographed one state at 1280 px (the file is there) and at 375 px (it is not). */
function browser(dir: string): BrowserReport {
  mkdirSync(path.join(dir, path.dirname(SHOT)), { recursive: true });
  writeFileSync(path.join(dir, SHOT), 'not really a jpeg');
  const flow: BrowserFlow = {
    flow: 'discountUnbinding',
    walk: 'browser' as BrowserFlow['walk'],
    machineHash: machineHash(unbinding),
    complete: true,
    // Like every browser walk: states only.
    targets: { ...emptyTargets(), states: ['discountUnbinding.explaining'] },
    covered: { ...emptyTargets(), states: ['discountUnbinding.explaining'] },
    knownGaps: [],
    paths: [],
    shots: {
      'discountUnbinding.explaining': { path: UNBOUND, files: { '1280': SHOT, '375': 'screens/discountUnbinding/discountUnbinding.explaining.375.jpg' } },
    },
  };
  return { commit: 'fedcba9876543210', finishedAt: '2026-11-26T11:00:00.000Z', complete: true, flows: { discountUnbinding: flow } };
}

const descendants = (node: AnyStateNode): AnyStateNode[] => (Object.values(node.states) as AnyStateNode[]).flatMap((c) => [c, ...descendants(c)]);
const section = (html: string, flow: string) =>
  html.slice(html.indexOf(`<section class="flow" id="flow-${flow}"`), html.indexOf('</section>', html.indexOf(`id="flow-${flow}"`)));
type PageFlow = {
  transitions: Array<{ id: string; guard: string | null }>;
  scenarios: Array<{ title: string; steps: Array<[string, string, number | null, number[], number, number[][], number[][][], number[]]> }>;
};

let dir: string;
let html: string;
let withShots: string;
let stale: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'flow-atlas-'));
  html = readFileSync(await writeAtlas({ machines, report: report(), browser: undefined, svgs, dir: path.join(dir, 'plain') }), 'utf8');
  const shots = path.join(dir, 'shots');
  const machinesShown: AnyStateMachine[] = [unbinding];
  withShots = readFileSync(await writeAtlas({ machines: machinesShown, report: report(), browser: browser(shots), svgs, dir: shots }), 'utf8');
  stale = readFileSync(
    await writeAtlas({ machines: machinesShown, report: report('0123456789abcdef'), browser: undefined, svgs, dir: path.join(dir, 'stale') }),
    'utf8',
  );
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the static flow atlas (docs/flows/index.html)', () => {
  it('has a section per flow, with its chart inline, and every state’s description', () => {
    for (const machine of machines) {
      expect(html, machine.id).toContain(`<section class="flow" id="flow-${machine.id}"`);
      for (const node of [machine.root, ...descendants(machine.root)]) expect(html, node.id).toContain(escapeHtml(node.description ?? '(no description)'));
    }
    // The chart's shapes carry stable ids the walk-through marks (scripts/flow-dot.ts).
    expect(section(html, 'discountUnbinding')).toContain('id="discountUnbinding-state_discountUnbinding_explaining"');
    expect(html).toContain('commit <code>abcdef123456</code> · 2026-11-26 10:00:00 UTC');
  });

  it('lists under a transition the paths that took it, with their last result', () => {
    const flow = section(html, 'discountUnbinding');
    const numberOf = (title: string) =>
      new RegExp(
        `<li id="path-discountUnbinding-(\\d+)"><strong>P\\d+</strong>(?:(?!</li>)[^])*?${escapeHtml(title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ).exec(flow)?.[1];
    const passed = numberOf(UNBOUND);
    const failed = numberOf(REFUSED);
    expect(passed && failed).toBeTruthy();
    const card = flow.slice(flow.indexOf(`id="t-${CONFIRMED.replace(/[^A-Za-z0-9_-]/g, '_')}"`));
    const chips = card.slice(0, card.indexOf('</li>'));
    expect(chips).toContain(`<a class="chip chip-ok" href="#path-discountUnbinding-${passed}" title="server passed 0.1 s">P${passed}</a>`);
    expect(chips).toContain(`href="#path-discountUnbinding-${failed}" title="server failed 0.1 s">P${failed} ✖</a>`);
    expect(chips).toContain('2 paths took it (passed: server 1)');
  });

  it('shows no coverage measured on another version of the machine, and says it was not run since', () => {
    const flow = section(stale, 'discountUnbinding');
    expect(flow).toContain(escapeHtml(NOT_RUN_SINCE_CHANGE));
    expect(flow).not.toContain('chip-ok');
    expect(flow).not.toContain('2 paths took it');
  });

  it("puts each flow's rules and limits beside it, read from the server's constants, and its refusals' texts in every language", () => {
    const login = section(html, 'login');
    expect(login).toContain('<h3>Rules and limits</h3>');
    expect(login).toContain(`${LockoutPolicy.threshold} wrong passwords or codes within ${duration(LockoutPolicy.windowMs)} lock the account`);
    expect(login).toContain('server/auth/lockout.ts · LockoutPolicy.threshold');
    // 17 reads as the log-in's lock notice where the password or the code is checked, and as the
    // catalogue's text where sending a code is refused: two rows (machines/expected-refusals.ts `saying`).
    const rows = login
      .split('<tr><td class="num">17</td>')
      .slice(1)
      .map((r) => r.slice(0, r.indexOf('</tr>')));
    const notice = rows.find((r) => r.includes('Checking the password'))!;
    const catalogue = rows.find((r) => r.includes('Sending the code'))!;
    for (const language of languages) {
      expect(notice).toContain(`<td lang="${language}">${escapeHtml(catalogueText('login.locked', language)!)}</td>`);
      expect(catalogue).toContain(`<td lang="${language}">${escapeHtml(refusalMessage(17, language)!)}</td>`);
    }
    expect(section(html, 'checkout')).toContain(`A PIX code can be paid for ${duration(PIX_TTL_MS)}`);
    expect(section(html, 'withdrawal')).toContain(`within ${duration(WITHDRAWAL_WINDOW_MS)} of its payment`);
    expect(duration(30 * 60_000)).toBe('30 minutes');
    expect(duration(86_400_000)).toBe('1 day');
    // The same rules in each language, Portuguese first, with the figures in each language's words.
    const texts = login.slice(login.indexOf('class="figures rule-texts"'));
    expect(texts.indexOf('<th>pt</th>')).toBeLessThan(texts.indexOf('<th>en</th>'));
    expect(texts).toContain(
      `<td lang="pt">${LockoutPolicy.threshold} senhas ou códigos errados em ${duration(LockoutPolicy.windowMs, 'pt')} bloqueiam a conta`,
    );
    expect(duration(7 * 86_400_000, 'ru')).toBe('7 дней');
    expect(duration(60_000, 'es')).toBe('1 minuto');
    // A method's details are named by the labels its form shows the customer, in each language.
    const checkout = section(html, 'checkout');
    expect(checkout).toMatch(/PIX asks for the customer&#39;s “First name”, “Last name”,? and “CPF or CNPJ” before the order exists/);
    expect(checkout).toContain('«CPF ou CNPJ»');
  });

  it("walks a scenario step by step, each branch's guard evaluated on that step", () => {
    const json = /<script type="application\/json" id="atlas-data">([^]*?)<\/script>/.exec(html)![1]!;
    const flow = (JSON.parse(json) as Record<string, PageFlow>).discountUnbinding!;
    const scenario = flow.scenarios.find((s) => s.title === REFUSED)!;
    expect(scenario.steps.map((s) => s[0])).toEqual(['start: heldByOtherOrder', 'CONFIRMED', 'done:unbind(refused 1003)']);
    const [, , code, , , checks] = scenario.steps[2]!;
    expect(code).toBe(1003);
    // Two branches: isUnbound ("the other order was cancelled") checked first and does not hold; the default branch (routing 1003) is taken.
    expect(checks.map(([t, holds, taken]) => [flow.transitions[t ?? -1]?.guard, holds, taken])).toEqual([
      ['the other order was cancelled', 0, 0],
      [null, 1, 1],
    ]);
    // The page's scripts parse (they run from the file, with nothing to report a syntax error to).
    const scripts = [...html.matchAll(/<script>([^]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(() => new Function(script)).not.toThrow();
  });

  it('says plainly where a screenshot is missing, and shows one the browser walk left', () => {
    expect(section(html, 'discountUnbinding')).toContain(NO_SHOT);
    expect(html).not.toMatch(/<img src=/);
    expect(withShots).toContain(`<img src="${SHOT}" alt="Code held by another order at 1280 pixels wide" loading="lazy">`);
    // Named by the report but not on disk: said, never a broken image.
    expect(withShots).toContain(`${NO_SHOT} (375 px)`);
    expect(withShots).not.toContain('discountUnbinding.explaining.375.jpg"');
    expect(withShots).toContain('commit <code>fedcba987654</code> · 2026-11-26 11:00:00 UTC');
    // The browser walk measures states: a transition carries no browser badge at all (coverage only where it applies), one line says why.
    const card = withShots.slice(withShots.indexOf(`id="t-${CONFIRMED.replace(/[^A-Za-z0-9_-]/g, '_')}"`));
    const badges = card.slice(0, card.indexOf('</li>'));
    expect(badges).not.toContain('browser:');
    expect(withShots).toContain('it does not measure arrows');
    expect(withShots).toContain('<span class="vb vb-ok">browser: ✔ covered</span>');
  });
});
