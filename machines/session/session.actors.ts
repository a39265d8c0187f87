import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';

/** The session's calls, on the typed client; a test hands in a client of the real in-process server. */
export function createSessionActors(api: Api) {
  return {
    /** Spec section 7: loginOut with language en, empty uid and empty account. */
    logout: fromPromise<void>(async ({ signal }) => {
      await api.call(api.client.POST('/api/user/loginOut/v1', { body: { language: 'en', uid: '', account: '' }, signal }));
    }),
  };
}

export type SessionActors = ReturnType<typeof createSessionActors>;
