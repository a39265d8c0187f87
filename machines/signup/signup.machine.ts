// Sign-up (spec sections 2 and 5; docs/decisions/005): an email account gets a confirmation link
// and logs in once it is followed; a phone account is signed in at once. Terms and privacy must be
// accepted (the event cannot be built without it). Storage and navigation are the app's actions.
import { assertEvent, assign, setup } from 'xstate';
import type { UserInfo } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, otherRefusals, refusedWith, saying } from '../expected-refusals';
import type { SignupActors } from './signup.actors';
import type { SignupAnswer, SignupContext, SignupEvent, SignupInput } from './signup.types';

/** The user's events and the sign-up call's answer, as its actor types it. */
export type SignupMachineEvent = SignupEvent | InvocationEvents<SignupActors>;

const answerOf = (event: SignupMachineEvent): SignupAnswer => {
  assertEvent(event, 'xstate.done.actor.signup');
  return event.output;
};

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupMachineEvent,
    input: {} as SignupInput,
  },
  actors: {} as SignupActors,
  guards: {
    isConfirmationSent: ({ event }) => answerOf(event).kind === 'confirmationSent',
    isSignedUp: ({ event }) => answerOf(event).kind === 'signedUp',
    refusedWith: isRefusedWith,
  },
  actions: {
    takeAnswer: assign(({ event }) => {
      const answer = answerOf(event);
      if (answer.kind === 'refused') return { errCode: answer.errCode };
      if (answer.kind === 'signedUp') return { account: answer.account, userInfo: answer.userInfo, errCode: null };
      return { account: answer.account, errCode: null };
    }),
    clearRefusal: assign({ errCode: null, error: undefined }),
    recordError: assign({ error: invocationError }),
    // The app's effects, filled in with `.provide` (src/queries/flows/signup-flow.ts).
    storeUserInfo: (_, _params: { userInfo: UserInfo }) => {},
    returnToOrigin: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'signup',
  description: 'Sign-up (spec sections 2, 5): an email account confirms its address by a mailed link; a phone account is signed in at once.',
  context: ({ input }) => ({ ...input, account: null, errCode: null, error: undefined, userInfo: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The customer fills in account, name and password and accepts the terms; the form checks them first (spec section 5).',
      on: {
        SIGNUP_SUBMITTED: {
          target: 'signingUp',
          actions: 'clearRefusal',
          description: 'The customer submits the form, terms and privacy policy accepted: the account is created.',
        },
      },
    },
    signingUp: {
      description: "Creating the account (POST /api/user/signup/v1, with the page's language); the button is disabled meanwhile.",
      tags: ['busy'],
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context, event }) => {
          assertEvent(event, 'SIGNUP_SUBMITTED');
          return { fields: event.fields, language: context.language };
        },
        onDone: [
          {
            guard: 'isConfirmationSent',
            target: 'awaitingConfirmation',
            actions: 'takeAnswer',
            description: 'An email account was created: a confirmation link went out, to follow before logging in (ADR 005).',
          },
          {
            guard: 'isSignedUp',
            target: 'signedUp',
            actions: 'takeAnswer',
            description: 'A phone account was created and works at once: the customer is signed in.',
          },
          {
            guard: refusedWith(6, 13),
            target: 'accountExists',
            actions: 'takeAnswer',
            meta: saying({ 6: 'register.exists', 13: 'register.exists' }),
            description: 'The email (6) or phone (13) already has an account: the page offers to log in or recover it (spec section 8).',
          },
          {
            target: 'editing',
            actions: 'takeAnswer',
            meta: otherRefusals(4, 5, 8, 12, 32, 187, 4000),
            description: 'Empty (4, 12), format (5, 8, 32), address taken (187) or country code (4000): the form says what to fix.',
          },
        ],
        onError: {
          target: 'editing',
          actions: 'recordError',
          description: 'Unexpected failure (network, -2499): the form stays, saying it failed; the error is recorded.',
        },
      },
    },
    accountExists: {
      description: 'The account already exists: the customer logs in or recovers it, or changes the address and tries again.',
      on: {
        NOTICE_DISMISSED: {
          target: 'editing',
          actions: 'clearRefusal',
          description: 'The customer chooses to use another email or phone number: back to the form.',
        },
        SIGNUP_SUBMITTED: { target: 'signingUp', actions: 'clearRefusal', description: 'The customer changes the account and submits the form again.' },
      },
    },
    awaitingConfirmation: {
      description: 'The page says where the confirmation link went; /resend-confirm sends another one.',
      type: 'final',
    },
    signedUp: {
      description: 'Signed up and in: the session is stored and the customer goes back to where they came from (spec section 4).',
      type: 'final',
      entry: [
        { type: 'storeUserInfo', params: ({ context }) => ({ userInfo: context.userInfo! }) },
        { type: 'returnToOrigin', params: ({ context }) => ({ to: context.returnTo }) },
      ],
    },
  },
});

export type SignupMachine = typeof signupMachine;
