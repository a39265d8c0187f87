// The payment machine's graph for the walks: the events each state offers, with the typed results
// of every invocation the walks then arrange for real (a card, a PIX paid at the sandbox bank…).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { paymentMachine, type PaymentMachine } from '../../machines/payment/payment.machine';
import { createPaymentActors, refusals } from '../../machines/payment/payment.actors';
import type { PaymentInput } from '../../machines/payment/payment.types';
import { done, error, type GraphModel } from './harness';

/** A call's expected refusal, as its actor answers it (machines/expected-refusals.ts). */
export const refused = (errCode: number) => ({ kind: 'refused', errCode });
/** Every refusal `codes` of the call invoked as `id`, as the graph offers them: one answer per code. */
export const refusedAnswers = (id: string, codes: readonly number[]) => codes.map((code) => done(id, refused(code)));
const orderId = 'ORDGRAPH';
const result = (next: string, extra: Record<string, unknown> = {}) => ({ kind: 'result', result: { next, orderId, status: 'PAYMENT_PENDING', ...extra } });

const method = (code: string, maxInstallments: number) => ({
  code,
  name: code,
  type: code,
  installmentsAllowed: maxInstallments > 1,
  maxInstallments,
  requiredFields: [],
  savedCards: code === 'card',
});
/** The methods the checkout and repay graphs offer: a card in up to 12 instalments, PIX and PayPal in full. */
export const graphMethods = [method('card', 12), method('pix', 1), method('paypal', 1)];

/** What the payment flow can end as, per method, for a flow that invokes it (checkout, repay); the walks make each happen for real. */
export const paymentEnds: Record<string, unknown[]> = {
  // 4242… paid, 4000…0002 declined, 4000…1117 unanswered (pending), the pay call lost (failed).
  card: [{ kind: 'paid', orderId: 'ORDGRAPH' }, { kind: 'declined', errCode: 301 }, { kind: 'pending', orderId: 'ORDGRAPH' }, { kind: 'failed' }],
  paypal: [{ kind: 'redirected', url: 'https://graph.example/approve' }],
  // A PIX code left unpaid until its window closed.
  pix: [{ kind: 'closed', orderId: 'ORDGRAPH', status: 'PAYMENT_CANCELLED' }],
};

/** The walks start a payment the way the app does: a new order, a PayPal return, a pending order shown again. */
export const paymentInputs = {
  pay: { request: { kind: 'pay', body: { planId: '1', method: 'card', currency: 'BRL', email: 'graph@example.com' } }, idempotencyKey: 'graph' },
  capturePaypal: { request: { kind: 'capturePaypal', orderId }, idempotencyKey: 'graph' },
} satisfies Record<string, PaymentInput>;
export type PaymentStart = keyof typeof paymentInputs;

/** The submit's refusals: PayPal's capture answers one (the payer did not approve, 2003), a new order every other. */
const captureRefusals: readonly number[] = [2003];
/**
 * The refusals the browser walk makes in Chromium (tests/browser/payment.walk.ts `purchaseFor`):
 * a card declined by its network (301), charged with its answer lost (1015), the same payment
 * running elsewhere (-3031). Offered first, because the shortest path to a state takes the first
 * answer that reaches it, and the contract's list is in numeric order, not the customer's.
 */
export const browserRefusals: readonly number[] = [301, 1015, -3031];
const payRefusals = [
  ...browserRefusals.filter((code) => (refusals.submit as readonly number[]).includes(code)),
  ...refusals.submit.filter((code) => !captureRefusals.includes(code) && !browserRefusals.includes(code)),
];

const checks = (id: string) => [done(id, 'PAYMENT_SUCCEEDED'), done(id, 'PAYMENT_CANCELLED'), done(id, 'PAYMENT_PENDING'), error(id)];
/** The crypto quote's poll answers the quote as it stands (ADR 050): paid, closed, or still waiting for (the rest of) the coin. */
const quoteChecks = (id: string) => [
  done(id, { next: 'done', orderId, status: 'PAYMENT_SUCCEEDED' }),
  done(id, { next: 'done', orderId, status: 'PAYMENT_CANCELLED' }),
  done(id, result('crypto').result),
  error(id),
];

