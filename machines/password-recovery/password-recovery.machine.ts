// Password recovery (spec sections 2, 5, 7 and 8; docs/decisions/006 and 016): by a link mailed to
// the address (/forgot-password, then /reset-password?token=…), or by a 4-digit code sent by email
// or SMS with the new password typed beside it. Calls are actors from
// createPasswordRecoveryActors(api); the way to /login at the end is a named action the app provides.
import { assertEvent, assign, setup } from 'xstate';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
import { captchaFields, CAPTCHA_REFUSALS, loadingCaptchaState, type CaptchaPurpose } from '../captcha';
import { codeRequestInput, resendCountdown, sendingState } from '../send-code';
import type { PasswordRecoveryActors } from './password-recovery.actors';
import type { PasswordRecoveryContext, PasswordRecoveryEvent, PasswordRecoveryInput } from './password-recovery.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type PasswordRecoveryMachineEvent = PasswordRecoveryEvent | InvocationEvents<PasswordRecoveryActors>;

/** The sends, a link or a code: sent, or refused. */
const SENDS = ['xstate.done.actor.sendLink', 'xstate.done.actor.sendCode'] as const;
/** Every call whose answer the guards route (all but the captcha's). */
const ANSWERS = [...SENDS, 'xstate.done.actor.resetByCode', 'xstate.done.actor.checkLink', 'xstate.done.actor.resetByLink'] as const;

const refusedWith =
  (...codes: number[]) =>
  ({ event }: { event: PasswordRecoveryMachineEvent }) => {
    assertEvent(event, ANSWERS);
    return event.output.kind === 'refused' && codes.includes(event.output.errCode);
  };
const answered =
  (kind: 'sent' | 'live' | 'reset') =>
  ({ event }: { event: PasswordRecoveryMachineEvent }) => {
    assertEvent(event, ANSWERS);
    return event.output.kind === kind;
  };

export const passwordRecoveryMachine = setup({
  types: {
    context: {} as PasswordRecoveryContext,
    events: {} as PasswordRecoveryMachineEvent,
    input: {} as PasswordRecoveryInput,
  },
  actors: {} as PasswordRecoveryActors,
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isSent: answered('sent'),
    isLive: answered('live'),
    isReset: answered('reset'),
    isTooFrequent: refusedWith(-3031),
    isLocked: refusedWith(17),
    isCodeRejected: refusedWith(10, 11, 4597),
    needsCaptcha: refusedWith(...CAPTCHA_REFUSALS),
  },
  delays: {
    /** Spec sections 7 and 9: another link or code only after the countdown (60 s by default). */
    resendCountdown: ({ context }) => context.countdownSeconds * 1000,
  },
  actions: {
    // One way at a time: asking for a link forgets the code's account, and the other way round.
    takeEmail: assign(({ event }) => {
      assertEvent(event, 'LINK_REQUESTED');
      return { email: event.email, codeAccount: null };
    }),
    takeCodeAccount: assign(({ event }) => {
      assertEvent(event, 'CODE_REQUESTED');
      return { codeAccount: event.fields, email: null };
    }),
    takeSent: assign(({ event, context }) => {
      assertEvent(event, SENDS);
      if (event.output.kind !== 'sent') return {};
      return {
        sentTo: event.output.sentTo,
        countdownSeconds: event.output.resendAfter > 0 ? event.output.resendAfter : context.countdownSeconds,
        errCode: null,
      };
    }),
    /** -3031: the last link or code is still on its way; the page says where it went. */
    takeTooFrequent: assign(({ context }) => ({
      errCode: -3031,
      sentTo: context.email ?? context.codeAccount?.account ?? null,
    })),
    takeLink: assign({
      linkEmail: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.checkLink');
        return event.output.kind === 'live' ? event.output.email : null;
      },
    }),
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, ANSWERS);
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    clearRefusal: assign({ errCode: null }),
    restart: assign({ token: null, sentTo: null, linkEmail: null, errCode: null }),
    takeCaptcha: assign({
      captcha: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadCaptcha');
        return event.output;
      },
    }),
    dropCaptcha: assign({ captcha: null }),
    recordError: assign({ error: invocationError }),
    // The app's effect, filled in with `.provide` (src/queries/flows/password-recovery-flow.ts).
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
    // Spec section 7: POST resetPasswordByEmail; a resend is GET send/resetPasswordEmail.
    // docs/decisions/006: an unknown address gets the same answer and nothing is sent; -3031, a
    // link went out less than a countdown ago and that one is still good; from the 4th link in an
    // hour a captcha is due (-3034), or the one sent was refused (-3035): the form again, with a
    // new challenge; 8 email format, or unexpected (network, -2499): the form says why.
    sendingLink: sendingState(
      'sendLink',
      ({ context, event }: { context: PasswordRecoveryContext; event: PasswordRecoveryMachineEvent }) => ({
        email: context.email!,
        resend: event.type === 'RESEND_REQUESTED',
        ...captchaFields(context.captcha, 'resetPassword', event.type === 'LINK_REQUESTED' ? event.captchaCode : undefined),
      }),
      { sent: 'linkSent', tooFrequent: 'linkSent', captcha: 'requesting.loadingCaptcha', refused: 'requesting' },
    ),
    linkSent: {
      // The page says where the link went (30 minutes, once); another one after the countdown.
      entry: 'dropCaptcha',
      ...resendCountdown({ RESEND_REQUESTED: { target: '#passwordRecovery.sendingLink', actions: 'clearRefusal' } }),
      on: { RESTART: { target: 'requesting', actions: 'restart' } },
    },
    // Spec section 7: POST sendVerificationCode, purpose resetPassword (email or SMS). Spec
    // section 9: a 4-digit code went out (or, for an unknown account, nothing did); -3031, the
    // form takes the one sent moments ago; a captcha due (-3034) or wrong (-3035), a new
    // challenge; 17 locked, 5 format, 4000 country code, or unexpected: the form says why.
    sendingCode: sendingState('sendCode', codeRequestInput, {
      sent: 'codeSent',
      tooFrequent: 'codeSent',
      captcha: 'requesting.loadingCaptcha',
      refused: 'requesting',
    }),
    codeSent: {
      // Spec sections 2 and 5: the 4-digit code with the new password and its confirmation.
      entry: 'dropCaptcha',
      ...resendCountdown({ RESEND_REQUESTED: { target: '#passwordRecovery.sendingCode', actions: 'clearRefusal' } }),
      on: {
        CODE_RESET_SUBMITTED: { target: 'resettingByCode', actions: 'clearRefusal' },
        RESTART: { target: 'requesting', actions: 'restart' },
      },
    },
    resettingByCode: {
      // Spec section 7: POST resetPasswd/v1; a code works once, 10 minutes (docs/decisions/006).
      tags: ['busy'],
      invoke: {
        id: 'resetByCode',
        src: 'resetByCode',
        input: ({ context, event }) => {
          assertEvent(event, 'CODE_RESET_SUBMITTED');
          return { ...context.codeAccount!, code: event.code, password: event.password };
        },
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
        input: ({ context, event }) => {
          assertEvent(event, 'LINK_RESET_SUBMITTED');
          return { token: context.token!, password: event.password };
        },
        onDone: [
          { guard: 'isReset', target: 'done' },
          // 10302: the link died meanwhile (used in another tab, a newer one sent, 30 minutes);
          // like the link's check, any other refusal says the link is no longer available.
          { target: 'linkUnavailable', actions: 'takeRefusal' },
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
