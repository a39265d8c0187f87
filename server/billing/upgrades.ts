import type { Language } from '../../core/i18n/languages';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { assertUpgradeAllowed, lockedState } from './billing-rules';
import { grantCredit } from './ledger';
import { openStatuses } from './order-status';
import { createOrder, loadOrder } from './orders';
import { creditBySource, quotePlanChange } from './plan-change';
import { assertPlanAvailable, valuate } from './pricing';
import { cancelOpenOrder } from './settlement';

/**
 * An upgrade taking effect now (docs/decisions/056) as an order the payment page pays, under the
 * rules of docs/decisions/069: one open at a time, opened only while the plan runs and no refund
 * or chargeback is under way, its credit granted in the ledger from the orders it comes from.
 */

/**
 * Rule `one-open-upgrade`: every upgrade of the account still waiting to be paid is cancelled (its
 * pending code can no longer be paid, and its credit goes back), but `except`.
 */
export async function cancelOpenUpgrades(tx: Queryable, accountUid: number, why: string, now: number, except?: string): Promise<void> {
  const open = await tx.query<{ id: string }>("SELECT id FROM orders WHERE account_uid = $1 AND kind = 'upgrade' AND status = ANY($2::text[])", [
    accountUid,
    openStatuses,
  ]);
  for (const { id } of open) {
    if (id === except) continue;
    const order = await loadOrder(tx, id, { forUpdate: true });
    if (order && openStatuses.includes(order.status)) await cancelOpenOrder(tx, order, `replaced: ${why}`, now);
  }
}

/**
 * Opens the upgrade to `planId` (the quote said it takes effect now), or answers the one already
 * open for that plan (a second tab, a retry). The caller's transaction.
 */
export async function openUpgrade(
  tx: Queryable,
  input: { accountUid: number; planId: string; lang: Language; scene: components['schemas']['Scene']; now: number },
): Promise<string> {
  const { accountUid, now } = input;
  assertUpgradeAllowed(await lockedState(tx, accountUid, now));
  const quote = await quotePlanChange(tx, valuate, { accountUid, planId: input.planId, lang: input.lang, now });
  await assertPlanAvailable(tx, { accountUid, planId: input.planId, now });
  const [same] = await tx.query<{ id: string }>(
    `SELECT o.id FROM orders o JOIN order_lines l ON l.order_id = o.id
     WHERE o.account_uid = $1 AND o.kind = 'upgrade' AND o.status = ANY($2::text[]) AND l.plan_id::text = $3 ORDER BY o.created_at DESC LIMIT 1`,
    [accountUid, openStatuses, input.planId],
  );
  if (same) {
    await cancelOpenUpgrades(tx, accountUid, `the change to plan ${input.planId} was asked again`, now, same.id);
    return same.id;
  }
  await cancelOpenUpgrades(tx, accountUid, `a change to plan ${input.planId} was opened`, now);
  const [account] = await tx.query<{ email: string | null }>(
    `SELECT COALESCE(a.email, (SELECT o.email FROM orders o WHERE o.account_uid = a.uid AND o.status = 'PAYMENT_SUCCEEDED'
                                ORDER BY o.paid_at DESC NULLS LAST LIMIT 1)) AS email FROM accounts a WHERE a.uid = $1`,
    [accountUid],
  );
  // The payment page picks the method and may ask for the email; these are where it starts.
  const created = await createOrder(tx, {
    accountUid,
    valuation: quote.valuation,
    discountCode: null,
    method: { code: 'card', type: 'card' },
    email: account?.email ?? '',
    scene: input.scene,
    now,
  });
  await tx.query("UPDATE orders SET kind = 'upgrade' WHERE id = $1", [created.id]);
  await grantCredit(tx, created, creditBySource(quote.parts, quote.credit), `the unused days when the change to plan ${input.planId} was opened`, now);
  return created.id;
}
