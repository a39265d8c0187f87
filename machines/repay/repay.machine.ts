// Repay (spec sections 2 (/payment with an orderId, /caishenRepay), 4 and 7 (repay/v1);
// docs/decisions/009 and 011): an existing unpaid or failed order → a method → paying it. The plan,
// currency and discount code stay the order's; paying is the payment flow (machines/payment), the
// same one checkout runs. Calls come from createRepayActors(api).
import { assign, setup } from 'xstate';
import type { Order, PaymentMethod } from '../checkout/checkout.types';
import { clampInstallments, newIdempotencyKey, onPaymentDone, paidFlowOutcome, paymentEnded, paymentOutcomeOf } from '../payment/payment.guards';
import type { PaymentOutcome } from '../payment/payment.types';
import type { RepayActors } from './repay.actors';
import type { RepayContext, RepayEvent, RepayInput, RepayOutcome } from './repay.types';
import { outputOf } from '../expected-refusals';


/** Spec section 3: the statuses in which an order can still be paid. */
const OPEN = ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'];
/**
 * Open, but its last charge got no answer: the card may have been charged, so it is not paid
 * again until reconciliation settles it (docs/decisions/036); the server refuses it with 1015.
 */
const AWAITING_CONFIRMATION = ['NETWORK_ERROR'];

export const repaySetup = setup({
  types: {
    context: {} as RepayContext,
    events: {} as RepayEvent,
    input: {} as RepayInput,
    output: {} as RepayOutcome,
  },
  actors: {} as RepayActors,
  guards: {
    isOpen: ({ event }) => OPEN.includes((outputOf(event) as Order).status),
    isAwaitingConfirmation: ({ event }) => AWAITING_CONFIRMATION.includes((outputOf(event) as Order).status),
    isPaid: paymentEnded('paid'),
    isDeclined: paymentEnded('declined'),
    isRedirected: paymentEnded('redirected'),
    isPending: paymentEnded('pending'),
    isClosed: paymentEnded('closed'),
    canPay: ({ context }) => context.methodCode !== undefined && context.email !== '',
  },
  actions: {
    takeOrder: assign(({ event }) => {
      const order = outputOf(event) as Order;
      return { order, email: order.email ?? '' };
    }),
    takeMethods: assign(({ context, event }) => {
      const methods = (outputOf(event) as PaymentMethod[] | undefined) ?? [];
      // The order's own method first, when it is still offered.
      const methodCode = methods.find((m) => m.code === context.order?.paymentMethod)?.code ?? methods[0]?.code;
      const method = methods.find((m) => m.code === methodCode);
      return { methods, methodCode, installments: clampInstallments(context.order?.installments ?? context.defaultInstallments, method) };
    }),
    selectMethod: assign(({ context, event }) => {
      const methodCode = event.type === 'METHOD_SELECTED' ? event.code : context.methodCode;
      return { methodCode, installments: clampInstallments(context.defaultInstallments, context.methods.find((m) => m.code === methodCode)), payErrCode: undefined };
    }),
    setInstallments: assign({
      installments: ({ context, event }) =>
        clampInstallments(event.type === 'INSTALLMENTS_CHANGED' ? event.installments : context.installments, context.methods.find((m) => m.code === context.methodCode)),
    }),
    setEmail: assign({ email: ({ context, event }) => (event.type === 'EMAIL_CHANGED' ? event.email.trim() : context.email) }),
    startPayment: assign({ idempotencyKey: () => newIdempotencyKey('repay'), payErrCode: undefined }),
    takePayRefusal: assign({ payErrCode: ({ event }) => (paymentOutcomeOf(event) as Extract<PaymentOutcome, { kind: 'declined' }>).errCode }),
    endWith: assign({ outcome: ({ context, event }) => paidFlowOutcome(paymentOutcomeOf(event), context.orderId) }),
    endClosed: assign({ outcome: ({ context }) => ({ kind: 'closed', orderId: context.orderId }) as RepayOutcome }),
    endAwaiting: assign({ outcome: ({ context }) => ({ kind: 'pending', orderId: context.orderId }) as RepayOutcome }),
    recordError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
  },
});

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
    paying: {
      tags: ['paying'],
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context, event }) => ({
          request: {
            kind: 'repay',
            body: {
              orderId: context.orderId,
              method: context.methodCode ?? '',
              installments: context.installments,
              email: context.email,
              ...(event.type === 'PAY_SUBMITTED' ? event.details : {}),
            },
          },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: [...onPaymentDone('editing')],
        // The payment flow ends in a final state whatever happens (its own failure included).
      },
    },
    failure: {
      on: { RETRY: { target: 'loadingOrder' } },
    },
    paid: { type: 'final' },
    pending: { type: 'final' },
    redirected: { type: 'final' },
    closed: { type: 'final' },
  },
});

export type RepayMachine = typeof repayMachine;
