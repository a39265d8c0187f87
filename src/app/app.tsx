import { useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import type { Language } from '../../core/i18n/languages';
import { isApiError } from '../../core/api/api-error';
import { UNEXPECTED_ERROR_CODE } from '../../core/api/error-rules';
import { selectSessionView } from '../../machines/session/session.selectors';
import { storeAccountLanguage } from '../queries/account-queries';
import { ServicesProvider } from '../queries/services-provider';
import { useSiteConfig, useTheme } from '../queries/site-queries';
import { I18nProvider, initialLanguage } from './i18n-provider';
import { decideEntry } from '../../core/routing/entry-rules';
import { AppRoutes, routedPaths } from './router';
import type { AppServices } from './services';
import { PageTracking, ScreenDrawnProvider, TrackingProvider } from './page-tracking';
import { prefetchNextScreen } from './next-screens';
import { remoteNavigationInScene } from './remote-in-scene';
import { applyTheme } from './theme';

/** Hands the router's navigate to the API client's error rules (6001 -> /404 and the like). */
function NavigationBridge({ services }: { services: AppServices }) {
  const navigate = useNavigate();
  useEffect(() => {
    services.setNavigate((to) => {
      // Spec section 2: a failed navigation is ignored.
      void Promise.resolve(navigate(to)).catch(() => undefined);
    });
  }, [navigate, services]);
  return null;
}

/**
 * Spec section 2's entry rules on every navigation: scene and language are stored, and a redirect
 * is rendered before any route can claim the path (the catch-all would send it to /404). A
 * language the address names changes the page only; `onPick` is the customer's own choice.
 */
function EntryRoutes({
  services,
  language,
  onLanguage,
  onPick,
}: {
  services: AppServices;
  language: Language;
  onLanguage(language: Language): void;
  onPick(language: Language): void;
}) {
  const location = useLocation();
  const decision = useMemo(() => decideEntry(location.pathname, location.search), [location.pathname, location.search]);
  useEffect(() => {
    if (decision.scene && services.store.get('scene') !== decision.scene) services.store.set('scene', decision.scene);
    if (decision.language) onLanguage(decision.language);
  }, [decision, services, onLanguage]);
  const target = decision.redirect;
  if (target && routedPaths.has(target.split('?')[0]!)) return <Navigate to={target} replace />;
  return <AppRoutes language={language} onLanguageChange={onPick} />;
}

function Shell({ services }: { services: AppServices }) {
  const config = useSiteConfig();
  const theme = useTheme();
  const [chosen, setChosen] = useState<Language | null>(() => services.store.get('language'));
  const language = chosen ?? initialLanguage(services.store, navigator.languages, config.data?.defaultLang);
  services.setLanguage(language);

  useEffect(() => {
    if (theme.data) applyTheme(document, theme.data);
  }, [theme.data]);
  // The set-top-box scene is used with a remote: arrows move focus (docs/decisions/024, 062).
  useEffect(() => remoteNavigationInScene(document, services.store), [services]);

  const changeLanguage = useCallback(
    (l: Language) => {
      if (services.store.get('language') === l) return;
      services.store.set('language', l);
      setChosen(l);
      // Server texts (policies, plan names, contact hours) are per language: fetch them again.
      for (const key of ['plans', 'policy', 'contact']) services.queries.invalidate(key);
    },
    [services],
  );

  // A signed-in customer's pick is the account's language for its e-mails too (docs/decisions/049).
  // The page has changed whatever the server answers; settings reads back what it holds, and a
  // failure is told: the client's rules toast what they handle, the rest is toasted here.
  const pickLanguage = useCallback(
    (l: Language) => {
      changeLanguage(l);
      const identity = selectSessionView(services.session.getSnapshot()).identity;
      if (!identity) return;
      void storeAccountLanguage(services, identity.uid, l).catch((error: unknown) => {
        if (isApiError(error) && error.handled) return;
        services.toasts.show('error', (isApiError(error) ? error.errCode : undefined) ?? UNEXPECTED_ERROR_CODE);
      });
    },
    [services, changeLanguage],
  );

  // The site's default language matters only when neither a stored choice nor the browser decide;
  // wait for it in that case so the page does not switch language under the reader.
  if (!chosen && config.status === 'loading' && !navigator.languages.length) return null;
  return (
    <I18nProvider language={language}>
      <NavigationBridge services={services} />
      <EntryRoutes services={services} language={language} onLanguage={changeLanguage} onPick={pickLanguage} />
      <Toaster subscribe={services.toasts.subscribe} getToasts={services.toasts.get} dismiss={services.toasts.dismiss} />
    </I18nProvider>
  );
}

/**
 * `Router`: the browser's history by default; the server's preview (src/preview) passes a static
 * router on the address it draws.
 */
export function App({ services, Router = BrowserRouter }: { services: AppServices; Router?: ComponentType<{ children: ReactNode }> }) {
  const prefetchNext = useCallback((location: { pathname: string; search: string }) => prefetchNextScreen(services, location), [services]);
  return (
    <ServicesProvider services={services}>
      <Router>
        <TrackingProvider value={services.tracker}>
          <ScreenDrawnProvider value={prefetchNext}>
            <PageTracking />
            <Shell services={services} />
          </ScreenDrawnProvider>
        </TrackingProvider>
      </Router>
    </ServicesProvider>
  );
}
