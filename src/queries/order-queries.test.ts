// fetchReceiptPdf through the one typed client: the PDF as a Blob, and every other answer settled
// by the client's error rules (docs/decisions/018).
import { describe, expect, it, vi } from 'vitest';
import { ApiError, isPassThrough } from '../../core/api/api-error';
import { createApi } from '../../core/api/client';
import type { ErrorEffects } from '../../core/api/error-rules';
import { fetchReceiptPdf } from './order-queries';

const PDF = '%PDF-1.7\n…';

function apiAnswering(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  const effects = { navigate: vi.fn(), toast: vi.fn(), resetSession: vi.fn() } satisfies ErrorEffects;
  const api = createApi({
    baseUrl: 'http://portal.test',
    context: { getToken: () => 'token-1', getLanguage: () => 'ru', getClientType: () => 'WEB', getScene: () => 'WEB', getFingerprint: () => 'f1' },
    effects,
    fetch: async (request) => {
      requests.push(request);
      return answer(request);
    },
  });
  return { api, effects, requests };
}

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('fetchReceiptPdf', () => {
  it('resolves the PDF as a Blob, asked for with the session and the page language', async () => {
    const { api, requests, effects } = apiAnswering(() => new Response(PDF, { headers: { 'content-type': 'application/pdf' } }));
    const blob = await fetchReceiptPdf(api, 'ORD123');
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe(PDF);
    expect(requests[0]?.url).toBe('http://portal.test/api/bill/order/v1/ORD123/receipt.pdf');
    expect(requests[0]?.headers.get('Authorization')).toBe('token-1');
    expect(requests[0]?.headers.get('Language')).toBe('ru');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('passes 1001 and 1040 through to the page, untoasted', async () => {
    for (const errCode of [1001, 1040]) {
      const { api, effects } = apiAnswering(() => envelope({ code: 1, errCode, msg: 'no' }));
      const error = await rejection(fetchReceiptPdf(api, 'ORD123'));
      expect(isPassThrough(error)).toBe(true);
      expect(error.errCode).toBe(errCode);
      expect(effects.toast).not.toHaveBeenCalled();
    }
  });

  it('reports an answer that is neither a PDF nor an envelope as unexpected (-2499), with a toast', async () => {
    const { api, effects } = apiAnswering(() => new Response('<html>proxy error</html>', { headers: { 'content-type': 'text/html' } }));
    const error = await rejection(fetchReceiptPdf(api, 'ORD123'));
    expect(error.kind).toBe('unexpected');
    expect(error.errCode).toBe(-2499);
    expect(effects.toast).toHaveBeenCalledWith('error', -2499);
  });

  it('hands a refused session (401, -24020) to the session reset like any call', async () => {
    const { api, effects } = apiAnswering(() => envelope({ code: 1, errCode: -24020, msg: 'Invalid token' }, 401));
    const error = await rejection(fetchReceiptPdf(api, 'ORD123'));
    expect(error.errCode).toBe(-24020);
    expect(effects.resetSession).toHaveBeenCalled();
  });
});
