// Repay (spec sections 2 (/payment with an orderId, /caishenRepay), 4 and 7 (repay/v1);
// docs/decisions/009 and 011): an existing unpaid or failed order → a method → paying it. The plan,
// currency and discount code stay the order's; paying is the payment flow (machines/payment), the
// same one checkout runs. Calls come from createRepayActors(api).
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import {
  chosenInstallments,
  clampInstallments,
  declinedCode,
  newIdempotencyKey,
  paidFlowOutcome,
  payingState,
  paymentEnded,
  paymentOutcomeOf,
  repayRequest,
  typedEmail,
} from '../payment/payment.guards';
import { awaitsCustomerMoney } from '../../core/config/order-status';
import type { Order, OrderStatus } from '../payment/payment.types';
import type { RepayActors } from './repay.actors';
import type { RepayContext, RepayEvent, RepayInput, RepayOutcome } from './repay.types';

/** The customer's events and the answers of the flow's calls, as each actor types them. */
export type RepayMachineEvent = RepayEvent | InvocationEvents<RepayActors>;

/** Spec section 3: the statuses in which an order can still be paid. */
const OPEN: OrderStatus[] = ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'];
/**
 * Open, but its last charge got no answer: the card may have been charged, so it is not paid
 * again until reconciliation settles it (docs/decisions/036); the server refuses it with 1015.
 */
const AWAITING_CONFIRMATION: OrderStatus[] = ['NETWORK_ERROR'];

const orderOf = (event: RepayMachineEvent): Order => {
  assertEvent(event, 'xstate.done.actor.loadOrder');
  return event.output;
};

export const repaySetup = setup({
  types: {
    context: {} as RepayContext,
    events: {} as RepayMachineEvent,
    input: {} as RepayInput,
    output: {} as RepayOutcome,
    // The child flow the view shows, by invocation id: the payment panels.
    children: {} as { payment: 'payment' },
  },
  actors: {} as RepayActors,
  guards: {
    isOpen: ({ event }) => OPEN.includes(orderOf(event).status),
    isAwaitingConfirmation: ({ event }) => AWAITING_CONFIRMATION.includes(orderOf(event).status),
    awaitsMoney: ({ event }) => awaitsCustomerMoney(orderOf(event)),
    isPaid: paymentEnded('paid'),
    isDeclined: paymentEnded('declined'),
    isRedirected: paymentEnded('redirected'),
    isPending: paymentEnded('pending'),
    isClosed: paymentEnded('closed'),
    canPay: ({ context }) => context.methodCode !== undefined && context.email !== '',
  },
  actions: {
    takeOrder: assign(({ event }) => {
      const order = orderOf(event);
      return { order, email: order.email ?? '' };
    }),
    takeMethods: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadMethods');
      const methods = event.output;
      // The order's own method first, when it is still offered.
      const methodCode = methods.find((m) => m.code === context.order?.paymentMethod)?.code ?? methods[0]?.code;
      const method = methods.find((m) => m.code === methodCode);
      return { methods, methodCode, installments: clampInstallments(context.order?.installments ?? context.defaultInstallments, method) };
    }),
    selectMethod: assign(({ context, event }) => {
      assertEvent(event, 'METHOD_SELECTED');
      return {
        methodCode: event.code,
        installments: clampInstallments(
          context.defaultInstallments,
          context.methods.find((m) => m.code === event.code),
        ),
        payErrCode: undefined,
      };
    }),
    setInstallments: assign({ installments: chosenInstallments }),
    setEmail: assign({ email: typedEmail }),
    startPayment: assign({ idempotencyKey: () => newIdempotencyKey('repay'), payErrCode: undefined }),
    takePayRefusal: assign({ payErrCode: ({ event }) => declinedCode(event) }),
    endWith: assign({ outcome: ({ context, event }) => paidFlowOutcome(paymentOutcomeOf(event), context.orderId) }),
    endClosed: assign({ outcome: ({ context }): RepayOutcome => ({ kind: 'closed', orderId: context.orderId }) }),
    endResuming: assign({ outcome: ({ context }): RepayOutcome => ({ kind: 'resume', orderId: context.orderId }) }),
    endAwaiting: assign({ outcome: ({ context }): RepayOutcome => ({ kind: 'pending', orderId: context.orderId }) }),
    recordError: assign({ error: invocationError }),
    /** The repay ended (every final state): the app goes where the outcome leads (src/queries/flows). */
    finished: (_, _params: { outcome: RepayOutcome }) => {},
  },
});

/** The `finished` action of every final state, with the outcome the transition into it recorded. */
const finished = { type: 'finished', params: ({ context }: { context: RepayContext }) => ({ outcome: context.outcome! }) } as const;

