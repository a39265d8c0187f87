import { hostedCheckoutProvider } from './hosted-checkout';
import type { PaymentProvider } from './provider';
import { refundId, sandboxRefunds } from './sandbox-refunds';

export const EWALLET_PROVIDER = 'sandbox-ewallet';
/** A wallet checkout can be approved for 30 minutes. */
export const EWALLET_TTL_MS = 30 * 60_000;

/**
 * The sandbox e-wallet, following the hosted-checkout flow of the Latin American wallets
 * (Mercado Pago's Checkout Pro, PicPay): the portal creates a checkout for the amount and sends
 * the customer to the wallet's page (here `/sandbox/wallet/checkout?id=…`); approving there pays
 * it at once, the wallet tells the portal with a signed webhook (which settles the order) and
 * sends the browser back to /paymentResult, which polls the order until the webhook has landed.
 */
export function createEwalletProvider(publicUrl: string) {
  return {
    ...hostedCheckoutProvider('ewallet', {
      provider: EWALLET_PROVIDER,
      approveUrl: (id) => `${publicUrl}/sandbox/wallet/checkout?id=${id}`,
      returnUrl: (orderId) => `${publicUrl}/paymentResult?orderId=${encodeURIComponent(orderId)}`,
      cancelUrl: (orderId) => `${publicUrl}/paymentResult?orderId=${encodeURIComponent(orderId)}&cancelled=1`,
      ttlMs: EWALLET_TTL_MS,
    }),
    // The wallets' refund of a payment (Mercado Pago's `POST /v1/payments/{id}/refunds`) goes back to the wallet that paid.
    ...sandboxRefunds({ provider: EWALLET_PROVIDER, refundsTo: 'payer', newRefundId: () => refundId('', 12) }),
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type EwalletProvider = ReturnType<typeof createEwalletProvider>;
