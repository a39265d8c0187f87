// What the checkout and repay flows share about the payment flow they invoke and the methods.
import type { PaymentMethod } from '../checkout/checkout.types';
import type { PaymentOutcome } from './payment.types';
import { outputOf } from '../expected-refusals';


/** A guard: the invoked payment flow ended one of these ways. */
export const paymentEnded =
  (...kinds: PaymentOutcome['kind'][]) =>
  ({ event }: { event: unknown }) =>
    kinds.includes((outputOf(event) as PaymentOutcome | undefined)?.kind ?? ('' as never));

/** The payment flow's outcome carried by a done event. */
export const paymentOutcomeOf = (event: unknown) => outputOf(event) as PaymentOutcome;

/** The instalments a method allows: cards up to the plan's maximum, the others pay in full. */
export const clampInstallments = (wanted: number, method: PaymentMethod | undefined) => Math.max(1, Math.min(wanted, method?.maxInstallments ?? 1));

/** A fresh Idempotency-Key for each payment the customer submits. */
export const newIdempotencyKey = (flow: string) => `${flow}-${globalThis.crypto.randomUUID()}`;

/**
 * Where a flow that invoked the payment flow goes on each of its outcomes: paid, redirected,
 * pending and closed end the flow (with `endWith`); a refusal goes to `declinedTarget` with the
 * message (`takePayRefusal`); the payment flow's own failure (recorded there) back to the form.
 */
export const onPaymentDone = <T extends string>(declinedTarget: T) =>
  [
    { guard: 'isPaid', target: 'paid', actions: 'endWith' },
    // Spec section 8: a declined card (or code, or wallet) goes back to the form with its message.
    { guard: 'isDeclined', target: declinedTarget, actions: 'takePayRefusal' },
    { guard: 'isRedirected', target: 'redirected', actions: 'endWith' },
    { guard: 'isPending', target: 'pending', actions: 'endWith' },
    { guard: 'isClosed', target: 'closed', actions: 'endWith' },
    { target: 'editing' },
  ] as const;

/** How a paying flow ends, by the payment flow's outcome (the order that cannot be paid any more: closed). */
export type PaidFlowOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'pending'; orderId: string | undefined }
  | { kind: 'redirected'; url: string }
  | { kind: 'closed'; orderId: string };

export function paidFlowOutcome(outcome: PaymentOutcome, orderId: string): PaidFlowOutcome {
  switch (outcome.kind) {
    case 'paid':
    case 'pending':
      return { kind: outcome.kind, orderId: outcome.orderId } as PaidFlowOutcome;
    case 'redirected':
      return { kind: 'redirected', url: outcome.url };
    case 'closed':
      return { kind: 'closed', orderId: outcome.orderId };
    default:
      return { kind: 'closed', orderId };
  }
}
