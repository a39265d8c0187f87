import { createHash } from 'node:crypto';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';
import type { ChangeCache } from '../db/change-cache';
import { ApiRefusal, ErrCode } from '../errors';
import { isLanguage, type Language } from '../../core/i18n/languages';
import { listOperations, resolveRef, toFastifyPath, type ContractDocument, type OperationEntry } from './contract';

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : T extends { content: { 'multipart/form-data': infer M } } ? M : undefined;
export type RequestBody<O extends OperationId> = operations[O] extends { requestBody: infer R } ? JsonContent<R> : undefined;
type Params<O extends OperationId> = operations[O]['parameters'];
export type QueryOf<O extends OperationId> = Params<O> extends { query?: infer Q } ? ([Q] extends [never] ? undefined : NonNullable<Q>) : undefined;
export type PathOf<O extends OperationId> = Params<O> extends { path?: infer P } ? ([P] extends [never] ? undefined : NonNullable<P>) : undefined;
export type ResponseData<O extends OperationId> = operations[O]['responses'] extends { 200: infer R }
  ? JsonContent<R> extends { data?: infer D }
    ? D
    : undefined
  : undefined;

/** What every handler knows about the caller, read once from the five contract headers. */
export interface RequestContext {
  lang: Language;
  scene: 'WEB' | 'STB' | 'APP';
  clientType: 'WEB' | 'WAP';
  /** The bearer token, or null for the literal `null` the anonymous client sends. */
  token: string | null;
  fingerprint: string | null;
  ip: string;
}

export interface HandlerInput<O extends OperationId> {
  body: RequestBody<O>;
  query: QueryOf<O>;
  params: PathOf<O>;
  ctx: RequestContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An operation whose 200 is a PDF (the receipt) answers bytes; its handler sets the content type. */
export type BinaryData<O extends OperationId> = operations[O]['responses'] extends { 200: { content: { 'application/pdf': unknown } } } ? Uint8Array : never;

export type Handler<O extends OperationId> = (input: HandlerInput<O>) => Promise<ResponseData<O> | BinaryData<O>>;
export type Handlers = { [O in OperationId]?: Handler<O> };

/** Typed helper so a route module's handlers are checked against the contract. */
export const defineHandlers = (h: Handlers): Handlers => h;

/**
 * A read whose answer is the same for every caller with the same key, kept serialized until a row
 * it was built from changes (docs/decisions/027).
 */
export interface CachedRead<O extends OperationId> {
  /** What the answer varies on, or null when it is the caller's own (a signed-in price list). */
  key(input: { query: QueryOf<O>; ctx: RequestContext }): string | null;
  /** The request headers `key` reads, named in Vary so a shared cache keeps them apart too. */
  vary: readonly string[];
}
export type CachedReads = { [O in OperationId]?: CachedRead<O> };

/**
 * A success envelope as sent, with its entity tag. The body is a string: Fastify sends a string
 * as it is, where a Buffer made in another realm (the model walks run the server under jsdom) would
 * be serialized as an object.
 */
export interface CachedAnswer {
  body: string;
  etag: string;
}

export interface AnswerCaching {
  reads: CachedReads;
  answers: ChangeCache<CachedAnswer>;
}

function toCachedAnswer(data: unknown): CachedAnswer {
  const body = JSON.stringify(data === undefined ? { code: 0 } : { code: 0, data });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** RFC 9110 §13.1.2: a weak comparison of every tag listed, or `*`. */
function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, vary: readonly string[]) {
  // Stored, but revalidated every time: the rows may have changed since.
  reply.header('cache-control', 'no-cache').header('etag', answer.etag);
  if (vary.length > 0) reply.header('vary', vary.join(', '));
  if (matchesTag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: coerce, useDefaults: coerce, validateSchema: false });
  addFormats(ajv);
  // OpenAPI's own formats: numeric widths are checked, `binary` is a file part (checked by its route).
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('binary', true);
  ajv.addFormat('byte', true);
  ajv.addFormat('password', true);
  return ajv;
}

/** Local refs inside a fragment point at the whole document, which Ajv knows as `portal`. */
function anchorRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema ?? {}).replace(/"\$ref":"#\//g, '"$ref":"portal#/'));
}

interface CompiledOperation {
  entry: OperationEntry;
  body?: ValidateFunction;
  query?: ValidateFunction;
  params?: ValidateFunction;
  headers?: ValidateFunction;
}

function compileOperation(doc: ContractDocument, entry: OperationEntry, bodyAjv: Ajv2020, paramAjv: Ajv2020): CompiledOperation {
  const byLocation = (location: 'query' | 'path' | 'header') => {
    const params = entry.parameters.filter((p) => p.in === location);
    const key = (name: string) => (location === 'header' ? name.toLowerCase() : name);
    return paramAjv.compile({
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [key(p.name), anchorRefs(p.schema)])),
      required: params.filter((p) => p.required || location === 'path').map((p) => key(p.name)),
      // Unknown query fields are refused like unknown body fields; headers are open by nature.
      additionalProperties: location === 'header',
    });
  };
  const compiled: CompiledOperation = {
    entry,
    query: byLocation('query'),
    params: byLocation('path'),
    headers: byLocation('header'),
  };
  if (entry.bodyContentTypes.includes('application/json')) {
    const op = resolveRef<Record<string, unknown>>(doc, { $ref: entry.pointer });
    const body = resolveRef<{ content: Record<string, { schema: unknown }> }>(doc, op.requestBody as never);
    compiled.body = bodyAjv.compile(anchorRefs(body.content['application/json']?.schema) as object);
  }
  return compiled;
}

