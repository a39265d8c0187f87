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
      tags: ['loading'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        // Only an unfinished order can be paid again (spec section 3's statuses), and not while
        // its last charge awaits confirmation: it ends as the payment flow's unanswered charge
        // does, waiting for the money (the result page says when to look again).
        onDone: [
          { guard: 'isAwaitingConfirmation', target: 'pending', actions: ['takeOrder', 'endAwaiting'] },
          { guard: 'isOpen', target: 'loadingMethods', actions: 'takeOrder' },
          { target: 'closed', actions: ['takeOrder', 'endClosed'] },
        ],
        // 1001 (not the customer's, or unknown): the client has said so.
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    loadingMethods: {
      tags: ['loading'],
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        input: ({ context }) => ({ planId: context.order?.items[0]?.planId ?? '', country: context.country, currency: context.order?.currency ?? 'BRL' }),
        onDone: { target: 'editing', actions: 'takeMethods' },
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        METHOD_SELECTED: { actions: 'selectMethod' },
        INSTALLMENTS_CHANGED: { actions: 'setInstallments' },
        EMAIL_CHANGED: { actions: 'setEmail' },
        PAY_SUBMITTED: { guard: 'canPay', target: 'paying', actions: 'startPayment' },
      },
    },
    paying: payingState((context: RepayContext, details) => repayRequest(context.orderId, context, details), 'editing'),
    failure: {
      on: { RETRY: { target: 'loadingOrder' } },
    },
    paid: { type: 'final', entry: finished },
    pending: { type: 'final', entry: finished },
    redirected: { type: 'final', entry: finished },
    closed: { type: 'final', entry: finished },
  },
});

export type RepayMachine = typeof repayMachine;
