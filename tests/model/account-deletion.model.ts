// "Delete my account"'s graph for the walks (docs/decisions/061): the events each state offers, with
// the typed results of its invocation (deleted, every refusal it expects, a failure), which the
// walks then arrange for real.
import type { EventObject } from 'xstate';
import { createAccountDeletionActors, refusals } from '../../machines/account-deletion/account-deletion.actors';
import { accountDeletionMachine, type AccountDeletionMachine } from '../../machines/account-deletion/account-deletion.machine';
import { done, error, type GraphModel } from './harness';

const answers: EventObject[] = [
  done('deleteAccount', { kind: 'deleted' }),
  ...refusals.deleteAccount.map((errCode) => done('deleteAccount', { kind: 'refused', errCode })),
  error('deleteAccount'),
];

const userEvents: EventObject[] = [{ type: 'DELETE_REQUESTED' }, { type: 'DELETE_CONFIRMED', password: 'graph' } as EventObject, { type: 'DELETE_DISMISSED' }];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function accountDeletionGraph(
  machine: AccountDeletionMachine = accountDeletionMachine.provide({ actors: createAccountDeletionActors({} as never) }),
): GraphModel<AccountDeletionMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [
      ...userEvents.filter((e) => snapshot.can(e as never)),
      ...Object.keys(snapshot.children).flatMap((id) => (id === 'deleteAccount' ? answers : [])),
    ],
  };
}
