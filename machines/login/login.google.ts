// The login form's Google states (spec sections 2 and 7; docs/decisions/007 and 047): the log-in
// with Google's ID token and, when no account uses that Google identity or address, the offer to
// create one with it, the terms of use accepted on the way. Built on the login machine's setup;
// the machine places them under its form (login.machine.ts).
import { assertEvent } from 'xstate';
import { otherRefusals, refusedWith, saying } from '../expected-refusals';
import { loginSetup } from './login.setup';

const loggingInWithGoogle = loginSetup.createStateConfig({
  description: "Logging in with Google's ID token (spec section 7: POST /api/user/google/login/v1); a spinner shows.",
  tags: ['busy'],
  invoke: {
    id: 'googleLogin',
    src: 'googleLogin',
    input: ({ event }) => {
      assertEvent(event, 'GOOGLE_CREDENTIAL_RECEIVED');
      return { credential: event.credential };
    },
    onDone: [
      {
        guard: 'isLoggedIn',
        target: '#login.loggedIn',
        actions: 'takeSession',
        description: 'Google identity recognised: the customer is signed in and goes back to where they came from.',
      },
      {
        guard: refusedWith(1),
        target: 'offeringGoogleSignup',
        actions: 'takeRefusal',
        meta: saying({ 1: 'login.googleSignup.offer' }),
        description: 'No account uses this Google identity or address (1): the page offers to create one with Google (ADR 047).',
      },
      {
        guard: refusedWith(9),
        target: 'notVerified',
        actions: 'takeRefusal',
        description: 'Not confirmed yet (9): the notice offers to send the confirmation link again (spec section 8).',
        meta: saying({ 9: 'login.notVerified' }),
      },
      {
        guard: refusedWith(197, 7004),
        target: 'blocked',
        actions: 'takeRefusal',
        description: 'Not allowed to log in (197) or blocked (7004): the notice says this account cannot log in here.',
        meta: saying({ 197: 'login.typeNotAllowed', 7004: 'login.blockedAccount' }),
      },
      {
        target: 'choosingTab',
        actions: 'takeRefusal',
        meta: otherRefusals(21, 187, 4598, -24050),
        description: 'Address of another Google identity (187), bad token (21), Google off or down: the tabs, saying why.',
      },
    ],
    onError: {
      target: 'choosingTab',
      actions: 'recordError',
      description: 'Unexpected failure of the Google log-in: back to the tabs, the error recorded.',
    },
  },
});

const offeringGoogleSignup = loginSetup.createStateConfig({
  description: 'No account uses this Google address yet: the page offers to create one with Google, the terms of use to accept (spec section 5; ADR 047).',
  on: {
    GOOGLE_SIGNUP_CONFIRMED: {
      target: 'signingUpWithGoogle',
      actions: 'clearRefusal',
      description: 'The customer accepts the terms of use and asks for the account: it is created with the same Google sign-in.',
    },
    GOOGLE_SIGNUP_CANCELLED: {
      target: 'choosingTab',
      actions: ['clearRefusal', 'dropGoogleCredential'],
      description: 'The customer declines: back to the tabs, to log in another way; nothing is created.',
    },
  },
});

const signingUpWithGoogle = loginSetup.createStateConfig({
  description: 'Creating the account with Google (POST /api/user/google/signup/v1), in the language of the page; the button is busy.',
  tags: ['busy'],
  invoke: {
    id: 'googleSignup',
    src: 'googleSignup',
    input: ({ context, event }) => {
      assertEvent(event, 'GOOGLE_SIGNUP_CONFIRMED');
      return { credential: context.googleCredential!, acceptTerms: event.acceptTerms, language: event.language };
    },
    onDone: [
      {
        guard: 'isLoggedIn',
        target: '#login.loggedIn',
        actions: ['takeSession', 'dropGoogleCredential'],
        description: 'Account created, its address confirmed by Google: the customer is signed in and goes back to where they came from.',
      },
      {
        target: 'choosingTab',
        actions: ['takeRefusal', 'dropGoogleCredential'],
        meta: otherRefusals(6, 21, 4598, -24050),
        description: 'An account took this identity or address meanwhile (6), the token ran out (21), Google off or down: the tabs, saying why.',
      },
    ],
    onError: {
      target: 'choosingTab',
      actions: ['recordError', 'dropGoogleCredential'],
      description: 'Unexpected failure of the sign-up: back to the tabs, the error recorded; Google sign-in may be tried again.',
    },
  },
});

/** The form's Google states, by name. */
export const googleStates = { loggingInWithGoogle, offeringGoogleSignup, signingUpWithGoogle };
