import type { Queryable } from '../db/database';

/**
 * Takes back what a paid order gave, when its money goes back (a withdrawal's refund, docs/decisions/058):
 * the account's entitlement loses what is left of the order's service period after `at` (all of
 * it when the period has not started: a later purchase's days stay), and an auto-renewal that
 * would charge for this plan again stops. The order's period ends at `at`. Minimal on purpose:
 * the caller holds the order's row lock, in its transaction.
 */
export async function endOrderEntitlement(client: Queryable, orderId: string, at: number): Promise<void> {
  const [order] = await client.query<{ account_uid: number; service_start: Date | null; service_end: Date | null; plan_id: number | null }>(
    `SELECT o.account_uid, o.service_start, o.service_end, (SELECT plan_id FROM order_lines l WHERE l.order_id = o.id ORDER BY line_no DESC LIMIT 1) AS plan_id
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  if (!order?.service_start || !order.service_end) return;
  const start = new Date(order.service_start).getTime();
  const end = new Date(order.service_end).getTime();
  const left = Math.max(0, end - Math.max(start, at));
  if (left === 0) return;
  await client.query(
    "UPDATE entitlements SET expires_at = GREATEST($2::timestamptz, expires_at - $3 * interval '1 millisecond'), updated_at = $2 WHERE account_uid = $1",
    [order.account_uid, new Date(at), left],
  );
  await client.query('UPDATE orders SET service_end = GREATEST(service_start, LEAST(service_end, $2::timestamptz)) WHERE id = $1', [orderId, new Date(at)]);
  if (order.plan_id !== null)
    await client.query("UPDATE subscriptions SET status = 'cancelled', updated_at = $3 WHERE account_uid = $1 AND plan_id = $2 AND status = 'activated'", [
      order.account_uid,
      order.plan_id,
      new Date(at),
    ]);
}
