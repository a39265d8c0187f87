// The 7-day withdrawal of a purchase (CDC art. 49, docs/decisions/058), from the receipt page: the
// customer confirms, giving a bank account (boleto, transfer) or an address (crypto) when the
// money cannot go back the way it came; the order goes REFUND_PENDING and the provider refunds
// it (a card at once; the others later, by their signed webhook). A refund still pending may be
// cancelled. The order's status itself is the receipt page's query, read again after each answer.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { criteriaFor } from '../acceptance';
import { isRefusedWith, refusedWith } from '../expected-refusals';
import type { WithdrawalActors } from './withdrawal.actors';
import type { acceptanceCriteria } from './withdrawal.criteria';
import {
  closingCodes,
  destinationCodes,
  WithdrawalCode,
  type Refund,
  type WithdrawalContext,
  type WithdrawalEvent,
  type WithdrawalInput,
  type WithdrawDetails,
} from './withdrawal.types';

export type WithdrawalMachineEvent = WithdrawalEvent | InvocationEvents<WithdrawalActors>;

/** Whether the server answered with the refund standing at `status`. */
const refundStatusIs =
  (status: Refund['status']) =>
  ({ event }: { event: { type: string } }) =>
    (event as { output?: { kind: string } }).output?.kind === status;

export const withdrawalSetup = setup({
  types: {
    context: {} as WithdrawalContext & { details: WithdrawDetails },
    events: {} as WithdrawalMachineEvent,
    input: {} as WithdrawalInput,
  },
  actors: {} as WithdrawalActors,
  guards: {
    refusedWith: isRefusedWith,
    isRefundPending: ({ context }) => context.refundPending,
    isRefunded: refundStatusIs('succeeded'),
    isRefundRejected: refundStatusIs('rejected'),
  },
  actions: {
    takeDetails: assign({
      details: ({ event }) => {
        assertEvent(event, 'WITHDRAW_CONFIRMED');
        return { ...(event.bankAccount ? { bankAccount: event.bankAccount } : {}), ...(event.refundAddress ? { refundAddress: event.refundAddress } : {}) };
      },
    }),
    takeRefund: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.withdraw', 'xstate.done.actor.cancelRefund']);
      const output = event.output;
      if (output.kind === 'refused') return { errCode: output.errCode };
      return { refund: output.refund, refundPending: output.refund.status === 'pending', errCode: null };
    }),
    clearRefusal: assign({ errCode: null }),
    recordError: assign({ error: invocationError }),
  },
});

/** The acceptance criteria the states and transitions name (docs/decisions/074); their texts stay out of the bundle. */
const accept = criteriaFor<keyof typeof acceptanceCriteria>();

