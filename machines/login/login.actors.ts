import { fromPromise } from 'xstate';
import { isApiError } from '../../src/api/api-error';
import type { Api } from '../../src/api/client';
import { DEFAULT_COUNTDOWN, type UserInfo } from '../../src/session/store';
import type { AccountFields, Captcha, CodeSendAnswer, EntranceToken, LoginAnswer, LoginConfig } from './login.types';

/**
 * The refusals each call answers as part of its business (spec section 8, docs/decisions/006 and
 * 007); they come back as typed results, and the client passes them through without a toast, so
 * the form shows each once, where it belongs. Anything else (network, timeouts, faults) is
 * unexpected and rejects, so the machine's onError records it.
 */
export const expectedRefusals = {
  passwordLogin: [1, 2, 3, 5, 9, 17, 197, 7004, 4000, -3034, -3035],
  sendCode: [1, 2, 5, 7, 17, 4000, -3031, -3034, -3035],
  codeLogin: [1, 2, 5, 9, 10, 11, 17, 197, 7004, 4000, 4597],
  tokenLogin: [1, 9, 21, 197, 201, 203, 7004, 4598],
  googleLogin: [1, 9, 21, 187, 197, 7004, 4598, -24050],
} as const;

async function answer<T>(expected: readonly number[], call: () => Promise<T>): Promise<T | { kind: 'refused'; errCode: number }> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.kind === 'refusal' && error.errCode !== undefined && expected.includes(error.errCode)) {
      return { kind: 'refused', errCode: error.errCode };
    }
    throw error;
  }
}

const session = (userInfo: UserInfo): LoginAnswer => ({ kind: 'loggedIn', userInfo });

/** The login machine's calls on the typed client (the app's, or one of the real test server). */
export function createLoginActors(api: Api) {
  const { client } = api;
  return {
    loadConfig: fromPromise<LoginConfig>(async ({ signal }) => {
      const [config, google] = await Promise.all([
        api.callData(client.GET('/api/user/get/config/v1', { signal })),
        api.callData(client.GET('/api/user/google/client/v1', { signal })),
      ]);
      return {
        countdownSeconds: config.caffeineRegionVerify > 0 ? config.caffeineRegionVerify : DEFAULT_COUNTDOWN,
        googleClientId: google.enabled && google.clientId ? google.clientId : null,
      };
    }),
    tokenLogin: fromPromise<LoginAnswer, EntranceToken>(({ input, signal }) =>
      answer(expectedRefusals.tokenLogin, async () => session(await api.callData(client.POST('/api/user/sso/v1', { body: input, signal }), { expect: expectedRefusals.tokenLogin }))),
    ),
    passwordLogin: fromPromise<LoginAnswer, { fields: AccountFields; password: string; captcha?: { captchaId: string; captchaCode: string } }>(({ input, signal }) =>
      answer(expectedRefusals.passwordLogin, async () =>
        session(await api.callData(client.POST('/api/user/login/v1', { body: { ...input.fields, password: input.password, ...input.captcha }, signal }), { expect: expectedRefusals.passwordLogin })),
      ),
    ),
    loadCaptcha: fromPromise<Captcha>(async ({ signal }) => {
      const c = await api.callData(client.POST('/api/user/createRandCode/v1', { body: { purpose: 'login' }, signal }));
      return { captchaId: c.captchaId, svg: c.svg };
    }),
    sendCode: fromPromise<CodeSendAnswer, AccountFields>(({ input, signal }) =>
      answer(expectedRefusals.sendCode, async () => {
        // A phone account gets its code by SMS, an email account by email (docs/decisions/006).
        const channel = input.areaCode ? 'sms' : 'email';
        const sent = await api.callData(client.POST('/api/user/sendVerificationCode/v1', { body: { ...input, channel, purpose: 'login' }, signal }), { expect: expectedRefusals.sendCode });
        return { kind: 'sent' as const, resendAfter: sent.resendAfter };
      }),
    ),
    codeLogin: fromPromise<LoginAnswer, AccountFields & { code: string }>(({ input, signal }) =>
      answer(expectedRefusals.codeLogin, async () => session(await api.callData(client.POST('/api/user/code/login/v1', { body: input, signal }), { expect: expectedRefusals.codeLogin }))),
    ),
    googleLogin: fromPromise<LoginAnswer, { credential: string }>(({ input, signal }) =>
      answer(expectedRefusals.googleLogin, async () => session(await api.callData(client.POST('/api/user/google/login/v1', { body: input, signal }), { expect: expectedRefusals.googleLogin }))),
    ),
  };
}

export type LoginActors = ReturnType<typeof createLoginActors>;
