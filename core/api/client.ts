// The one typed client of the contract (openapi/portal.yaml) and `call`, which settles a call's
// envelope (spec sections 7 and 8).
//
// - Every request carries Authorization (token or the literal `null`), Language (`en` when empty),
//   Client-Type, Scene and fingerprint, read from the injected context at each request; a header
//   the caller passes explicitly wins. Every request is aborted after `timeoutMs` (60 s).
// - Success is `code` 0 without errCode (an errCode of 0 counts as none); `call` resolves the
//   envelope's `data`. A refusal (any HTTP status) goes through decideRefusal/applyOutcome and
//   rejects with an ApiError whose `handled` is false only for pass-through codes.
// - Decision: an answer that is not an envelope (non-JSON, empty, HTML error page, or a refusal
//   without errCode) is reported as errCode -2499, the catalogue's "System internal error"
//   (the code the server uses for unexpected faults): error toast, ApiError kind 'unexpected'.
// - A fetch that fails is kind 'network' (toast 'network'); our timeout is kind 'timeout' (toast
//   'timeout'); the caller's own abort is kind 'aborted' and silent.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { z } from 'zod/mini';
import type { paths } from '../../openapi/schema';
import { ApiError } from './api-error';
import { DEFAULT_HEADER_LANGUAGE, type ClientContext } from './client-context';
import { UNEXPECTED_ERROR_CODE, applyOutcome, decideRefusal, isOutcomeHandled, type ErrorEffects } from './error-rules';

/** Spec sections 7 and 9: every request is aborted after 60 s. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export type PortalClient = Client<paths>;

/** The shape every openapi-fetch call resolves to. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The `data` field of an operation's success envelope. `R` is the union openapi-fetch resolves to;
 * only its success member (`data` required) contributes.
 */
export type EnvelopeData<R> = R extends { data: infer Body } ? (Body extends { data?: infer D } ? Exclude<D, undefined> : never) : never;

/** The contract's envelope, read loosely: extra keys are tolerated, `null` counts as absent. */
const envelopeSchema = z.object({
  code: z.number(),
  errCode: z.nullish(z.number()),
  msg: z.nullish(z.string()),
  data: z.optional(z.unknown()),
});

export interface CreateApiOptions {
  /** Origin the `/api/...` paths are resolved against; `''` for same-origin in the browser. */
  baseUrl: string;
  context: ClientContext;
  effects: ErrorEffects;
  /** A fetch to use instead of `globalThis.fetch`. */
  fetch?: (input: Request) => Promise<Response>;
  /** Abort a request (including reading its body) after this long; 60 000 ms by default. */
  timeoutMs?: number;
  /**
   * Settles once the texts of the server's refusals can be shown, which the app loads apart from
   * its first screen (docs/decisions/067): a refusal waits for it before anyone is told. Whether it
   * fulfils or not, the refusal goes on.
   */
  refusalTexts?: () => Promise<unknown>;
}

export interface Api {
  /** The one typed client of the contract's operations. */
  client: PortalClient;
  /**
   * Settle a call: resolve with the envelope's `data` (possibly absent), or apply the spec's
   * handling rules and reject with an `ApiError`.
   *
   * @example const theme = await api.call(api.client.GET('/api/site/theme/v1'));
   */
  call<R extends FetchResult>(pending: Promise<R>, options?: CallOptions): Promise<EnvelopeData<R> | undefined>;
  /** Like `call`, for operations whose success always carries `data`; an absent `data` is unexpected. */
  callData<R extends FetchResult>(pending: Promise<R>, options?: CallOptions): Promise<EnvelopeData<R>>;
}

export interface CallOptions {
  /**
   * Refusals this caller routes itself (a flow's expected answers: a declined card, a wrong
   * code): when the table would only toast them, they pass through untouched instead, so the
   * flow shows them once, where they belong. Session resets and navigations still apply.
   */
  expect?: readonly number[];
}

function setIfAbsent(headers: Headers, name: string, value: string): void {
  // A header the caller passed explicitly (params.header / headers) wins over the context.
  if (!headers.has(name)) headers.set(name, value);
}

