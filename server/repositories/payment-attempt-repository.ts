import type { Queryable } from '../db/database';

/**
 * Reads of an order's payment attempts (payment_attempts): which one is under way, how the last
 * one ended, and the instructions a pending one gave the payer. The attempts are written where
 * the payment is decided (billing/charging.ts, billing/settlement.ts).
 */

/** The order's newest attempt still `charging` (its card network not yet answered). */
export async function chargingAttemptId(q: Queryable, orderId: string): Promise<number | undefined> {
  const [charging] = await q.query<{ id: number }>("SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'charging' ORDER BY id DESC LIMIT 1", [
    orderId,
  ]);
  return charging ? Number(charging.id) : undefined;
}

/** How the order's newest attempt stands. */
export async function lastAttempt(
  q: Queryable,
  orderId: string,
): Promise<{ status: string; err_code: number | null; instructions: Record<string, unknown> | null } | undefined> {
  const [last] = await q.query<{ status: string; err_code: number | null; instructions: Record<string, unknown> | null }>(
    'SELECT status, err_code, instructions FROM payment_attempts WHERE order_id = $1 ORDER BY id DESC LIMIT 1',
    [orderId],
  );
  return last;
}

/** An order's open attempt at one provider (the newest), to settle or fail it. */
export async function pendingAttemptAt(q: Queryable, orderId: string, provider: string): Promise<{ id: number; provider_ref: string } | undefined> {
  const [row] = await q.query<{ id: number; provider_ref: string }>(
    "SELECT id, provider_ref FROM payment_attempts WHERE order_id = $1 AND provider = $2 AND status = 'pending' AND provider_ref IS NOT NULL ORDER BY id DESC LIMIT 1",
    [orderId, provider],
  );
  return row;
}

/** The instructions of the order's newest pending attempt that gave any (a PIX code, a slip…). */
export async function pendingInstructions(q: Queryable, orderId: string): Promise<Record<string, unknown> | undefined> {
  const [pending] = await q.query<{ instructions: Record<string, unknown> | null }>(
    "SELECT instructions FROM payment_attempts WHERE order_id = $1 AND status = 'pending' AND instructions IS NOT NULL ORDER BY id DESC LIMIT 1",
    [orderId],
  );
  return pending?.instructions ?? undefined;
}

/** The order's newest pending attempt that gave instructions, with its id (its crypto receipts are filed under it). */
export async function pendingAttemptWithInstructions(
  q: Queryable,
  orderId: string,
): Promise<{ id: number; instructions: Record<string, unknown> } | undefined> {
  const [pending] = await q.query<{ id: number; instructions: Record<string, unknown> }>(
    "SELECT id, instructions FROM payment_attempts WHERE order_id = $1 AND status = 'pending' AND instructions IS NOT NULL ORDER BY id DESC LIMIT 1",
    [orderId],
  );
  return pending ? { id: Number(pending.id), instructions: pending.instructions } : undefined;
}

/** The attempt a provider files under `reference`: what it told the payer, in which currency. */
export async function attemptByReference(
  q: Queryable,
  provider: string,
  reference: string,
): Promise<{ instructions: Record<string, unknown> | null; currency: string } | undefined> {
  const [row] = await q.query<{ instructions: Record<string, unknown> | null; currency: string }>(
    'SELECT instructions, currency FROM payment_attempts WHERE provider = $1 AND provider_ref = $2',
    [provider, reference],
  );
  return row;
}
