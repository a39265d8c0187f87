import type { RefusalKind } from './error-rules';

/**
 * Why a call failed:
 * - `refusal`: the server answered an envelope with an errCode (see `outcome` for the rule applied);
 * - `unexpected`: the answer was not an envelope (non-JSON, empty, or a refusal without errCode);
 * - `network`: the request never got an answer (DNS, refused connection, CORS, offline);
 * - `timeout`: the client's timeout aborted the request;
 * - `aborted`: the caller aborted the request through its own signal (silent, nobody is told).
 */
export type ApiErrorKind = 'refusal' | 'unexpected' | 'network' | 'timeout' | 'aborted';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly errCode?: number | undefined;
  readonly msg?: string | undefined;
  readonly handled: boolean;
  readonly outcome?: RefusalKind | undefined;
  readonly status?: number | undefined;
  readonly cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The catalogue code; absent for `network`, `timeout` and `aborted`. */
  readonly errCode: number | undefined;
  /** The server's translated message, when it sent one. */
  readonly msg: string | undefined;
  /**
   * `true` when the user was already told (toast, navigation) or the rejection is deliberately
   * silent; `false` for pass-through codes, which the caller must react to.
   */
  readonly handled: boolean;
  /** The handling rule applied to a refusal (spec section 8); absent for other kinds. */
  readonly outcome: RefusalKind | undefined;
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;

  constructor(init: ApiErrorInit) {
    const what = init.errCode === undefined ? init.kind : `${init.kind} ${init.errCode}`;
    super(init.msg ? `API ${what}: ${init.msg}` : `API ${what}`, { cause: init.cause });
    this.kind = init.kind;
    this.errCode = init.errCode;
    this.msg = init.msg;
    this.handled = init.handled;
    this.outcome = init.outcome;
    this.status = init.status;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A refusal the client did not act on: the caller must show or route it (spec section 8). */
export function isPassThrough(value: unknown): value is ApiError & { errCode: number } {
  return isApiError(value) && value.kind === 'refusal' && value.outcome === 'passThrough';
}
