import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../bench/bytes';
import { closure, entryKey, readManifest } from '../../scripts/route-chunks';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The production build the HTML tests serve: BUILT_APP_DIST when it names one (npm test builds
 * once and passes it), otherwise the app built here, in a directory removed afterwards. Call it
 * before useTestServer: its hook then runs first, so the build is there when the server reads it.
 */
export function useBuiltApp(): { dist: string; workDir: string } {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const workDir = mkdtempSync(path.join(root, '.tmp', 'spa-html-'));
  const given = process.env.BUILT_APP_DIST;
  const dist = given ? path.resolve(given) : path.join(workDir, 'app');
  beforeAll(() => {
    if (given && !existsSync(path.join(dist, '.vite', 'manifest.json'))) throw new Error(`BUILT_APP_DIST=${given} holds no .vite/manifest.json`);
    if (!given) buildApp(dist);
  }, 300_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  return { dist, workDir };
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

/** A screen module's files, from the build's manifest: its own chunk, its imports and its CSS. */
export function screenFiles(dist: string, module: string) {
  return [...closure(readManifest(dist), [module])].map((f) => `/${f}`);
}

/** The entry's files, from the build's manifest. */
export const entryFiles = (dist: string) => [...closure(readManifest(dist), [entryKey(readManifest(dist))])].map((f) => `/${f}`);

/** The chunk of a language's compiled messages. */
export const languageChunk = (dist: string, language: string) => `/${readManifest(dist)[`src/i18n/compiled/${language}.json`]!.file}`;

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
