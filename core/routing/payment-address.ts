import type { Scene } from '../session/store';
import { paths } from './paths';

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

/**
 * Where the set-top-box scene offers to pay on a phone instead (docs/decisions/025): a TV cannot
 * take a card number. No offer in the other scenes, nor without a plan or an order to pay.
 */
export function payOnPhonePath(asked: PaymentAsked, scene: Scene): string | null {
  if (scene !== 'STB') return null;
  return asked.kind === 'repay' ? paths.caishenRepay(asked.orderId) : asked.kind === 'checkout' ? paths.paymentCaishen(asked.planId) : null;
}
