import { fromPromise } from 'xstate';
import { refusalsOf } from '../../core/api/refusals';
import { POST_api_user_signup_v1 } from '../../core/api/refusals.generated';
import type { Api } from '../../core/api/client';
import { settleExpected, type Refusals } from '../expected-refusals';
import type { SignupAnswer, SignupFields } from './signup.types';
import type { Language } from '../../core/i18n/languages';

/**
 * Spec section 8 and docs/decisions/005: the refusals sign-up answers as part of its business, by
 * the id the machine invokes the call under.
 */
export const refusals = {
  signup: refusalsOf(POST_api_user_signup_v1),
} as const satisfies Refusals<'signup'>;

/** The sign-up machine's calls on the typed client. */
export function createSignupActors(api: Api) {
  return {
    signup: fromPromise<SignupAnswer, { fields: SignupFields; language: Language }>(({ input, signal }) =>
      settleExpected(refusals.signup, async (options) => {
        const body = { ...input.fields, acceptTerms: true as const, language: input.language };
        const result = await api.callData(api.client.POST('/api/user/signup/v1', { body, signal }), options);
        return result.userInfo
          ? { kind: 'signedUp' as const, account: result.account, userInfo: result.userInfo }
          : { kind: 'confirmationSent' as const, account: result.account };
      }),
    ),
  };
}

export type SignupActors = ReturnType<typeof createSignupActors>;
