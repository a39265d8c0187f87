import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLanguage, languageCookie, pickLanguage, type Language } from '../../core/i18n/languages';
import type { SessionStore } from '../../core/session/store';
import { catalogue, loadMessages, messagesReady, showingLanguage, subscribeMessages } from './messages';

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
  const [shown, setShown] = useState<Language | null>(() => (messagesReady(language) ? language : null));
  // The shown language's catalogue grows as screens bring their messages (src/app/messages.ts).
  const snapshot = () => (shown ? catalogue(shown) : undefined);
  const messages = useSyncExternalStore(subscribeMessages, snapshot, snapshot);

  useEffect(() => {
    if (shown) showingLanguage(shown);
  }, [shown]);

  useEffect(() => {
    let current = true;
    const show = (l: Language) => current && setShown(l);
    loadMessages(language)
      .then(() => show(language))
      .catch((error: unknown) => {
        // The bundled default language still serves if a language chunk cannot load.
        console.error('language file failed to load', language, error);
        if (language !== defaultLanguage) void loadMessages(defaultLanguage).then(() => show(defaultLanguage));
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
  if (!shown || !messages) return null;
  return (
    <IntlProvider locale={shown} messages={messages as never} defaultLocale="en" onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}

function reportIntlError(error: { code?: string; message: string }) {
  // Missing translations are caught by the catalogue tests; anything else is a real defect.
  if (error.code !== 'MISSING_TRANSLATION') console.error(error.message);
}
