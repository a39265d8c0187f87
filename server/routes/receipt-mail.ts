import { paths } from '../../core/routing/paths';
import { maskEmail } from '../auth/accounts';
import { receiptParams } from '../billing/fulfilment';
import { paidStatuses } from '../billing/order-status';
import { loadLines, loadOwnOrder } from '../billing/orders';
import { PayErr } from '../billing/pay-errors';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { accountEmail, accountGreeting, givenAddress } from '../repositories/account-repository';
import { currencyFormat } from '../repositories/currency-repository';
import type { ServerServices } from '../services';

/** One receipt email per order per minute, like the payment reminder. */
export const RECEIPT_MAIL_AFTER_S = 60;

/** The catalogue's "Email cannot be empty" (spec section 8): the account has no address to send to. */
const NO_EMAIL = 4;

/**
 * Claims the order's receipt email: 0 when it may go now, else the whole seconds left before it
 * may. The claim is one statement, so two requests at once cannot both send one.
 */
async function claimReceiptMail(tx: Queryable, orderId: string, now: number): Promise<number> {
  const claimed = await tx.query(
    'UPDATE orders SET receipt_mailed_at = $2 WHERE id = $1 AND (receipt_mailed_at IS NULL OR receipt_mailed_at <= $3) RETURNING id',
    [orderId, new Date(now), new Date(now - RECEIPT_MAIL_AFTER_S * 1000)],
  );
  if (claimed.length > 0) return 0;
  const [row] = await tx.query<{ receipt_mailed_at: Date }>('SELECT receipt_mailed_at FROM orders WHERE id = $1', [orderId]);
  const until = new Date(row!.receipt_mailed_at).getTime() + RECEIPT_MAIL_AFTER_S * 1000;
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** The receipt page's "E-mail me this receipt" (docs/decisions/055). */
export function receiptMailHandlers(services: ServerServices) {
  const { db, clock, sessions, outbox, config, plans } = services;

  return defineHandlers({
    /**
     * Emails a paid order's receipt, with a link to its page for the PDF: 1001 not the caller's,
     * 1040 not paid, 5000 an address the customer never gave, 4 no address at all (a phone
     * account), -3031 within a minute (Retry-After says how long is left).
     */
    async mailOrderReceipt({ body, ctx, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await loadOwnOrder(db, accountUid, body.orderId);
      if (!paidStatuses.includes(order.status) || !order.service_start || !order.service_end)
        throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, `order ${order.id} is not paid`);
      // Only to an address the customer already gave (docs/decisions/035); by default the
      // account's own, since the receipt is the account holder's document.
      const to = body.email ? await givenAddress(db, accountUid, order.email, body.email) : await accountEmail(db, accountUid);
      if (body.email && !to) throw new ApiRefusal(PayErr.invalidRequest, 200, 'a receipt goes to the account or the order email only');
      if (!to) throw new ApiRefusal(NO_EMAIL, 200, 'the account has no email');
      // Read before the claim's transaction: on PGlite's single connection a read through `db`
      // inside it would wait for the transaction, which waits for the read.
      const account = await accountGreeting(db, accountUid);
      const lang = account?.language ?? ctx.lang;
      const lines = (await loadLines(db, [order.id])).get(order.id) ?? [];
      // A line keeps the plan's name as it was bought; the email names it in the reader's language.
      const nameOf = await plans.namesIn(
        lines.map((l) => l.plan_id),
        lang,
      );
      const currency = await currencyFormat(db, order.currency);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const wait = await claimReceiptMail(tx, order.id, now);
        if (wait > 0) {
          reply.header('Retry-After', String(wait));
          throw new ApiRefusal(PayErr.tooFrequent, 429);
        }
        await outbox.send(tx, {
          accountUid,
          channel: 'email',
          to,
          lang,
          template: 'receipt',
          params: receiptParams(order, {
            nickname: account?.nickname ?? '',
            items: lines.map((l) => ({ name: nameOf.get(Number(l.plan_id)) ?? l.plan_name, quantity: l.quantity, amount: l.subtotal })),
            symbol: currency?.symbol ?? order.currency,
            decimals: currency?.decimals ?? 2,
            validFrom: new Date(order.service_start!).getTime(),
            validTo: new Date(order.service_end!).getTime(),
            link: `${config.publicUrl}${paths.receipt(order.id)}`,
          }),
        });
      });
      return { orderId: order.id, email: maskEmail(to), resendAfter: RECEIPT_MAIL_AFTER_S };
    },
  });
}
