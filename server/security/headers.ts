/**
 * Security headers on every answer the server gives: the API's, the web app's HTML, its files,
 * 404s and the developer pages (docs/decisions/031). One `onSend` hook, registered before any
 * route, so nothing can be answered without them; an answer that already names its own policy
 * (the developer mailbox) keeps it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sandboxPagePolicy } from '../routes/sandbox-pages';

/** Google Identity Services, as Google documents its CSP needs (loaded only when sign-in is configured). */
const GOOGLE_IDENTITY = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

/**
 * The web app's policy. The build has one external module script and no inline script or style
 * (React's `style` props go through the CSSOM, which style-src does not govern), so neither
 * 'unsafe-inline' nor 'unsafe-eval' is needed; the one inline style the server writes, the site's
 * brand colours (server/routes/spa-brand.ts), is allowed by its hash in that page's own policy. Images may come from any HTTPS origin: operators
 * point theme and banner images at their CDN, and an image cannot run code.
 */
export function appPolicy(config: Pick<Config, 'googleClientId'>, styleSources: readonly string[] = []): string {
  const google = config.googleClientId !== undefined;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(google ? [GOOGLE_IDENTITY.script] : [])],
    ['style-src', "'self'", ...styleSources, ...(google ? [GOOGLE_IDENTITY.style] : [])],
    ['img-src', "'self'", 'data:', 'https:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(google ? [GOOGLE_IDENTITY.connect] : [])],
    ['frame-src', ...(google ? [GOOGLE_IDENTITY.frame] : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The bearer token as bind.ts reads it: the anonymous client sends the literal `null`. */
function carriesToken(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
  return token !== '' && token !== 'null' && token !== 'undefined';
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * API answers are never kept by a browser or a shared cache: a signed-in caller's carry their
 * account, and anonymous ones can carry a fresh session token (log-in, sign-up). The exception is
 * a public cached read (server/routes/cached-reads.ts), the same for every caller, which stays
 * `no-cache` with its ETag so it is revalidated instead of fetched again.
 */
function apiCacheControl(request: FastifyRequest, reply: FastifyReply) {
  const current = reply.getHeader('cache-control');
  const own = typeof current === 'string' ? current : undefined;
  if (own?.includes('no-store')) return;
  const sharedRead = own === 'no-cache' && reply.hasHeader('etag');
  if (sharedRead) return;
  if (own === undefined || carriesToken(request)) reply.header('Cache-Control', 'no-store');
}

/**
 * Adds the headers to every answer; returns the same step for the answers Fastify's router makes
 * before any hook can run (a path it cannot decode, see `frameworkErrors` in server/app.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'googleClientId' | 'env' | 'publicUrl'>,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const policy = appPolicy(config);
  // A production site whose public address is https is reached over TLS, whatever a proxy in
  // front says or fails to say (TRUST_PROXY off by default): a browser ignores the header on
  // plain HTTP (RFC 6797 §8.1), so sending it on every answer costs nothing and cannot be missed.
  const alwaysTls = config.env === 'production' && config.publicUrl.startsWith('https://');
  const secure = (request: FastifyRequest, reply: FastifyReply) => {
    if (!reply.hasHeader('content-security-policy')) {
      // The sandbox providers' hosted pages are their own documents, with one inline style block.
      const hosted = request.url.startsWith('/sandbox/') && String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      reply.header('Content-Security-Policy', hosted ? sandboxPagePolicy : policy);
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    // Globally: the reset page's address carries its token until the app has read it, and no
    // other page has a reason to tell another site where the visitor came from.
    reply.header('Referrer-Policy', 'no-referrer');
    // For browsers older than frame-ancestors.
    reply.header('X-Frame-Options', 'DENY');
    // Otherwise only over TLS (RFC 6797 §7.2); behind a proxy, request.protocol reads
    // X-Forwarded-Proto when TRUST_PROXY is set.
    if (alwaysTls || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    if (isApi(request.url)) apiCacheControl(request, reply);
  };
  app.addHook('onSend', async (request, reply, payload) => {
    secure(request, reply);
    return payload;
  });
  return secure;
}
