/**
 * The web app's HTML, one per route (docs/decisions/030): index.html as built, plus the route's
 * screen chunks and the language chunk the app is about to import, named in the <head> and in a
 * `Link` header. Without them the browser learns of those files only after the entry has arrived
 * and run, one more round of downloads before the first screen can draw.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHints } from '../../scripts/route-chunks';
import { languageOfTag } from '../../src/i18n/languages';

interface Page {
  html: string;
  etag: string;
  encoded: Map<string, Buffer>;
}

export interface SpaHtml {
  /** Answers a GET or HEAD of one of the app's addresses with that route's HTML. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * react-router's matching, for the patterns the router uses (literal segments and `:param`):
 * case-insensitive, a trailing slash allowed.
 */
function patternOf(route: string): RegExp {
  const segments = route.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

/**
 * The language the app will start in, as far as the request shows it (src/app/start-up.ts): the
 * one the address names (`language`, or its short form `la`), else the first supported of the
 * browser's, in its order (navigator.languages is the Accept-Language list). A choice stored in the
 * browser is not sent, so it can differ; the hint is then a few kB for nothing.
 */
function languageOf(query: URLSearchParams, acceptLanguage: string | undefined) {
  for (const tag of [query.get('language'), query.get('la'), ...(acceptLanguage ?? '').split(',').map((t) => t.split(';', 1)[0])]) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}

const tag = (file: string) => (file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`);

/**
 * Reads dist/index.html and the build's route hints once. Undefined without an index.html (the
 * server then serves the API alone); a build without hints gets its index.html as it is.
 */
export function loadSpaHtml(staticDir: string): SpaHtml | undefined {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');
  const hintsFile = path.join(staticDir, '.vite', 'route-hints.json');
  const hints: RouteHints = existsSync(hintsFile) ? (JSON.parse(readFileSync(hintsFile, 'utf8')) as RouteHints) : { routes: [], languages: {} };
  const routes = hints.routes.map((r) => ({ patterns: r.paths.map(patternOf), files: r.files }));

  // One page per route and language, made on first use and kept: the build does not change
  // under a running server.
  const pages = new Map<string, Page>();
  const pageFor = (route: number, language: string | undefined): Page => {
    const key = `${route} ${language ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      // The screen's files after the entry's (already in index.html), so they queue behind them.
      const files = [...(routes[route]?.files ?? []), ...(language ? (hints.languages[language] ?? []) : [])];
      const html = files.length ? index.replace('</head>', `  ${files.map(tag).join('\n    ')}\n  </head>`) : index;
      const etag = `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
      page = { html, etag, encoded: new Map() };
      pages.set(key, page);
    }
    return page;
  };

  const encodedBody = (page: Page, encoding: 'br' | 'gzip') => {
    let body = page.encoded.get(encoding);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(page.html) : gzipSync(page.html, { level: 9 });
      page.encoded.set(encoding, body);
    }
    return body;
  };

  return {
    send(request, reply) {
      // The address as asked for: an old address the app's entry rules redirect (/stbPayment,
      // /order) gets no screen hints, as the server does not depend on the app's code.
      const url = new URL(request.url, 'http://portal');
      const route = routes.findIndex((r) => r.patterns.some((p) => p.test(url.pathname)));
      const language = languageOf(url.searchParams, request.headers['accept-language']);
      const page = pageFor(route, language && hints.languages[language] ? language : undefined);

      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Accept-Language').header('ETag', page.etag).type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (!encoding) return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(encodedBody(page, encoding));
    },
  };
}