export const withdrawalMachine = withdrawalSetup.createMachine({
  id: 'withdrawal',
  description: 'Withdrawing from a purchase within 7 days of its payment (cancel and refund), and cancelling a refund request still pending.',
  context: ({ input }) => ({ ...input, refund: null, errCode: null, error: undefined, details: {} }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The receipt page opens with what the order allows.',
      always: [
        { guard: 'isRefundPending', target: 'pending', description: 'The order’s refund is already pending: the customer may cancel it.' },
        { target: 'idle', description: 'A paid purchase within its 7 days: "Withdraw (cancel and refund)" is offered.' },
      ],
    },
    idle: {
      description: 'The receipt shows "Withdraw (cancel and refund)", with until when it is offered.',
      on: {
        WITHDRAW_REQUESTED: {
          target: 'confirming',
          actions: 'clearRefusal',
          description: 'The customer asks to withdraw: the page explains what happens and asks to confirm.',
        },
      },
    },
    confirming: {
      description:
        'The customer reads that the plan ends and the full amount goes back, and gives a bank account (boleto, transfer) or an address (crypto) when one is needed.',
      on: {
        WITHDRAW_CONFIRMED: {
          target: 'withdrawing',
          actions: 'takeDetails',
          description: 'The customer confirms the withdrawal: the refund is asked for.',
        },
        WITHDRAW_DISMISSED: {
          target: 'idle',
          actions: 'clearRefusal',
          description: 'The customer keeps the purchase: nothing changes.',
        },
      },
    },
    withdrawing: {
      description: 'The refund is being asked for; the confirmation waits for the server.',
      tags: ['busy'],
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ orderId: context.orderId, ...context.details }),
        onDone: [
          {
            guard: refusedWith(...destinationCodes),
            target: 'confirming',
            actions: 'takeRefund',
            description:
              'Refused (8403, 8404, 8405): the bank account, its holder’s CPF or the address will not do; the customer reads why beside the field and corrects it.',
          },
          {
            guard: refusedWith(...closingCodes),
            target: 'closed',
            actions: 'takeRefund',
            description:
              'Refused (8401 past the 7 days, 8402 no longer withdrawable, 8407 support must refund this payment, 8408 the card holder’s bank disputes the payment): the customer reads why.',
            meta: accept('windowPassed', 'disputeOpen'),
          },
          {
            guard: 'isRefunded',
            target: 'refunded',
            actions: 'takeRefund',
            description: 'Refunded at once (a card reversal): the order is REFUND_SUCCEEDED and the plan has ended.',
          },
          {
            guard: 'isRefundRejected',
            target: 'rejected',
            actions: 'takeRefund',
            description: 'The provider refused the refund at once: the order is REFUND_REJECTED and stays paid; the customer may try again.',
          },
          {
            target: 'pending',
            actions: 'takeRefund',
            description: 'The refund was asked for: the order is REFUND_PENDING until the provider makes it; the plan runs meanwhile.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Asking for the refund failed unexpectedly (network, fault): the customer may look again.',
        },
      },
    },
    pending: {
      description: 'The receipt says "Refund pending": the money goes back once the provider makes it; the customer may cancel the request.',
      meta: accept('pending'),
      on: {
        CANCEL_REQUESTED: {
          target: 'cancelling',
          actions: 'clearRefusal',
          description: 'The customer cancels the refund request and keeps the purchase.',
        },
      },
    },
    cancelling: {
      description: 'The refund request is being cancelled.',
      tags: ['busy'],
      invoke: {
        id: 'cancelRefund',
        src: 'cancelRefund',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: refusedWith(WithdrawalCode.notCancellable),
            target: 'closed',
            actions: 'takeRefund',
            description: 'Refused (8406): the refund was already made or refused; the customer reads so and the page shows where the order stands.',
          },
          {
            target: 'cancelled',
            actions: 'takeRefund',
            description: 'Cancelled: the order is REFUND_CANCELLED, nothing is refunded and the plan goes on.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Cancelling failed unexpectedly (network, fault): the refund stays pending; the customer may look again.',
        },
      },
    },
    refunded: {
      description: 'The receipt says "Refunded": the money went back and the plan this order gave has ended.',
      meta: accept('refunded'),
      type: 'final',
    },
    rejected: {
      description: 'The receipt says the refund was refused, and why; the purchase stays paid.',
      on: {
        WITHDRAW_REQUESTED: {
          target: 'confirming',
          actions: 'clearRefusal',
          description: 'The customer withdraws again (another bank account), while the 7 days last.',
        },
      },
    },
    cancelled: {
      description: 'The receipt says the refund request was cancelled: the purchase stays paid.',
      meta: accept('cancelled'),
      on: {
        WITHDRAW_REQUESTED: {
          target: 'confirming',
          actions: 'clearRefusal',
          description: 'The customer changes their mind again and withdraws, while the 7 days last.',
        },
      },
    },
    closed: {
      description: 'The server refused: the customer reads why; the page shows where the order stands.',
      type: 'final',
    },
    failure: {
      description: 'Something failed unexpectedly: the customer reads so and may look again.',
      on: {
        RETRY_REQUESTED: {
          target: 'opening',
          description: 'The customer looks again: the page shows what the order now allows.',
        },
      },
    },
  },
});

export type WithdrawalMachine = typeof withdrawalMachine;
