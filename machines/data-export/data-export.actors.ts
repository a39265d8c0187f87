import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import type { Refusals } from '../expected-refusals';
import type { DataExportInvokeId, ExportFile, ExportFormat } from './data-export.types';

/** No business refusal: the export is the signed-in customer's own; a session refusal is the client's (spec section 8). */
export const refusals = { prepareFile: [] } as const satisfies Refusals<DataExportInvokeId>;

/**
 * The export's file on the typed client (docs/decisions/061): the JSON as the server answers it,
 * pretty-printed for reading, or the PDF's bytes. A refusal in the PDF's place comes as the JSON
 * envelope and is settled by `call`, so the client's session rules apply to it.
 */
export function createDataExportActors(api: Api) {
  const { client } = api;
  return {
    prepareFile: fromPromise<ExportFile, ExportFormat>(async ({ input, signal }) => {
      if (input === 'json') {
        const data = await api.callData(client.GET('/api/user/data/v1', { signal }));
        const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
        return { format: input, blob, filename: `personal-data-${data.profile.uid}.json` };
      }
      let pdf: Blob | undefined;
      let filename = 'personal-data.pdf';
      const pending = client.GET('/api/user/data/v1/personal-data.pdf', { signal, parseAs: 'blob' }).then(async (result) => {
        const type = result.response.headers.get('content-type') ?? '';
        if (result.response.ok && type.startsWith('application/pdf') && result.data instanceof Blob) {
          pdf = result.data;
          filename = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ?? filename;
          return { data: { code: 0 }, response: result.response };
        }
        const data: unknown = result.data instanceof Blob ? JSON.parse(await result.data.text()) : undefined;
        return { data, error: result.error, response: result.response };
      });
      await api.call(pending);
      if (!pdf) throw new Error('the answer was neither a PDF nor a refusal');
      return { format: input, blob: pdf, filename };
    }),
  };
}

export type DataExportActors = ReturnType<typeof createDataExportActors>;
