import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_job_pixAutomatico_cancel_v1, POST_api_job_pixAutomatico_start_v1, POST_api_job_pixAutomatico_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type AuthorisationAnswer, type PixAutomaticoInvokeId } from './pix-automatico.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (docs/decisions/060): the
 * actors settle them, the machine's branches name them, the walks take each.
 */
export const refusals = {
  loadInfo: refusalsOf(POST_api_job_pixAutomatico_v1),
  start: refusalsOf(POST_api_job_pixAutomatico_start_v1),
  cancel: refusalsOf(POST_api_job_pixAutomatico_cancel_v1),
} as const satisfies Refusals<PixAutomaticoInvokeId>;

/** PIX Automático on the typed client (docs/decisions/060). */
export function createPixAutomaticoActors(api: Api) {
  const { client } = api;
  return {
    loadInfo: fromPromise<AuthorisationAnswer>(({ signal }) =>
      settleExpected(refusals.loadInfo, async (options) => ({
        kind: 'info' as const,
        info: await api.callData(client.POST('/api/job/pixAutomatico/v1', { body: {}, signal }), options),
      })),
    ),
    start: fromPromise<AuthorisationAnswer, { planId: string }>(({ input, signal }) =>
      settleExpected(refusals.start, async (options) => ({
        kind: 'info' as const,
        info: await api.callData(client.POST('/api/job/pixAutomatico/start/v1', { body: { planId: input.planId }, signal }), options),
      })),
    ),
    cancel: fromPromise<AuthorisationAnswer>(({ signal }) =>
      settleExpected(refusals.cancel, async (options) => ({
        kind: 'info' as const,
        info: await api.callData(client.POST('/api/job/pixAutomatico/cancel/v1', { body: {}, signal }), options),
      })),
    ),
  };
}

export type PixAutomaticoActors = ReturnType<typeof createPixAutomaticoActors>;
