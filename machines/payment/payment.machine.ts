// Paying (spec sections 1, 4, 7 and 8; docs/decisions/009 and 011): from the pay or repay call to
// the money arriving, for every method. The checkout and repay flows invoke it with what to pay;
// the /payment-redirect page starts it with a PayPal return, the PIX page with a pending order.
// One flow per method follows the call's answer (`next`): done, redirect (PayPal, e-wallet), PIX,
// slip, bank transfer, mobile-money code, crypto. Its output says how it ended.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import type { PaymentActors } from './payment.actors';
import type { OrderStatus, PaymentContext, PaymentEvent, PaymentInput, PaymentOutcome, PayResult, StepAnswer } from './payment.types';

/** The states that wait for the money, each polling the order under its own invocation id. */
type Awaiting = 'pix' | 'boleto' | 'crypto' | 'transfer' | 'reported';

/** The customer's events and the answers of the flow's calls, as each actor types them. */
export type PaymentMachineEvent =
  | PaymentEvent
  | InvocationEvents<
      PaymentActors,
      { submit: 'submit'; requote: 'requote'; uploadProof: 'uploadProof'; confirmOtp: 'confirmOtp' } & Record<`${Awaiting}Check`, 'checkOrder'>
    >;

/** The steps that answer instructions or a refusal. */
const STEPS = ['xstate.done.actor.submit', 'xstate.done.actor.requote', 'xstate.done.actor.confirmOtp'] as const;
/** The polls of the order's status. */
const CHECKS = [
  'xstate.done.actor.pixCheck',
  'xstate.done.actor.boletoCheck',
  'xstate.done.actor.cryptoCheck',
  'xstate.done.actor.transferCheck',
  'xstate.done.actor.reportedCheck',
] as const;

const answerOf = (event: PaymentMachineEvent): StepAnswer => {
  assertEvent(event, STEPS);
  return event.output;
};
const nextIs =
  (next: PayResult['next']) =>
  ({ event }: { event: PaymentMachineEvent }) => {
    const a = answerOf(event);
    return a.kind === 'result' && a.result.next === next;
  };
const refusedWith =
  (...codes: number[]) =>
  ({ event }: { event: PaymentMachineEvent }) => {
    const a = answerOf(event);
    return a.kind === 'refused' && (codes.length === 0 || codes.includes(a.errCode));
  };
const statusIs =
  (...statuses: OrderStatus[]) =>
  ({ event }: { event: PaymentMachineEvent }) => {
    assertEvent(event, CHECKS);
    return statuses.includes(event.output);
  };

const PAID: OrderStatus[] = ['PAYMENT_SUCCEEDED'];
const CLOSED: OrderStatus[] = ['PAYMENT_CANCELLED', 'PAYMENT_FAILED'];

const orderIdOf = (context: PaymentContext): string | undefined =>
  context.result?.orderId ??
  (context.request.kind === 'repay' ? context.request.body.orderId : 'orderId' in context.request ? context.request.orderId : undefined);

export const paymentSetup = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentMachineEvent,
    input: {} as PaymentInput,
    output: {} as PaymentOutcome,
  },
  actors: {} as PaymentActors,
  guards: {
    isSettledPaid: ({ event }) => {
      const a = answerOf(event);
      return a.kind === 'result' && a.result.next === 'done' && PAID.includes(a.result.status);
    },
    isSettledOtherwise: nextIs('done'),
    isRedirect: nextIs('redirect'),
    isPix: nextIs('pix'),
    isBoleto: nextIs('boleto'),
    isTransfer: nextIs('bank_transfer'),
    isOtp: nextIs('otp'),
    isCrypto: nextIs('crypto'),
    /** -3031: this payment (same Idempotency-Key) is still running in another request. */
    isStillRunning: refusedWith(-3031),
    /** 1015: the provider did not answer; the order is reconciled within minutes (ADR 011). */
    isUnanswered: refusedWith(1015),
    isRefused: refusedWith(),
    isWrongCode: refusedWith(-3033),
    isPaid: statusIs(...PAID),
    isClosed: statusIs(...CLOSED),
    isReported: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.uploadProof');
      return event.output.kind === 'reported';
    },
  },
  delays: {
    /** How often a page waiting for the money asks for the order's status. */
    pollInterval: 5_000,
    /** Retry of a payment still running elsewhere: the server answers Retry-After 1. */
    retryDelay: 1_000,
  },
  actions: {
    takeResult: assign(({ event, context }) => {
      const a = answerOf(event);
      return a.kind === 'result'
        ? { result: a.result, status: a.result.status, errCode: undefined }
        : { result: context.result, status: context.status, errCode: undefined };
    }),
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, [...STEPS, 'xstate.done.actor.uploadProof']);
        return event.output.kind === 'refused' ? event.output.errCode : undefined;
      },
    }),
    takeStatus: assign({
      status: ({ event }) => {
        assertEvent(event, CHECKS);
        return event.output;
      },
    }),
    /** The proof is attached: the order's status is the one the upload answered (SUBMITTED). */
    takeReport: assign({
      status: ({ event, context }) => {
        assertEvent(event, 'xstate.done.actor.uploadProof');
        return event.output.kind === 'reported' ? event.output.status : context.status;
      },
    }),
    recordError: assign({ error: invocationError }),
    endPaid: assign({ outcome: ({ context }): PaymentOutcome => ({ kind: 'paid', orderId: orderIdOf(context) ?? '' }) }),
    endDeclined: assign({ outcome: ({ context }): PaymentOutcome => ({ kind: 'declined', errCode: context.errCode ?? 2003 }) }),
    endPending: assign({ outcome: ({ context }): PaymentOutcome => ({ kind: 'pending', orderId: orderIdOf(context) }) }),
    endClosed: assign({
      outcome: ({ context }): PaymentOutcome => ({ kind: 'closed', orderId: orderIdOf(context) ?? '', status: context.status ?? 'PAYMENT_CANCELLED' }),
    }),
    endRedirected: assign({
      outcome: ({ context }): PaymentOutcome => ({ kind: 'redirected', url: context.result?.next === 'redirect' ? context.result.url : '' }),
    }),
    endFailed: assign({ outcome: (): PaymentOutcome => ({ kind: 'failed' }) }),
    // The app's effect, filled in with `.provide`: the browser leaves for the provider's page.
    goToProvider: (_, _params: { url: string }) => {},
  },
});

