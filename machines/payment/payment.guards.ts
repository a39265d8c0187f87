// What the checkout and repay flows share about the payment flow they invoke and the methods,
// and the form fields they both hold (method, instalments, receipt email).
import { assertEvent, type DoneActorEvent, type EventObject } from 'xstate';
import type { PayDetails, PaymentMethod, PaymentOutcome, PaymentRequest } from './payment.types';

/** The payment flow's done event, as a flow that invokes it under the id `payment` receives it. */
export type PaymentDone = DoneActorEvent<PaymentOutcome, 'payment'>;

const isPaymentDone = (event: EventObject): event is PaymentDone => event.type === 'xstate.done.actor.payment';

/**
 * The outcome the payment flow ended with, read from its done event; like XState's assertEvent,
 * any other event is a mistake in the machine that asks.
 */
export function paymentOutcomeOf(event: EventObject): PaymentOutcome {
  if (!isPaymentDone(event)) throw new Error(`Expected the payment flow's done event, got ${event.type}`);
  return event.output;
}

/** A guard: the invoked payment flow ended one of these ways. */
export const paymentEnded =
  (...kinds: PaymentOutcome['kind'][]) =>
  ({ event }: { event: EventObject }) =>
    kinds.includes(paymentOutcomeOf(event).kind);

/** Why the payment flow was refused (a declined card, an expired code…), if it was. */
export const declinedCode = (event: EventObject): number | undefined => {
  const outcome = paymentOutcomeOf(event);
  return outcome.kind === 'declined' ? outcome.errCode : undefined;
};

/** The instalments a method allows: cards up to the plan's maximum, the others pay in full. */
export const clampInstallments = (wanted: number, method: PaymentMethod | undefined) => Math.max(1, Math.min(wanted, method?.maxInstallments ?? 1));

/** The method a new list of methods leaves chosen (the one before while the list has it, else the first), and the instalments it allows of those wanted. */
export function methodChoice(methods: PaymentMethod[], methodCode: string | undefined, installments: number) {
  const method = methods.find((m) => m.code === methodCode) ?? methods[0];
  return { methodCode: method?.code, installments: clampInstallments(installments, method) };
}

/** What both flows' form holds of the methods: the list offered and the code of the one chosen. */
interface ChoosesMethod {
  methods: PaymentMethod[];
  methodCode: string | undefined;
}

/** The instalments the customer picked (INSTALLMENTS_CHANGED), as far as the chosen method allows. */
export const chosenInstallments = ({ context, event }: { context: ChoosesMethod; event: EventObject }): number => {
  assertEvent(event, 'INSTALLMENTS_CHANGED');
  const method = context.methods.find((m) => m.code === context.methodCode);
  return clampInstallments((event as EventObject & { installments: number }).installments, method);
};

/** The receipt's email as typed (EMAIL_CHANGED), without the spaces around it. */
export const typedEmail = ({ event }: { event: EventObject }): string => {
  assertEvent(event, 'EMAIL_CHANGED');
  return (event as EventObject & { email: string }).email.trim();
};

/** A fresh Idempotency-Key for each payment the customer submits. */
export const newIdempotencyKey = (flow: string) => `${flow}-${globalThis.crypto.randomUUID()}`;

/**
 * Where a flow that invoked the payment flow goes on each of its outcomes: paid, redirected,
 * pending and closed end the flow (with `endWith`); a refusal goes to `declinedTarget` with the
 * message (`takePayRefusal`); the payment flow's own failure (recorded there) back to the form.
 */
export const onPaymentDone = <T extends string>(declinedTarget: T) =>
  [
    {
      guard: 'isPaid',
      target: 'paid',
      actions: 'endWith',
      description: 'The payment went through: the customer is taken to the confirmation, the plan active.',
    },
    {
      guard: 'isDeclined',
      target: declinedTarget,
      actions: 'takePayRefusal',
      description: 'Refused (spec section 8): a declined card, an expired code or an empty wallet; the customer pays again on the form.',
    },
    {
      guard: 'isRedirected',
      target: 'redirected',
      actions: 'endWith',
      description: "PayPal or an e-wallet: the customer leaves for the provider's page to approve the payment.",
    },
    {
      guard: 'isPending',
      target: 'pending',
      actions: 'endWith',
      description: 'The money is still on its way (a slip, a transfer, a charge being confirmed): the customer is told to look later.',
    },
    {
      guard: 'isClosed',
      target: 'closed',
      actions: 'endWith',
      description: 'The order can no longer be paid (its window closed, or cancelled): the customer is told and may order again.',
    },
    {
      target: 'editing',
      description: 'The payment failed unexpectedly (recorded by the payment flow): the customer is back on the form to try again.',
    },
  ] as const;

/** Paying an existing order again (POST repay) with what the form holds: its method, instalments and receipt email. */
export const repayRequest = (
  orderId: string,
  form: { methodCode: string | undefined; installments: number; email: string },
  details: PayDetails,
): PaymentRequest => ({
  kind: 'repay',
  body: { orderId, method: form.methodCode ?? '', installments: form.installments, email: form.email, ...details },
});

/**
 * The state that runs the payment flow (invoked as `payment`) for the PAY_SUBMITTED the form sent,
 * with the request `request` makes of it and the flow's idempotency key; where each of its ends
 * leads is `onPaymentDone(declinedTarget)`.
 */
export const payingState = <C extends { idempotencyKey: string }, const T extends string>(
  request: (context: C, details: PayDetails) => PaymentRequest,
  declinedTarget: T,
) =>
  ({
    description: "The customer pays with the chosen method: the payment flow's panels run until it is paid, pending or refused.",
    tags: ['paying'],
    invoke: {
      id: 'payment',
      src: 'payment',
      input: ({ context, event }: { context: C; event: EventObject }) => {
        assertEvent(event, 'PAY_SUBMITTED');
        return { request: request(context, (event as EventObject & { details: PayDetails }).details), idempotencyKey: context.idempotencyKey };
      },
      onDone: [...onPaymentDone(declinedTarget)],
      // The payment flow ends in a final state whatever happens (its own failure included).
    },
  }) as const;

/** How a paying flow ends, by the payment flow's outcome (the order that cannot be paid any more: closed). */
export type PaidFlowOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'pending'; orderId: string | undefined }
  | { kind: 'redirected'; url: string }
  | { kind: 'closed'; orderId: string };

export function paidFlowOutcome(outcome: PaymentOutcome, orderId: string): PaidFlowOutcome {
  switch (outcome.kind) {
    case 'paid':
      return { kind: 'paid', orderId: outcome.orderId };
    case 'pending':
      return { kind: 'pending', orderId: outcome.orderId };
    case 'redirected':
      return { kind: 'redirected', url: outcome.url };
    case 'closed':
      return { kind: 'closed', orderId: outcome.orderId };
    default:
      return { kind: 'closed', orderId };
  }
}
