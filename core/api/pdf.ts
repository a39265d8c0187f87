// The documents the server renders as PDF (docs/decisions/018, 044 and 061) on the one typed client:
// the answer is the document, or a refusal in the JSON envelope in its place.
import type { Api, CallOptions, FetchResult } from './client';

/** A PDF answer: the document, and the file name the server gave it (Content-Disposition), if any. */
export interface Pdf {
  blob: Blob;
  filename: string | undefined;
}

/**
 * Settles a PDF operation asked for with `parseAs: 'blob'`. A refusal comes as the JSON envelope
 * (read as a blob too): that one is parsed and settled by `call`, so the client's error rules
 * apply to it as to any call, and the codes in `options.expect` pass through to the caller.
 */
export async function callPdf(api: Api, pending: Promise<FetchResult>, options?: CallOptions): Promise<Pdf> {
  let pdf: Pdf | undefined;
  const settled = pending.then(async (result) => {
    const type = result.response.headers.get('content-type') ?? '';
    if (result.response.ok && type.startsWith('application/pdf') && result.data instanceof Blob) {
      const filename = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1];
      pdf = { blob: result.data, filename };
      return { data: { code: 0 }, response: result.response };
    }
    // A non-JSON body throws a SyntaxError here, which `call` reports as an unexpected answer.
    const data: unknown = result.data instanceof Blob ? JSON.parse(await result.data.text()) : undefined;
    return { data, error: result.error, response: result.response };
  });
  await api.call(settled, options);
  if (!pdf) throw new Error('the answer was neither a PDF nor a refusal');
  return pdf;
}
