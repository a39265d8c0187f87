/**
 * The browser walk's screenshots compared between two trees for `npm run flows -- --diff <ref>`
 * (docs/decisions/073): per flow, each state's picture at each width as docs/flows/browser.json
 * lists it, by the content of its file (a file's name is already a content hash, but a tree may
 * hold a file its report no longer lists, or lose one it does), and the files under
 * docs/flows/screens/<flow>/ that only one side has and its report does not list.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserReport } from '../tests/model/browser-report';

/** A picture that differs: `before` and `after` are files relative to docs/flows/, absent on the side that has none. */
export interface ShotChange {
  flow: string;
  /** `checkout.editing 375`, or the file for one no report lists. */
  what: string;
  before?: string;
  after?: string;
}

/** A tree's docs/flows/: its browser report and the hash of a file's content under it. */
export interface ShotSide {
  report: BrowserReport | undefined;
  hash(file: string): string | undefined;
  files(flow: string): string[];
}

/** A tree's docs/flows/ read from disk. */
export function shotSide(flowsDir: string): ShotSide {
  const reportFile = path.join(flowsDir, 'browser.json');
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as BrowserReport) : undefined;
  const hashes = new Map<string, string | undefined>();
  return {
    report,
    hash(file) {
      if (!hashes.has(file)) {
        const full = path.join(flowsDir, file);
        hashes.set(file, existsSync(full) ? createHash('sha256').update(readFileSync(full)).digest('hex') : undefined);
      }
      return hashes.get(file);
    },
    files(flow) {
      const dir = path.join(flowsDir, 'screens', flow);
      return existsSync(dir) ? readdirSync(dir).map((f) => `screens/${flow}/${f}`) : [];
    },
  };
}

/** Each state's pictures by `<state> <width>`. */
function listed(report: BrowserReport | undefined, flow: string): Map<string, string> {
  const shots = new Map<string, string>();
  for (const [state, shot] of Object.entries(report?.flows[flow]?.shots ?? {}))
    for (const [width, file] of Object.entries(shot.files)) shots.set(`${state} ${width}`, file);
  return shots;
}

/** The pictures that differ, flow by flow, of every flow either side's report or screens folder has. */
export function compareShots(before: ShotSide, after: ShotSide, only?: string): ShotChange[] {
  const flows = new Set([...Object.keys(before.report?.flows ?? {}), ...Object.keys(after.report?.flows ?? {})]);
  const changes: ShotChange[] = [];
  for (const flow of [...flows].sort()) {
    if (only && flow !== only) continue;
    const old = listed(before.report, flow);
    const now = listed(after.report, flow);
    for (const what of [...new Set([...old.keys(), ...now.keys()])].sort()) {
      const b = old.get(what);
      const a = now.get(what);
      const same = b !== undefined && a !== undefined && before.hash(b) !== undefined && before.hash(b) === after.hash(a);
      if (!same) changes.push({ flow, what, ...(b ? { before: b } : {}), ...(a ? { after: a } : {}) });
    }
    // Files no report lists, by content: a picture left behind or one a report forgot.
    const oldHashes = new Set(before.files(flow).map((f) => before.hash(f)));
    const nowHashes = new Set(after.files(flow).map((f) => after.hash(f)));
    const oldListed = new Set(old.values());
    const nowListed = new Set(now.values());
    for (const f of before.files(flow))
      if (!oldListed.has(f) && !nowHashes.has(before.hash(f))) changes.push({ flow, what: 'file not in browser.json', before: f });
    for (const f of after.files(flow))
      if (!nowListed.has(f) && !oldHashes.has(after.hash(f))) changes.push({ flow, what: 'file not in browser.json', after: f });
  }
  return changes;
}

/** A flow's screenshot lines of the text report. */
export function shotLines(changes: ShotChange[]): string[] {
  if (!changes.length) return [];
  return [
    `screenshots changed: ${changes.length}`,
    ...changes.map((c) => {
      if (c.before && c.after) return `  ~ ${c.what}: ${c.before} → ${c.after}`;
      return c.after ? `  + ${c.what}: ${c.after}` : `  - ${c.what}: ${c.before}`;
    }),
  ];
}
