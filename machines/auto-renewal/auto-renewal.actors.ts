import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_bill_card_change, POST_api_job_renewInfo_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { RenewalCode, type AutoRenewalInvokeId, type CardChangeAnswer, type RenewInfoAnswer, type SavedCard } from './auto-renewal.types';

const R = RenewalCode;

/**
 * The refusals each call expects, by the id the machine invokes it under (spec section 8;
 * docs/decisions/010): the actors settle them, the machine's branches name them, the walks take each.
 */
export const refusals = {
  loadInfo: refusalsOf(POST_api_job_renewInfo_v1),
  changeCard: refusalsOf(POST_api_bill_card_change, {
    notRouted: {
      [R.none]: 'the renewal ended while its card page was open: rare enough for the toast and the page read again',
    },
  }),
} as const satisfies Refusals<Exclude<AutoRenewalInvokeId, 'listCards'>>;

/** Auto-renewal's calls on the typed client (spec section 7, "Renewal and card"; docs/decisions/010). */
export function createAutoRenewalActors(api: Api) {
  const { client } = api;
  return {
    loadInfo: fromPromise<RenewInfoAnswer>(({ signal }) =>
      settleExpected(refusals.loadInfo, async (options) => ({
        kind: 'info' as const,
        info: await api.callData(client.POST('/api/job/renewInfo/v1', { body: {}, signal }), options),
      })),
    ),
    listCards: fromPromise<SavedCard[]>(async ({ signal }) => api.callData(client.POST('/api/bill/listCard', { body: {}, signal }))),
    changeCard: fromPromise<CardChangeAnswer, { cardId: string }>(({ input, signal }) =>
      settleExpected(refusals.changeCard, async (options) => ({
        kind: 'info' as const,
        info: await api.callData(client.POST('/api/bill/card/change', { body: { cardId: input.cardId }, signal }), options),
      })),
    ),
  };
}

export type AutoRenewalActors = ReturnType<typeof createAutoRenewalActors>;
