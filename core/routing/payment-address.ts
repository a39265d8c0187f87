/** Spec section 2 (/payment): what its address asks for, read the same by the screen and the server's drawing. */

export type PaymentAsked = { kind: 'repay'; orderId: string } | { kind: 'checkout'; planId: string } | { kind: 'none' };

/**
 * The repay of an order (`orderId`), else the checkout of a plan named by digits in long or short
 * form (`planId`, `p` or `id`), else nothing: the way back to the plans.
 */
export function paymentAsked(query: URLSearchParams): PaymentAsked {
  const orderId = query.get('orderId');
  if (orderId) return { kind: 'repay', orderId };
  const planId = query.get('planId') ?? query.get('p') ?? query.get('id');
  return planId && /^\d+$/.test(planId) ? { kind: 'checkout', planId } : { kind: 'none' };
}
