// Page-load tracking (spec section 9: events 1, 3 and 5, page ids 1-17, ver_code 2.3.2), sent to
// POST /api/site/report. It must never delay or break a page (docs/decisions/022): reports go
// out after the page is drawn, through the raw client (no toast, no session rule: src/queries/
// tracking-calls.ts), and every failure is swallowed.
import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import type { SessionStore } from '../../core/session/store';
import type { TrackingCalls } from '../queries/tracking-calls';

type ReportEvent = components['schemas']['ReportEvent'];

export const TRACKING_VERSION = '2.3.2';

/** The page-load events of the tracking plan. */
export const PageEvent = {
  /** The page was opened (a navigation reached it). */
  opened: 1,
  /** Its screen is drawn: its code has loaded; `durationMs` since it was opened. */
  loaded: 3,
  /** It was left (another page, or the tab closed); `durationMs` spent on it. */
  left: 5,
} as const;

/** The 17 named pages of the tracking plan; other paths (404, the flow atlas…) are not tracked. */
const pageIds: Readonly<Record<string, number>> = {
  '/pricing-table': 1,
  '/plan-details': 2,
  '/account': 3,
  '/orders': 3,
  '/payment': 4,
  '/payment-pix': 5,
  '/paymentResult': 6,
  '/payment-redirect': 7,
  '/login': 8,
  '/register': 9,
  '/forgot-password': 10,
  '/lost-password': 10,
  '/reset-password': 11,
  '/resend-confirm': 12,
  '/notice': 13,
  '/help': 14,
  '/privacy': 15,
  '/receipt': 16,
  '/stb-orders': 17,
};

export function pageIdOf(pathname: string): number | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return pageIds[first] ?? null;
}

interface TrackerDeps {
  send(event: ReportEvent): void;
  now(): number;
  /** What every event carries besides the page: client type, scene, language, ids. */
  context(): Pick<ReportEvent, 'clientType' | 'scene' | 'language'> & Partial<ReportEvent>;
}

/** The tracking plan's state: which page is open, since when, and whether it reported loaded. */
export function createTracker({ send, now, context }: TrackerDeps) {
  let page: { pageId: number; path: string; openedAt: number; loaded: boolean } | null = null;
  const report = (eventId: ReportEvent['eventId'], p: NonNullable<typeof page>, durationMs?: number) =>
    send({
      ...context(),
      eventId,
      pageId: p.pageId,
      path: p.path.slice(0, 2048),
      verCode: TRACKING_VERSION,
      timestamp: now(),
      ...(durationMs === undefined ? {} : { durationMs: Math.min(Math.max(0, Math.round(durationMs)), 600_000) }),
    });
  const leave = () => {
    if (page) report(PageEvent.left, page, now() - page.openedAt);
    page = null;
  };
  return {
    /** A navigation reached `path` (pathname and query). */
    opened(path: string) {
      const pathname = path.split('?')[0]!;
      if (page && page.path.split('?')[0] === pathname) return;
      leave();
      const pageId = pageIdOf(pathname);
      if (pageId === null) return;
      page = { pageId, path, openedAt: now(), loaded: false };
      report(PageEvent.opened, page);
    },
    /** The open page's screen is drawn (reported once per visit). */
    loaded() {
      if (!page || page.loaded) return;
      page.loaded = true;
      report(PageEvent.loaded, page, now() - page.openedAt);
    },
    /** The tab is going away. */
    left: leave,
  };
}

export type Tracker = ReturnType<typeof createTracker>;

/**
 * The tracker of the running app: reports through the raw typed client, quietly. From the moment
 * a page opens until its screen is drawn and its own requests are in (`settled`), reports and the
 * point-data call wait: they would take connections the page's code and reads are waiting for
 * (docs/decisions/028, 064). They then go out in order, one at a time whenever nothing else is in
 * flight (`whenQuiet`), with the point data the wait allowed to arrive. A closing tab sends what
 * is held at once.
 */
export function createAppTracker(
  calls: TrackingCalls,
  store: SessionStore,
  language: () => Language,
  { settled, whenQuiet }: { settled: () => Promise<void>; whenQuiet: () => Promise<void> },
): Tracker {
  let pointData = store.get('pointData');
  let held: ReportEvent[] = [];
  let holding = true;
  /** Pages opened so far: a release meant for one page does not let out the next one's reports. */
  let pagesOpened = 0;
  const post = (event: ReportEvent) => {
    const env = pointData?.env === 'sandbox' || pointData?.env === 'production' ? pointData.env : undefined;
    const point = pointData
      ? { brand: pointData.brand, brandId: pointData.brandId, vnoId: pointData.vnoId, tenantId: pointData.tenantId, ...(env ? { env } : {}) }
      : {};
    void calls.report({ ...event, ...point }).catch(() => undefined);
  };
  // The point data comes from the user-config call (contract ReportEvent); once per page.
  const askPointData = async () => {
    if (pointData) return;
    const c = await calls.userConfig().catch(() => undefined);
    if (c) {
      pointData = { brand: c.brand, brandId: c.brandId, vnoId: c.vnoId, tenantId: c.tenantId, env: c.env };
      store.set('pointData', pointData);
    }
  };
  const flush = (trickle: boolean) => {
    holding = false;
    const events = held;
    held = [];
    if (!trickle) return events.forEach(post);
    // One report at a time, each when nothing else is in flight: released together they took
    // every connection the next page's reads then waited for (docs/decisions/064), and built
    // together they held the page's first moments for a long task.
    void events.reduce((sent, event) => sent.then(whenQuiet).then(() => post(event)), Promise.resolve());
  };
  const tracker = createTracker({
    now: Date.now,
    context: () => {
      const uid = store.get('userInfo')?.uid;
      return { clientType: store.get('clientType'), scene: store.get('scene'), language: language(), ...(uid !== undefined ? { uid: String(uid) } : {}) };
    },
    send: (event) => {
      if (event.eventId === PageEvent.opened) {
        pagesOpened++;
        holding = true;
      }
      // A page left for another is reported with the next page's reports, once that one is in.
      if (holding || event.eventId === PageEvent.left) held.push(event);
      else post(event);
    },
  });
  return {
    opened: tracker.opened,
    loaded() {
      tracker.loaded();
      const page = pagesOpened;
      void settled()
        .then(askPointData)
        .then(() => {
          if (page === pagesOpened && holding) flush(true);
        });
    },
    left() {
      tracker.left();
      // A closing tab cannot wait for the point data.
      flush(false);
    },
  };
}
