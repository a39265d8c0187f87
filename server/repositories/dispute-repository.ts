import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';

type Dispute = components['schemas']['OrderDispute'];

/** The order's newest dispute as the network last reported it (docs/decisions/059); undefined when it has none. */
export async function latestOrderDispute(q: Queryable, orderId: string): Promise<Omit<Dispute, 'status'> | undefined> {
  const [row] = await q.query<{
    status: Dispute['disputeStatus'];
    reason: string;
    amount: string | number;
    currency: string;
    opened_at: Date;
    closed_at: Date | null;
  }>('SELECT status, reason, amount, currency, opened_at, closed_at FROM order_disputes WHERE order_id = $1 ORDER BY opened_at DESC, dispute_id DESC LIMIT 1', [
    orderId,
  ]);
  if (!row) return undefined;
  return {
    orderId,
    disputeStatus: row.status,
    reason: row.reason,
    amount: Number(row.amount),
    currency: row.currency,
    openedAt: new Date(row.opened_at).getTime(),
    ...(row.closed_at ? { closedAt: new Date(row.closed_at).getTime() } : {}),
    serviceEnded: row.status === 'lost',
  };
}

/** Whether a payment with this card was charged back (its renewals stopped for good). */
export async function cardChargedBack(q: Queryable, cardId: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM cards WHERE id = $1 AND renewal_blocked_at IS NOT NULL', [cardId]);
  return rows.length > 0;
}
