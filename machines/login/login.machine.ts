// Log-in (spec sections 2, 7, 8 and 9; docs/decisions/006 and 007): the phone-or-email tab with a
// password, the fast-login tab with a 4-digit code, the token entrance of the TV box and the app,
// and Google sign-in when configured. Calls are actors from createLoginActors(api); storage,
// navigation and the remembered tab are named actions the app provides.
import { assertEvent, assign, setup } from 'xstate';
import type { UserInfo } from '../../core/session/store';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
import { captchaFields, CAPTCHA_REFUSALS, loadingCaptchaState } from '../captcha';
import { codeRequestInput, resendCountdown, sendingState } from '../send-code';
import type { LoginActors } from './login.actors';
import type { LoginContext, LoginEvent, LoginInput, LoginTab } from './login.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type LoginMachineEvent = LoginEvent | InvocationEvents<LoginActors>;

/** The calls that answer a session or a refusal. */
const LOGINS = ['xstate.done.actor.tokenLogin', 'xstate.done.actor.passwordLogin', 'xstate.done.actor.codeLogin', 'xstate.done.actor.googleLogin'] as const;
/** Every call whose answer the guards route (the log-ins, and sending a code). */
const ANSWERS = [...LOGINS, 'xstate.done.actor.sendCode'] as const;

const refusedWith =
  (...codes: number[]) =>
  ({ event }: { event: LoginMachineEvent }) => {
    assertEvent(event, ANSWERS);
    return event.output.kind === 'refused' && codes.includes(event.output.errCode);
  };

export const loginSetup = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginMachineEvent,
    input: {} as LoginInput,
  },
  actors: {} as LoginActors,
  guards: {
    hasEntranceToken: ({ context }) => context.entranceToken !== null,
    isCodeTabActive: ({ context }) => context.tab === 'code' && context.codeLoginEnabled,
    isCodeTabChosen: ({ context, event }) => event.type === 'TAB_CHOSEN' && event.tab === 'code' && context.codeLoginEnabled,
    isLoggedIn: ({ event }) => {
      assertEvent(event, LOGINS);
      return event.output.kind === 'loggedIn';
    },
    isSent: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.sendCode');
      return event.output.kind === 'sent';
    },
    needsCaptcha: refusedWith(...CAPTCHA_REFUSALS),
    isNotVerified: refusedWith(9),
    isLocked: refusedWith(17),
    isBlocked: refusedWith(197, 7004),
    isTooFrequent: refusedWith(-3031),
    isCodeRejected: refusedWith(10, 11, 4597),
    /** Spec section 8: 201/203 in the STB scene; the client has already gone to the notice page. */
    isStbNotice: ({ context, event }) => context.scene === 'STB' && refusedWith(201, 203)({ event }),
    hasGoogle: ({ context }) => context.googleClientId !== null,
  },
  delays: {
    /** Spec sections 7 and 9: the resend countdown, from configuration, 60 s by default. */
    resendCountdown: ({ context }) => context.countdownSeconds * 1000,
  },
  actions: {
    chooseTab: assign({
      tab: ({ event }) => {
        assertEvent(event, 'TAB_CHOSEN');
        return event.tab;
      },
    }),
    takeConfig: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadConfig');
      const config = event.output;
      return { countdownSeconds: config.countdownSeconds || DEFAULT_COUNTDOWN, googleClientId: config.googleClientId, codeLoginEnabled: config.codeLogin };
    }),
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, ANSWERS);
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    /** -3031: a code went out moments ago; the dialog takes that one and says so. */
    takeTooFrequent: assign({ errCode: -3031 }),
    // A new try starts clean: the last refusal and the last unexpected failure are forgotten.
    clearRefusal: assign({ errCode: null, error: undefined }),
    takeSession: assign({
      userInfo: ({ event }) => {
        assertEvent(event, LOGINS);
        return event.output.kind === 'loggedIn' ? event.output.userInfo : null;
      },
    }),
    takeCaptcha: assign({
      captcha: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadCaptcha');
        return event.output;
      },
    }),
    dropCaptcha: assign({ captcha: null }),
    takeCodeAccount: assign({
      codeAccount: ({ event }) => {
        assertEvent(event, 'CODE_REQUESTED');
        return event.fields;
      },
    }),
    /** The code went out: the countdown is the server's resendAfter when it gives one. */
    takeSent: assign({
      countdownSeconds: ({ event, context }) => {
        assertEvent(event, 'xstate.done.actor.sendCode');
        return event.output.kind === 'sent' && event.output.resendAfter > 0 ? event.output.resendAfter : context.countdownSeconds;
      },
    }),
    recordError: assign({ error: invocationError }),
    // The app's effects, filled in with `.provide` (src/queries/flows/login-flow.ts).
    rememberTab: (_, _params: { tab: LoginTab }) => {},
    /** Store userInfo through the session machine (SIGNED_IN). */
    storeUserInfo: (_, _params: { userInfo: UserInfo }) => {},
    returnToOrigin: (_, _params: { to: string }) => {},
  },
});

