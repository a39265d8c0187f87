// The login machine's setup (machines/login/login.machine.ts builds the states on it): its
// events, the guards that route the calls' answers, the countdown, and the actions, the app's
// effects among them (filled in with `.provide`); and where a log-in's answer goes.
import { assertEvent, assign, setup } from 'xstate';
import type { UserInfo } from '../../core/session/store';
import { DEFAULT_COUNTDOWN } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, otherRefusals, refusedWith, saying } from '../expected-refusals';
import { resendDeadline, untilResend } from '../send-code';
import type { LoginActors } from './login.actors';
import type { LoginContext, LoginEvent, LoginInput, LoginTab } from './login.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type LoginMachineEvent = LoginEvent | InvocationEvents<LoginActors>;

/** The calls that answer a session or a refusal. */
const LOGINS = [
  'xstate.done.actor.tokenLogin',
  'xstate.done.actor.passwordLogin',
  'xstate.done.actor.codeLogin',
  'xstate.done.actor.googleLogin',
  'xstate.done.actor.googleSignup',
] as const;
/** Every call whose answer the guards route (the log-ins, and sending a code). */
const ANSWERS = [...LOGINS, 'xstate.done.actor.sendCode'] as const;

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
    refusedWith: isRefusedWith,
    /** Spec section 8: in the STB scene the client has already gone to the notice page for 201/203. */
    isStbScene: ({ context }) => context.scene === 'STB',
    hasGoogle: ({ context }) => context.googleClientId !== null,
  },
  delays: {
    /** Spec sections 7 and 9: the resend countdown, from configuration, 60 s by default, counted from the send. */
    resendCountdown: untilResend,
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
    takeTooFrequent: assign({ errCode: -3031, resendAt: ({ context }) => resendDeadline(context.countdownSeconds) }),
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
    takeSent: assign(({ event, context }) => {
      assertEvent(event, 'xstate.done.actor.sendCode');
      const countdownSeconds = event.output.kind === 'sent' && event.output.resendAfter > 0 ? event.output.resendAfter : context.countdownSeconds;
      return { countdownSeconds, resendAt: resendDeadline(countdownSeconds) };
    }),
    recordError: assign({ error: invocationError }),
    takeGoogleCredential: assign({
      googleCredential: ({ event }) => {
        assertEvent(event, 'GOOGLE_CREDENTIAL_RECEIVED');
        return event.credential;
      },
    }),
    // Declined, or used: the token is not kept beyond the offer it was for.
    dropGoogleCredential: assign({ googleCredential: null }),
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
 * verified, 17 locked, 197 not allowed or 7004 blocked, each to its notice; the call's `other`
 * refusals back to the form, saying why (`refused`).
 */
export const loginAnswers = <const Own extends { guard: ReturnType<typeof refusedWith>; target: string; actions: string; description: string }>(
  own: Own,
  other: readonly number[],
  refused: string,
) =>
  [
    {
      guard: 'isLoggedIn',
      target: '#login.loggedIn',
      actions: 'takeSession',
      description: 'Right: the customer is signed in and goes back to where they came from (spec section 4).',
    },
    own,
    {
      guard: refusedWith(9),
      target: '#login.form.notVerified',
      actions: 'takeRefusal',
      description: 'Not confirmed yet (9): the notice offers to send the confirmation link again (spec section 8).',
      meta: saying({ 9: 'login.notVerified' }),
    },
    {
      guard: refusedWith(17),
      target: '#login.form.locked',
      actions: 'takeRefusal',
      description: 'Locked (17) after too many failed attempts: the notice says so (15 minutes, escalating; docs/decisions/006).',
      meta: saying({ 17: 'login.locked' }),
    },
    {
      guard: refusedWith(197, 7004),
      target: '#login.form.blocked',
      actions: 'takeRefusal',
      description: 'Not allowed to log in (197) or blocked (7004): the notice says this account cannot log in here.',
      meta: saying({ 197: 'login.typeNotAllowed', 7004: 'login.blockedAccount' }),
    },
    { target: 'editing', actions: 'takeRefusal', meta: otherRefusals(...other), description: refused },
  ] as const;
