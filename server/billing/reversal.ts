import type { Queryable } from '../db/database';
import { mulDiv } from './money';
import { creditGivenBy, creditLinksOf, reverseCredit } from './ledger';
import { alignMandates } from './mandates';
import { openStatuses, paidStatuses } from './order-status';
import { loadOrder, type OrderRow } from './orders';
import { giveBack, scaleRemainder, takeRemainder } from './service-periods';
import { cancelOpenOrder } from './settlement';

/**
 * What happens when a paid order's money goes back: a withdrawal refunded (docs/decisions/058) or
 * a chargeback lost (docs/decisions/059). The rule is one for both (docs/decisions/069, "a
 * reversal unwinds its credit"):
 * 1. what is left of the order's own period comes off, and the periods after it move up;
 * 2. credit the order took (an upgrade) goes back to the orders it was made of, as the days it was
 *    made of, from now;
 * 3. credit the order gave: an upgrade still open is cancelled (its code can no longer be paid);
 *    an upgrade already paid keeps only what its own money bought (its period shrinks by the
 *    share the credit was of its worth), and so, in turn, does credit that upgrade gave;
 * 4. the mandates follow the plan that runs now (mandates.ts): a withdrawal ends them.
 * The caller has moved the order to its reversed status, under the account's lock.
 */
export async function reverseOrder(tx: Queryable, order: OrderRow, at: number, renewal: 'stop' | 'follow'): Promise<void> {
  await takeRemainder(tx, order.id, at);
  // Where the next source's days go: after those given back before it.
  let from = at;
  for (const link of await creditLinksOf(tx, order.id)) {
    if (link.net <= 0) continue;
    await reverseCredit(tx, order, link.sourceOrderId, `the upgrade ${order.id} was reversed: its credit goes back to ${link.sourceOrderId}`, at);
    const source = await loadOrder(tx, link.sourceOrderId);
    if (link.consumed && source && paidStatuses.includes(source.status)) from = await giveBack(tx, source.id, link.serviceMs, at, from);
  }
  await takeBackCreditGiven(tx, order.id, null, at);
  await alignMandates(tx, order.account_uid, at, { stop: renewal === 'stop' });
}

/**
 * What an order is worth as service: what was paid for it without instalment interest, plus the
 * credit it consumed and still holds.
 */
export async function worthOf(q: Queryable, order: Pick<OrderRow, 'id' | 'total' | 'interest'>): Promise<number> {
  const links = await creditLinksOf(q, order.id);
  return order.total - order.interest + links.filter((l) => l.consumed).reduce((sum, l) => sum + l.net, 0);
}

/**
 * The credit `sourceId` gave is taken back: all of it (`share` null: its money went back), or the
 * part beyond `share` (kept ÷ worth: the source itself kept only part of its worth).
 */
async function takeBackCreditGiven(tx: Queryable, sourceId: string, share: { kept: number; worth: number } | null, at: number): Promise<void> {
  for (const link of await creditGivenBy(tx, sourceId)) {
    if (link.net <= 0) continue;
    const consumer = await loadOrder(tx, link.orderId);
    if (!consumer) continue;
    if (openStatuses.includes(consumer.status)) {
      // Its quote counted days that are no longer there: it closes, and its code cannot be paid.
      await cancelOpenOrder(tx, consumer, `the credit it was quoted with came from ${sourceId}, whose money went back`, at);
      continue;
    }
    // A consumer already reversed gave its links back when it was.
    if (!paidStatuses.includes(consumer.status)) continue;
    const amount = share === null ? link.net : link.net - mulDiv(link.net, BigInt(share.kept), BigInt(share.worth));
    if (amount <= 0) continue;
    const worth = await worthOf(tx, consumer);
    await reverseCredit(tx, consumer, sourceId, `the money behind ${amount} of its credit (from ${sourceId}) went back`, at, amount);
    await scaleRemainder(tx, consumer.id, worth - amount, worth, at);
    await takeBackCreditGiven(tx, consumer.id, { kept: worth - amount, worth }, at);
  }
}
