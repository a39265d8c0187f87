import type { Queryable } from '../db/database';
import { checkoutId, hostedCheckoutProvider } from './hosted-checkout';
import type { PaymentProvider } from './provider';
import { refundId, sandboxRefunds } from './sandbox-refunds';

export const PAYPAL_PROVIDER = 'sandbox-paypal';
/** PayPal keeps an unapproved order for 3 hours. */
export const PAYPAL_APPROVAL_TTL_MS = 3 * 3_600_000;

export type CaptureOutcome =
  | { status: 'completed'; captureId: string }
  | { status: 'already_completed'; captureId: string }
  /** The payer has not approved yet: send them (back) to the approval page. */
  | { status: 'not_approved'; approveUrl: string }
  /** Cancelled by the payer, or expired unapproved: it will never be paid. */
  | { status: 'voided' }
  | { status: 'unknown' };

/**
 * The sandbox PayPal provider, following PayPal's Orders v2 flow: the portal creates an order
 * (intent CAPTURE) for the amount; the customer approves it on PayPal's page (here the local
 * sandbox page `/sandbox/paypal/checkoutnow?token=…`), which sends the browser back to
 * `/payment-redirect` with `token` and `PayerID`; the portal then captures it
 * (GET /api/bill/payment/paypalCapture/v1/{orderId}) and only a completed capture pays the order.
 */
export function createPaypalProvider(publicUrl: string) {
  const approveUrl = (id: string) => `${publicUrl}/sandbox/paypal/checkoutnow?token=${id}`;
  const back = (orderId: string, cancelled: boolean) =>
    `${publicUrl}/payment-redirect?provider=paypal&orderId=${encodeURIComponent(orderId)}${cancelled ? '&cancelled=1' : ''}`;
  const provider = hostedCheckoutProvider('paypal', {
    provider: PAYPAL_PROVIDER,
    approveUrl,
    returnUrl: (orderId) => back(orderId, false),
    cancelUrl: (orderId) => back(orderId, true),
    ttlMs: PAYPAL_APPROVAL_TTL_MS,
  });
  const { checkout } = provider;

  return {
    ...provider,

    // `POST /v2/payments/captures/{capture_id}/refund`: PayPal refunds the capture, not the order,
    // to the payer's PayPal account, under a refund id of its own.
    ...sandboxRefunds({
      provider: PAYPAL_PROVIDER,
      refundsTo: 'payer',
      newRefundId: () => refundId('', 17),
      paymentRef: async (q, providerRef) => (await checkout.find(q, providerRef))?.capture_id ?? undefined,
    }),

    /** POST /v2/checkout/orders/{id}/capture: moves the payer's money once the order is approved. */
    async capture(q: Queryable, providerRef: string, now: number): Promise<CaptureOutcome> {
      const row = await checkout.find(q, providerRef, true);
      if (!row) return { status: 'unknown' };
      if (row.status === 'COMPLETED') return { status: 'already_completed', captureId: row.capture_id ?? '' };
      if (row.status === 'VOIDED' || now >= new Date(row.expires_at).getTime()) return { status: 'voided' };
      if (row.status === 'CREATED') return { status: 'not_approved', approveUrl: approveUrl(row.id) };
      const captureId = checkoutId();
      await q.query("UPDATE sandbox_checkouts SET status = 'COMPLETED', capture_id = $3, updated_at = $4 WHERE provider = $1 AND id = $2", [
        PAYPAL_PROVIDER,
        row.id,
        captureId,
        new Date(now),
      ]);
      return { status: 'completed', captureId };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type PaypalProvider = ReturnType<typeof createPaypalProvider>;
