import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { refusalsOf } from '../../core/api/refusals';
import {
  GET_api_site_send_resetPasswordEmail,
  POST_api_site_email_resetPassword,
  POST_api_site_obtain_resetPassword_email,
  POST_api_site_resetPasswordByEmail,
  POST_api_user_resetPasswd_v1,
  POST_api_user_sendVerificationCode_v1,
} from '../../core/api/refusals.generated';
import { createCaptchaActor } from '../captcha';
import { settleExpected, type Refusals } from '../expected-refusals';
import type { AccountFields, LinkAnswer, PasswordRecoveryInvokeId, ResetAnswer, SendAnswer } from './password-recovery.types';

/**
 * The refusals each recovery call answers as part of its business (spec section 8,
 * docs/decisions/006 and 016), by the id the machine invokes it under. An unknown account is not
 * among the sends' refusals: the server answers it like a known one and sends nothing; the reset
 * by code then answers 4597.
 */
export const refusals = {
  sendLink: refusalsOf([GET_api_site_send_resetPasswordEmail, POST_api_site_resetPasswordByEmail]),
  sendCode: refusalsOf(POST_api_user_sendVerificationCode_v1, {
    // The send answers these to a log-in only; a reset answers as for a reachable account and sends nothing.
    notRouted: {
      1: 'no account has this e-mail address: answered to a log-in send only',
      2: 'no account has this phone number: answered to a log-in send only',
      7: 'the account cannot be reached by the channel asked for: answered to a log-in send only',
    },
  }),
  resetByCode: refusalsOf(POST_api_user_resetPasswd_v1),
  checkLink: refusalsOf(POST_api_site_obtain_resetPassword_email),
  resetByLink: refusalsOf(POST_api_site_email_resetPassword),
} as const satisfies Refusals<Exclude<PasswordRecoveryInvokeId, 'loadCaptcha'>>;

/** The password-recovery machine's calls on the typed client. */
export function createPasswordRecoveryActors(api: Api) {
  const { client } = api;
  return {
    sendLink: fromPromise<SendAnswer, { email: string; resend: boolean; captchaId?: string; captchaCode?: string }>(({ input, signal }) =>
      settleExpected(refusals.sendLink, async (options) => {
        const { resend, ...body } = input;
        // Spec section 7: the first link by POST, another one by GET send/resetPasswordEmail. A GET
        // cannot carry a captcha, so a link asked for with one goes by POST (docs/decisions/006).
        const sent =
          resend && !body.captchaId
            ? await api.callData(client.GET('/api/site/send/resetPasswordEmail', { params: { query: { email: body.email } }, signal }), options)
            : await api.callData(client.POST('/api/site/resetPasswordByEmail', { body, signal }), options);
        return { kind: 'sent' as const, sentTo: sent.email, resendAfter: sent.resendAfter };
      }),
    ),
    loadCaptcha: createCaptchaActor(api),
    sendCode: fromPromise<SendAnswer, AccountFields & { captchaId?: string; captchaCode?: string }>(({ input, signal }) =>
      settleExpected(refusals.sendCode, async (options) => {
        // A phone account gets its code by SMS, an email account by email (docs/decisions/006).
        const channel = input.areaCode ? 'sms' : 'email';
        const sent = await api.callData(
          client.POST('/api/user/sendVerificationCode/v1', { body: { ...input, channel, purpose: 'resetPassword' }, signal }),
          options,
        );
        return { kind: 'sent' as const, sentTo: input.areaCode ? `+${input.areaCode} ${input.account}` : input.account, resendAfter: sent.resendAfter };
      }),
    ),
    resetByCode: fromPromise<ResetAnswer, AccountFields & { code: string; password: string }>(({ input, signal }) =>
      settleExpected(refusals.resetByCode, async (options) => {
        await api.call(client.POST('/api/user/resetPasswd/v1', { body: input, signal }), options);
        return { kind: 'reset' as const };
      }),
    ),
    checkLink: fromPromise<LinkAnswer, { token: string }>(({ input, signal }) =>
      settleExpected(refusals.checkLink, async (options) => {
        const link = await api.callData(client.POST('/api/site/obtain/resetPassword/email', { body: { token: input.token }, signal }), options);
        return { kind: 'live' as const, email: link.email };
      }),
    ),
    resetByLink: fromPromise<ResetAnswer, { token: string; password: string }>(({ input, signal }) =>
      settleExpected(refusals.resetByLink, async (options) => {
        await api.call(client.POST('/api/site/email/resetPassword', { body: input, signal }), options);
        return { kind: 'reset' as const };
      }),
    ),
  };
}

export type PasswordRecoveryActors = ReturnType<typeof createPasswordRecoveryActors>;
