import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createAccountDeletionActors } from '../../../machines/account-deletion/account-deletion.actors';
import { accountDeletionMachine } from '../../../machines/account-deletion/account-deletion.machine';
import { selectAccountDeletionView } from '../../../machines/account-deletion/account-deletion.selectors';
import { paths } from '../../../core/routing/paths';
import { useFlowActor, type ProvideFlow } from './use-flow';

/** The server ended every session of the account; this device forgets its own as after -24020 (spec section 8). */
const ENDED = { kind: 'silentReset', errCode: -24020 } as const;

/**
 * This device's session, ended once the confirmation page shows: ended at once, the settings page's
 * log-in guard would send the customer to /login before the confirmation page could load.
 */
let endOnConfirmation: (() => void) | null = null;

const provideAccountDeletion: ProvideFlow<typeof accountDeletionMachine> = (services, goTo) =>
  accountDeletionMachine.provide({
    actors: createAccountDeletionActors(services.api),
    actions: {
      showConfirmation: () => goTo(paths.accountDeleted),
      endSession: () => void (endOnConfirmation = () => services.session.send({ type: 'SESSION_REFUSED', reset: ENDED })),
    },
  });

/** Starts "Delete my account" (docs/decisions/061) with the app's client; settings reads its view. */
export function useAccountDeletion() {
  const actor = useFlowActor(provideAccountDeletion, undefined);
  return { view: useSelector(actor, selectAccountDeletionView), send: actor.send };
}

/** The confirmation page ends the deleted account's session on this device, once, when a deletion led there. */
export function useEndOfDeletedSession() {
  useEffect(() => {
    const end = endOnConfirmation;
    endOnConfirmation = null;
    end?.();
  }, []);
}
