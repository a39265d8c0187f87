import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_user_account_delete_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import { type AccountDeletionInvokeId, type DeleteAnswer } from './account-deletion.types';

/** The refusals the deletion expects (docs/decisions/061), settled here and routed by the machine. */
export const refusals = {
  deleteAccount: refusalsOf(POST_api_user_account_delete_v1),
} as const satisfies Refusals<AccountDeletionInvokeId>;

/** Deleting the account on the typed client (docs/decisions/061). */
export function createAccountDeletionActors(api: Api) {
  const { client } = api;
  return {
    deleteAccount: fromPromise<DeleteAnswer, { password: string }>(({ input, signal }) =>
      settleExpected(refusals.deleteAccount, async (options) => {
        await api.call(client.POST('/api/user/account/delete/v1', { body: { password: input.password }, signal }), options);
        return { kind: 'deleted' as const };
      }),
    ),
  };
}

export type AccountDeletionActors = ReturnType<typeof createAccountDeletionActors>;
