/**
 * The walk-through's runner: each step's checks, its screenshots (full page, at 1280 px and, unless
 * turned off, 375 px) and what it saw, then one line per step, passed or failed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import type { RenewalPass } from './walkthrough-portal';

export const WIDTHS = { desktop: 1280, phone: 375 } as const;
/** Each width's screen height: the viewport the walk drives and the least height of a picture. */
export const screenHeight = (width: number) => (width === WIDTHS.phone ? 812 : 900);

export interface Walk {
  browser: Browser;
  /** The first browser's context and page, signed in as the demo account from step 1. */
  context: BrowserContext;
  page: Page;
  url: string;
  out: string;
  /** The widths each screenshot is taken at; the first is the one the browsers are driven at. */
  widths: number[];
  locale: string;
  /** What the browsers showed since the last call (toasts, console errors, API refusals): noted on the step. */
  drain(): string[];
  /** Stops the portal, runs `npm run renew -- --at <at>` on its database, starts it again. */
  renewAt(at: Date): Promise<RenewalPass>;
  /** Written to the step's line: the figures and texts a customer read. */
  note(text: string): void;
  /** A check that failed without stopping the step: the step fails, the walk goes on to see the rest. */
  problem(text: string): void;
  /** Another browser (its own storage and session) with a page, closed after the step. */
  newBrowser(): Promise<Page>;
  /** Full-page screenshots of `page` under the step's number; returns the desktop one's path. */
  shot(page: Page, name: string): Promise<string>;
}

export interface StepResult {
  n: number;
  title: string;
  ok: boolean;
  skipped?: string;
  notes: string[];
  problems: string[];
  shots: string[];
  error?: string;
  ms: number;
}

export type Step = { title: string; run: (w: Walk) => Promise<void>; skip?: () => string | undefined };

export async function runSteps(base: Omit<Walk, 'note' | 'problem' | 'shot' | 'newBrowser'>, steps: Step[]): Promise<StepResult[]> {
  mkdirSync(base.out, { recursive: true });
  const results: StepResult[] = [];
  for (const [i, step] of steps.entries()) {
    const n = i + 1;
    const result: StepResult = { n, title: step.title, ok: false, notes: [], problems: [], shots: [], ms: 0 };
    results.push(result);
    const skipped = step.skip?.();
    if (skipped) {
      Object.assign(result, { ok: true, skipped });
      console.log(`- ${n}. ${step.title}: SKIPPED (${skipped})`);
      continue;
    }
    let count = 0;
    const opened: BrowserContext[] = [];
    // The page a failure is pictured on: the one last pictured.
    let current = base.page;
    const walk: Walk = {
      ...base,
      note: (text) => void result.notes.push(text),
      problem: (text) => void result.problems.push(text),
      async newBrowser() {
        const context = await base.browser.newContext({ locale: base.locale, baseURL: base.url, viewport: base.page.viewportSize() });
        opened.push(context);
        return context.newPage();
      },
      async shot(page, name) {
        current = page;
        count++;
        const stem = `${String(n).padStart(2, '0')}-${String(count).padStart(2, '0')}-${name}`;
        const original = page.viewportSize() ?? { width: base.widths[0]!, height: screenHeight(base.widths[0]!) };
        const widths = base.widths;
        // The picture a customer gets once the page has loaded: images decoded, from the top.
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.evaluate(async () => {
          await Promise.all([...document.images].map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))));
          await document.fonts.ready;
          window.scrollTo(0, 0);
        });
        let first = '';
        for (const width of widths) {
          await page.setViewportSize({ width, height: screenHeight(width) });
          // Let a layout that depends on the width settle before the picture.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const file = path.join(base.out, `${stem}-${width}.png`);
          // The whole page in one viewport, so fixed bars (the header, the test-mode band) sit
          // where a customer sees them, not midway as a stitched full-page capture puts them.
          // The main area's least height (100vh) stays the phone's or desktop's, as measured.
          const screen = screenHeight(width);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          // Set through the CSSOM: the portal's CSP refuses injected style sheets.
          const setMain = (least: string) =>
            page.evaluate((v) => document.querySelectorAll<HTMLElement>('.site-main').forEach((e) => e.style.setProperty('min-height', v)), least);
          await setMain(`${screen}px`);
          await page.setViewportSize({ width, height: Math.min(Math.max(height, screen), 8000) });
          await page.screenshot({ path: file, caret: 'initial' });
          await setMain('');
          result.shots.push(file);
          first ||= file;
        }
        await page.setViewportSize(original);
        return first;
      },
    };
    const started = Date.now();
    try {
      await step.run(walk);
      result.ok = result.problems.length === 0;
    } catch (error) {
      result.error = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' | ') : String(error);
      try {
        await walk.shot(current, 'failed');
      } catch {
        // The page itself is gone: the error says why.
      }
    }
    for (const context of opened) await context.close();
    for (const seen of base.drain()) result.notes.push(seen);
    result.ms = Date.now() - started;
    console.log(`${result.ok ? 'PASS' : 'FAIL'} ${n}. ${step.title} (${(result.ms / 1000).toFixed(1)} s)`);
    for (const note of result.notes) console.log(`       ${note}`);
    for (const problem of result.problems) console.log(`       PROBLEM: ${problem}`);
    if (result.error) console.log(`       error: ${result.error}`);
  }
  return results;
}
