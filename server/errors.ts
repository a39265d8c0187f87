/**
 * A refusal the contract foresees: it leaves the server as the envelope
 * `{ code: 1, errCode, msg }`, with `msg` translated into the request's language.
 */
export class ApiRefusal extends Error {
  constructor(
    readonly errCode: number,
    readonly httpStatus = 200,
    readonly detail?: unknown,
  ) {
    super(`Refused with errCode ${errCode}`);
    this.name = 'ApiRefusal';
  }
}

/** Codes the server itself answers with, named once (see the catalogue in core/i18n). */
export const ErrCode = {
  invalidRequest: 5000,
  operationNotSupported: 4598,
  systemInternal: -2499,
  serviceBusy: -24040,
} as const;
