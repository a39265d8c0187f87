// Password recovery (spec sections 2, 5, 7 and 8; docs/decisions/006 and 016): by a link mailed to
// the address (/forgot-password, then /reset-password?token=…), or by a 4-digit code sent by email
// or SMS with the new password typed beside it. Calls are actors from
// createPasswordRecoveryActors(api); the way to /login at the end is a named action the app provides.
import { assertEvent, assign, setup } from 'xstate';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
import { captchaFields, loadingCaptchaState, type CaptchaPurpose } from '../captcha';
import { criteriaFor } from '../acceptance';
import { isRefusedWith, otherRefusals, refusedWith } from '../expected-refusals';
import { codeRequestInput, resendCountdown, resendDeadline, sendingState, untilResend } from '../send-code';
import { paths } from '../../core/routing/paths';
import type { PasswordRecoveryActors } from './password-recovery.actors';
import type { acceptanceCriteria } from './password-recovery.criteria';
import type { PasswordRecoveryContext, PasswordRecoveryEvent, PasswordRecoveryInput } from './password-recovery.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type PasswordRecoveryMachineEvent = PasswordRecoveryEvent | InvocationEvents<PasswordRecoveryActors>;

/** The sends, a link or a code: sent, or refused. */
const SENDS = ['xstate.done.actor.sendLink', 'xstate.done.actor.sendCode'] as const;
/** Every call whose answer the guards route (all but the captcha's). */
const ANSWERS = [...SENDS, 'xstate.done.actor.resetByCode', 'xstate.done.actor.checkLink', 'xstate.done.actor.resetByLink'] as const;

const answered =
  (kind: 'sent' | 'live' | 'reset') =>
  ({ event }: { event: PasswordRecoveryMachineEvent }) => {
    assertEvent(event, ANSWERS);
    return event.output.kind === kind;
  };

