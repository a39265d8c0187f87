// Password recovery (spec sections 2, 5, 7 and 8; docs/decisions/006 and 016): by a link mailed to
// the address (/forgot-password, then /reset-password?token=…), or by a 4-digit code sent by email
// or SMS with the new password typed beside it. Calls are actors from
// createPasswordRecoveryActors(api); the way to /login at the end is a named action the app provides.
import { assign, setup } from 'xstate';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { captchaFields, CAPTCHA_REFUSALS, codeRequestBody, loadingCaptchaState, type CaptchaPurpose } from '../captcha';
import { outputOf, refusalIn } from '../expected-refusals';
import type { PasswordRecoveryActors } from './password-recovery.actors';
import type { LinkAnswer, PasswordRecoveryContext, PasswordRecoveryEvent, PasswordRecoveryInput, ResetAnswer, SendAnswer } from './password-recovery.types';

type Answer = SendAnswer | LinkAnswer | ResetAnswer;
const refusedWith =
  (...codes: number[]) =>
  ({ event }: { event: unknown }) =>
    refusalIn(outputOf<Answer>(event), codes) !== null;
type Of<T extends PasswordRecoveryEvent['type']> = Extract<PasswordRecoveryEvent, { type: T }>;

export const passwordRecoveryMachine = setup({
  types: {
    context: {} as PasswordRecoveryContext,
    events: {} as PasswordRecoveryEvent,
    input: {} as PasswordRecoveryInput,
  },
  actors: {} as PasswordRecoveryActors,
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isSent: ({ event }) => outputOf<Answer>(event)?.kind === 'sent',
    isLive: ({ event }) => outputOf<Answer>(event)?.kind === 'live',
    isReset: ({ event }) => outputOf<Answer>(event)?.kind === 'reset',
    isTooFrequent: refusedWith(-3031),
    isLocked: refusedWith(17),
    isCodeRejected: refusedWith(10, 11, 4597),
    isLinkDead: refusedWith(10302),
    needsCaptcha: refusedWith(...CAPTCHA_REFUSALS),
  },
  delays: {
    /** Spec sections 7 and 9: another link or code only after the countdown (60 s by default). */
    resendCountdown: ({ context }) => context.countdownSeconds * 1000,
  },
  actions: {
    // One way at a time: asking for a link forgets the code's account, and the other way round.
    takeEmail: assign(({ event, context }) => ({ email: event.type === 'LINK_REQUESTED' ? event.email : context.email, codeAccount: null })),
    takeCodeAccount: assign(({ event, context }) => ({ codeAccount: event.type === 'CODE_REQUESTED' ? event.fields : context.codeAccount, email: null })),
    takeSent: assign(({ event, context }) => {
      const output = outputOf<Answer>(event);
      if (output?.kind !== 'sent') return {};
      return { sentTo: output.sentTo, countdownSeconds: output.resendAfter > 0 ? output.resendAfter : context.countdownSeconds, errCode: null };
    }),
    /** -3031: the last link or code is still on its way; the page says where it went. */
    takeTooFrequent: assign(({ context }) => ({
      errCode: -3031,
      sentTo: context.email ?? context.codeAccount?.account ?? null,
    })),
    takeLink: assign({ linkEmail: ({ event }) => (outputOf<Answer>(event)?.kind === 'live' ? (outputOf<Answer>(event) as { email: string }).email : null) }),
    takeRefusal: assign({ errCode: ({ event }) => (outputOf<Answer>(event)?.kind === 'refused' ? (outputOf<Answer>(event) as { errCode: number }).errCode : null) }),
    clearRefusal: assign({ errCode: null }),
    restart: assign({ token: null, sentTo: null, linkEmail: null, errCode: null }),
    takeCaptcha: assign({ captcha: ({ event }) => outputOf<PasswordRecoveryContext['captcha']>(event) ?? null }),
    dropCaptcha: assign({ captcha: null }),
    recordError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
    // The app's effect, filled in with `.provide` (src/screens/password-recovery/use-password-recovery.ts).
    goToLogin: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'passwordRecovery',
  context: ({ input }) => ({
    token: input.token,
    email: null,
    codeAccount: null,
    sentTo: null,
    linkEmail: null,
    captcha: null,
    countdownSeconds: DEFAULT_COUNTDOWN,
    errCode: null,
    error: undefined,
  }),
  initial: 'entering',
  states: {
    entering: {
      // Spec section 2: /reset-password?token=… opens a mailed link; /forgot-password asks for one.
      always: [{ guard: 'hasToken', target: 'checkingLink' }, { target: 'requesting' }],
    },
    requesting: {
      // Spec sections 2 and 5: an address for a link, or an email or phone for a code.
      initial: 'editing',
      on: {
        LINK_REQUESTED: { target: 'sendingLink', actions: ['clearRefusal', 'takeEmail'] },
        CODE_REQUESTED: { target: 'sendingCode', actions: ['clearRefusal', 'takeCodeAccount'] },
      },
      states: {
        editing: {
          // The form as the user left it; a captcha works once, so any challenge shown before is gone.
          entry: 'dropCaptcha',
        },
        // Spec section 7: a challenge for the way the user asked by (a code, or a link).
        loadingCaptcha: loadingCaptchaState(({ context }: { context: PasswordRecoveryContext }): { purpose: CaptchaPurpose } => ({
          purpose: context.codeAccount ? 'sendCode' : 'resetPassword',
        })),
        // docs/decisions/006 and 037: the view solves the challenge; the request goes again with
        // the solution.
        captchaShown: {},
      },
    },
    sendingLink: {
      // Spec section 7: POST resetPasswordByEmail; a resend is GET send/resetPasswordEmail.
      tags: ['busy'],
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context, event }) => ({
          email: context.email!,
          resend: event.type === 'RESEND_REQUESTED',
          ...captchaFields(context.captcha, 'resetPassword', event.type === 'LINK_REQUESTED' ? event.captchaCode : undefined),
        }),
        onDone: [
          // docs/decisions/006: an unknown address gets the same answer and nothing is sent.
          { guard: 'isSent', target: 'linkSent', actions: 'takeSent' },
          // -3031: a link went out less than a countdown ago; that one is still good.
          { guard: 'isTooFrequent', target: 'linkSent', actions: 'takeTooFrequent' },
          // docs/decisions/006: from the 4th link in an hour a captcha is due (-3034), or the one
          // sent was refused (-3035): the form again, with a new challenge.
          { guard: 'needsCaptcha', target: 'requesting.loadingCaptcha', actions: 'takeRefusal' },
          // 8 email format: the form says why.
          { target: 'requesting', actions: 'takeRefusal' },
        ],
        // Unexpected (network, -2499): the form stays, the error is recorded.
        onError: { target: 'requesting', actions: 'recordError' },
      },
    },
    linkSent: {
      // The page says where the link went (30 minutes, once); another one after the countdown.
      entry: 'dropCaptcha',
      initial: 'countingDown',
      on: { RESTART: { target: 'requesting', actions: 'restart' } },
      states: {
        countingDown: {
          // Spec section 9: the resend countdown (default 60 s).
          after: { resendCountdown: { target: 'canResend' } },
        },
        canResend: {
          on: { RESEND_REQUESTED: { target: '#passwordRecovery.sendingLink', actions: 'clearRefusal' } },
        },
      },
    },
    sendingCode: {
      // Spec section 7: POST sendVerificationCode, purpose resetPassword (email or SMS).
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context, event }) => codeRequestBody(context.codeAccount!, context.captcha, event),
        onDone: [
          // Spec section 9: a 4-digit code went out (or, for an unknown account, nothing did).
          { guard: 'isSent', target: 'codeSent', actions: 'takeSent' },
          // -3031: a code went out moments ago; the form takes that one, with the countdown.
          { guard: 'isTooFrequent', target: 'codeSent', actions: 'takeTooFrequent' },
          // docs/decisions/006: from the 4th code in an hour a captcha is due (-3034), or wrong (-3035).
          { guard: 'needsCaptcha', target: 'requesting.loadingCaptcha', actions: 'takeRefusal' },
          // 17 locked, 5 format, 4000 country code: the form says why.
          { target: 'requesting', actions: 'takeRefusal' },
        ],
        onError: { target: 'requesting', actions: 'recordError' },
      },
    },
    codeSent: {
      // Spec sections 2 and 5: the 4-digit code with the new password and its confirmation.
      entry: 'dropCaptcha',
      initial: 'countingDown',
      on: {
        CODE_RESET_SUBMITTED: { target: 'resettingByCode', actions: 'clearRefusal' },
        RESTART: { target: 'requesting', actions: 'restart' },
      },
      states: {
        countingDown: {
          // Spec section 9: another code only after the countdown (default 60 s).
          after: { resendCountdown: { target: 'canResend' } },
        },
        canResend: {
          on: { RESEND_REQUESTED: { target: '#passwordRecovery.sendingCode', actions: 'clearRefusal' } },
        },
      },
    },
    resettingByCode: {
      // Spec section 7: POST resetPasswd/v1; a code works once, 10 minutes (docs/decisions/006).
      tags: ['busy'],
      invoke: {
        id: 'resetByCode',
        src: 'resetByCode',
        input: ({ context, event }) => ({ ...context.codeAccount!, code: (event as Of<'CODE_RESET_SUBMITTED'>).code, password: (event as Of<'CODE_RESET_SUBMITTED'>).password }),
        onDone: [
          // The password is set, every session ended: log in with the new one.
          { guard: 'isReset', target: 'done' },
          // 10 expired or burned, 11 wrong, 4597 none sent (also an unknown account): the code
          // form again, a new code allowed at once.
          { guard: 'isCodeRejected', target: 'codeSent.canResend', actions: 'takeRefusal' },
          // 17: locked after too many failures; 5 / 4000 format: back to the request form.
          { target: 'requesting', actions: 'takeRefusal' },
        ],
        onError: { target: 'codeSent.canResend', actions: 'recordError' },
      },
    },
    checkingLink: {
      // Spec section 7: POST obtain/resetPassword/email answers the link's address.
      tags: ['busy'],
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          { guard: 'isLive', target: 'newPassword', actions: 'takeLink' },
          // Spec section 8: 10302 the link was used, superseded or is older than 30 minutes.
          { target: 'linkUnavailable', actions: 'takeRefusal' },
        ],
        // Unexpected: the link cannot be checked; the page offers to ask for a new one.
        onError: { target: 'linkUnavailable', actions: 'recordError' },
      },
    },
    newPassword: {
      // Spec section 5: the new password, at least 6 characters, typed twice.
      on: { LINK_RESET_SUBMITTED: { target: 'resettingByLink', actions: 'clearRefusal' } },
    },
    resettingByLink: {
      // Spec section 7: POST email/resetPassword spends the link with the new password.
      tags: ['busy'],
      invoke: {
        id: 'resetByLink',
        src: 'resetByLink',
        input: ({ context, event }) => ({ token: context.token!, password: (event as Of<'LINK_RESET_SUBMITTED'>).password }),
        onDone: [
          { guard: 'isReset', target: 'done' },
          // 10302: the link died meanwhile (used in another tab, a newer one sent, 30 minutes).
          { guard: 'isLinkDead', target: 'linkUnavailable', actions: 'takeRefusal' },
        ],
        // Unexpected: the password form stays, the error is recorded.
        onError: { target: 'newPassword', actions: 'recordError' },
      },
    },
    linkUnavailable: {
      // Spec section 8: 10302 "Link no longer available": ask for a new one.
      on: { RESTART: { target: 'requesting', actions: 'restart' } },
    },
    done: {
      // The new password is set and every session ended (docs/decisions/006): log in with it.
      type: 'final',
      entry: { type: 'goToLogin', params: { to: '/login' } },
    },
  },
});

export type PasswordRecoveryMachine = typeof passwordRecoveryMachine;
