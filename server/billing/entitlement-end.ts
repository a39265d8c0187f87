import type { Queryable } from '../db/database';

/**
 * Takes back what a paid order gave when its money goes back: a withdrawal's refund
 * (docs/decisions/058) or a chargeback the card holder won (docs/decisions/059). The part of its
 * service period not yet used at `at` comes off the account's entitlement (never below `at`; all
 * of it when the period had not started, so a later purchase's days stay), and the order's period
 * ends at `at`. What happens to a running auto-renewal is the caller's to say:
 * - `stop`: a customer who withdrew from the purchase is not charged for the plan again;
 * - `follow`: it falls due at the new expiry rather than after a gap (a chargeback stops renewal
 *   on that card by itself, chargebacks.ts).
 * The caller holds the order's row lock, in its transaction. Returns the entitlement's new expiry,
 * or null when the order gave nothing that is left to take back.
 */
export async function endOrderEntitlement(client: Queryable, orderId: string, at: number, renewal: 'stop' | 'follow'): Promise<number | null> {
  const [order] = await client.query<{ account_uid: number; service_start: Date | null; service_end: Date | null; plan_id: number | null }>(
    `SELECT o.account_uid, o.service_start, o.service_end, (SELECT plan_id FROM order_lines l WHERE l.order_id = o.id ORDER BY line_no DESC LIMIT 1) AS plan_id
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  if (!order?.service_start || !order.service_end) return null;
  const start = new Date(order.service_start).getTime();
  const end = new Date(order.service_end).getTime();
  if (end <= at) return null;
  const cut = Math.max(at, start);
  const [entitlement] = await client.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1 FOR UPDATE', [order.account_uid]);
  if (!entitlement) return null;
  const expiresAt = Math.max(at, new Date(entitlement.expires_at).getTime() - (end - cut));
  const when = new Date(at);
  await client.query('UPDATE entitlements SET expires_at = $2, updated_at = $3 WHERE account_uid = $1', [order.account_uid, new Date(expiresAt), when]);
  await client.query('UPDATE orders SET service_end = $2 WHERE id = $1', [orderId, new Date(cut)]);
  if (renewal === 'stop') {
    if (order.plan_id !== null)
      await client.query("UPDATE subscriptions SET status = 'cancelled', updated_at = $3 WHERE account_uid = $1 AND plan_id = $2 AND status = 'activated'", [
        order.account_uid,
        order.plan_id,
        when,
      ]);
  } else {
    await client.query(
      "UPDATE subscriptions SET next_billing_at = $2, updated_at = $3 WHERE account_uid = $1 AND status = 'activated' AND next_billing_at > $2",
      [order.account_uid, new Date(expiresAt), when],
    );
  }
  return expiresAt;
}
