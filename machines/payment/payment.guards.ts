// What the checkout and repay flows share about the payment flow they invoke and the methods.
import type { PaymentMethod } from '../checkout/checkout.types';
import type { PaymentOutcome } from './payment.types';

const outputOf = (event: unknown): unknown => (event as { output?: unknown }).output;

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
