import { preload } from 'react-dom';
import type { components } from '../../openapi/schema';
import { languageOfTag, type Language } from '../../core/i18n/languages';
import { bannersRead, plansRead, siteConfigRead, themeRead, type Read } from '../queries/site-queries';
import { decideEntry } from '../../core/routing/entry-rules';
import { firstReadsBlockId, firstScreenBanners, phoneMedia } from '../../core/routing/first-screens';
import { loadMessages } from './messages';
import { loadRemoteNavigation } from './remote-in-scene';
import { preloadScreen } from './router';
import type { AppServices } from './services';

type Banner = components['schemas']['Banner'];

/**
 * The public reads each first screen shows at once besides the shell's configuration and theme
 * (its banners: firstScreenBanners). Keep in step with the screens: what is missing here is only
 * fetched later, by the screen.
 */
const firstScreenReads: Record<string, (language: Language) => Read<unknown>[]> = {
  '/pricing-table': (l) => [plansRead(l)],
};

/**
 * Starts, before React renders, what the first screen waits for: its language's messages, its
 * screen's code and its public reads, all at once instead of one after the other (each used to
 * wait for the render the one before allowed). The views find them in the same caches. Settles
 * (never fails) once the messages and the code are in or have failed: then the first render can
 * draw the screen at once (a failure shows as it always did, through the route's error boundary).
 */
export function startFirstScreen(
  services: AppServices,
  { pathname, search }: { pathname: string; search: string },
  browserLanguages: readonly string[],
): Promise<unknown> {
  const entry = decideEntry(pathname, search);
  const path = entry.redirect?.split('?')[0] ?? pathname;
  // Spec section 2: the scene and the language the address names are stored. Stored before the
  // first render, the first screen and the first requests already have them (the router applies
  // the same rules to later navigations, src/app/app.tsx).
  if (entry.scene) services.store.set('scene', entry.scene);
  if (entry.language) services.store.set('language', entry.language);
  // Only a language the page is sure to start in; otherwise the site's default decides, later.
  const language = [services.store.get('language'), ...browserLanguages].map(languageOfTag).find((l) => l !== undefined);
  if (language) services.setLanguage(language);
  // The visit starts now, not at the first render: event 3's duration still counts the downloads.
  services.tracker.opened(pathname + search);

  // The drawn page's reads are an anonymous visitor's, in the language it was drawn in.
  const signedIn = services.store.get('userInfo') !== null;
  const drawn = !signedIn && language === document.documentElement.lang ? drawnReads(document) : {};
  const { banners } = startFirstReads(services, path, language, drawn);
  void banners?.then(preloadFirstBanner, () => undefined);
  // The screen's files in a task of their own, after the reads: adding a screen's dozen preload
  // links is main-thread work enough on a slow phone, and the small reads then get the browser's
  // few connections first.
  const screen = new Promise((resolve) => setTimeout(() => resolve(preloadScreen(path, signedIn))));
  // In the set-top-box scene the first render waits for the remote's navigation too, so the first
  // arrow pressed on the page already moves focus (docs/decisions/024, 062).
  const remote = services.store.get('scene') === 'STB' ? [loadRemoteNavigation()] : [];
  return Promise.allSettled([screen, ...remote, ...(language ? [loadMessages(language)] : [])]);
}

/**
 * The reads a page drawn by the server was drawn from (its data block, docs/decisions/064), by
 * query key; none where the page holds none or it cannot be read.
 */
function drawnReads(doc: Document): Record<string, unknown> {
  const block = doc.getElementById(firstReadsBlockId)?.textContent;
  if (!block) return {};
  try {
    const reads: unknown = JSON.parse(block);
    return typeof reads === 'object' && reads !== null ? (reads as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Starts the reads the first screen at `path` draws from, into the query cache the views read:
 * the shell's configuration and theme, and in a known language the screen's public reads and
 * banners. Shared with the server's preview (src/preview), so it draws from the same reads; a
 * read the drawn page holds (`drawn`, by key) is taken from it instead of asked again.
 */
export function startFirstReads(
  services: AppServices,
  path: string,
  language: Language | undefined,
  drawn: Record<string, unknown> = {},
): { all: Promise<unknown>[]; keys: string[]; banners?: Promise<Banner[]> } {
  const keys: string[] = [];
  const prime = <T>(read: Read<T>) => {
    keys.push(read.key);
    const data = Object.hasOwn(drawn, read.key) ? read.adopt(services, drawn[read.key] as T) : read.fetch(services);
    services.queries.ensure(read.key, () => data);
    return data;
  };
  const all: Promise<unknown>[] = [prime(siteConfigRead), prime(themeRead)];
  if (!language) return { all, keys };
  all.push(...(firstScreenReads[path]?.(language) ?? []).map(prime));
  const position = Object.hasOwn(firstScreenBanners, path) ? firstScreenBanners[path] : undefined;
  if (!position) return { all, keys };
  const banners = prime(bannersRead(position, language));
  return { all: [...all, banners], keys, banners };
}

/**
 * The first banner is the page's largest picture: its download starts as soon as its address is
 * known, ahead of the code that draws it, for the image its `<picture>` will pick.
 */
function preloadFirstBanner([first]: Banner[]) {
  if (!first) return;
  const phone = matchMedia(phoneMedia).matches;
  preload((phone && first.mobileImageUrl) || first.imageUrl, { as: 'image', fetchPriority: 'high' });
}
