// Walk (c), the browser walk: a flow's graph walked in a real Chromium (Playwright) against the
// reference server over HTTP, serving the production build, with the sandbox providers as the
// payment side. The shortest path to every state (tests/model/harness.ts `flowPaths`, `'state'`),
// each on a fresh page; the page's actors report every microstep (tests/browser/page-probe.ts), so
// the walker waits for the live machine's state and coverage counts what the page's machine did,
// passed paths only (ADR 039). The first time a passed path settles in a state, the page is
// photographed at 1280 and 375 px for the atlas (tests/model/browser-report.ts).
// A flow's file declares its world, how a path's page opens, an executor per event and what each
// state shows; the scaffolding is the model walks' (tests/model/walk-suite.ts).
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, TransitionDefinition } from 'xstate';
import { chromiumArgs, findChromium } from '../../scripts/chromium';
import { catalogueText, routedCodes } from '../../scripts/flow-dot';
import { refusalMessageId } from '../../scripts/flow-labels';
import { allNodes, transitionsOf } from '../../scripts/flow-atlas-steps';
import { createFakeClock } from '../../server/clock';
import { shotsFile, SHOT_WIDTHS, type ShotsTaken, type StateShot } from '../model/browser-report';
import { currentRunId, root, writeAtomic, type KnownGap } from '../model/coverage';
import { pollUntil, WAIT_CEILING_MS } from '../model/gate';
import type { GraphModel } from '../model/harness';
import { walkSuite, type PathRun } from '../model/walk-suite';
import type { Walk } from '../model/walker';
import { useTestServer } from '../helpers/test-server';
import { installProbe, type ProbeOptions, type ProbeRecord } from './page-probe';

/** A port nothing listens on, for this suite's server (the providers send the payer back to it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const distDir = process.env.BUILT_APP_DIST || path.join(root, 'dist');

/**
 * The suite's world: the reference server on a fresh database, on a fake clock like the model
 * walks' (the worlds move it), listening on 127.0.0.1 and serving the production build; and one
 * Chromium for the suite's pages. `env`: the server's own settings besides those (e.g.
 * GOOGLE_CLIENT_ID); the server reads the very object when it starts, so a hook registered before
 * this call may still fill it in (tests/model/google-stub.ts sets GOOGLE_JWKS_URL).
 */
export async function useBrowserServer({ env = {} }: { env?: NodeJS.ProcessEnv } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const clock = createFakeClock();
  const server = useTestServer(Object.assign(env, { STATIC_DIR: distDir, PUBLIC_URL: baseUrl }), { clock });
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`no production build in ${distDir}: run npm run build first`);
    await server.app.listen({ port, host: '127.0.0.1' });
    const executablePath = findChromium();
    if (!executablePath) throw new Error('no Chromium: see README (CHROMIUM_PATH, apt-get install chromium, or npx playwright install chromium)');
    browser = await chromium.launch({ executablePath, args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    server,
    clock,
    baseUrl,
    get browser() {
      if (!browser) throw new Error('the browser is not started yet');
      return browser;
    },
  };
}

type BrowserWorld = Awaited<ReturnType<typeof useBrowserServer>>;

/** One path's walk in the page, as a flow declares it. */
export interface BrowserPathWalk {
  /** Where the page opens for the path's start, and what its local storage holds (a signed-in customer). */
  open(start: string): Promise<{ url: string; localStorage?: Record<string, string> }>;
  /**
   * What the customer does once the page is open to start the flow, for a flow another starts
   * (discount unbinding opens from the checkout when a code is held by another order).
   */
  enter?(start: string): Promise<void>;
  arrange: Walk['arrange'];
  /** Performs a user event on the page, as the customer would (clicks, typing, keys). */
  perform(event: EventObject, from: AnyMachineSnapshot): Promise<void>;
  delayMs?: Walk['delayMs'];
  /** What the state means, on the page (and the server): the scaffolding has checked the state value. */
  check?(reached: AnyMachineSnapshot, expected: AnyMachineSnapshot, event: EventObject): Promise<void>;
  /**
   * After a state was checked and the held answers went on: what happens meanwhile, outside the
   * walked machine (a child flow's PIX window closing while the checkout pays).
   */
  checked?(reached: AnyMachineSnapshot): Promise<void>;
}

export interface BrowserPathRun<M extends AnyStateMachine> extends PathRun<M> {
  readonly page: Page;
}

