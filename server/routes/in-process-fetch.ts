import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { InProcessFetch } from './spa-html';

/**
 * A fetch answered by this server without a socket (fastify's inject): every hook, limit and
 * cache applies as to a request from the network. The preview (docs/decisions/033) reads the API
 * through it with the app's own client.
 */
export function inProcessFetch(app: FastifyInstance): InProcessFetch {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [String(value)]) headers.append(name, v);
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}