/**
 * Where a request holds U+0000, in a string or a key. JSON and URLs can carry it, no PostgreSQL
 * text column can store it (the insert fails), and no field of the contract means it; walked
 * without recursion, since a body may nest as deep as its megabyte allows.
 */
export function nulCharacterAt(value: unknown, where: string): string | undefined {
  const stack: [unknown, string][] = [[value, where]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, `${path}/${key}`]);
      }
    }
  }
  return undefined;
}

function describe(errors: ErrorObject[] | null | undefined, where: string) {
  return (errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? ''}`.trim());
}

function contextOf(request: FastifyRequest): RequestContext {
  const h = request.headers;
  const auth = typeof h.authorization === 'string' ? h.authorization.replace(/^Bearer\s+/i, '').trim() : '';
  const lang = h.language;
  return {
    lang: isLanguage(lang) ? lang : 'en',
    scene: h.scene === 'STB' || h.scene === 'APP' ? h.scene : 'WEB',
    clientType: h['client-type'] === 'WAP' ? 'WAP' : 'WEB',
    token: auth === '' || auth === 'null' || auth === 'undefined' ? null : auth,
    fingerprint: typeof h.fingerprint === 'string' && h.fingerprint !== '' ? h.fingerprint : null,
    ip: request.ip,
  };
}

/**
 * Registers one route per operation of the contract. Requests are checked against the same
 * document before a handler runs, so the server cannot accept what the contract refuses; an
 * operation without a handler yet answers 4598 "Operation not supported", never a fake success.
 */
export function bindOperations(app: FastifyInstance, doc: ContractDocument, handlers: Handlers, caching?: AnswerCaching): OperationEntry[] {
  const bodyAjv = makeAjv(false);
  const paramAjv = makeAjv(true);
  bodyAjv.addSchema(doc as object, 'portal');
  paramAjv.addSchema(doc as object, 'portal');
  const entries = listOperations(doc);
  // Compiling all 68 operations' validators takes about 0.4 s, so it is not done before the first
  // answer: each operation compiles on its first request, and the rest once the server listens.
  const compilers = entries.map((entry) => {
    let compiled: CompiledOperation | undefined;
    return () => (compiled ??= compileOperation(doc, entry, bodyAjv, paramAjv));
  });
  // A handler whose client went away still runs to its end; closing waits for those too, so the
  // database is not closed under them (main.ts closes it right after the app).
  let running = 0;
  let settled: (() => void)[] = [];
  app.addHook('onClose', async () => {
    while (running > 0) await new Promise<void>((resolve) => settled.push(resolve));
  });
  app.addHook('onListen', async () => {
    const next = (i: number): void => {
      if (i >= compilers.length || app.server.listening === false) return;
      try {
        compilers[i]!();
      } catch (error) {
        // Its requests answer 500 with the same error; the log says so before one comes.
        app.log.error({ err: error, operationId: entries[i]!.operationId }, 'contract validators did not compile');
      }
      setImmediate(() => next(i + 1));
    };
    setImmediate(() => next(0));
  });

  for (const [i, entry] of entries.entries()) {
    const compile = compilers[i]!;
    const handler = handlers[entry.operationId as OperationId] as Handler<OperationId> | undefined;
    const cached = caching?.reads[entry.operationId as OperationId] as CachedRead<OperationId> | undefined;
    app.route({
      method: entry.method.toUpperCase() as 'GET',
      url: toFastifyPath(entry.path),
      handler: async (request, reply) => {
        running++;
        try {
          return await answer(request, reply);
        } finally {
          running--;
          if (running === 0) {
            for (const resolve of settled) resolve();
            settled = [];
          }
        }
      },
    });

    async function answer(request: FastifyRequest, reply: FastifyReply) {
      const compiled = compile();
      const problems = [
        ...(compiled.headers && !compiled.headers(request.headers) ? describe(compiled.headers.errors, 'headers') : []),
        ...(compiled.params && !compiled.params(request.params) ? describe(compiled.params.errors, 'path') : []),
        ...(compiled.query && !compiled.query(request.query ?? {}) ? describe(compiled.query.errors, 'query') : []),
      ];
      if (compiled.body) {
        if (request.body === undefined || request.body === null) {
          if (entry.bodyRequired) problems.push('body is required');
        } else if (!compiled.body(request.body)) {
          problems.push(...describe(compiled.body.errors, 'body'));
        }
      }
      if (problems.length === 0) {
        const nul = nulCharacterAt(request.params, 'path') ?? nulCharacterAt(request.query, 'query') ?? nulCharacterAt(request.body, 'body');
        if (nul !== undefined) problems.push(`${nul} holds U+0000`);
      }
      if (problems.length > 0) throw new ApiRefusal(ErrCode.invalidRequest, 400, problems);
      if (!handler) throw new ApiRefusal(ErrCode.operationNotSupported, 501);

      const ctx = contextOf(request);
      const run = () => handler({ body: request.body as never, query: request.query as never, params: request.params as never, ctx, request, reply });
      const key = cached && caching ? cached.key({ query: request.query as never, ctx }) : null;
      if (key !== null && caching && cached) {
        const cacheKey = `${entry.operationId} ${key}`;
        const kept = caching.answers.peek(cacheKey) ?? (await caching.answers.get(cacheKey, async () => toCachedAnswer(await run())));
        return sendCached(request, reply, kept, cached.vary);
      }

      const data: unknown = await run();
      // A binary answer (the receipt PDF, docs/decisions/018) goes out as it is, with the content
      // type its handler set; everything else is the envelope.
      if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      return data === undefined ? { code: 0 } : { code: 0, data };
    }
  }
  return entries;
}
