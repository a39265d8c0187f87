/**
 * The web app's HTML, one per route (docs/decisions/030): index.html as built, plus the route's
 * screen chunks and the language chunk the app is about to import, named in the <head>. Without
 * them the browser learns of those files only after the entry has arrived and run, one more round
 * of downloads before the first screen can draw. The first screens that show banners also name
 * their first banner's pictures, which would otherwise wait for the entry and the banners read.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import type { RouteHints } from '../../core/routing/route-hints';
import { languageCookie, languageOfTag, type Language } from '../../core/i18n/languages';
import { cookieValue } from '../../core/routing/cookie-value';
import { decideEntry } from '../../core/routing/entry-rules';
import {
  desktopMedia,
  drawnAddress,
  firstReadsBlock,
  firstScreenBanners,
  phoneMedia,
  type Drawing,
  type PreviewRequest,
  type Visit,
} from '../../core/routing/first-screens';
import { hasSignedInHint } from '../../core/session/signed-in-hint';
import type { Clock } from '../clock';
import { ANY_TABLE } from '../db/change-feed';
import type { Database } from '../db/database';
import { nextBannerBoundary } from '../repositories/banner-repository';
import { catalogueTables } from './cached-reads';
import { readBrand, withBrand, type Brand } from './spa-brand';

type Banner = components['schemas']['Banner'];
type BannerPosition = Banner['position'];

interface Page {
  html: string;
  etag: string;
  encoded: Map<string, Buffer>;
}

export interface SpaHtml {
  /** Answers a GET or HEAD of one of the app's addresses with that route's HTML. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** The server's own API, reached in-process: what the pages read, as the app does (docs/decisions/033). */
export type InProcessFetch = (request: Request) => Promise<Response>;

/**
 * What the pages that name a banner or draw a screen read: the database (its change feed and the
 * banners' validity windows), its clock, and the API.
 */
export interface SpaSources {
  db: Database;
  clock: Clock;
  api: InProcessFetch;
  /** The page's content security policy, allowing these inline styles besides the app's files (server/security/headers.ts). */
  policy?: (styleSources: string[]) => string;
}

/** The banners read's answer for a position and language, in display order, as the app reads it. */
async function listBanners(api: InProcessFetch, position: BannerPosition, language: Language): Promise<Banner[]> {
  const query = new URLSearchParams({ position, language });
  const res = await api(new Request(`http://portal/api/site/banner/v1?${query}`, { headers: { Language: language } }));
  const body = (await res.json()) as { code: number; data?: Banner[] };
  if (!res.ok || body.code !== 0) throw new Error(`the banners read answered ${res.status}, code ${body.code}`);
  return body.data ?? [];
}

/**
 * The tables the previewed screens draw from (the site's configuration and theme, its languages,
 * plans and banners): a change to any drops the pages that hold a preview.
 */
const previewTables = new Set<string>([...catalogueTables, 'banners']);

/**
 * A page with the app drawn in it starts the app only once the drawing is on screen: its module
 * links leave the HTML for /boot.js (public/boot.js), which adds them when the browser reports the
 * drawing and its top banner painted. The screen's stylesheets become real ones, as the drawing
 * needs them. Vite writes these tags, so their shape is known.
 */
function bootAfterPaint(html: string): string {
  const modules: string[] = [];
  let entry = '';
  const out = html
    .replace(/\n?\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (modules.push(href), ''))
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => ((entry = src), ''))
    .replace(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g, '<link rel="stylesheet" crossorigin href="$1">');
  if (!entry) return html;
  return out.replace(
    '</body>',
    `  <script defer src="/boot.js" data-entry="${attribute(entry)}" data-modules="${attribute(modules.join(' '))}"></script>\n  </body>`,
  );
}

/**
 * react-router's matching, for the patterns the router uses (literal segments and `:param`):
 * case-insensitive, a trailing slash allowed.
 */
function patternOf(route: string): RegExp {
  const segments = route.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

/** The language the app last showed a page in, from the cookie it keeps (src/app/i18n-provider.tsx). */
function shownLanguage(cookie: string | undefined): Language | undefined {
  const value = cookieValue(cookie, languageCookie);
  return value ? languageOfTag(value) : undefined;
}

/**
 * The language the app will start in when the address names none (src/app/start-up.ts): the first
 * supported of the browser's, in its order (navigator.languages is the Accept-Language list). A
 * choice stored in the browser is not sent, so it can differ; the hint is then a few kB for nothing.
 */
function browserLanguage(acceptLanguage: string | undefined) {
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const language = languageOfTag(tag.split(';', 1)[0]);
    if (language) return language;
  }
  return undefined;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The first banner's picture as the app's `preloadFirstBanner` picks it: the phone's picture below
 * 761 px when the banner has one, else the desktop picture. High priority: it is the page's LCP.
 */
function bannerTags(first: Banner | undefined): string[] {
  if (!first) return [];
  const link = (href: string, media?: string) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}"${media ? ` media="${media}"` : ''}>`;
  return first.mobileImageUrl ? [link(first.imageUrl, desktopMedia), link(first.mobileImageUrl, phoneMedia)] : [link(first.imageUrl)];
}

