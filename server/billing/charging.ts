import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { ChargeOutcome, LookupResult, SavedCardDetails } from '../payments/provider';
import { OrderErr, transition, type OrderRow } from './orders';
import { acceptPayment, releaseDiscountUse, type AcceptDeps } from './settlement';

/**
 * A card charge in two phases (docs/decisions/032). A card network is another system: a charge
 * it made stands whatever the portal's transaction does. So the order and a `charging` attempt
 * (provider_ref = the order id, the reference the network files the charge under) commit first;
 * the network is called outside any portal transaction; its answer is recorded in a second one.
 * An attempt a dead process left `charging` is settled by asking the network by the reference.
 */

/** listCard answers at most 20 cards (the contract's maxItems); beyond that a card is not kept. */
export const MAX_SAVED_CARDS = 20;

export interface ChargingAttempt {
  id: number;
  order_id: string;
  method: string;
  provider: string;
  card_id: string | null;
  created_at: Date;
}

/** Phase 1: the attempt, in the order's transaction, before the network hears of it. */
export async function beginCharge(
  tx: Queryable,
  a: { orderId: string; method: string; provider: string; amount: number; currency: string; cardId: string | null; now: number },
): Promise<ChargingAttempt> {
  const at = new Date(a.now);
  const [row] = await tx.query<ChargingAttempt>(
    `INSERT INTO payment_attempts (order_id, method, provider, provider_ref, status, amount, currency, card_id, created_at, updated_at)
     VALUES ($1, $2, $3, $1, 'charging', $4, $5, $6, $7, $7) RETURNING id, order_id, method, provider, card_id, created_at`,
    [a.orderId, a.method, a.provider, a.amount, a.currency, a.cardId, at],
  );
  return { ...row!, id: Number(row!.id) };
}

/** The order's attempt still `charging`, locked (after the order's row: the usual lock order). */
export async function lockChargingAttempt(tx: Queryable, attemptId: number): Promise<ChargingAttempt | undefined> {
  const [row] = await tx.query<ChargingAttempt>(
    "SELECT id, order_id, method, provider, card_id, created_at FROM payment_attempts WHERE id = $1 AND status = 'charging' FOR UPDATE",
    [attemptId],
  );
  return row && { ...row, id: Number(row.id) };
}

/** Whether a charge of the order is under way (its outcome not yet recorded). */
export async function isCharging(q: Queryable, orderId: string): Promise<boolean> {
  return (await q.query("SELECT 1 FROM payment_attempts WHERE order_id = $1 AND status = 'charging' LIMIT 1", [orderId])).length > 0;
}

async function updateAttempt(
  tx: Queryable,
  id: number,
  set: { status: string; providerRef: string | null; errCode: number | null; cardId?: string | null; instructions?: Record<string, unknown> },
  now: number,
) {
  await tx.query(
    `UPDATE payment_attempts SET status = $2, provider_ref = $3, err_code = $4, card_id = COALESCE($5, card_id), instructions = COALESCE($6, instructions), updated_at = $7 WHERE id = $1`,
    [id, set.status, set.providerRef, set.errCode, set.cardId ?? null, set.instructions ? JSON.stringify(set.instructions) : null, new Date(now)],
  );
}

export async function saveCard(tx: Queryable, accountUid: number, provider: string, details: SavedCardDetails, now: number): Promise<string | null> {
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM cards WHERE account_uid = $1 AND deleted_at IS NULL',
    [accountUid],
  );
  if (Number(count) >= MAX_SAVED_CARDS) return null;
  const id = `card_${randomBytes(12).toString('base64url')}`;
  await tx.query(
    `INSERT INTO cards (id, account_uid, provider, provider_token, brand, last4, exp_month, exp_year, holder, is_default, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      accountUid,
      provider,
      details.providerToken,
      details.brand,
      details.last4,
      details.expMonth,
      details.expYear,
      details.holder,
      Number(count) === 0,
      new Date(now),
    ],
  );
  return id;
}

export type RecordedOutcome = { ok: true; order: OrderRow } | { ok: false; order: OrderRow; errCode: number };

/**
 * Phase 2's answer recorded (the second transaction, or reconciliation), under the order's row
 * lock: what the single-transaction charge did. The order held its discount code's use from
 * phase 1; a charge declined gives it back. `'error'`: the call failed before any answer; like
 * `unknown` it leaves the order NETWORK_ERROR for reconcileUnknown, still holding the use: the
 * card may have been charged with that discount (docs/decisions/036).
 */
export async function recordChargeOutcome(
  tx: Queryable,
  order: OrderRow,
  attempt: ChargingAttempt,
  outcome: ChargeOutcome | { status: 'error' },
  deps: AcceptDeps,
  now: number,
): Promise<RecordedOutcome> {
  const by = attempt.provider;
  switch (outcome.status) {
    case 'error':
    case 'unknown': {
      // Giving the use back here let another order take a one-use code's last use, and then
      // reconciliation paid this order with the discount too. Reconciliation gives it back if
      // the network never charged (failPending), and keeps it if it did (settlePending).
      await updateAttempt(tx, attempt.id, { status: 'unknown', providerRef: null, errCode: null }, now);
      return { ok: false, order: await transition(tx, order, 'NETWORK_ERROR', `${by}: no answer`, now), errCode: OrderErr.paymentError };
    }
    case 'failed': {
      if (order.discount_code) await releaseDiscountUse(tx, order.discount_code);
      await updateAttempt(tx, attempt.id, { status: 'failed', providerRef: outcome.providerRef, errCode: outcome.errCode }, now);
      return { ok: false, order: await transition(tx, order, 'PAYMENT_FAILED', `declined: ${outcome.errCode}`, now), errCode: outcome.errCode };
    }
    case 'pending': {
      await updateAttempt(tx, attempt.id, { status: 'pending', providerRef: outcome.providerRef, errCode: null, instructions: outcome.instructions }, now);
      if (outcome.payBy !== null) await tx.query('UPDATE orders SET pay_by = $2 WHERE id = $1', [order.id, new Date(outcome.payBy)]);
      return { ok: true, order: await transition(tx, order, 'PAYMENT_PENDING', `${by}: awaiting payment`, now) };
    }
    case 'succeeded': {
      const cardId = attempt.card_id ?? (outcome.savedCard ? await saveCard(tx, order.account_uid, by, outcome.savedCard, now) : null);
      await updateAttempt(tx, attempt.id, { status: 'succeeded', providerRef: outcome.providerRef, errCode: null, cardId }, now);
      // The network charged: whether that pays the order is decided where every payment is (docs/decisions/069).
      const money = { attemptId: attempt.id, provider: by, providerRef: outcome.providerRef, amount: order.total, currency: order.currency };
      const accepted = await acceptPayment(tx, order, money, deps, { reason: `${by}: paid`, cardId, now });
      return 'paid' in accepted ? { ok: true, order: accepted.paid } : { ok: false, order: accepted.returned, errCode: accepted.code };
    }
  }
}

/**
 * What the network's record says a charge did, as phase 2 would have heard it: a charge found
 * succeeded or failed; none found means the network never received it (the process died before
 * calling, or the call never arrived), a failure the customer may pay again (2003).
 */
export function outcomeOfLookup(found: LookupResult): ChargeOutcome {
  switch (found.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: found.providerRef, ...(found.savedCard ? { savedCard: found.savedCard } : {}) };
    case 'failed':
      return { status: 'failed', providerRef: found.providerRef, errCode: found.errCode };
    case 'not_found':
      return { status: 'failed', providerRef: null, errCode: 2003 };
  }
}