/**
 * A state waiting for the money: it asks for the order's status every few seconds while the page
 * is open; paid → paid, closed (expired, cancelled) → expired; a failed check just waits again.
 */
const awaitingMoney = (id: Awaiting, options: { closes: boolean } = { closes: true }) =>
  ({
    initial: 'waiting',
    states: {
      waiting: {
        after: { pollInterval: { target: 'checking' } },
      },
      checking: {
        invoke: {
          id: `${id}Check`,
          src: 'checkOrder',
          input: ({ context }: { context: PaymentContext }) => ({ orderId: orderIdOf(context) ?? '' }),
          onDone: options.closes
            ? ([
                { guard: 'isPaid', target: '#payment.paid', actions: 'takeStatus' },
                { guard: 'isClosed', target: '#payment.expired', actions: 'takeStatus' },
                { target: 'waiting', actions: 'takeStatus' },
              ] as const)
            : ([
                { guard: 'isPaid', target: '#payment.paid', actions: 'takeStatus' },
                { target: 'waiting', actions: 'takeStatus' },
              ] as const),
          // A lost poll is not the payment failing: the next one asks again.
          onError: { target: 'waiting', actions: 'recordError' },
        },
      },
    },
  }) as const;

export const paymentMachine = paymentSetup.createMachine({
  id: 'payment',
  context: ({ input }) => ({
    request: input.request,
    idempotencyKey: input.idempotencyKey,
    result: undefined,
    errCode: undefined,
    status: undefined,
    outcome: undefined,
    error: undefined,
  }),
  initial: 'submitting',
  output: ({ context }) => context.outcome ?? { kind: 'failed' },
  states: {
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ request: context.request, idempotencyKey: context.idempotencyKey }),
        onDone: [
          // Spec section 4 (payment statuses): a card is settled at once.
          { guard: 'isSettledPaid', target: 'paid', actions: 'takeResult' },
          { guard: 'isSettledOtherwise', target: 'closed', actions: 'takeResult' },
          // PayPal's approval page or the wallet's checkout; the browser comes back later.
          { guard: 'isRedirect', target: 'redirecting', actions: 'takeResult' },
          // Spec section 2 (/payment-pix): the PIX key and QR, paid from the bank's app.
          { guard: 'isPix', target: 'pix', actions: 'takeResult' },
          // Spec section 4: a payment slip is valid 5 days.
          { guard: 'isBoleto', target: 'boleto', actions: 'takeResult' },
          { guard: 'isTransfer', target: 'transfer', actions: 'takeResult' },
          // Spec section 3 (showLiquidoOtp): the operator texts a code to the wallet's phone.
          { guard: 'isOtp', target: 'otp', actions: 'takeResult' },
          { guard: 'isCrypto', target: 'crypto', actions: 'takeResult' },
          // A double click or a retry while the first request runs: ask again, same key.
          { guard: 'isStillRunning', target: 'waitingToRetry' },
          { guard: 'isUnanswered', target: 'unanswered', actions: 'takeRefusal' },
          // Spec section 8: declines (301…5015) and the other refusals go back to the form; so
          // does any answer the branches above do not know, as failed (2003).
          { target: 'declined', actions: 'takeRefusal' },
        ],
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    waitingToRetry: {
      tags: ['busy'],
      after: { retryDelay: { target: 'submitting' } },
    },
    redirecting: {
      type: 'final',
      entry: ['endRedirected', { type: 'goToProvider', params: ({ context }) => ({ url: context.result?.next === 'redirect' ? context.result.url : '' }) }],
    },
    pix: {
      tags: ['awaitingPayment'],
      ...awaitingMoney('pix'),
      on: { LEFT_TO_PAY_LATER: { target: 'pending' } },
    },
    boleto: {
      tags: ['awaitingPayment'],
      ...awaitingMoney('boleto'),
      // A slip is paid at a bank within 5 days: the customer need not wait on this page.
      on: { LEFT_TO_PAY_LATER: { target: 'pending' } },
    },
    crypto: {
      tags: ['awaitingPayment'],
      initial: 'watching',
      states: {
        watching: {
          ...awaitingMoney('crypto'),
          on: { COIN_CHANGED: { target: 'requoting' } },
        },
        requoting: {
          tags: ['busy'],
          invoke: {
            id: 'requote',
            src: 'requote',
            input: ({ context, event }) => {
              assertEvent(event, 'COIN_CHANGED');
              return { orderId: orderIdOf(context) ?? '', coin: event.coin, network: event.network };
            },
            // A new address and amount; the earlier quote no longer pays the order.
            onDone: [
              { guard: 'isRefused', target: 'watching', actions: 'takeRefusal' },
              { target: 'watching', actions: 'takeResult' },
            ],
            onError: { target: 'watching', actions: 'recordError' },
          },
        },
      },
      on: { LEFT_TO_PAY_LATER: { target: 'pending' } },
    },
    transfer: {
      tags: ['awaitingPayment'],
      initial: 'awaitingProof',
      states: {
        awaitingProof: {
          ...awaitingMoney('transfer'),
          on: { PROOF_SELECTED: { target: 'uploadingProof' } },
        },
        uploadingProof: {
          tags: ['busy'],
          invoke: {
            id: 'uploadProof',
            src: 'uploadProof',
            input: ({ context, event }) => {
              assertEvent(event, 'PROOF_SELECTED');
              return { orderId: orderIdOf(context) ?? '', file: event.file };
            },
            // The order is SUBMITTED: reported, waiting for the bank's statement.
            onDone: [
              { guard: 'isReported', target: 'reported', actions: 'takeReport' },
              { target: 'awaitingProof', actions: 'takeRefusal' },
            ],
            onError: { target: 'awaitingProof', actions: 'recordError' },
          },
        },
        reported: {
          // A reported transfer waits for the bank's statement; its window no longer closes it.
          ...awaitingMoney('reported', { closes: false }),
        },
      },
      on: { LEFT_TO_PAY_LATER: { target: 'pending' } },
    },
    otp: {
      tags: ['awaitingPayment'],
      initial: 'enteringCode',
      states: {
        enteringCode: {
          on: { OTP_SUBMITTED: { target: 'confirming' } },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'confirmOtp',
            src: 'confirmOtp',
            input: ({ context, event }) => {
              assertEvent(event, 'OTP_SUBMITTED');
              return { orderId: orderIdOf(context) ?? '', otp: event.otp };
            },
            onDone: [
              { guard: 'isSettledPaid', target: '#payment.paid', actions: 'takeResult' },
              // -3033: a wrong code uses one of 3 tries; type it again.
              { guard: 'isWrongCode', target: 'enteringCode', actions: 'takeRefusal' },
              // -3032 expired, 17 too many tries, 302 an empty wallet: pay again another way.
              { guard: 'isRefused', target: '#payment.declined', actions: 'takeRefusal' },
              { target: '#payment.closed', actions: 'takeResult' },
            ],
            onError: { target: 'enteringCode', actions: 'recordError' },
          },
        },
      },
    },
    paid: { type: 'final', entry: 'endPaid' },
    // The payment window closed (PIX, quote, slip) or the order was settled otherwise.
    expired: { type: 'final', entry: 'endClosed' },
    closed: { type: 'final', entry: 'endClosed' },
    declined: { type: 'final', entry: 'endDeclined' },
    // The customer left the page; the money may still come (a slip, a transfer, a late PIX).
    pending: { type: 'final', entry: 'endPending' },
    unanswered: { type: 'final', entry: 'endPending' },
    failure: { type: 'final', entry: 'endFailed' },
  },
});

export type PaymentMachine = typeof paymentMachine;
