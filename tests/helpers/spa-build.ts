import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { closure, entryKey, readManifest } from '../../scripts/route-chunks';
import { BUILD_TIMEOUT_MS, builtApp, builtAppPath, suiteDir } from './built-app';
import { useTestServer } from './test-server';

/**
 * The production build the HTML tests serve (see builtApp), and a directory of the suite's own,
 * removed afterwards. Call it before useTestServer: its hook then runs first, so the build is there
 * when the server reads it.
 */
export function useBuiltApp(): { dist: string; workDir: string } {
  const workDir = suiteDir('spa-html-');
  const dist = builtAppPath(workDir);
  beforeAll(() => builtApp(workDir), BUILD_TIMEOUT_MS);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  return { dist, workDir };
}

/**
 * A server on the production build, on a clock the suite moves, and what the HTML tests ask of
 * it: a page, the build's files for a screen, the entry and a language, and a place's first banner.
 */
export function useHtmlServer() {
  const { dist, workDir } = useBuiltApp();
  const clock = createFakeClock();
  const server = useTestServer({ STATIC_DIR: dist }, { clock });
  return {
    dist,
    workDir,
    clock,
    server,
    page: (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers }),
    /** A screen module's files, from the build's manifest: its own chunk, its imports and its CSS. */
    screenFiles: (module: string) => [...closure(readManifest(dist), [module])].map((f) => `/${f}`),
    /** The entry's files, from the build's manifest. */
    entryFiles: () => [...closure(readManifest(dist), [entryKey(readManifest(dist))])].map((f) => `/${f}`),
    /** The chunk of a language's compiled messages. */
    languageChunk: (language: string) => `/${readManifest(dist)[`src/i18n/compiled/${language}.json`]!.file}`,
    /** The chunk of the messages a lazily loaded screen brings in a language (docs/decisions/062). */
    screenMessages: (screen: string, language: string) => `/${readManifest(dist)[`src/i18n/compiled/screens/${screen}.${language}.json`]!.file}`,
    /** The first banner the banners API answers for a place, as the app reads it. */
    async firstBanner(position: string, language: string) {
      const res = await server.get(`/api/site/banner/v1?position=${position}&language=${language}`, { Language: language });
      expect(res.status).toBe(200);
      return (res.body.data as { id: string; imageUrl: string; mobileImageUrl?: string }[])[0];
    },
  };
}

/**
 * The files the HTML names, in order: the entry's own and the hints after them. A page with the app
 * drawn in it (docs/decisions/033) names its modules to /boot.js instead: the entry, then its
 * modules in the same order, then the stylesheets.
 */
export function linked(html: string) {
  const tags = [...html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const boot = bootScript(html);
  return boot ? [boot.entry, ...boot.modules, ...tags] : tags;
}

/** The boot script of a drawn page: the entry it starts and the modules it names first. */
export function bootScript(html: string) {
  const m = /<script defer src="\/boot\.js" data-entry="([^"]+)" data-modules="([^"]*)"><\/script>/.exec(html);
  return m ? { entry: m[1]!, modules: m[2]!.split(' ').filter(Boolean) } : undefined;
}

/** The pictures the HTML preloads, in order, with their media query. */
export function bannerLinks(html: string) {
  return [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)"(?: media="([^"]+)")?>/g)].map((m) => ({
    href: m[1]!,
    media: m[2],
  }));
}

/** What the app's preloadFirstBanner asks for, given the first banner of the banners API. */
export function expectedLinks(first: { imageUrl: string; mobileImageUrl?: string } | undefined) {
  if (!first) return [];
  return first.mobileImageUrl
    ? [
        { href: first.imageUrl, media: '(min-width: 761px)' },
        { href: first.mobileImageUrl, media: '(max-width: 760px)' },
      ]
    : [{ href: first.imageUrl, media: undefined }];
}
