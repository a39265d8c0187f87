// Sign-up (spec sections 2 and 5; docs/decisions/005): an email account gets a confirmation link
// and logs in once it is followed; a phone account is signed in at once. Terms and privacy must be
// accepted (the event cannot be built without it). Storage and navigation are the app's actions.
import { assertEvent, assign, setup } from 'xstate';
import type { UserInfo } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
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
    isAccountTaken: ({ event }) => {
      const answer = answerOf(event);
      return answer.kind === 'refused' && [6, 13].includes(answer.errCode);
    },
  },
  actions: {
    takeAnswer: assign(({ event }) => {
      const answer = answerOf(event);
      if (answer.kind === 'refused') return { errCode: answer.errCode };
      if (answer.kind === 'signedUp') return { account: answer.account, userInfo: answer.userInfo, errCode: null };
      return { account: answer.account, errCode: null };
    }),
    clearRefusal: assign({ errCode: null }),
    recordError: assign({ error: invocationError }),
    // The app's effects, filled in with `.provide` (src/queries/flows/signup-flow.ts).
    storeUserInfo: (_, _params: { userInfo: UserInfo }) => {},
    returnToOrigin: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({ ...input, account: null, errCode: null, error: undefined, userInfo: null }),
  initial: 'editing',
  states: {
    editing: {
      // Spec section 5: the form checks formats, password length and the terms before sending.
      on: { SIGNUP_SUBMITTED: { target: 'signingUp', actions: 'clearRefusal' } },
    },
    signingUp: {
      // Spec section 7: POST /api/user/signup/v1 with acceptTerms and the page's language.
      tags: ['busy'],
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context, event }) => {
          assertEvent(event, 'SIGNUP_SUBMITTED');
          return { fields: event.fields, language: context.language };
        },
        onDone: [
          // docs/decisions/005: an email account confirms its address before it can log in.
          { guard: 'isConfirmationSent', target: 'awaitingConfirmation', actions: 'takeAnswer' },
          // A phone account works at once: it is signed in and goes back where it came from.
          { guard: 'isSignedUp', target: 'signedUp', actions: 'takeAnswer' },
          // Spec section 8: 6 / 13 the account already exists: offer to log in or recover it.
          { guard: 'isAccountTaken', target: 'accountExists', actions: 'takeAnswer' },
          // 4, 5, 8, 12, 32, 187, 4000: the form says what to fix.
          { target: 'editing', actions: 'takeAnswer' },
        ],
        // Unexpected (network, -2499): the form stays, the error is recorded.
        onError: { target: 'editing', actions: 'recordError' },
      },
    },
    accountExists: {
      // The user logs in or recovers the account, or changes the address and tries again.
      on: {
        NOTICE_DISMISSED: { target: 'editing', actions: 'clearRefusal' },
        SIGNUP_SUBMITTED: { target: 'signingUp', actions: 'clearRefusal' },
      },
    },
    awaitingConfirmation: {
      // The page says where the link went; /resend-confirm sends another one.
      type: 'final',
    },
    signedUp: {
      // Spec section 4: userInfo is stored (session machine); back to where the user came from.
      type: 'final',
      entry: [
        { type: 'storeUserInfo', params: ({ context }) => ({ userInfo: context.userInfo! }) },
        { type: 'returnToOrigin', params: ({ context }) => ({ to: context.returnTo }) },
      ],
    },
  },
});

export type SignupMachine = typeof signupMachine;
