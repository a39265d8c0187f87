import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { PlanChangeCode, type ChangeAnswer, type PlanChangeInvokeId, type QuoteAnswer, type UndoAnswer } from './plan-change.types';

/**
 * The refusals each call expects, by the id the machine invokes it under (docs/decisions/056): the
 * actors settle them, the machine's branches name them, the walks take each. The rarer ones (8201
 * the plan itself, 8202 the plan ended while the page was open, 8204 periods paid in several
 * currencies) stay unexpected: the client toasts them, and the flow says nothing changed.
 */
export const refusals = {
  quote: [PlanChangeCode.creditCoversPrice],
  change: [PlanChangeCode.noRenewalToChange],
  undo: [PlanChangeCode.nothingScheduled],
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
