import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { GET_api_user_data_v1, GET_api_user_data_v1_personal_data_pdf } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { callPdf } from '../../core/api/pdf';
import type { Refusals } from '../expected-refusals';
import type { DataExportInvokeId, ExportFile, ExportFormat } from './data-export.types';

/** No business refusal: the export is the signed-in customer's own; a session refusal is the client's (spec section 8). */
export const refusals = {
  prepareFile: refusalsOf([GET_api_user_data_v1, GET_api_user_data_v1_personal_data_pdf]),
} as const satisfies Refusals<DataExportInvokeId>;

/**
 * The export's file on the typed client (docs/decisions/061): the JSON as the server answers it,
 * pretty-printed for reading, or the PDF's bytes, a refusal in its place settled by `callPdf`
 * (core/api/pdf.ts), so the client's session rules apply to it.
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
      const pdf = await callPdf(api, client.GET('/api/user/data/v1/personal-data.pdf', { signal, parseAs: 'blob' }));
      return { format: input, blob: pdf.blob, filename: pdf.filename ?? 'personal-data.pdf' };
    }),
  };
}

export type DataExportActors = ReturnType<typeof createDataExportActors>;
