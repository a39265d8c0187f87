import { useSelector } from '@xstate/react';
import { createPlanChangeActors } from '../../../machines/plan-change/plan-change.actors';
import { planChangeMachine } from '../../../machines/plan-change/plan-change.machine';
import { selectPlanChangeView } from '../../../machines/plan-change/plan-change.selectors';
import { paths } from '../../../core/routing/paths';
import { useFlowActor, type ProvideFlow } from './use-flow';

const providePlanChange: ProvideFlow<typeof planChangeMachine> = (services, goTo) =>
  planChangeMachine.provide({
    actors: createPlanChangeActors(services.api),
    // The upgrade order is paid on the payment page, with any method it offers (docs/decisions/056).
    actions: { openPayment: (_, { orderId }) => goTo(paths.payment({ orderId })) },
  });

/** Starts the plan change machine with the app's client and navigation (docs/decisions/056); the account page's plan panel holds it. */
export function usePlanChange() {
  const actor = useFlowActor(providePlanChange, undefined);
  return { view: useSelector(actor, selectPlanChangeView), send: actor.send };
}
