// Log-in (spec sections 2, 7, 8 and 9; docs/decisions/006 and 007): the phone-or-email tab with a
// password, the fast-login tab with a 4-digit code, the token entrance of the TV box and the app,
// and Google sign-in when configured, with a sign-up for a Google identity that has no account
// (login.google.ts; docs/decisions/047). Calls are actors from createLoginActors(api); storage,
// navigation and the remembered tab are named actions the app provides (login.setup.ts).
import { and, assertEvent } from 'xstate';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { captchaFields, CAPTCHA_REFUSALS, loadingCaptchaState } from '../captcha';
import { criteriaFor, withCriteria } from '../acceptance';
import { otherRefusals, refusedWith } from '../expected-refusals';
import { codeRequestInput, resendCountdown, sendingState } from '../send-code';
import { googleStates } from './login.google';
import type { acceptanceCriteria } from './login.criteria';
import { loginAnswers, loginSetup } from './login.setup';

export { loginSetup, type LoginMachineEvent } from './login.setup';

/** The acceptance criteria the states and transitions name (docs/decisions/074); their texts stay out of the bundle. */
const accept = criteriaFor<keyof typeof acceptanceCriteria>();

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  description: 'Log-in (spec sections 2, 7-9): by password, by a 4-digit code, by the TV box or app token, or with Google when offered.',
  context: ({ input }) => ({
    tab: input.tab,
    returnTo: input.returnTo,
    scene: input.scene,
    entranceToken: input.entranceToken,
    countdownSeconds: DEFAULT_COUNTDOWN,
    resendAt: 0,
    googleClientId: null,
    googleCredential: null,
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
      description: 'The customer opens /login; the TV box or the app opens it with a token (appToken, accountId, loginId; spec section 2).',
      always: [
        { guard: 'hasEntranceToken', target: 'loggingInWithToken', description: 'The page came with an entrance token: the customer is logged in with it.' },
        { target: 'loadingConfig', description: 'No entrance token: the log-in form is prepared for the customer to fill in.' },
      ],
    },
    loggingInWithToken: {
      description: "Logging the TV box's or app's customer in with the entrance token (spec section 7, docs/decisions/007); a spinner shows.",
      tags: ['busy'],
      invoke: {
        id: 'tokenLogin',
        src: 'tokenLogin',
        input: ({ context }) => context.entranceToken!,
        onDone: [
          {
            guard: 'isLoggedIn',
            target: 'loggedIn',
            actions: 'takeSession',
            description: 'The token is good: the customer is signed in and goes back to where they came from.',
          },
          {
            guard: and([refusedWith(201, 203), 'isStbScene']),
            target: 'leftForNotice',
            actions: 'takeRefusal',
            description: 'On the TV box a bad token (201) or an account that cannot log in (203) shows the notice page (spec section 8).',
          },
          {
            target: 'loadingConfig',
            actions: 'takeRefusal',
            meta: otherRefusals(1, 9, 21, 197, 7004, 4598),
            description: 'Token refused (21 bad or used, 1, 9, 197, 7004, 4598): the ordinary log-in form, the reason shown (ADR 013).',
          },
        ],
        onError: {
          target: 'loadingConfig',
          actions: 'recordError',
          description: 'Unexpected failure of the token log-in: the ordinary log-in form opens, the error recorded.',
        },
      },
    },
    loadingConfig: {
      description: 'Loading the resend countdown, whether fast login is offered and whether Google sign-in is (spec section 7).',
      tags: ['busy'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: {
          target: 'form',
          actions: 'takeConfig',
          description: "The form opens with the site's countdown (GET /api/user/get/config/v1), its tabs and Google if configured.",
        },
        onError: {
          target: 'form',
          actions: 'recordError',
          description: 'Settings could not be loaded: the form still opens, with the 60 s countdown and without Google sign-in.',
        },
      },
    },
    form: {
      description: 'The /login page: a phone-or-email tab with a password, and a fast-login tab with a 4-digit code (spec section 2).',
      initial: 'choosingTab',
      on: {
        TAB_CHOSEN: [
          {
            guard: 'isCodeTabChosen',
            target: '.codeTab',
            actions: ['chooseTab', 'clearRefusal', { type: 'rememberTab', params: { tab: 'code' } }],
            description: 'The customer picks the fast-login tab, where the site offers it (codeLogin); the choice is remembered.',
          },
          {
            target: '.passwordTab',
            actions: ['chooseTab', 'clearRefusal', { type: 'rememberTab', params: { tab: 'email' } }],
            description: 'The customer picks the phone-or-email tab (or fast login the site does not offer); the choice is remembered.',
          },
        ],
        GOOGLE_CREDENTIAL_RECEIVED: {
          guard: 'hasGoogle',
          target: '.loggingInWithGoogle',
          actions: ['clearRefusal', 'takeGoogleCredential'],
          description: 'The customer signs in with Google, offered only when configured: the portal logs them in with it (ADR 007).',
        },
      },
      states: {
        choosingTab: {
          description: 'The remembered tab opens: phone or email by default; fast login only where the site still offers it (spec section 4).',
          always: [
            { guard: 'isCodeTabActive', target: 'codeTab', description: 'The remembered tab is fast login and the site offers it: the code tab opens.' },
            { target: 'passwordTab', description: 'Otherwise the phone-or-email tab with a password opens, the default one.' },
          ],
        },
        passwordTab: {
          description: 'Log-in with an email or phone number and a password (spec section 7: POST /api/user/login/v1).',
          initial: 'editing',
          states: {
            editing: {
              description: 'The customer types account and password; the form checks the formats and the 6-character minimum (spec section 5).',
              // A captcha works once: coming back here, any challenge shown before is gone.
              entry: 'dropCaptcha',
              on: {
                PASSWORD_SUBMITTED: {
                  target: 'loggingIn',
                  actions: 'clearRefusal',
                  description: 'The customer submits account and password: the portal checks them with the server.',
                },
              },
            },
            loggingIn: {
              description: 'Checking the account and password with the server; the log-in button is disabled meanwhile.',
              // The credential is checked first; 9/197/7004 come only after a right one (ADR 006).
              tags: ['busy'],
              invoke: {
                id: 'passwordLogin',
                src: 'passwordLogin',
                input: ({ context, event }) => {
                  assertEvent(event, 'PASSWORD_SUBMITTED');
                  return { fields: event.fields, password: event.password, ...captchaFields(context.captcha, 'login', event.captchaCode) };
                },
                onDone: withCriteria(
                  loginAnswers(
                    {
                      guard: refusedWith(...CAPTCHA_REFUSALS),
                      target: 'loadingCaptcha',
                      actions: 'takeRefusal',
                      description: 'Captcha due (-3034) or not solved for this form, expired or spent (-3035): a new challenge is shown (ADR 006).',
                      meta: accept('afterLock'),
                    },
                    [4596, 5, 4000],
                    'Unknown account or wrong password (4596, one answer; ADR 006), format (5) or country code (4000): the form says why.',
                  ),
                  '#login.form.locked',
                  'lockout',
                ),
                onError: {
                  target: 'editing',
                  actions: 'recordError',
                  description: 'Unexpected failure (network, -2499): the form stays and says to refresh and try again; the error is recorded.',
                },
              },
            },
            loadingCaptcha: loadingCaptchaState({ purpose: 'login' } as const, 'the password log-in'),
            captchaShown: {
              description: 'The challenge shows with the form; the browser solves it (it works once, for 5 minutes; docs/decisions/006).',
              on: {
                PASSWORD_SUBMITTED: { target: 'loggingIn', description: "The customer submits the password again, with the challenge's solution." },
              },
            },
          },
        },
        codeTab: {
          description: 'Fast log-in: a 4-digit code sent by email or SMS, typed in a dialog (spec sections 2 and 7).',
          initial: 'editing',
          states: {
            editing: {
              description: 'The customer types an email or a phone number to be sent a 4-digit log-in code (spec section 7).',
              entry: 'dropCaptcha',
              on: {
                CODE_REQUESTED: {
                  target: 'sendingCode',
                  actions: ['clearRefusal', 'takeCodeAccount'],
                  description: "The customer asks for a code: it goes to that account's email, or by SMS to its phone.",
                },
              },
            },
            // docs/decisions/006: one code per countdown, at most 10 a day (-3031 otherwise).
            sendingCode: sendingState(
              'sendCode',
              codeRequestInput,
              {
                sent: 'codeDialog',
                tooFrequent: 'codeDialog',
                captcha: 'loadingCaptcha',
                locked: '#login.form.locked',
                refused: 'editing',
                otherRefusals: [1, 2, 5, 7, 4000],
              },
              {
                sending: 'Sending the 4-digit log-in code (POST sendVerificationCode, purpose login); the form is busy meanwhile.',
                sent: 'The code went out: the dialog asks for it, with the countdown before a new one (spec section 9).',
                tooFrequent: 'Too frequent (-3031): a code went out moments ago and is still good; the dialog asks for that one.',
                refused: 'No such account (1, 2), no address for the channel (7), format (5) or country code (4000): the form says why.',
              },
            ),
            loadingCaptcha: loadingCaptchaState({ purpose: 'sendCode' } as const, 'sending a code'),
            captchaShown: {
              description: 'The challenge shows with the code form; the browser solves it, and the code is asked for again (ADR 006).',
              on: {
                CODE_REQUESTED: {
                  target: 'sendingCode',
                  actions: ['clearRefusal', 'takeCodeAccount'],
                  description: "The customer asks for the code again, with the challenge's solution.",
                },
              },
            },
            codeDialog: {
              description: 'The 4-digit code dialog: the customer types the code sent; a new one only after the countdown (spec sections 2, 9).',
              // The code went out: the challenge is spent.
              entry: 'dropCaptcha',
              ...resendCountdown(
                {
                  CODE_RESEND_REQUESTED: {
                    target: '#login.form.codeTab.sendingCode',
                    actions: 'clearRefusal',
                    description: 'The customer asks for a new code: it goes to the same account again.',
                  },
                },
                'code',
              ),
              on: {
                CODE_SUBMITTED: {
                  target: 'verifyingCode',
                  actions: 'clearRefusal',
                  description: 'The customer types the 4 digits (checked by the form, spec section 5) and confirms.',
                },
                CODE_DIALOG_CLOSED: {
                  target: 'editing',
                  description: 'The customer closes the dialog: the code stays valid for 10 minutes; a new one still obeys the countdown.',
                },
              },
            },
            verifyingCode: {
              description: 'Checking the 4-digit code with the server (POST /api/user/code/login/v1); a code works once (ADR 006).',
              tags: ['busy'],
              invoke: {
                id: 'codeLogin',
                src: 'codeLogin',
                input: ({ context, event }) => {
                  assertEvent(event, 'CODE_SUBMITTED');
                  return { ...context.codeAccount!, code: event.code };
                },
                onDone: loginAnswers(
                  {
                    guard: refusedWith(10, 11, 4597),
                    target: 'codeDialog',
                    actions: 'takeRefusal',
                    description:
                      'Code expired or used (10), wrong (11) or none sent (4597): the dialog says so; the countdown goes on where it was, then a new code may be asked for.',
                    meta: accept('codeExpired'),
                  },
                  [1, 2, 5, 4000],
                  'The account is no longer found (1, 2), format (5) or country code (4000): the code form again, saying why.',
                ),
                onError: {
                  target: 'codeDialog.canResend',
                  actions: 'recordError',
                  description: 'Unexpected failure: the dialog stays, with a new code allowed at once; the error is recorded.',
                },
              },
            },
          },
        },
        ...googleStates,
        notVerified: {
          description: 'Not confirmed yet (9): the notice offers to send the confirmation link again (spec sections 8 and 9).',
          on: {
            NOTICE_DISMISSED: {
              target: 'choosingTab',
              actions: 'clearRefusal',
              description: 'The customer leaves the notice (after resending the link, or not): back to the log-in form.',
            },
          },
        },
        locked: {
          description: 'Locked (17) after too many failed attempts (15 minutes, escalating; docs/decisions/006): the notice says so.',
          meta: accept('locked'),
          on: {
            NOTICE_DISMISSED: {
              target: 'choosingTab',
              actions: 'clearRefusal',
              description: 'The customer leaves the lock notice: back to the log-in form, to try again once the lock is over.',
            },
          },
        },
        blocked: {
          description: 'Not allowed to log in (197) or blocked (7004): the notice says this account cannot log in here.',
          on: {
            NOTICE_DISMISSED: {
              target: 'choosingTab',
              actions: 'clearRefusal',
              description: 'The customer leaves the notice: back to the log-in form, to log in with another account.',
            },
          },
        },
      },
    },
    loggedIn: {
      description: 'Signed in: the session is stored and the customer goes back to where they came from (spec section 4).',
      meta: accept('loggedIn'),
      type: 'final',
      entry: [
        { type: 'storeUserInfo', params: ({ context }) => ({ userInfo: context.userInfo! }) },
        { type: 'returnToOrigin', params: ({ context }) => ({ to: context.returnTo }) },
      ],
    },
    leftForNotice: {
      description: "The TV box's log-in was refused: the customer is on the notice page (/notice?type=stbLoginErr; spec section 8).",
      type: 'final',
    },
  },
});

export type LoginMachine = typeof loginMachine;
