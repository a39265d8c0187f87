/**
 * Lighthouse runs for the web bench (docs/performance.md): the mobile preset (Lighthouse's defaults: moto g
 * power emulation, simulated slow 4G and 4× CPU), performance only, on a page of a Chromium the
 * bench already drives, so a logged-in session in that profile's localStorage survives
 * (`disableStorageReset`). The HTTP cache is emptied before each run, as Lighthouse itself would,
 * so every run is a first visit.
 */
import lighthouse from 'lighthouse';
import type { Browser } from 'puppeteer-core';
import { median } from './report';

type Flags = NonNullable<Parameters<typeof lighthouse>[1]>;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export interface Metrics {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
}

/** What Lighthouse blames, kept for the report: the figures alone do not say what to fix. */
export interface Findings {
  lcpElement?: string;
  lcpPhases?: Record<string, number>;
  layoutShifts: { element: string; score: number; cause?: string }[];
  renderBlocking: { url: string; wastedMs: number }[];
  longTasks: { url: string; ms: number }[];
  textCompressionKiB?: number;
  unusedJsKiB?: number;
}

export interface PageAudit {
  url: string;
  runs: Metrics[];
  median: Metrics;
  /** From the run whose LCP is the median. */
  findings: Findings;
  /** From the run with the most blocking time: what blocked, when one run goes over. */
  worstTbtFindings: Findings;
}

type Details = { type?: string; items?: unknown[] };
type NodeValue = { selector?: string; snippet?: string; nodeLabel?: string };
const nodeText = (n: NodeValue | undefined) => (n ? `${n.selector ?? ''} ${n.snippet ?? ''}`.trim() : 'unknown');
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

function findingsOf(lhr: Lhr): Findings {
  const audit = (id: string) => lhr.audits[id];
  const items = (id: string) => ((audit(id)?.details as Details | undefined)?.items ?? []) as Record<string, unknown>[];

  const findings: Findings = { layoutShifts: [], renderBlocking: [], longTasks: [] };
  // largest-contentful-paint-element: a list of two tables, the element and its phases.
  const [elementTable, phaseTable] = items('largest-contentful-paint-element') as Details[];
  const element = (elementTable?.items?.[0] as { node?: NodeValue } | undefined)?.node;
  if (element) findings.lcpElement = nodeText(element);
  if (phaseTable?.items)
    findings.lcpPhases = Object.fromEntries((phaseTable.items as { phase: string; timing: number }[]).map((p) => [p.phase, Math.round(p.timing)]));

  // Each shift names the element that moved; its sub-items name what moved it and why.
  for (const shift of items('layout-shifts') as { node?: NodeValue; score: number; subItems?: { items?: { cause?: string; extra?: NodeValue }[] } }[]) {
    const causes = (shift.subItems?.items ?? []).map((c) => `${c.cause ?? 'unknown cause'}: ${nodeText(c.extra)}`);
    findings.layoutShifts.push({
      element: nodeText(shift.node),
      score: Number(shift.score.toFixed(4)),
      ...(causes.length ? { cause: causes.join('; ') } : {}),
    });
  }
  const blocking = audit('render-blocking-insight') ? 'render-blocking-insight' : 'render-blocking-resources';
  for (const r of items(blocking) as { url: string; wastedMs?: number }[])
    findings.renderBlocking.push({ url: shortUrl(r.url), wastedMs: Math.round(r.wastedMs ?? 0) });
  findings.longTasks = (items('long-tasks') as { url: string; duration: number }[])
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 5)
    .map((t) => ({ url: shortUrl(t.url), ms: Math.round(t.duration) }));
  const wasted = (id: string) => {
    const d = audit(id)?.details as { overallSavingsBytes?: number } | undefined;
    return d?.overallSavingsBytes ? Math.round(d.overallSavingsBytes / 1024) : undefined;
  };
  const compression = wasted('uses-text-compression');
  if (compression) findings.textCompressionKiB = compression;
  const unused = wasted('unused-javascript');
  if (unused) findings.unusedJsKiB = unused;
  return findings;
}

function metricsOf(lhr: Lhr): Metrics {
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (v === undefined)
      throw new Error(`Lighthouse gave no ${id} for ${lhr.requestedUrl}: ${lhr.audits[id]?.errorMessage ?? lhr.runtimeError?.message ?? 'no reason given'}`);
    return v;
  };
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse gave no performance score for ${lhr.requestedUrl}`);
  return {
    score,
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
  };
}

export interface AuditOptions {
  /** Simulated CPU slowdown; Lighthouse's mobile preset uses 4. */
  cpuSlowdown?: number;
  /** The path Lighthouse must end on; a redirect (to /login, say) would measure another page. */
  expectPath: string;
}

/** One Lighthouse run on a fresh tab of `browser`, with an empty HTTP cache. */
export async function auditOnce(browser: Browser, url: string, options: AuditOptions): Promise<{ metrics: Metrics; findings: Findings }> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // Toggling the cache off and on evicts the in-memory cache too.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      ...(options.cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } } : {}),
    };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== options.expectPath)
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}, not ${options.expectPath}: is the session there?`);
    return { metrics: metricsOf(lhr), findings: findingsOf(lhr) };
  } finally {
    await page.close();
  }
}

/** Median of the runs, each metric on its own; the findings of the median-LCP run. */
export function summarise(url: string, runs: { metrics: Metrics; findings: Findings }[]): PageAudit {
  const metrics = runs.map((r) => r.metrics);
  const med = (k: keyof Metrics) => median(metrics.map((m) => m[k]));
  const lcp = med('lcp');
  const closest = runs.reduce((a, b) => (Math.abs(b.metrics.lcp - lcp) < Math.abs(a.metrics.lcp - lcp) ? b : a));
  const worst = runs.reduce((a, b) => (b.metrics.tbt > a.metrics.tbt ? b : a));
  return {
    url,
    runs: metrics,
    median: { score: med('score'), lcp, cls: med('cls'), tbt: med('tbt'), fcp: med('fcp') },
    findings: closest.findings,
    worstTbtFindings: worst.findings,
  };
}