const tag = (file: string) =>
  file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`;

/**
 * Reads dist/index.html and the build's route hints once. Undefined without an index.html (the
 * server then serves the API alone); a build without hints gets its index.html as it is.
 */
export function loadSpaHtml(staticDir: string, sources?: SpaSources): SpaHtml | undefined {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');
  const hintsFile = path.join(staticDir, '.vite', 'route-hints.json');
  const hints: RouteHints = existsSync(hintsFile) ? (JSON.parse(readFileSync(hintsFile, 'utf8')) as RouteHints) : { routes: [], languages: {} };
  const routes = hints.routes.map((r) => ({ patterns: r.paths.map(patternOf), files: r.files, messages: r.messages ?? {} }));

  // The preview's renderer, a Node module the build writes beside the hints (vite build --ssr);
  // imported on first use, and a build without it gets pages without previews.
  const previewFile = path.join(staticDir, '.vite', 'preview', 'render-preview.js');
  let renderer: Promise<{ renderPreview(request: PreviewRequest): Promise<Drawing | undefined> }> | undefined;
  const preview = async (visit: Visit, language: Language): Promise<Drawing | undefined> => {
    if (!sources || !existsSync(previewFile)) return undefined;
    renderer ??= import(pathToFileURL(previewFile).href);
    return (await renderer).renderPreview({ ...visit, language, fetch: sources.api });
  };

  const pageOf = (tags: string[], brand: Brand | undefined, drawn?: Drawing & { language: Language }): Page => {
    let html = withBrand(tags.length ? index.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`) : index, brand);
    if (drawn) {
      // Inert until the app replaces it: what is typed or clicked before would be lost. The reads
      // it was drawn from go with it, for the app to take (docs/decisions/064).
      html = bootAfterPaint(
        html
          .replace(/<html lang="[^"]*">/, `<html lang="${drawn.language}">`)
          .replace('<div id="root"></div>', `<div id="root"><div class="preview" inert>${drawn.markup}</div></div>`)
          .replace('</body>', Object.keys(drawn.reads).length ? `  ${firstReadsBlock(drawn.reads)}\n  </body>` : '</body>'),
      );
    }
    const etag = `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
    return { html, etag, encoded: new Map() };
  };
  // The screen's files after the entry's (already in index.html), so they queue behind them; then
  // the code of the scene the address names, if it has any (the set-top box's remote, docs/decisions/062).
  const chunkTags = (route: number, language: string | undefined, scene: string | undefined) =>
    [
      ...(routes[route]?.files ?? []),
      ...(language ? [...(hints.languages[language] ?? []), ...(routes[route]?.messages[language] ?? [])] : []),
      ...((scene && hints.scenes?.[scene]) || []),
    ].map(tag);

  // One page per route and language, made on first use and kept: the build does not change
  // under a running server.
  const pages = new Map<string, Page>();
  const pageFor = (route: number, language: string | undefined, scene: string | undefined, brand: Brand | undefined): Page => {
    const key = `${route} ${language ?? ''} ${scene ?? ''} ${brand?.styleSource ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      page = pageOf(chunkTags(route, language, scene), brand);
      pages.set(key, page);
    }
    return page;
  };

  // A page that names a banner or holds a preview is kept until what it shows changes (migration
  // 016's and 013's triggers, through the change feed, docs/decisions/027) or the next validity
  // window of its banners' place opens or closes, and only while the feed is live. A page made
  // while a change came in is not kept.
  const dataPages = new Map<string, { page: Page; until: number }>();
  let generation = 0;
  // The brand, read once and again after the site's settings change.
  let brand: Promise<Brand | undefined> | undefined;
  sources?.db.changes.subscribe((change) => {
    if (change !== ANY_TABLE && !previewTables.has(change.split(':', 1)[0]!)) return;
    generation += 1;
    dataPages.clear();
    brand = undefined;
  });
  const brandOf = (source: SpaSources, log: FastifyBaseLogger) =>
    (brand ??= readBrand(source.api).catch((error: unknown) => {
      // The page in the stylesheet's palette rather than no page: the app applies the theme as before.
      log.warn({ err: error }, 'the theme could not be read for the HTML');
      brand = undefined;
      return undefined;
    }));
  const dataPageFor = async (
    source: SpaSources,
    log: FastifyBaseLogger,
    {
      route,
      chunkLanguage,
      visit,
      drawn,
      position,
      language,
      pageBrand,
    }: {
      route: number;
      chunkLanguage: string | undefined;
      visit: Visit;
      drawn: string | undefined;
      position: BannerPosition | undefined;
      language: Language;
      pageBrand: Brand | undefined;
    },
  ): Promise<Page> => {
    // Bounded: the route, the language, the scene the address names (spec section 2), and the
    // path among the few with banners or the address drawn (one of a few stand-ins, with the
    // signed-in hint); the rest of the address changes nothing on the page.
    const key = `${route} ${chunkLanguage ?? ''} ${drawn === undefined ? visit.path : `${drawn} ${visit.signedIn}`} ${visit.scene ?? ''} ${language} ${pageBrand?.styleSource ?? ''}`;
    const now = source.clock.now();
    const kept = dataPages.get(key);
    if (kept && now < kept.until && source.db.changes.live) return kept.page;
    const started = generation;
    // The boundary is taken from the same instant as the read or earlier, so a window that opens
    // or closes while the page is made leaves it kept for no longer than that instant.
    const [list, until, drawing] = await Promise.all([
      position ? listBanners(source.api, position, language) : [],
      position ? nextBannerBoundary(source.db, position, now) : undefined,
      drawn === undefined
        ? undefined
        : preview(visit, language).catch((error: unknown) => {
            // The page without its preview rather than no page: the app draws it as before.
            log.error({ err: error }, 'the preview of %s could not be drawn', drawn);
            return undefined;
          }),
    ]);
    const page = pageOf(
      [...chunkTags(route, chunkLanguage, visit.scene), ...bannerTags(list[0])],
      pageBrand,
      drawing === undefined ? undefined : { ...drawing, language },
    );
    if (started === generation && source.db.changes.live) dataPages.set(key, { page, until: until ?? Infinity });
    return page;
  };

  const encodedBody = (page: Page, encoding: 'br' | 'gzip') => {
    let body = page.encoded.get(encoding);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(page.html) : gzipSync(page.html, { level: 9 });
      page.encoded.set(encoding, body);
    }
    return body;
  };

  return {
    async send(request, reply) {
      // The address the app will show: its entry rules send / to /pricing-table, /stbPayment to
      // /payment and so on before anything is drawn, so the hints are that screen's.
      const asked = new URL(request.url, 'http://portal');
      const entry = decideEntry(asked.pathname, asked.search);
      const url = entry.redirect ? new URL(entry.redirect, 'http://portal') : asked;
      const route = routes.findIndex((r) => r.patterns.some((p) => p.test(url.pathname)));
      // The language the address names, as the entry rules read it (`language` or `la`), else the browser's.
      // Before the browser's, the language the page was last shown in (its cookie, set by the app) stands for a choice
      // stored in the browser, which requests do not carry.
      const language = entry.language ?? shownLanguage(request.headers.cookie) ?? browserLanguage(request.headers['accept-language']);
      const chunkLanguage = language && hints.languages[language] ? language : undefined;
      // Like the app, a banner only when the language is known: its read is started in that language.
      const position = Object.hasOwn(firstScreenBanners, url.pathname) ? firstScreenBanners[url.pathname] : undefined;
      // Drawn for a signed-in visitor when the browser says it holds a session (docs/decisions/034).
      const visit: Visit = { path: url.pathname, query: url.searchParams, signedIn: hasSignedInHint(request.headers.cookie), scene: entry.scene };
      let page: Page | undefined;
      const drawn = drawnAddress(visit);
      const pageBrand = sources ? await brandOf(sources, request.log) : undefined;
      if (sources && language && (position || drawn !== undefined)) {
        const wanted = { route, chunkLanguage, visit, drawn, position, language, pageBrand };
        page = await dataPageFor(sources, request.log, wanted).catch((error: unknown) => {
          // The page without its banner rather than no page: the app still fetches the banner.
          request.log.warn({ err: error }, 'the first banner or the preview could not be made for the HTML');
          return undefined;
        });
      }
      page ??= pageFor(route, chunkLanguage, entry.scene, pageBrand);
      if (pageBrand && sources?.policy) reply.header('Content-Security-Policy', sources.policy([pageBrand.styleSource]));

      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
        .header('ETag', page.etag)
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (!encoding) return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(encodedBody(page, encoding));
    },
  };
}
