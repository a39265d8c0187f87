import { returnPath } from '../../core/routing/return-path';
import { preloadScreen } from './router';
import type { components } from '../../openapi/schema';
import { firstMethodsQuery, paymentMethodsRead } from '../queries/payment-method-queries';
import { googleClientRead, siteConfigRead, userConfigRead, type Read } from '../queries/site-queries';
import { loadRefusalTexts } from './messages';
import { idle } from './network-quiet';
import type { AppServices } from './services';

type Schemas = components['schemas'];

/**
 * The screen a customer most likely opens next from each screen, on the way to paying (spec
 * section 1): a plan is chosen on the pricing table or a plan's details, which asks for a log-in
 * first; the log-in goes back to where it was asked from; paying ends on the result page.
 */
const nextScreens: Readonly<Record<string, (search: URLSearchParams, signedIn: boolean) => string | undefined>> = {
  '/pricing-table': (_, signedIn) => (signedIn ? '/payment' : '/login'),
  '/plan-details': (_, signedIn) => (signedIn ? '/payment' : '/login'),
  '/login': (search) => returnPath(search.get('redirect'), undefined),
  '/payment': () => '/paymentResult',
};

/**
 * The public reads a next screen starts from (`search` is its query), fetched with its code into
 * the query cache its views and flows read. The payment of a chosen plan starts from its methods,
 * in the site's currency: its checkout then asks for the price at once (docs/decisions/066).
 */
const nextScreenReads: Readonly<Record<string, (search: URLSearchParams, services: AppServices) => readonly Read<unknown>[]>> = {
  '/login': () => [userConfigRead, googleClientRead, siteConfigRead],
  '/payment': (search, { queries, store }) => {
    const planId = search.get('planId');
    const site = queries.get<Schemas['SiteConfig']>(siteConfigRead.key);
    return planId && site.status === 'success' ? [paymentMethodsRead(firstMethodsQuery(planId, site.data), store)] : [];
  },
};

/** A customer who asked the browser to save data, or is on a 2G line, gets no speculative downloads. */
function savingData(nav: Navigator): boolean {
  const connection = (nav as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/**
 * Once the screen at `pathname` is drawn and its requests are in, downloads the code, messages and
 * public reads of the screen that most likely comes next, and the texts of the server's refusals
 * (docs/decisions/067), in the browser's idle time, so that screen opens without waiting for them
 * (docs/decisions/064). A failed download is forgotten: the navigation, or the refusal, asks again.
 */
export function prefetchNextScreen(services: AppServices, { pathname, search }: { pathname: string; search: string }): void {
  if (savingData(navigator)) return;
  const nextUrl = nextScreens[`/${pathname.split('/')[1] ?? ''}`]?.(new URLSearchParams(search), services.store.get('userInfo') !== null);
  const [next, nextSearch = ''] = nextUrl?.split('?') ?? [];
  const screen = next && next !== pathname ? next : undefined;
  // Asked for as a signed-in customer would: a log-in leads to an account's screen. Only once the
  // page is quiet: a flow's reads come one after another (the checkout's price after its methods),
  // and a download started at the first idle moment took the connections the next one needed.
  // Counted as in flight, so the page's reports wait for it (services.ts).
  void services.network
    .whenQuiet()
    .then(idle)
    .then(() =>
      services.network.track(
        Promise.allSettled([
          loadRefusalTexts(),
          ...(screen
            ? [
                preloadScreen(screen, true),
                ...(nextScreenReads[screen]?.(new URLSearchParams(nextSearch), services) ?? []).map((read) =>
                  services.queries.prefetch(read.key, () => read.fetch({ api: services.quietApi, cache: services.cache })),
                ),
              ]
            : []),
        ]),
      ),
    );
}
