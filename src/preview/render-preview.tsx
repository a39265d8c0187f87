/**
 * The server's preview of a first screen (docs/decisions/033): the app itself, rendered on the
 * server from the same first reads the browser starts (start-up.ts), so the HTML already shows the
 * page while its JavaScript downloads. It is drawn for a visitor the server knows nothing of, or
 * for one whose browser says it holds a session (docs/decisions/034), without knowing whose. The
 * browser then draws the app over it in one commit. Built by `vite build --ssr` (package.json "build") into
 * dist/.vite/preview, which the server imports; nothing here runs in the browser.
 */
import { PassThrough } from 'node:stream';
import { type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app/app';
import { loadMessages } from '../app/messages';
import { preloadScreen } from '../app/router';
import { createAppServices } from '../app/services';
import { startFirstReads } from '../app/start-up';
import type { Language } from '../../core/i18n/languages';
import { drawnAddress, type Drawing, type PreviewRequest } from '../../core/routing/first-screens';

/** Storage that lives for one render: the preview is for a visitor the server knows nothing of. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

/**
 * What the app's services read of the page they run in, for a render on the server: empty
 * storage, no events, a phone-sized window (the media queries of the CSS decide the layout, not this).
 */
function serverPage(language: Language) {
  const events = new EventTarget();
  return {
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    navigator: { userAgent: '', language, languages: [language] },
    innerWidth: 0,
    location: { assign: () => undefined, reload: () => undefined },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  } as unknown as Window & typeof globalThis;
}

/**
 * A session that is nobody's: the signed-in frame without a name (the header's account links and
 * way out). It never reaches the API: the reads are done before it is stored, and effects, which
 * would ask for more, do not run in a render on the server.
 */
const standInSession = (now: number) => ({ token: 'drawn-by-the-server', expiration: now + 60_000 });

/**
 * The app's markup for a visit (its path after the entry rules' redirect), or undefined where the
 * server draws nothing (drawnAddress).
 */
export async function renderPreview({ language, fetch, ...visit }: PreviewRequest): Promise<Drawing | undefined> {
  const address = drawnAddress(visit);
  if (address === undefined) return undefined;
  const services = createAppServices(serverPage(language), { baseUrl: 'http://portal', fetch });
  try {
    services.store.set('language', language);
    if (visit.scene) services.store.set('scene', visit.scene);
    services.setLanguage(language);
    // The first render then draws the whole screen, as in the browser: code, messages and reads in.
    const first = startFirstReads(services, visit.path, language);
    await Promise.allSettled([preloadScreen(visit.path, visit.signedIn), loadMessages(language), ...first.all]);
    // The reads it is drawn from go with the drawing (docs/decisions/064); a failed one is left to
    // the browser, and so are all of a signed-in visitor's: the plans have their own prices.
    const reads: Record<string, unknown> = {};
    for (const key of visit.signedIn ? [] : first.keys) {
      const state = services.queries.get(key);
      if (state.status === 'success') reads[key] = state.data;
    }
    if (visit.signedIn) services.session.send({ type: 'SIGNED_IN', userInfo: standInSession(Date.now()) });
    const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={address}>{children}</StaticRouter>;
    const { prelude } = await prerenderToNodeStream(<App services={services} Router={Router} />);
    let markup = '';
    for await (const chunk of prelude.pipe(new PassThrough())) markup += String(chunk);
    return { markup, reads };
  } finally {
    services.dispose();
  }
}
