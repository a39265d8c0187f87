import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_job_cancellation_accept_v1, POST_api_job_cancellation_offer_v1, POST_api_job_cancellation_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import {
  type AcceptAnswer,
  type CancelAnswer,
  type CancellationInvokeId,
  type CancellationReason,
  type OfferAnswer,
  type RetentionOffer,
} from './cancellation.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (docs/decisions/057): the
 * actors settle them, the machine's branches name them, the walks take each.
 */
const reasonChecked = {
  8301: 'the reason "other" without its text: the offer step was refused it first (findOffer routes 8301), with the same reason',
};

export const refusals = {
  findOffer: refusalsOf(POST_api_job_cancellation_offer_v1),
  acceptOffer: refusalsOf(POST_api_job_cancellation_accept_v1, { notRouted: reasonChecked }),
  cancelRenewal: refusalsOf(POST_api_job_cancellation_v1, { notRouted: reasonChecked }),
} as const satisfies Refusals<CancellationInvokeId>;

export interface ReasonInput {
  reason: CancellationReason;
  otherText: string;
}
const reasonBody = ({ reason, otherText }: ReasonInput) => (reason === 'other' ? { reason, otherText } : { reason });

/** Turning auto-renewal off with a reason, on the typed client (docs/decisions/057). */
export function createCancellationActors(api: Api) {
  const { client } = api;
  return {
    findOffer: fromPromise<OfferAnswer, ReasonInput>(({ input, signal }) =>
      settleExpected(refusals.findOffer, async (options) => {
        const answer = await api.callData(client.POST('/api/job/cancellation/offer/v1', { body: reasonBody(input), signal }), options);
        return { kind: 'offer' as const, offer: answer.offer ?? null };
      }),
    ),
    acceptOffer: fromPromise<AcceptAnswer, ReasonInput & { offer: RetentionOffer }>(({ input, signal }) =>
      settleExpected(refusals.acceptOffer, async (options) => ({
        kind: 'kept' as const,
        kept: await api.callData(client.POST('/api/job/cancellation/accept/v1', { body: { ...reasonBody(input), offer: input.offer }, signal }), options),
      })),
    ),
    cancelRenewal: fromPromise<CancelAnswer, ReasonInput & { declinedOffer: RetentionOffer | null }>(({ input, signal }) =>
      settleExpected(refusals.cancelRenewal, async (options) => {
        const body = { ...reasonBody(input), ...(input.declinedOffer ? { declinedOffer: input.declinedOffer } : {}) };
        const answer = await api.callData(client.POST('/api/job/cancellation/v1', { body, signal }), options);
        return { kind: 'cancelled' as const, endsAt: answer.endsAt };
      }),
    ),
  };
}

export type CancellationActors = ReturnType<typeof createCancellationActors>;