/**
 * Where the answer to a log-in from a tab's form goes, by password or by code: signed in; the
 * form's `own` refusal (a captcha due, a rejected code); then as spec section 8 says, 9 not
 * verified to the notice that offers to resend the confirmation, 17 locked after too many failed
 * attempts, 197 not allowed to log in or 7004 blocked; any other refusal back to the form, saying why.
 */
const loginAnswers = <const Own extends { guard: string; target: string; actions: string }>(own: Own) =>
  [
    { guard: 'isLoggedIn', target: '#login.loggedIn', actions: 'takeSession' },
    own,
    { guard: 'isNotVerified', target: '#login.form.notVerified', actions: 'takeRefusal' },
    { guard: 'isLocked', target: '#login.form.locked', actions: 'takeRefusal' },
    { guard: 'isBlocked', target: '#login.form.blocked', actions: 'takeRefusal' },
    { target: 'editing', actions: 'takeRefusal' },
  ] as const;

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: ({ input }) => ({
    tab: input.tab,
    returnTo: input.returnTo,
    scene: input.scene,
    entranceToken: input.entranceToken,
    countdownSeconds: DEFAULT_COUNTDOWN,
    googleClientId: null,
    codeLoginEnabled: true,
    codeAccount: null,
    captcha: null,
    errCode: null,
    error: undefined,
    userInfo: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      // Spec section 2: the TV box or the app opens /login with appToken, accountId and loginId.
      always: [{ guard: 'hasEntranceToken', target: 'loggingInWithToken' }, { target: 'loadingConfig' }],
    },
    loggingInWithToken: {
      // Spec section 7: POST /api/user/sso/v1 with t, a, e (docs/decisions/007).
      tags: ['busy'],
      invoke: {
        id: 'tokenLogin',
        src: 'tokenLogin',
        input: ({ context }) => context.entranceToken!,
        onDone: [
          { guard: 'isLoggedIn', target: 'loggedIn', actions: 'takeSession' },
          // Spec section 8: 201/203 in the STB scene go to the notice page (the client did).
          { guard: 'isStbNotice', target: 'leftForNotice', actions: 'takeRefusal' },
          // Outside the STB scene a refused token (21, or an account that cannot log in) leaves
          // the ordinary form, with the reason shown (docs/decisions/013).
          { target: 'loadingConfig', actions: 'takeRefusal' },
        ],
        // Unexpected: the ordinary form, the error recorded.
        onError: { target: 'loadingConfig', actions: 'recordError' },
      },
    },
    loadingConfig: {
      // Spec section 7: the countdown and whether Google sign-in is offered.
      tags: ['busy'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        // Spec section 7: the countdown comes from GET /api/user/get/config/v1.
        onDone: { target: 'form', actions: 'takeConfig' },
        // Without configuration the form still works, with the default countdown and no Google.
        onError: { target: 'form', actions: 'recordError' },
      },
    },
    form: {
      // Spec section 2: /login, a phone-or-email tab and a fast-login tab.
      initial: 'choosingTab',
      on: {
        // Spec section 2: two tabs; the active one is remembered (store loginActiveTab). The
        // fast-login tab only where the site offers it (siteConfig.login.codeLogin).
        TAB_CHOSEN: [
          { guard: 'isCodeTabChosen', target: '.codeTab', actions: ['chooseTab', 'clearRefusal', { type: 'rememberTab', params: { tab: 'code' } }] },
          { target: '.passwordTab', actions: ['chooseTab', 'clearRefusal', { type: 'rememberTab', params: { tab: 'email' } }] },
        ],
        // Google sign-in, offered only when configured (docs/decisions/007).
        GOOGLE_CREDENTIAL_RECEIVED: { guard: 'hasGoogle', target: '.loggingInWithGoogle', actions: 'clearRefusal' },
      },
      states: {
        choosingTab: {
          // Spec section 4: the default tab is email (phone or email with a password); a remembered
          // fast-login tab the site no longer offers opens the password tab.
          always: [{ guard: 'isCodeTabActive', target: 'codeTab' }, { target: 'passwordTab' }],
        },
        passwordTab: {
          // Spec section 7: POST /api/user/login/v1, account (email or phone) and password.
          initial: 'editing',
          states: {
            editing: {
              // Spec section 5: the form checks the formats and the 6-character password first.
              // A captcha works once: coming back here, any challenge shown before is gone.
              entry: 'dropCaptcha',
              on: { PASSWORD_SUBMITTED: { target: 'loggingIn', actions: 'clearRefusal' } },
            },
            loggingIn: {
              // The credential is checked first; 9/197/7004 come only after a right one (ADR 006).
              tags: ['busy'],
              invoke: {
                id: 'passwordLogin',
                src: 'passwordLogin',
                input: ({ context, event }) => {
                  assertEvent(event, 'PASSWORD_SUBMITTED');
                  return { fields: event.fields, password: event.password, ...captchaFields(context.captcha, 'login', event.captchaCode) };
                },
                // docs/decisions/006: a captcha is due (-3034) or was not solved for this form,
                // expired or spent (-3035): a new challenge. 4596 unknown account or wrong password
                // (one answer, ADR 006), 5 format, 4000 country code: the form says why.
                onDone: loginAnswers({ guard: 'needsCaptcha', target: 'loadingCaptcha', actions: 'takeRefusal' }),
                // Unexpected (network, -2499): the form stays, the error is recorded.
                onError: { target: 'editing', actions: 'recordError' },
              },
            },
            // Spec section 7: a challenge for the login form (docs/decisions/037).
            loadingCaptcha: loadingCaptchaState({ purpose: 'login' } as const),
            captchaShown: {
              // docs/decisions/006: the challenge works once and for 5 minutes. The view solves it;
              // the password goes again with the solution.
              on: { PASSWORD_SUBMITTED: { target: 'loggingIn' } },
            },
          },
        },
        codeTab: {
          // Spec sections 2 and 7: fast login with a 4-digit code by email or SMS.
          initial: 'editing',
          states: {
            editing: {
              // Spec section 7: POST sendVerificationCode, purpose login.
              entry: 'dropCaptcha',
              on: { CODE_REQUESTED: { target: 'sendingCode', actions: ['clearRefusal', 'takeCodeAccount'] } },
            },
            // docs/decisions/006: one code per countdown, at most 10 a day (-3031 otherwise). Spec
            // section 9: a 4-digit code went out, the dialog asks for it; -3031, the dialog takes
            // the one sent moments ago; a captcha due or refused, a new challenge with the form;
            // 17 locked, the notice; no such account (1/2/7), format 5, country code 4000, or
            // unexpected (network, -2499): the form stays, saying why.
            sendingCode: sendingState('sendCode', codeRequestInput, {
              sent: 'codeDialog',
              tooFrequent: 'codeDialog',
              captcha: 'loadingCaptcha',
              locked: '#login.form.locked',
              refused: 'editing',
            }),
            // Spec section 7: a challenge for sending a code.
            loadingCaptcha: loadingCaptchaState({ purpose: 'sendCode' } as const),
            captchaShown: {
              // docs/decisions/006: the code goes out with the challenge's solution.
              on: { CODE_REQUESTED: { target: 'sendingCode', actions: ['clearRefusal', 'takeCodeAccount'] } },
            },
            codeDialog: {
              // Spec section 2: the 4-digit code dialog. The code went out: the challenge is spent.
              entry: 'dropCaptcha',
              // Spec section 9: another code only after the countdown (default 60 s).
              ...resendCountdown({ CODE_RESEND_REQUESTED: { target: '#login.form.codeTab.sendingCode', actions: 'clearRefusal' } }),
              on: {
                // Spec section 5: 4 digits, checked by the form.
                CODE_SUBMITTED: { target: 'verifyingCode', actions: 'clearRefusal' },
                // Closing keeps the code valid (10 minutes); asking again obeys the countdown.
                CODE_DIALOG_CLOSED: { target: 'editing' },
              },
            },
            verifyingCode: {
              // Spec section 7: POST /api/user/code/login/v1; a code works once (ADR 006).
              tags: ['busy'],
              invoke: {
                id: 'codeLogin',
                src: 'codeLogin',
                input: ({ context, event }) => {
                  assertEvent(event, 'CODE_SUBMITTED');
                  return { ...context.codeAccount!, code: event.code };
                },
                // 10 expired, 11 wrong, 4597 none sent: back to the dialog with the message.
                onDone: loginAnswers({ guard: 'isCodeRejected', target: 'codeDialog.canResend', actions: 'takeRefusal' }),
                // Unexpected: the dialog stays, with a new code allowed.
                onError: { target: 'codeDialog.canResend', actions: 'recordError' },
              },
            },
          },
        },
        loggingInWithGoogle: {
          // Spec section 7: POST /api/user/google/login/v1 with Google's ID token.
          tags: ['busy'],
          invoke: {
            id: 'googleLogin',
            src: 'googleLogin',
            input: ({ event }) => {
              assertEvent(event, 'GOOGLE_CREDENTIAL_RECEIVED');
              return { credential: event.credential };
            },
            onDone: [
              { guard: 'isLoggedIn', target: '#login.loggedIn', actions: 'takeSession' },
              { guard: 'isNotVerified', target: 'notVerified', actions: 'takeRefusal' },
              { guard: 'isBlocked', target: 'blocked', actions: 'takeRefusal' },
              // 1 no account for that Google identity, 187 address owned by another identity.
              { target: 'choosingTab', actions: 'takeRefusal' },
            ],
            // Unexpected: back to the tabs, the error recorded.
            onError: { target: 'choosingTab', actions: 'recordError' },
          },
        },
        // Spec section 8, 9: the account is not confirmed; the page offers to resend the link.
        notVerified: { on: { NOTICE_DISMISSED: { target: 'choosingTab', actions: 'clearRefusal' } } },
        // 17: locked after too many failures (docs/decisions/006: 15 minutes, escalating).
        locked: { on: { NOTICE_DISMISSED: { target: 'choosingTab', actions: 'clearRefusal' } } },
        // 197 / 7004: this account cannot log in here.
        blocked: { on: { NOTICE_DISMISSED: { target: 'choosingTab', actions: 'clearRefusal' } } },
      },
    },
    loggedIn: {
      // Spec section 4: userInfo is stored; the user goes back to where they came from.
      type: 'final',
      entry: [
        { type: 'storeUserInfo', params: ({ context }) => ({ userInfo: context.userInfo! }) },
        { type: 'returnToOrigin', params: ({ context }) => ({ to: context.returnTo }) },
      ],
    },
    leftForNotice: {
      // Spec section 8: the client already went to /notice?type=stbLoginErr&code=….
      type: 'final',
    },
  },
});

export type LoginMachine = typeof loginMachine;