function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** Adds the five headers of spec section 7 and the timeout to every request. */
export function createHeadersMiddleware(context: ClientContext, timeoutMs: number): Middleware {
  return {
    onRequest({ request }) {
      const headers = request.headers;
      setIfAbsent(headers, 'Authorization', context.getToken() ?? 'null');
      setIfAbsent(headers, 'Language', context.getLanguage() || DEFAULT_HEADER_LANGUAGE);
      setIfAbsent(headers, 'Client-Type', context.getClientType());
      setIfAbsent(headers, 'Scene', context.getScene());
      setIfAbsent(headers, 'fingerprint', context.getFingerprint());
      // AbortSignal.timeout rejects with a DOMException named TimeoutError, which `call` tells apart
      // from the caller's own abort (AbortError). It also covers a body that arrives too slowly.
      const signal = anySignal([request.signal, AbortSignal.timeout(timeoutMs)]);
      return new Request(request, { signal });
    },
  };
}

function errorName(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') {
    return error.name;
  }
  return undefined;
}

export function createApi({ baseUrl, context, effects, fetch, timeoutMs = DEFAULT_TIMEOUT_MS, refusalTexts }: CreateApiOptions): Api {
  const client = createClient<paths>(fetch ? { baseUrl, fetch } : { baseUrl });
  client.use(createHeadersMiddleware(context, timeoutMs));

  /** The answer was not an envelope: reported as -2499 "System internal error". */
  function unexpected(status: number | undefined, cause?: unknown): ApiError {
    const errCode = UNEXPECTED_ERROR_CODE;
    const outcome = decideRefusal({ errCode, scene: context.getScene() });
    applyOutcome(outcome, effects, errCode);
    return new ApiError({ kind: 'unexpected', errCode, handled: true, status, cause });
  }

  function transportFailure(error: unknown): ApiError {
    switch (errorName(error)) {
      case 'TimeoutError':
        effects.toast('error', 'timeout');
        return new ApiError({ kind: 'timeout', handled: true, cause: error });
      case 'AbortError':
        // The caller cancelled (e.g. a screen was left): nobody needs to be told.
        return new ApiError({ kind: 'aborted', handled: true, cause: error });
      case 'SyntaxError':
        // openapi-fetch could not parse a 2xx body as JSON.
        return unexpected(undefined, error);
      default:
        effects.toast('error', 'network');
        return new ApiError({ kind: 'network', handled: true, cause: error });
    }
  }

  async function settle(pending: Promise<FetchResult>, requireData: boolean, options: CallOptions = {}): Promise<unknown> {
    let result: FetchResult;
    try {
      result = await pending;
    } catch (error) {
      throw transportFailure(error);
    }
    const status = result.response.status;
    // A 2xx answer is in `data`, any other status in `error`; both carry the same envelope.
    const body: unknown = result.data !== undefined ? result.data : result.error;
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) throw unexpected(status, parsed.error);

    const { code, msg } = parsed.data;
    const errCode = parsed.data.errCode ?? undefined;
    // Success: code 0 and no errCode (an errCode of 0 means "no error" too).
    if (code === 0 && (errCode === undefined || errCode === 0)) {
      // `data: null` reads as absent, so callers only ever see `undefined`.
      const data = parsed.data.data ?? undefined;
      if (requireData && data === undefined) throw unexpected(status);
      return data;
    }
    // A refusal must name its errCode; one that does not is not the contract's envelope.
    if (errCode === undefined) throw unexpected(status);

    await refusalTexts?.().catch(() => undefined);
    const decided = decideRefusal({ errCode, scene: context.getScene() });
    const outcome: typeof decided = decided.kind === 'toast' && options.expect?.includes(errCode) ? { kind: 'passThrough' } : decided;
    applyOutcome(outcome, effects, errCode);
    throw new ApiError({
      kind: 'refusal',
      errCode,
      msg: msg ?? undefined,
      handled: isOutcomeHandled(outcome),
      outcome: outcome.kind,
      status,
    });
  }

  function call<R extends FetchResult>(pending: Promise<R>, options?: CallOptions): Promise<EnvelopeData<R> | undefined> {
    return settle(pending, false, options) as Promise<EnvelopeData<R> | undefined>;
  }

  function callData<R extends FetchResult>(pending: Promise<R>, options?: CallOptions): Promise<EnvelopeData<R>> {
    return settle(pending, true, options) as Promise<EnvelopeData<R>>;
  }

  return { client, call, callData };
}
