import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_bill_planChange_quote_v1, POST_api_bill_planChange_undo_v1, POST_api_bill_planChange_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type ChangeAnswer, type PlanChangeInvokeId, type QuoteAnswer, type UndoAnswer } from './plan-change.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (docs/decisions/056): the
 * actors settle them, the machine's branches name them, the walks take each. The rarer ones stay
 * unexpected: the client toasts them, and the flow says nothing changed.
 */
const rarer = {
  8201: 'the plan chosen is the plan itself: the page offers only the other plans',
  8202: 'the running plan ended while the page was open: the toast says so',
  8204: 'the periods were paid in several currencies: no credit can be told in one, the toast says so',
  8208: 'a refund or chargeback of a paid period is under way (docs/decisions/069): the toast says to wait for it',
};
const notRouted = {
  quote: rarer,
  // The change re-quotes first, so a credit that grew past the price since the quote is refused as the quote was.
  change: { ...rarer, 8206: 'the credit grew past the new price since the quote: the toast says so, the quote is read again' },
};

export const refusals = {
  quote: refusalsOf(POST_api_bill_planChange_quote_v1, { notRouted: notRouted.quote }),
  change: refusalsOf(POST_api_bill_planChange_v1, { notRouted: notRouted.change }),
  undo: refusalsOf(POST_api_bill_planChange_undo_v1),
} as const satisfies Refusals<PlanChangeInvokeId>;

/** Changing plan on the typed client (docs/decisions/056). */
export function createPlanChangeActors(api: Api) {
  const { client } = api;
  return {
    quote: fromPromise<QuoteAnswer, { planId: string }>(({ input, signal }) =>
      settleExpected(refusals.quote, async (options) => {
        const quote = await api.callData(client.POST('/api/bill/planChange/quote/v1', { body: { planId: input.planId }, signal }), options);
        return { kind: 'quoted' as const, quote };
      }),
    ),
    change: fromPromise<ChangeAnswer, { planId: string }>(({ input, signal }) =>
      settleExpected(refusals.change, async (options) => {
        const result = await api.callData(client.POST('/api/bill/planChange/v1', { body: { planId: input.planId }, signal }), options);
        return result.when === 'now' && result.orderId ? { kind: 'upgradeOrdered' as const, orderId: result.orderId } : { kind: 'scheduled' as const };
      }),
    ),
    undo: fromPromise<UndoAnswer, void>(({ signal }) =>
      settleExpected(refusals.undo, async (options) => {
        await api.call(client.POST('/api/bill/planChange/undo/v1', { body: {}, signal }), options);
        return { kind: 'undone' as const };
      }),
    ),
  };
}

export type PlanChangeActors = ReturnType<typeof createPlanChangeActors>;
