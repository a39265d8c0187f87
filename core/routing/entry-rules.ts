import { isLanguage, languageOfTag, type Language } from '../i18n/languages';
import type { Scene } from '../session/store';

/**
 * Spec section 2's guard and entry rules, decided in one pure function from the URL a visitor
 * arrives at, so the router only applies the decision and every rule has a test. Outside src/app
 * and free of React, so the server can follow the same rules when it names a page's files
 * (server/routes/spa-html.ts).
 */

/** Long and short query names; the long one is canonical. */
const aliases: Readonly<Record<string, string>> = {
  a: 'accountId',
  t: 'appToken',
  e: 'loginId',
  r: 'releaseId',
  la: 'language',
  lt: 'loginType',
  p: 'planId',
  id: 'planId',
  st: 'sourceType',
};

/** Query names in long or short form, normalised to the long form; the long form wins a clash. */
export function normalizeQuery(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of search) {
    const name = aliases[key] ?? key;
    if (aliases[key] && search.has(name)) continue;
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

const pathAliases: Readonly<Record<string, string>> = {
  '/': '/pricing-table',
  '/order': '/orders',
  '/stbPayment': '/payment',
  '/tokenLogin': '/pricing-table',
  '/plan': '/pricing-table',
  '/resendConfirmation': '/resend-confirm',
};

/** Links from emails, which carry a token: their screen, with the query and the language. */
const tokenLinks: Readonly<Record<string, string>> = {
  '/resetPassword': '/reset-password',
  '/activate': '/resend-confirm',
  '/bindEmailConfirmed': '/notice',
};

/** The paths whose entry may carry a sign-up, a login or a token hand-off from the TV or app. */
const handOffPaths = ['/pricing-table', '/plan-details', '/orders', '/stb-orders', '/payment'];

export interface EntryDecision {
  /** Where to go instead (path and query), replacing the entry in history. */
  redirect?: string;
  /** A language the URL asks for, to set before the page shows. */
  language?: Language;
  /** The scene to store (releaseId, spec section 2). */
  scene?: Scene;
}

const withQuery = (path: string, query: URLSearchParams) => (query.size > 0 ? `${path}?${query}` : path);

function sceneOf(releaseId: string | null): Scene | undefined {
  const upper = releaseId?.toUpperCase();
  return upper === 'WEB' || upper === 'STB' || upper === 'APP' ? upper : undefined;
}

/** Turns `/paymentResult/orderId/42/status/success` into `orderId=42&status=success`. */
function paymentResultQuery(pathname: string, query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(query);
  const at = pathname.indexOf('/paymentResult');
  const rest = at >= 0 ? pathname.slice(at + '/paymentResult'.length) : '';
  const segments = rest
    .split('/')
    .filter((s) => s !== '' && s.toLowerCase() !== 'response')
    .map((s) => decodeURIComponent(s));
  for (let i = 0; i + 1 < segments.length; i += 2) out.set(segments[i]!, segments[i + 1]!);
  return out;
}

function parseParams(raw: string | null): URLSearchParams | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined && typeof v !== 'object') out.set(k, String(v));
    return normalizeQuery(out);
  } catch {
    return undefined;
  }
}

/** The hand-off's own fields: what the log-in uses up, not part of the page the link opens. */
const handOffFields = ['params', 'appToken', 'accountId', 'loginId', 'language', 'releaseId'];

/**
 * The log-in's query for a hand-off that arrived at `pathname`: the token fields, and (beyond the
 * spec, docs/decisions/020) the page the link opened as `redirect`, so an app's link to /orders
 * lands on /orders once logged in rather than on the log-in's default, the pricing table.
 */
function returningTo(login: URLSearchParams, pathname: string, arrived: URLSearchParams): URLSearchParams {
  if (pathname === '/pricing-table') return login;
  const page = new URLSearchParams([...arrived].filter(([name]) => !handOffFields.includes(name)));
  return new URLSearchParams([...login, ['redirect', withQuery(pathname, page)]]);
}

export function decideEntry(pathname: string, search: string): EntryDecision {
  const query = normalizeQuery(new URLSearchParams(search));
  const language = languageOfTag(query.get('language')) ?? (isLanguage(query.get('language')) ? (query.get('language') as Language) : undefined);
  const scene = sceneOf(query.get('releaseId'));
  const base: EntryDecision = { ...(language ? { language } : {}), ...(scene ? { scene } : {}) };

  // A payment provider's return URL: reopen at the result page with its path turned into a query.
  if (/response/i.test(pathname + search) && pathname.toLowerCase() !== '/paymentresult') {
    return { ...base, redirect: withQuery('/paymentResult', paymentResultQuery(pathname, query)) };
  }

  const tokenTarget = tokenLinks[pathname];
  if (tokenTarget && query.get('token')) return { ...base, redirect: withQuery(tokenTarget, query) };

  const alias = pathAliases[pathname];
  if (alias) return { ...base, redirect: withQuery(alias, query) };

  if (handOffPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    if (query.get('d')) return { ...base, redirect: withQuery('/register', query) };
    const params = parseParams(query.get('params'));
    if (params) {
      const lang = languageOfTag(params.get('language'));
      return { ...base, ...(lang ? { language: lang } : {}), redirect: withQuery('/login', returningTo(params, pathname, query)) };
    }
    if (query.get('appToken') && query.get('accountId') && query.get('loginId')) {
      return { ...base, redirect: withQuery('/login', returningTo(query, pathname, query)) };
    }
  }

  // Canonicalise short names in place, so screens read one form.
  const canonical = withQuery(pathname, query);
  if (canonical !== withQuery(pathname, new URLSearchParams(search))) return { ...base, redirect: canonical };
  return base;
}

/** Spec section 2: a path that is neither known nor plan-details followed by digits is a 404. */
export function isPlanDetailsPath(pathname: string): boolean {
  return /^\/plan-details\/[0-9]+$/.test(pathname);
}
