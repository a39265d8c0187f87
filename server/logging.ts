import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Query parameters whose values are worth reading in a log and carry no secret: ids of public
 * things, languages, scenes and filters. Every other value is replaced, since links the portal
 * mails or is sent back through carry credentials in their query (`/reset-password?token=…`,
 * `/activate?token=…`, token log-in from the TV, PayPal's `token` and `PayerID`) and some carry an
 * address (`?email=`). An allowlist, so a new parameter is redacted until someone says otherwise.
 */
const readableParams = new Set([
  'language',
  'lang',
  'la',
  'planId',
  'orderId',
  'releaseId',
  'scene',
  'type',
  'status',
  'page',
  'flow',
  'currency',
  'period',
  'position',
  'subscribeStatus',
]);

/** A request's URL as it may be logged: its path, and its query with every unlisted value replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const kept = [...query].map(
    ([name, value]) => `${encodeURIComponent(name)}=${readableParams.has(name) && /^[\w.-]{0,64}$/.test(value) ? encodeURIComponent(value) : '[redacted]'}`,
  );
  return `${url.slice(0, at)}?${kept.join('&')}`;
}

/**
 * The server's pino options: no log line carries a password, token or code, at any level
 * (docs/security.md). Request bodies are never logged (they hold passwords, codes and card
 * numbers); headers are not logged either, and the two that carry credentials are masked should a
 * line ever include them; URLs keep only the query values listed above.
 */
export function serverLogger(config: Pick<Config, 'logLevel'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: loggableUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
      },
    },
  };
}
