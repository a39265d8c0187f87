import { fromPromise } from 'xstate';
import type { components } from '../../openapi/schema';
import type { Api } from '../../core/api/client';
import { refusalsOf } from '../../core/api/refusals';
import {
  POST_api_user_code_login_v1,
  POST_api_user_google_login_v1,
  POST_api_user_google_signup_v1,
  POST_api_user_login_v1,
  POST_api_user_sendVerificationCode_v1,
  POST_api_user_sso_v1,
} from '../../core/api/refusals.generated';
import { settleExpected, type Refusals } from '../expected-refusals';
import type { Language } from '../../core/i18n/languages';
import { DEFAULT_COUNTDOWN, type UserInfo } from '../../core/session/store';
import { createCaptchaActor } from '../captcha';
import type { AccountFields, CodeSendAnswer, EntranceToken, LoginAnswer, LoginConfig, LoginInvokeId } from './login.types';

/**
 * The refusals each call answers as part of its business (spec section 8, docs/decisions/006 and
 * 007), by the id the machine invokes it under; they come back as typed results
 * (machines/expected-refusals.ts), and the client passes them through without a toast, so the
 * form shows each once, where it belongs.
 */
export const refusals = {
  // 4596 for an unknown account and a wrong password alike (docs/decisions/006).
  passwordLogin: refusalsOf(POST_api_user_login_v1),
  sendCode: refusalsOf(POST_api_user_sendVerificationCode_v1),
  codeLogin: refusalsOf(POST_api_user_code_login_v1),
  // 21, a token that is not valid: the client resets the session for every call; the log-in shows
  // its tabs too (docs/decisions/007).
  tokenLogin: refusalsOf(POST_api_user_sso_v1, { routesItself: [21] }),
  googleLogin: refusalsOf(POST_api_user_google_login_v1, { routesItself: [21] }),
  // 6: the Google identity or its address has an account by now (docs/decisions/047).
  googleSignup: refusalsOf(POST_api_user_google_signup_v1, {
    routesItself: [21],
    notRouted: { 187: "the address became another account's while this one was made: the toast says so, the tabs stay" },
  }),
} as const satisfies Refusals<Exclude<LoginInvokeId, 'loadConfig' | 'loadCaptcha'>>;

const session = (userInfo: UserInfo): LoginAnswer => ({ kind: 'loggedIn', userInfo });

type Schemas = components['schemas'];

/**
 * The configurations the login reads: the app lends the ones its query cache shares with the
 * views and fills ahead of the screen (one request for the page, ADR 064); by default they are
 * the client's calls.
 */
export interface SharedConfigReads {
  userConfig(signal: AbortSignal): Promise<Schemas['UserConfig']>;
  siteConfig(signal: AbortSignal): Promise<Schemas['SiteConfig']>;
  googleClient(signal: AbortSignal): Promise<Schemas['GoogleClient']>;
}

/** The login machine's calls on the typed client (the app's, or one of the real test server). */
export function createLoginActors(
  api: Api,
  shared: SharedConfigReads = {
    userConfig: (signal) => api.callData(api.client.GET('/api/user/get/config/v1', { signal })),
    siteConfig: (signal) => api.callData(api.client.GET('/api/site/get/config/v1', { signal })),
    googleClient: (signal) => api.callData(api.client.GET('/api/user/google/client/v1', { signal })),
  },
) {
  const { client } = api;
  return {
    loadConfig: fromPromise<LoginConfig>(async ({ signal }) => {
      const [config, google, site] = await Promise.all([shared.userConfig(signal), shared.googleClient(signal), shared.siteConfig(signal)]);
      return {
        countdownSeconds: config.caffeineRegionVerify > 0 ? config.caffeineRegionVerify : DEFAULT_COUNTDOWN,
        googleClientId: google.enabled && google.clientId ? google.clientId : null,
        codeLogin: site.login.codeLogin,
      };
    }),
    tokenLogin: fromPromise<LoginAnswer, EntranceToken>(({ input, signal }) =>
      settleExpected(refusals.tokenLogin, async (options) => session(await api.callData(client.POST('/api/user/sso/v1', { body: input, signal }), options))),
    ),
    passwordLogin: fromPromise<LoginAnswer, { fields: AccountFields; password: string; captchaId?: string; captchaCode?: string }>(({ input, signal }) =>
      settleExpected(refusals.passwordLogin, async (options) => {
        const { fields, ...rest } = input;
        return session(await api.callData(client.POST('/api/user/login/v1', { body: { ...fields, ...rest }, signal }), options));
      }),
    ),
    loadCaptcha: createCaptchaActor(api),
    sendCode: fromPromise<CodeSendAnswer, AccountFields & { captchaId?: string; captchaCode?: string }>(({ input, signal }) =>
      settleExpected(refusals.sendCode, async (options) => {
        // A phone account gets its code by SMS, an email account by email (docs/decisions/006).
        const channel = input.areaCode ? 'sms' : 'email';
        const sent = await api.callData(client.POST('/api/user/sendVerificationCode/v1', { body: { ...input, channel, purpose: 'login' }, signal }), options);
        return { kind: 'sent' as const, resendAfter: sent.resendAfter };
      }),
    ),
    codeLogin: fromPromise<LoginAnswer, AccountFields & { code: string }>(({ input, signal }) =>
      settleExpected(refusals.codeLogin, async (options) =>
        session(await api.callData(client.POST('/api/user/code/login/v1', { body: input, signal }), options)),
      ),
    ),
    googleLogin: fromPromise<LoginAnswer, { credential: string }>(({ input, signal }) =>
      settleExpected(refusals.googleLogin, async (options) =>
        session(await api.callData(client.POST('/api/user/google/login/v1', { body: input, signal }), options)),
      ),
    ),
    googleSignup: fromPromise<LoginAnswer, { credential: string; acceptTerms: true; language: Language }>(({ input, signal }) =>
      settleExpected(refusals.googleSignup, async (options) =>
        session(await api.callData(client.POST('/api/user/google/signup/v1', { body: input, signal }), options)),
      ),
    ),
  };
}

export type LoginActors = ReturnType<typeof createLoginActors>;
