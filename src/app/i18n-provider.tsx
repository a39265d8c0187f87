import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLanguage, languageCookie, pickLanguage, type Language } from '../../core/i18n/languages';
import type { SessionStore } from '../../core/session/store';

type Messages = Record<string, unknown>;

// The default language's messages ship with the app (docs/decisions/028): most visits are in it,
// and its first screen is then drawn without another round trip. Every other language is a chunk
// of its own, fetched when chosen, one promise per language, so the start-up's early fetch
// (src/app/start-up.ts) is the one the provider waits for. pt is the default language; a glob
// rather than an import, so a checkout whose messages are not compiled yet still typechecks.
const bundled = Object.values(import.meta.glob<Messages>('../i18n/compiled/pt.json', { eager: true, import: 'default' }));
const bundles = import.meta.glob<Messages>(['../i18n/compiled/*.json', '!../i18n/compiled/pt.json'], { import: 'default' });
const loaded = new Map<Language, Messages>(bundled.map((messages) => [defaultLanguage, messages]));
const loading = new Map<Language, Promise<Messages>>();

export function loadMessages(language: Language): Promise<Messages> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let messages = loading.get(language);
  if (!messages) {
    const load = bundles[`../i18n/compiled/${language}.json`];
    messages = load ? load() : Promise.reject(new Error(`No compiled messages for ${language}: run npm run i18n:compile`));
    loading.set(language, messages);
    // A failed download is not kept: choosing the language again tries again.
    messages.then(
      (m) => loaded.set(language, m),
      () => loading.delete(language),
    );
  }
  return messages;
}

/** The page's language: the stored choice, else the browser's, else the site's default (spec section 1). */
export function initialLanguage(store: SessionStore, browser: readonly string[], siteDefault?: string): Language {
  return pickLanguage(store.get('language'), browser, siteDefault ?? defaultLanguage);
}

interface Props {
  language: Language;
  children: ReactNode;
}

export function I18nProvider({ language, children }: Props) {
  // Messages fetched before the first render (src/app/start-up.ts) are used at once.
  const [shown, setShown] = useState<{ language: Language; messages: Messages } | null>(() => {
    const messages = loaded.get(language);
    return messages ? { language, messages } : null;
  });

  useEffect(() => {
    let current = true;
    const show = (l: Language, messages: Messages) =>
      current && setShown((s) => (s?.language === l && s.messages === messages ? s : { language: l, messages }));
    loadMessages(language)
      .then((messages) => show(language, messages))
      .catch((error: unknown) => {
        // The bundled default language still serves if a language chunk cannot load.
        console.error('language file failed to load', language, error);
        if (language !== defaultLanguage) void loadMessages(defaultLanguage).then((m) => show(defaultLanguage, m));
      });
    document.documentElement.lang = language;
    // The server draws the next visit's first screen in this language (docs/decisions/033): the
    // choice itself lives in the browser's storage, which requests do not carry.
    document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`;
    return () => {
      current = false;
    };
  }, [language]);

  // Until the first catalogue arrives there is nothing translated to show; later switches keep
  // the old texts on screen until the new ones are in, so the page never flashes empty.
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} messages={shown.messages as never} defaultLocale="en" onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}

function reportIntlError(error: { code?: string; message: string }) {
  // Missing translations are caught by the catalogue tests; anything else is a real defect.
  if (error.code !== 'MISSING_TRANSLATION') console.error(error.message);
}
