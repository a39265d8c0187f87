import type { ServerHandle } from './accounts';

/** What the billing suites read back from the database: an order's status, an account's orders, its entitlement's end. */
export function billingReads(server: ServerHandle) {
  return {
    statusOf: async (id: string) => (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]?.status,
    orderCount: async (uid: number) =>
      Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE account_uid = $1', [uid]))[0]?.n),
    /** When the account's entitlement ends (ms), or null when it has none. */
    async expiry(uid: number) {
      const [row] = await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [uid]);
      return row ? new Date(row.expires_at).getTime() : null;
    },
  };
}

/** A running plan, as a paid order leaves it (the orders slice's business), with the plan's own device count. */
export async function givePlan(server: ServerHandle, uid: number, planId: number, expiresAt: number) {
  const [plan] = await server.db.query<{ device_count: number }>('SELECT device_count FROM plans WHERE id = $1', [planId]);
  await server.db.query(
    `INSERT INTO entitlements (account_uid, plan_id, device_count, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_uid) DO UPDATE SET plan_id = $2, device_count = $3, expires_at = $4`,
    [uid, planId, plan!.device_count, new Date(expiresAt)],
  );
}