export interface BrowserWalkSuite<M extends AnyStateMachine> {
  title: string;
  flow: string;
  model: GraphModel<M>;
  world: BrowserWorld;
  /** The tags whose states hold the API's answers until the walk has looked (default `busy`). */
  busyTags?: string[];
  /** The customer's events a path may make in a busy state before its answer came (`walkSuite`'s). */
  actsWhileBusy?: readonly string[];
  /** State nodes (ids, e.g. `payment.pix.checking`) that hold the answers too, whatever their tags. */
  busyStates?: string[];
  knownGaps?: readonly KnownGap[];
  path(run: BrowserPathRun<M>): BrowserPathWalk | Promise<BrowserPathWalk>;
}

const SHOT_HEIGHT: Record<(typeof SHOT_WIDTHS)[number], number> = { 1280: 800, 375: 812 };

/** Two frames: what React committed has been painted. */
const painted = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

export function browserWalkSuite<M extends AnyStateMachine>(suite: BrowserWalkSuite<M>): void {
  const runId = currentRunId();
  const shotsDir = path.join(root, '.tmp/flow-shots', runId, suite.flow);
  /** The states photographed by passed paths, first come. */
  const shots: Record<string, StateShot> = {};
  /** The screen each failed path stopped on, by path title. */
  const stopped: Record<string, string> = {};
  const machine = suite.model.machine;

  walkSuite({
    title: suite.title,
    flow: suite.flow,
    walk: 'browser',
    model: suite.model,
    every: 'state',
    heldTo: ['states'],
    ...(suite.actsWhileBusy ? { actsWhileBusy: suite.actsWhileBusy } : {}),
    ...(suite.knownGaps ? { knownGaps: suite.knownGaps } : {}),
    async path(run) {
      const context = await suite.world.browser.newContext({ viewport: { width: 1280, height: SHOT_HEIGHT[1280] }, locale: 'en-US' });
      run.onEnd(() => context.close());
      const page = await context.newPage();
      // What went wrong in the page goes with the path's result (BROWSER_WALK_DEBUG=1 prints the rest),
      // and a failed path carries its page's console and calls into the report and JUnit (ADR 070).
      const keep = (list: string[], line: string) => list.push(line) > 50 && list.shift();
      page.on('pageerror', (error) => {
        console.error(`[${suite.flow}] page error: ${error.message}`);
        keep(run.evidence.console, `page error: ${error.message}`);
      });
      page.on('console', (message) => keep(run.evidence.console, `console.${message.type()}: ${message.text()}`));
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/')) return;
        const line = `${response.request().method()} ${url.pathname} → ${response.status()}`;
        void response
          .json()
          .then((body: { errCode?: unknown }) => keep(run.evidence.network, typeof body?.errCode === 'number' ? `${line} errCode ${body.errCode}` : line))
          .catch(() => keep(run.evidence.network, line));
      });
      if (process.env.BROWSER_WALK_DEBUG) {
        page.on('console', (message) => console.log(`[${suite.flow}] console.${message.type()}: ${message.text()}`));
        page.on('framenavigated', (frame) => frame === page.mainFrame() && console.log(`[${suite.flow}] at ${frame.url()}`));
      }
      /**
       * The walked flow's actor: the latest of its machine the page started (a screen mounted
       * again, as when the page's language arrives, starts a new one and stops the first).
       */
      let flowSession: string | undefined;
      /** The records received, by page load (the probe's `<load>/` prefix). */
      const received = new Map<string, number>();
      await page.exposeFunction('__flowRecord', (json: string) => {
        const record = JSON.parse(json) as ProbeRecord;
        const load = record.session.slice(0, record.session.indexOf('/'));
        received.set(load, (received.get(load) ?? 0) + 1);
        if (record.machine !== machine.id) return;
        if (record.kind === 'snapshot' && startedAfter(record.session, flowSession)) flowSession = record.session;
        run.recorder.inspect(inspectionOf(machine, record) as never);
        if (record.kind === 'snapshot' && record.session === flowSession) run.seen.push(snapshotOf(machine, record));
      });
      const probe: ProbeOptions = { flow: machine.id, busyTags: suite.busyTags ?? ['busy'], busyStates: suite.busyStates ?? [] };
      // Bundlers may name functions with a helper the page lacks (`__name`).
      await page.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(probe)});` });
      // A page leaving for another document (a payment provider's page) leaves once the walk has
      // every record it sent (the probe's `__flowSent` cookie says how many): a record still on its
      // way when the old document goes is lost.
      await page.route(
        (url) => !url.pathname.startsWith('/api/'),
        async (route) => {
          const request = route.request();
          if (request.isNavigationRequest()) {
            const [, load, sent] = /(?:^|;\s*)__flowSent=(\d+)\.(\d+)/.exec((await request.allHeaders()).cookie ?? '') ?? [];
            if (load) await pollUntil(() => ((received.get(load) ?? 0) >= Number(sent) ? true : undefined), `the records of the page it left (${sent})`);
          }
          await route.fallback();
        },
      );

      // The screen the path ended on, kept when it failed: the tester's report shows where it stopped.
      run.onEnd(async () => {
        const file = path.join(shotsDir, `stopped.${Date.now()}.jpg`);
        mkdirSync(path.dirname(file), { recursive: true });
        if (await page.screenshot({ path: file, type: 'jpeg', quality: 60 }).catch(() => null)) {
          lastScreen = file;
          run.evidence.screenshot = path.relative(root, file);
        }
      });
      let lastScreen: string | undefined;
      run.onResult((passed) => {
        if (!passed && lastScreen) stopped[run.title] = lastScreen;
      });
      const walk = await suite.path({ ...run, page } as BrowserPathRun<M>);
      const pathShots: Record<string, StateShot> = {};
      run.onResult((passed) => {
        if (!passed) return;
        for (const [state, shot] of Object.entries(pathShots)) shots[state] ??= shot;
      });
      const shoot = async (reached: AnyMachineSnapshot) => {
        const states = ((reached as unknown as { _nodes: AnyStateNode[] })._nodes ?? []).map((n) => n.id).filter((id) => !shots[id] && !pathShots[id]);
        if (states.length === 0) return;
        await painted(page);
        const files = {} as StateShot['files'];
        const base = states[states.length - 1]!;
        for (const width of SHOT_WIDTHS) {
          await page.setViewportSize({ width, height: SHOT_HEIGHT[width] });
          await painted(page);
          if (width === 375) {
            // The whole page on a phone, as tall a view as the page, so what is fixed to the view's
            // edges (the header, the sandbox's banner) sits at the page's, not across its middle.
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            await page.setViewportSize({ width, height: Math.max(SHOT_HEIGHT[width], height) });
            await painted(page);
          }
          await page.evaluate(width === 375 ? () => window.scrollTo(0, 0) : showNotice);
          const file = path.join(shotsDir, `${base}.${width}.${Date.now()}.jpg`);
          mkdirSync(path.dirname(file), { recursive: true });
          // A phone's picture is the whole page, as the customer scrolls it (a PIX code's QR above its
          // status line); the desktop's is the view, with the state's notice in its middle.
          await page.screenshot({ path: file, type: 'jpeg', quality: 60 });
          files[`${width}`] = file;
        }
        await page.setViewportSize({ width: 1280, height: SHOT_HEIGHT[1280] });
        for (const state of states) pathShots[state] = { path: run.title, files };
      };

      return {
        arrange: (event, expected, cause) => walk.arrange(event, expected, cause),
        async start(start) {
          const { url, localStorage } = await walk.open(start);
          if (localStorage) {
            await page.addInitScript((items: Record<string, string>) => {
              // Once per page's life: a reload keeps what the app has written since.
              if (sessionStorage.getItem('__walkSeeded')) return;
              sessionStorage.setItem('__walkSeeded', '1');
              for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
            }, localStorage);
          }
          // The page's date is the server's (a fake clock the worlds move): expiry dates, remaining
          // days and the session's 10 days read as they would on that day.
          await page.clock.setFixedTime(suite.world.clock.now());
          await page.goto(new URL(url, suite.world.baseUrl).href);
          await walk.enter?.(start);
          return {
            snapshots: () => run.seen,
            clock: { increment: (ms: number) => page.evaluate((by) => (window as unknown as WalkWindow).__flowWalk.advance(by), ms) },
          };
        },
        perform: (event, from) => walk.perform(event, from),
        delayMs:
          walk.delayMs ??
          (() => {
            throw new Error(`${suite.flow} has no delays of its own`);
          }),
        async check(reached, expected, event) {
          await walk.check?.(reached, expected, event);
          if (run.seen[run.seen.length - 1] !== reached) return;
          await showsRefusal(page, machine, event);
          await shoot(reached);
        },
        async checked(reached, next) {
          // As in the screens walks: a pick while pricing is made before the price comes.
          const busy = probe.busyTags.some((t) => reached.hasTag(t)) || reached._nodes.some((n) => probe.busyStates?.includes(n.id));
          const actsWhileBusy = next !== undefined && (suite.actsWhileBusy ?? []).includes(next.type);
          if (!actsWhileBusy || !busy)
            await page.evaluate((looked) => (window as unknown as WalkWindow).__flowWalk.release(looked), JSON.stringify(reached.value));
          await walk.checked?.(reached);
        },
        until: pollUntil,
      };
    },
  });

  afterAll(() => {
    const taken: ShotsTaken = { shots, stopped };
    writeAtomic(shotsFile(runId, suite.flow), `${JSON.stringify(taken, null, 2)}\n`);
  });
}

/**
 * Whether actor `a` started after `b`: the probe's ids are `<page load>/x:<n>`, XState's counter
 * per page load (tests/browser/page-probe.ts).
 */
function startedAfter(a: string, b: string | undefined): boolean {
  if (b === undefined) return true;
  const order = (session: string) => {
    const [load, id] = session.split('/');
    return [Number(load), Number(id!.slice(id!.indexOf(':') + 1))] as const;
  };
  const [loadA, nA] = order(a);
  const [loadB, nB] = order(b);
  return loadA !== loadB ? loadA > loadB : nA > nB;
}

interface WalkWindow {
  __flowWalk: { release(looked?: string): void; advance(ms: number): void };
}

const nodesOf = (machine: AnyStateMachine, ids: string[]) => ids.map((id) => machine.getStateNodeById(id));

/** A page's snapshot as the walker reads it: the machine's own, resolved from the value and the JSON context. */
function snapshotOf(machine: AnyStateMachine, record: Extract<ProbeRecord, { kind: 'snapshot' }>): AnyMachineSnapshot {
  const resolved = machine.resolveState({ value: record.value as never, context: record.context as never });
  return { ...resolved, status: record.status, output: record.output, children: {} } as AnyMachineSnapshot;
}

/**
 * After a call's refusal, the page shows what the atlas's refusal tables say the customer reads
 * there (the branch's `saying`, else the catalogue's `error.<code>`; scripts/flow-labels.ts `refusalMessageId`),
 * so a screen that says a refusal in words of its own and a table that says another cannot both pass.
 */
async function showsRefusal(page: Page, machine: AnyStateMachine, event: EventObject): Promise<void> {
  const output = (event as { output?: { kind?: unknown; errCode?: unknown } }).output;
  if (!event.type.startsWith('xstate.done.actor.') || output?.kind !== 'refused' || typeof output.errCode !== 'number') return;
  const code = output.errCode;
  const ids = new Set(
    allNodes(machine.root)
      .flatMap(transitionsOf)
      .filter((t) => t.eventType === event.type && routedCodes(t).includes(code))
      .map((t) => refusalMessageId(t, code)),
  );
  if (ids.size > 1)
    throw new Error(`${event.type} refused ${code} reads differently on different branches (${[...ids].join(', ')}): the check cannot tell which`);
  const text = catalogueText([...ids][0] ?? null, 'en');
  if (!text) return;
  const shown = await page
    .waitForFunction((t) => document.body.innerText.includes(t), text, { timeout: WAIT_CEILING_MS })
    .then(() => true)
    .catch(() => false);
  if (!shown) {
    const alerts = await page.locator('[role="alert"], [role="status"]').allInnerTexts();
    throw new Error(`refused ${code}: the atlas says the customer reads “${text}”, the page does not show it (its notices: ${JSON.stringify(alerts)})`);
  }
}

/**
 * Runs in the page before a screenshot: the notice a state is about (an alert, a dialog, a status
 * with text) is scrolled into the middle of the view, so the desktop's picture shows it rather than
 * the top of a long page; with none, the page is shown from its top.
 */
function showNotice(): void {
  const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && !!el.textContent?.trim();
  // A dialog first, then an alert, then a status: the first on the page of the first kind there is.
  const notice = ['[role="alertdialog"], [role="dialog"]', '[role="alert"]', '[role="status"]']
    .map((selector) => [...document.querySelectorAll(selector)].find(visible))
    .find(Boolean);
  if (notice) notice.scrollIntoView({ block: 'center' });
  else window.scrollTo(0, 0);
}

/** A page's record as the coverage recorder's inspection event, with the machine's own nodes and transitions. */
function inspectionOf(machine: AnyStateMachine, record: ProbeRecord) {
  const snapshot = { _nodes: nodesOf(machine, record.nodes), machine };
  const actorRef = { sessionId: record.session };
  if (record.kind === 'snapshot') return { type: '@xstate.snapshot', actorRef, rootId: record.root, snapshot };
  const transitions = record.transitions.map(([source, eventType, index]) => {
    const node = machine.getStateNodeById(source) as AnyStateNode;
    const list = eventType === '' ? (node.always ?? []) : (node.transitions.get(eventType) ?? []);
    return list[index] as TransitionDefinition<any, any>;
  });
  return { type: '@xstate.microstep', actorRef, rootId: record.root, event: record.event, snapshot, _transitions: transitions };
}
