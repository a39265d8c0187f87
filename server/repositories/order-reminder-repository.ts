import type { Queryable } from '../db/database';

/**
 * Claims the order's reminder email: false when one went out less than `intervalS` seconds ago.
 * One statement, so two requests at once cannot both send one.
 */
export async function claimReminder(tx: Queryable, orderId: string, now: number, intervalS: number): Promise<boolean> {
  const claimed = await tx.query('UPDATE orders SET reminded_at = $2 WHERE id = $1 AND (reminded_at IS NULL OR reminded_at <= $3) RETURNING id', [
    orderId,
    new Date(now),
    new Date(now - intervalS * 1000),
  ]);
  return claimed.length > 0;
}