/** The acceptance criteria the states and transitions name (docs/decisions/074); their texts stay out of the bundle. */
const accept = criteriaFor<keyof typeof acceptanceCriteria>();

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
    refusedWith: isRefusedWith,
  },
  delays: {
    /** Spec sections 7 and 9: another link or code only after the countdown (60 s by default). */
    resendCountdown: untilResend,
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
      const countdownSeconds = event.output.resendAfter > 0 ? event.output.resendAfter : context.countdownSeconds;
      return { sentTo: event.output.sentTo, countdownSeconds, resendAt: resendDeadline(countdownSeconds), errCode: null };
    }),
    /** -3031: the last link or code is still on its way; the page says where it went. */
    takeTooFrequent: assign(({ context }) => ({
      errCode: -3031,
      sentTo: context.email ?? context.codeAccount?.account ?? null,
      resendAt: resendDeadline(context.countdownSeconds),
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
    clearRefusal: assign({ errCode: null, error: undefined }),
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
  description: 'Password recovery (spec sections 2, 5, 7, 8): by a link mailed to the address, or by a 4-digit code by email or SMS.',
  context: ({ input }) => ({
    token: input.token,
    returnTo: input.returnTo,
    email: null,
    codeAccount: null,
    sentTo: null,
    linkEmail: null,
    captcha: null,
    countdownSeconds: DEFAULT_COUNTDOWN,
    resendAt: 0,
    errCode: null,
    error: undefined,
  }),
  initial: 'entering',
  states: {
    entering: {
      description: 'The customer opens /forgot-password to ask for a link or a code, or a mailed /reset-password?token=… link.',
      always: [
        { guard: 'hasToken', target: 'checkingLink', description: 'The page came from a mailed reset link: the link is checked first.' },
        { target: 'requesting', description: 'No link in the address: the form to ask for a reset link or a 4-digit code opens.' },
      ],
    },
    requesting: {
      description: 'The request form: an address for a reset link, or an email or phone number for a 4-digit code (spec sections 2, 5).',
      initial: 'editing',
      on: {
        LINK_REQUESTED: {
          target: 'sendingLink',
          actions: ['clearRefusal', 'takeEmail'],
          description: 'The customer asks for a reset link to be mailed to the address typed.',
        },
        CODE_REQUESTED: {
          target: 'sendingCode',
          actions: ['clearRefusal', 'takeCodeAccount'],
          description: 'The customer asks for a 4-digit code to be sent to the email or phone number typed.',
        },
      },
      states: {
        editing: {
          description: 'The form as the customer left it, saying why the last request failed, if it did.',
          // A captcha works once, so any challenge shown before is gone.
          entry: 'dropCaptcha',
        },
        loadingCaptcha: loadingCaptchaState(
          ({ context }: { context: PasswordRecoveryContext }): { purpose: CaptchaPurpose } => ({
            purpose: context.codeAccount ? 'sendCode' : 'resetPassword',
          }),
          'the way the customer asked by (a code or a link)',
        ),
        captchaShown: {
          description: 'The challenge shows with the form; the browser solves it and the request goes again with it (ADR 006, 037).',
        },
      },
    },
    // Spec section 7: a resend is GET send/resetPasswordEmail. docs/decisions/006: an unknown
    // address gets the same answer and nothing is sent; from the 4th link in an hour a captcha is due.
    sendingLink: sendingState(
      'sendLink',
      ({ context, event }: { context: PasswordRecoveryContext; event: PasswordRecoveryMachineEvent }) => ({
        email: context.email!,
        resend: event.type === 'RESEND_REQUESTED',
        ...captchaFields(context.captcha, 'resetPassword', event.type === 'LINK_REQUESTED' ? event.captchaCode : undefined),
      }),
      { sent: 'linkSent', tooFrequent: 'linkSent', captcha: 'requesting.loadingCaptcha', refused: 'requesting', otherRefusals: [8] },
      {
        sending: 'Mailing a reset link to the address (POST resetPasswordByEmail, spec section 7); the form is busy meanwhile.',
        sent: 'The link went out (an unknown address gets the same answer, nothing sent): the page says where it went.',
        tooFrequent: 'Too frequent (-3031): a link went out less than a countdown ago and is still good; the page says where.',
        refused: "Email format (8), by the site's rules: the form again, saying why.",
      },
    ),
    linkSent: {
      description: 'The page says where the link went (valid 30 minutes, once); another one only after the countdown.',
      entry: 'dropCaptcha',
      ...resendCountdown(
        {
          RESEND_REQUESTED: {
            target: '#passwordRecovery.sendingLink',
            actions: 'clearRefusal',
            description: 'The customer asks for another reset link to the same address, once the countdown is over.',
          },
        },
        'link',
      ),
      on: { RESTART: { target: 'requesting', actions: 'restart', description: 'The customer goes back to the request form, for another address or a code.' } },
    },
    // Spec section 9: for an unknown account nothing goes out, but the answer is the same.
    sendingCode: sendingState(
      'sendCode',
      codeRequestInput,
      { sent: 'codeSent', tooFrequent: 'codeSent', captcha: 'requesting.loadingCaptcha', refused: 'requesting', otherRefusals: [5, 17, 4000] },
      {
        sending: 'Sending a 4-digit reset code by email or SMS (POST sendVerificationCode, purpose resetPassword); busy meanwhile.',
        sent: 'The code went out (for an unknown account nothing did): the form asks for it with the new password.',
        tooFrequent: 'Too frequent (-3031): a code went out moments ago and is still good; the form asks for that one.',
        refused: 'Locked (17), format (5) or country code (4000): the request form again, saying why.',
      },
    ),
    codeSent: {
      description: 'The customer types the 4-digit code, the new password and its confirmation (spec sections 2 and 5).',
      entry: 'dropCaptcha',
      ...resendCountdown(
        {
          RESEND_REQUESTED: {
            target: '#passwordRecovery.sendingCode',
            actions: 'clearRefusal',
            description: 'The customer asks for a new 4-digit code to the same account, once the countdown is over.',
          },
        },
        'code',
      ),
      on: {
        CODE_RESET_SUBMITTED: {
          target: 'resettingByCode',
          actions: 'clearRefusal',
          description: 'The customer submits the code with the new password (at least 6 characters, typed twice).',
        },
        RESTART: { target: 'requesting', actions: 'restart', description: 'The customer goes back to the request form, for another account or a link.' },
      },
    },
    resettingByCode: {
      description: 'Setting the new password with the code (POST resetPasswd/v1); a code works once, for 10 minutes (ADR 006).',
      tags: ['busy'],
      invoke: {
        id: 'resetByCode',
        src: 'resetByCode',
        input: ({ context, event }) => {
          assertEvent(event, 'CODE_RESET_SUBMITTED');
          return { ...context.codeAccount!, code: event.code, password: event.password };
        },
        onDone: [
          {
            guard: 'isReset',
            target: 'done',
            description: 'The password is set and every session ended: the customer logs in with the new one.',
          },
          {
            guard: refusedWith(10, 11, 4597),
            target: 'codeSent',
            actions: 'takeRefusal',
            description:
              'Code expired or used (10), wrong (11) or none sent (4597, also an unknown account): try again; the countdown goes on where it was, then a new one may be asked for.',
            meta: accept('codeExpired'),
          },
          {
            target: 'requesting',
            actions: 'takeRefusal',
            meta: otherRefusals(5, 17, 4000),
            description: 'Locked after too many failures (17), format (5) or country code (4000): the request form, saying why.',
          },
        ],
        onError: {
          target: 'codeSent.canResend',
          actions: 'recordError',
          description: 'Unexpected failure: the code form stays, a new code allowed at once; the error is recorded.',
        },
      },
    },
    checkingLink: {
      description: "Checking the mailed link (POST obtain/resetPassword/email), which answers the link's address.",
      tags: ['busy'],
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          {
            guard: 'isLive',
            target: 'newPassword',
            actions: 'takeLink',
            description: 'The link is live: the page shows its address and asks for the new password.',
          },
          {
            target: 'linkUnavailable',
            actions: 'takeRefusal',
            meta: otherRefusals(10302),
            description: 'Link no longer available (10302): used, superseded by a newer one, or older than 30 minutes (spec section 8).',
          },
        ],
        onError: {
          target: 'linkUnavailable',
          actions: 'recordError',
          description: 'The link could not be checked: the page offers to ask for a new one, the error recorded.',
        },
      },
    },
    newPassword: {
      description: 'The customer types the new password twice, at least 6 characters (spec section 5).',
      on: {
        LINK_RESET_SUBMITTED: {
          target: 'resettingByLink',
          actions: 'clearRefusal',
          description: "The customer submits the new password: the link's reset is made with it.",
        },
      },
    },
    resettingByLink: {
      description: 'Setting the new password with the link (POST email/resetPassword), which spends it.',
      tags: ['busy'],
      invoke: {
        id: 'resetByLink',
        src: 'resetByLink',
        input: ({ context, event }) => {
          assertEvent(event, 'LINK_RESET_SUBMITTED');
          return { token: context.token!, password: event.password };
        },
        onDone: [
          {
            guard: 'isReset',
            target: 'done',
            description: 'The password is set and every session ended: the customer logs in with the new one.',
          },
          {
            target: 'linkUnavailable',
            actions: 'takeRefusal',
            meta: { ...otherRefusals(10302), ...accept('linkUsed') },
            description: 'The link died meanwhile (10302: used in another tab, a newer one sent, 30 minutes): ask for a new one.',
          },
        ],
        onError: {
          target: 'newPassword',
          actions: 'recordError',
          description: 'Unexpected failure: the password form stays, saying it failed; the error is recorded.',
        },
      },
    },
    linkUnavailable: {
      description: 'Spec section 8 (10302): "Link no longer available"; the page offers to ask for a new one.',
      on: { RESTART: { target: 'requesting', actions: 'restart', description: 'The customer goes back to the request form to ask for a new link.' } },
    },
    done: {
      meta: accept('done'),
      description:
        'The new password is set and every session ended (ADR 006): the customer goes to /login, which says the password was changed, to log in with it and go back to where they were buying.',
      type: 'final',
      entry: { type: 'goToLogin', params: ({ context }) => ({ to: paths.login(context.returnTo, 'passwordChanged') }) },
    },
  },
});

export type PasswordRecoveryMachine = typeof passwordRecoveryMachine;
