// "Delete my account" in settings (docs/decisions/061, LGPD art. 18 VI): a dialog says what will
// happen and asks for the password; the server refuses while money may still move (a payment
// awaited, a refund open), else ends every session, cancels the renewal, erases the personal data
// and keeps the orders anonymised. The customer is then signed out on this device too and reads
// a confirmation page; an e-mail confirms it.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, refusedWith } from '../expected-refusals';
import type { AccountDeletionActors } from './account-deletion.actors';
import { AccountDeletionCode as Code, type AccountDeletionContext, type AccountDeletionEvent } from './account-deletion.types';

export type AccountDeletionMachineEvent = AccountDeletionEvent | InvocationEvents<AccountDeletionActors>;

export const accountDeletionSetup = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionMachineEvent,
  },
  actors: {} as AccountDeletionActors,
  guards: {
    refusedWith: isRefusedWith,
  },
  actions: {
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.deleteAccount');
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    clearRefusal: assign({ errCode: null }),
    recordError: assign({ error: invocationError }),
    /** Signs this device out without asking the server (its session is already gone); the app layer fills it in. */
    endSession: () => {},
    /** Opens the confirmation page; the app layer fills it in. */
    showConfirmation: () => {},
  },
});

const request = (after: string) => ({
  DELETE_REQUESTED: {
    target: '#accountDeletion.confirming',
    actions: 'clearRefusal' as const,
    description: `${after}: the customer asks to delete the account ("Delete my account"); a dialog says what will happen and asks for the password.`,
  },
});

export const accountDeletionMachine = accountDeletionSetup.createMachine({
  id: 'accountDeletion',
  description: "Deleting the customer's account from settings, after the password, unless a payment or refund is still open.",
  context: { errCode: null, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'Settings shows "Delete my account" with what it does.',
      on: request('From settings'),
    },
    confirming: {
      description:
        'A dialog says what will happen (every device signed out, renewal cancelled, personal data erased, orders kept anonymised) and asks for the password; after a wrong one it says so.',
      on: {
        DELETE_CONFIRMED: { target: 'deleting', description: 'The customer types the password and confirms: the account is deleted now.' },
        DELETE_DISMISSED: { target: 'idle', actions: 'clearRefusal', description: 'The customer keeps the account: the dialog closes and nothing changes.' },
      },
    },
    deleting: {
      description: 'The account is being deleted; the dialog waits for the server.',
      tags: ['busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ event }) => {
          assertEvent(event, 'DELETE_CONFIRMED');
          return { password: event.password };
        },
        onDone: [
          {
            guard: refusedWith(Code.wrongPassword),
            target: 'confirming',
            actions: 'takeRefusal',
            description: 'Refused (8701): the password is wrong; the dialog stays open and says so under the field.',
          },
          {
            guard: refusedWith(Code.locked, Code.noPassword, Code.paymentPending, Code.refundOpen),
            target: 'refused',
            actions: 'takeRefusal',
            description:
              'Refused: too many wrong passwords (17), no password to confirm with (8702), an order awaiting payment (8703) or an open refund or chargeback (8704); nothing was deleted.',
          },
          {
            target: 'deleted',
            actions: ['showConfirmation', 'endSession'],
            description: 'Deleted (docs/decisions/061): this device is signed out too and the confirmation page opens; an e-mail confirms it.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Deleting failed unexpectedly (network, fault): the account stays as it was, and the customer may try again.',
        },
      },
    },
    refused: {
      description: 'The dialog closed and settings says why the account cannot be deleted yet; nothing was deleted.',
      on: request('After a refusal'),
    },
    failure: {
      description: 'Deleting failed for an unexpected reason: the customer reads so and may try again; nothing changed.',
      on: request('After a failure'),
    },
    deleted: {
      description: 'The account is deleted: the customer is signed out and reads the confirmation page.',
      type: 'final',
    },
  },
});

export type AccountDeletionMachine = typeof accountDeletionMachine;