/** Per invocation, the answers the graph considers: one per guarded branch of its onDone, and one per refusal its call expects. */
const automatic: Record<string, EventObject[]> = {
  // A new order: settled (card), sent elsewhere, pending by method, or refused (every code but the capture's).
  submit: [
    done('submit', result('done', { status: 'PAYMENT_SUCCEEDED' })),
    done('submit', result('redirect', { url: 'https://graph.example/approve' })),
    done('submit', result('pix')),
    done('submit', result('boleto')),
    done('submit', result('bank_transfer')),
    done('submit', result('otp')),
    done('submit', result('crypto')),
    ...refusedAnswers('submit', payRefusals),
    error('submit'),
  ],
  // PayPal's capture: paid, not approved yet, cancelled at PayPal (2003), or the order closed meanwhile.
  capture: [
    done('submit', result('done', { status: 'PAYMENT_SUCCEEDED' })),
    done('submit', result('done', { status: 'PAYMENT_CANCELLED' })),
    done('submit', result('redirect', { url: 'https://graph.example/approve' })),
    ...refusedAnswers('submit', captureRefusals),
    error('submit'),
  ],
  pixCheck: checks('pixCheck'),
  boletoCheck: checks('boletoCheck'),
  cryptoCheck: quoteChecks('cryptoCheck'),
  transferCheck: checks('transferCheck'),
  reportedCheck: checks('reportedCheck').filter((e) => (e as { output?: unknown }).output !== 'PAYMENT_CANCELLED'),
  requote: [done('requote', result('crypto')), ...refusedAnswers('requote', refusals.requote), error('requote')],
  uploadProof: [done('uploadProof', { kind: 'reported', status: 'SUBMITTED' }), ...refusedAnswers('uploadProof', refusals.uploadProof), error('uploadProof')],
  confirmOtp: [
    done('confirmOtp', result('done', { status: 'PAYMENT_SUCCEEDED' })),
    ...refusedAnswers('confirmOtp', refusals.confirmOtp),
    done('confirmOtp', result('done', { status: 'PAYMENT_CANCELLED' })),
    error('confirmOtp'),
  ],
};

const userEvents: EventObject[] = [
  { type: 'OTP_SUBMITTED', otp: '123456' } as EventObject,
  { type: 'COIN_CHANGED', coin: 'USDT', network: 'TRC20' } as EventObject,
  { type: 'PROOF_SELECTED', file: new Blob(['%PDF-1.4']) } as EventObject,
  { type: 'LEFT_TO_PAY_LATER' },
];

/** The `after` edges of the states that wait (polling, the retry of a payment still running). */
function timers(snapshot: AnyMachineSnapshot): EventObject[] {
  const waits: Array<[object | string, string]> = [
    [{ pix: 'waiting' }, 'xstate.after.pollInterval.payment.pix.waiting'],
    [{ boleto: 'waiting' }, 'xstate.after.pollInterval.payment.boleto.waiting'],
    [{ crypto: { watching: 'waiting' } }, 'xstate.after.pollInterval.payment.crypto.watching.waiting'],
    [{ transfer: { awaitingProof: 'waiting' } }, 'xstate.after.pollInterval.payment.transfer.awaitingProof.waiting'],
    [{ transfer: { reported: 'waiting' } }, 'xstate.after.pollInterval.payment.transfer.reported.waiting'],
    ['waitingToRetry', 'xstate.after.retryDelay.payment.waitingToRetry'],
  ];
  return waits.filter(([state]) => snapshot.matches(state as never)).map(([, type]) => ({ type }));
}

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function paymentGraph(machine: PaymentMachine = paymentMachine.provide({ actors: createPaymentActors({} as never) })): GraphModel<PaymentMachine> {
  return {
    machine,
    inputs: paymentInputs,
    events: (snapshot) => {
      const capture = snapshot.context.request.kind === 'capturePaypal';
      const running = Object.keys(snapshot.children).flatMap((id) => automatic[id === 'submit' && capture ? 'capture' : id] ?? []);
      const user = userEvents.filter((e) => snapshot.can(e as never));
      return [...user, ...running, ...timers(snapshot as AnyMachineSnapshot)];
    },
  };
}
