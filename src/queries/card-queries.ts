import { useState } from 'react';
import { useQuery } from './use-query';

/**
 * The account's saved cards (POST /api/bill/listCard), read afresh each time the payment page
 * opens, so a card saved by the last purchase shows; none until they arrive or when the read fails.
 */
export function useSavedCards() {
  const [opened] = useState(() => Date.now());
  const cards = useQuery(`savedCards:${opened}`, ({ api }) => api.callData(api.client.POST('/api/bill/listCard', { body: {} })));
  return cards.status === 'success' ? cards.data : [];
}