export const repayMachine = repaySetup.createMachine({
  id: 'repay',
  description: 'Paying an unpaid or failed order again (spec sections 2, 4, 7): its plan, currency and code stay; a method, then paying.',
  context: ({ input }) => ({
    ...input,
    order: undefined,
    methods: [],
    methodCode: undefined,
    installments: input.defaultInstallments,
    email: '',
    payErrCode: undefined,
    idempotencyKey: newIdempotencyKey('repay'),
    outcome: undefined,
    error: undefined,
  }),
  initial: 'loadingOrder',
  output: ({ context }) => context.outcome ?? { kind: 'closed', orderId: context.orderId },
  states: {
    loadingOrder: {
      description: "The order to pay again is loaded: only an unfinished order can be paid (spec section 3's statuses).",
      tags: ['loading'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          // It ends as the payment flow's unanswered charge does, waiting for the money.
          {
            guard: 'isAwaitingConfirmation',
            target: 'pending',
            actions: ['takeOrder', 'endAwaiting'],
            description: 'Its last charge got no answer (NETWORK_ERROR): not paid again until confirmed; the customer is told to look later.',
          },
          {
            guard: 'awaitsMoney',
            target: 'awaitingMoney',
            actions: 'takeOrder',
            description: 'A PIX code, slip, transfer or crypto quote of the order is still to pay: the customer is asked before anything replaces it.',
          },
          {
            guard: 'isOpen',
            target: 'loadingMethods',
            actions: 'takeOrder',
            description: 'The order is unfinished (submitted, pending or failed): the methods to pay it with are loaded.',
          },
          {
            target: 'closed',
            actions: ['takeOrder', 'endClosed'],
            description: 'The order can no longer be paid (paid meanwhile, cancelled or expired): the customer is told so.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: "The order could not be loaded (1001: not the customer's or unknown; network): the client has said so.",
        },
      },
    },
    // docs/decisions/052: paying again cancels the code or slip the customer may already have paid
    // at the bank, so it is never done without asking.
    awaitingMoney: {
      description:
        'The order waits for money the customer sends: they choose to see its PIX code, slip, transfer details or quote again, or to pay another way.',
      on: {
        SHOW_AGAIN_CHOSEN: {
          target: 'resuming',
          actions: 'endResuming',
          description: 'The customer wants the same code, slip or details again: the page that shows them takes over, nothing is replaced.',
        },
        OTHER_METHOD_CHOSEN: {
          target: 'loadingMethods',
          description: 'The customer pays another way: the methods are loaded; paying will cancel the pending code, slip or quote.',
        },
      },
    },
    loadingMethods: {
      description: "The methods offered for the order's plan and currency and the customer's country are loaded for the form.",
      tags: ['loading'],
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        input: ({ context }) => ({ planId: context.order?.items[0]?.planId ?? '', country: context.country, currency: context.order?.currency ?? 'BRL' }),
        onDone: {
          target: 'editing',
          actions: 'takeMethods',
          description: "The methods are in: the order's own method is selected when it is still offered, else the first one.",
        },
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The methods could not be loaded (network, server fault): the customer sees it failed and may try again.',
        },
      },
    },
    editing: {
      description: 'The payment form for the order: the customer picks the method, instalments and receipt email, then pays.',
      tags: ['form'],
      on: {
        METHOD_SELECTED: {
          actions: 'selectMethod',
          description: 'The customer picks another method: instalments go back to the default (spec section 9), as far as it allows.',
        },
        INSTALLMENTS_CHANGED: {
          actions: 'setInstallments',
          description: 'The customer picks another number of instalments, as far as the chosen method allows.',
        },
        EMAIL_CHANGED: { actions: 'setEmail', description: 'The customer types the email that the payment information and the receipt are sent to.' },
        PAY_SUBMITTED: {
          guard: 'canPay',
          target: 'paying',
          actions: 'startPayment',
          description: 'The customer presses Pay with a method and an email: the order is paid again, under a new idempotency key.',
        },
      },
    },
    paying: payingState((context: RepayContext, details) => repayRequest(context.orderId, context, details), 'editing'),
    failure: {
      description: 'Something unexpected (recorded; the client already said what): the order could not be shown, and may be tried again.',
      on: { RETRY: { target: 'loadingOrder', description: 'The customer tries again: the order is loaded again from the start.' } },
    },
    paid: { description: 'The order is paid: the customer is taken to the payment result, and the plan is active.', type: 'final', entry: finished },
    pending: {
      description: 'The money is on its way, or the last charge awaits confirmation: the customer is told when to look again.',
      type: 'final',
      entry: finished,
    },
    redirected: {
      description: "The customer left for PayPal's or the e-wallet's page to approve the payment, to come back to /payment-redirect.",
      type: 'final',
      entry: finished,
    },
    resuming: {
      description: 'The customer is taken to the pending PIX code, slip, transfer details or quote of the order, the same as before.',
      type: 'final',
      entry: finished,
    },
    closed: {
      description: 'The order can no longer be paid (paid meanwhile, cancelled, expired): the customer is told and may order again.',
      type: 'final',
      entry: finished,
    },
  },
});

export type RepayMachine = typeof repayMachine;
