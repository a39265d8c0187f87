// What the order's page does while the card holder's bank disputes its payment (docs/decisions/059,
// docs/decisions/059): it shows the chargeback's status and what it means, and follows it, at the
// customer's asking, until the banks close it: charged back (the money went back to the holder,
// the service ended), rejected (the payment stands) or withdrawn.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, refusedWith, saying } from '../expected-refusals';
import type { DisputeActors } from './dispute.actors';
import { DisputeCode, type DisputeContext, type DisputeEvent, type DisputeInput } from './dispute.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type DisputeMachineEvent = DisputeEvent | InvocationEvents<DisputeActors>;

export const disputeSetup = setup({
  types: {
    context: {} as DisputeContext,
    events: {} as DisputeMachineEvent,
    input: {} as DisputeInput,
  },
  actors: {} as DisputeActors,
  guards: {
    refusedWith: isRefusedWith,
    /** The network still has the dispute open: the banks have not decided. */
    isOpen: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadDispute');
      return event.output.kind === 'found' && event.output.dispute.closedAt === undefined;
    },
  },
  actions: {
    takeDispute: assign({
      dispute: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadDispute');
        return event.output.kind === 'found' ? event.output.dispute : null;
      },
    }),
    recordError: assign({ error: invocationError }),
  },
});

export const disputeMachine = disputeSetup.createMachine({
  id: 'dispute',
  description: "The order page's chargeback panel: the status of the bank's dispute of the payment, what it means, followed until it closes.",
  context: ({ input }) => ({ orderId: input.orderId, dispute: null, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: "The order's page asks for the latest status of the dispute of its payment.",
      tags: ['busy'],
      invoke: {
        id: 'loadDispute',
        src: 'loadDispute',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: refusedWith(DisputeCode.noDispute),
            target: 'none',
            actions: 'takeDispute',
            meta: saying({ [DisputeCode.noDispute]: null }),
            description: 'Refused (8501): the payment was never disputed; the page shows no chargeback panel.',
          },
          {
            guard: 'isOpen',
            target: 'open',
            actions: 'takeDispute',
            description: 'The dispute is still open: the banks are deciding (the order reads "Chargeback pending").',
          },
          {
            target: 'closed',
            actions: 'takeDispute',
            description: 'The dispute is closed: charged back (the money went back), rejected (the payment stands) or withdrawn.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Reading the dispute failed unexpectedly (network, fault): the customer may try again.',
        },
      },
    },
    open: {
      description:
        'The customer reads "Chargeback pending": the bank is reviewing the dispute of this payment, and the service goes on meanwhile; a button asks for the latest status.',
      on: {
        REFRESH_REQUESTED: {
          target: 'loading',
          description: 'The customer asks for the latest status of the dispute ("Refresh").',
        },
      },
    },
    closed: {
      description:
        'The customer reads how the dispute ended and what it means: charged back (money returned, service ended, the card no longer renews), rejected (the payment stands, service goes on) or cancelled (withdrawn, service goes on).',
    },
    none: {
      description: 'The payment was never disputed: nothing about chargebacks is shown.',
    },
    failure: {
      description: 'The status of the dispute could not be read: the customer reads so and may try again.',
      on: {
        RETRY_REQUESTED: {
          target: 'loading',
          description: 'The customer tries reading the dispute again.',
        },
      },
    },
  },
});

export type DisputeMachine = typeof disputeMachine;
