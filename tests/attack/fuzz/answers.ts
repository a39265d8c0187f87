/**
 * What every answer of the portal must be, whatever was asked: below 500, and the contract's
 * envelope — a success matching the operation's response schema, or a refusal
 * `{ code: 1, errCode, msg }` whose errCode is in the error catalogue.
 */
import * as handlingRules from '../../../core/api/error-rules';
import { isCatalogued } from '../../../core/i18n/error-messages';
import type { OperationEntry } from '../../../server/openapi/contract';
import { contractErrors } from '../../helpers/contract-check';

/**
 * The spec's codes are its message table (core/i18n/error-messages.ts, with the project's own) and
 * the codes its handling rules name without a message of their own (6001 goes to /404, 6000 to the
 * pricing table, core/api/error-rules.ts).
 */
const ruleCodes: ReadonlySet<number> = new Set([
  ...handlingRules.passThroughCodes,
  ...handlingRules.silentResetCodes,
  ...handlingRules.stbLoginErrCodes,
  ...handlingRules.messageAndResetCodes,
  handlingRules.NOT_FOUND_CODE,
  handlingRules.CANNOT_BUY_PLAN_CODE,
  handlingRules.WARN_RESET_LOGIN_CODE,
]);
export const isSpecCode = (code: number) => code !== 0 && (isCatalogued(code) || ruleCodes.has(code));

export interface AnswerVerdict {
  /** 0 for a success, the errCode of a refusal, undefined when the answer is no envelope. */
  code: number | undefined;
  problems: string[];
  /** The problem is an errCode outside the catalogue. */
  uncatalogued: boolean;
  /** The problem is the shape of the answer (not the status). */
  envelope: boolean;
}

/** The answers that are documents, not envelopes: the receipt (docs/decisions/018), the slip (044) and my data (061). */
const DOCUMENTS = new Set(['getOrderReceiptPdf', 'getOrderSlipPdf', 'getPersonalDataPdf']);

export function judgeAnswer(
  op: OperationEntry,
  status: number,
  contentType: string | undefined,
  text: string,
  request: { conditional?: boolean } = {},
): AnswerVerdict {
  const verdict: AnswerVerdict = { code: undefined, problems: [], uncatalogued: false, envelope: false };
  if (status >= 500) verdict.problems.push(`status ${status}`);
  if (status === 200 && contentType?.startsWith('application/pdf') && DOCUMENTS.has(op.operationId)) {
    verdict.code = 0;
    return verdict;
  }
  // A conditional GET (If-None-Match, even "*") of a representation that exists is answered 304
  // with no body (RFC 9110, section 13.1.2), as the cached reads do (docs/decisions/027).
  if (status === 304 && request.conditional && op.method === 'get' && text === '') {
    verdict.code = 0;
    return verdict;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    verdict.envelope = true;
    verdict.problems.push(`not JSON (${contentType ?? 'no content type'})`);
    return verdict;
  }
  const envelope = body as { code?: unknown; errCode?: unknown; msg?: unknown };
  if (envelope.code === 0) {
    verdict.code = 0;
    const errors = status === 200 ? contractErrors(op.method, op.path, status, body) : [`a success with status ${status}`];
    if (errors.length > 0) {
      verdict.envelope = true;
      verdict.problems.push(...errors.map((e) => `contract: ${e}`));
    }
    return verdict;
  }
  const keys = Object.keys(envelope).sort().join(',');
  if (envelope.code !== 1 || !Number.isInteger(envelope.errCode) || typeof envelope.msg !== 'string' || envelope.msg === '' || keys !== 'code,errCode,msg') {
    verdict.envelope = true;
    verdict.problems.push(`not the refusal envelope: ${text.slice(0, 200)}`);
    return verdict;
  }
  verdict.code = envelope.errCode as number;
  if (!isSpecCode(verdict.code)) {
    verdict.uncatalogued = true;
    verdict.problems.push(`errCode ${verdict.code} is not in the catalogue`);
  }
  return verdict;
}
