import { useSearchParams } from 'react-router-dom';

/**
 * The order a page is about, from its `?orderId=` (spec section 2: /receipt, /paymentResult,
 * /payment-redirect, /payment-pix, /paynowTips, /caishenRepay); empty when the link carried none,
 * which each page then says in its own words.
 */
export function useOrderIdParam(): string {
  const [query] = useSearchParams();
  return query.get('orderId') ?? '';
}
