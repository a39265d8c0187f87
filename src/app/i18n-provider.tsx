import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLanguage, pickLanguage, type Language } from '../i18n/languages';
import type { SessionStore } from '../session/store';

type Messages = Record<string, unknown>;

// Each language's precompiled messages are their own chunk, fetched when chosen.
const bundles = import.meta.glob<Messages>('../i18n/compiled/*.json', { import: 'default' });

export async function loadMessages(language: Language): Promise<Messages> {
  const load = bundles[`../i18n/compiled/${language}.json`];
  if (!load) throw new Error(`No compiled messages for ${language}: run npm run i18n:compile`);
  return load();
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
  const [loaded, setLoaded] = useState<{ language: Language; messages: Messages } | null>(null);

  useEffect(() => {
    let current = true;
    loadMessages(language)
      .then((messages) => current && setLoaded({ language, messages }))
      .catch((error: unknown) => {
        // The bundled default language still serves if a language chunk cannot load.
        console.error('language file failed to load', language, error);
        if (language !== defaultLanguage) void loadMessages(defaultLanguage).then((m) => current && setLoaded({ language: defaultLanguage, messages: m }));
      });
    document.documentElement.lang = language;
    return () => {
      current = false;
    };
  }, [language]);

  // Until the first catalogue arrives there is nothing translated to show; later switches keep
  // the old texts on screen until the new ones are in, so the page never flashes empty.
  if (!loaded) return null;
  return (
    <IntlProvider locale={loaded.language} messages={loaded.messages as never} defaultLocale="en" onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}

function reportIntlError(error: { code?: string; message: string }) {
  // Missing translations are caught by the catalogue tests; anything else is a real defect.
  if (error.code !== 'MISSING_TRANSLATION') console.error(error.message);
}
