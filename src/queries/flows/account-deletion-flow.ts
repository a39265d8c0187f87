import { useSelector } from '@xstate/react';
import { createAccountDeletionActors } from '../../../machines/account-deletion/account-deletion.actors';
import { accountDeletionMachine } from '../../../machines/account-deletion/account-deletion.machine';
import { selectAccountDeletionView } from '../../../machines/account-deletion/account-deletion.selectors';
import { paths } from '../../../core/routing/paths';
import { useFlowActor, type ProvideFlow } from './use-flow';

/** The server ended every session of the account; this device forgets its own as after -24020 (spec section 8). */
const ENDED = { kind: 'silentReset', errCode: -24020 } as const;

const provideAccountDeletion: ProvideFlow<typeof accountDeletionMachine> = (services, goTo) =>
  accountDeletionMachine.provide({
    actors: createAccountDeletionActors(services.api),
    actions: {
      showConfirmation: () => goTo(paths.accountDeleted),
      endSession: () => services.session.send({ type: 'SESSION_REFUSED', reset: ENDED }),
    },
  });

/** Starts "Delete my account" (docs/decisions/061) with the app's client; settings reads its view. */
export function useAccountDeletion() {
  const actor = useFlowActor(provideAccountDeletion, undefined);
  return { view: useSelector(actor, selectAccountDeletionView), send: actor.send };
}
