// The payment machine's setup (machines/payment/payment.machine.ts holds its states): the events
// it takes, its guards, delays and actions, and the piece every state waiting for the money shares.
import { assertEvent, assign, setup } from 'xstate';
import { criteria } from '../acceptance';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith } from '../expected-refusals';
import type { PaymentActors } from './payment.actors';
import type { OrderStatus, PaymentContext, PaymentEvent, PaymentInput, PaymentOutcome, PayResult, StepAnswer } from './payment.types';

/** The states that wait for the money, each polling the order under its own invocation id. */
export type Awaiting = 'pix' | 'boleto' | 'crypto' | 'transfer' | 'reported';

/** The customer's events and the answers of the flow's calls, as each actor types them. */
export type PaymentMachineEvent =
  | PaymentEvent
  | InvocationEvents<
      PaymentActors,
      { submit: 'submit'; requote: 'requote'; uploadProof: 'uploadProof'; confirmOtp: 'confirmOtp'; cryptoCheck: 'checkQuote' } & Record<
        `${Exclude<Awaiting, 'crypto'>}Check`,
        'checkOrder'
      >
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
/** The order's status a poll answered: the order's own, or the one its crypto quote carries. */
const checkedStatus = (event: PaymentMachineEvent): OrderStatus => {
  assertEvent(event, CHECKS);
  return typeof event.output === 'string' ? event.output : event.output.status;
};
const statusIs =
  (...statuses: OrderStatus[]) =>
  ({ event }: { event: PaymentMachineEvent }) =>
    statuses.includes(checkedStatus(event));

const PAID: OrderStatus[] = ['PAYMENT_SUCCEEDED'];
const CLOSED: OrderStatus[] = ['PAYMENT_CANCELLED', 'PAYMENT_FAILED'];

export const orderIdOf = (context: PaymentContext): string | undefined =>
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
    refusedWith: isRefusedWith,
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
    takeStatus: assign({ status: ({ event }) => checkedStatus(event) }),
    /** The quote as the poll found it: what its address received and what is left (ADR 050). */
    takeQuote: assign({
      result: ({ event, context }) => {
        assertEvent(event, 'xstate.done.actor.cryptoCheck');
        return event.output.next === 'crypto' ? event.output : context.result;
      },
      status: ({ event }) => checkedStatus(event),
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

/** What the customer is paying, as a waiting state's descriptions name it. */
const awaited: Record<Awaiting, string> = {
  pix: 'the PIX code',
  boleto: 'the payment slip',
  crypto: 'the crypto quote',
  transfer: 'the bank transfer',
  reported: 'the reported transfer',
};

/** The acceptance criteria a waiting state's parts carry (docs/decisions/074): its waiting, its paid and its closed branch. */
export type AwaitingCriteria = Partial<Record<'waiting' | 'paid' | 'closed', readonly string[]>>;

/**
 * A state waiting for the money: it asks for the order's status every few seconds while the page
 * is open; paid → paid, closed (expired, cancelled) → expired; a failed check just waits again.
 */
export const awaitingMoney = (id: Awaiting, options: { closes: boolean; criteria?: AwaitingCriteria } = { closes: true }) => {
  const what = awaited[id];
  const accepts = (keys: readonly string[] | undefined) => (keys?.length ? { meta: criteria(...keys) } : {});
  const paid = {
    ...accepts(options.criteria?.paid),
    guard: 'isPaid',
    target: '#payment.paid',
    actions: 'takeStatus',
    description: `The money for ${what} arrived (PAYMENT_SUCCEEDED): the order is paid and the customer sees it confirmed.`,
  } as const;
  // A crypto quote may be paid in several transfers (ADR 050): its poll reads the quote, so the
  // customer also sees what arrived and what is left to send.
  const quote = id === 'crypto';
  const notYet = {
    target: 'waiting',
    actions: quote ? 'takeQuote' : 'takeStatus',
    description: quote
      ? `Not all the money for ${what} yet: the customer keeps its instructions on screen, with what arrived so far and what is left to send, and the page asks again later.`
      : `No money for ${what} yet: the customer keeps its instructions on screen and the page asks again later.`,
  } as const;
  return {
    initial: 'waiting',
    states: {
      waiting: {
        description: `The customer has the instructions to pay ${what}; the page waits a few seconds before asking again.`,
        ...accepts(options.criteria?.waiting),
        after: {
          pollInterval: { target: 'checking', description: `Every 5 seconds the open page asks the server whether the money for ${what} has arrived.` },
        },
      },
      checking: {
        description: quote
          ? `The page asks the server how ${what} stands: has all its money arrived, or part of it, or has its window closed?`
          : `The page asks the server for the order's status: has the money for ${what} arrived${options.closes ? ', or its window closed' : ''}?`,
        invoke: {
          id: `${id}Check`,
          src: quote ? 'checkQuote' : 'checkOrder',
          input: ({ context }: { context: PaymentContext }) => ({ orderId: orderIdOf(context) ?? '' }),
          onDone: options.closes
            ? ([
                paid,
                {
                  ...accepts(options.criteria?.closed),
                  guard: 'isClosed',
                  target: '#payment.expired',
                  actions: 'takeStatus',
                  description: `The window to pay ${what} closed, or the order was cancelled: the customer is told the order expired.`,
                },
                notYet,
              ] as const)
            : ([paid, notYet] as const),
          onError: {
            target: 'waiting',
            actions: 'recordError',
            description: 'The status check was lost (network, server fault): that is not the payment failing, so the page asks again later.',
          },
        },
      },
    },
  } as const;
};
