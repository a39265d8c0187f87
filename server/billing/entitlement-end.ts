import type { Queryable } from '../db/database';

/**
 * Takes back what a paid order gave (docs/decisions/059): the part of its service period not yet
 * used at `at` comes off the account's entitlement (never below `at`), the order's period ends at
 * `at` (or never started, when it was to follow another period), and a running auto-renewal is
 * due at the new expiry rather than after a gap. Self-contained: it reads the order's period as
 * fulfilment (fulfilment.ts) wrote it. Returns the entitlement's new expiry, or null when the
 * order gave nothing that is left to take back.
 */
export async function endOrderEntitlement(client: Queryable, orderId: string, at: number): Promise<number | null> {
  const [order] = await client.query<{ account_uid: number; service_start: Date | null; service_end: Date | null }>(
    'SELECT account_uid, service_start, service_end FROM orders WHERE id = $1 FOR UPDATE',
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
  await client.query(
    "UPDATE subscriptions SET next_billing_at = $2, updated_at = $3 WHERE account_uid = $1 AND status = 'activated' AND next_billing_at > $2",
    [order.account_uid, new Date(expiresAt), when],
  );
  return expiresAt;
}
