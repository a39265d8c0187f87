import { awaitsCustomerMoney } from '../../core/config/order-status';
import { paymentTipMessages } from '../../core/i18n/server-messages';
import { paths } from '../../core/routing/paths';
import { maskEmail } from '../auth/accounts';
import { openStatuses, paidStatuses } from '../billing/order-status';
import { loadOwnOrder } from '../billing/orders';
import { claimReminder } from '../repositories/order-reminder-repository';
import { PayErr } from '../billing/pay-errors';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { accountGreeting, givenAddress } from '../repositories/account-repository';
import { currencyFormat } from '../repositories/currency-repository';
import type { ServerServices } from '../services';

/** One reminder email per order per minute. */
export const REMIND_AFTER_S = 60;

/** The tip's title and message for each state the order can be in. */
const tipMessages = {
  pending: { title: paymentTipMessages.pendingTitle, message: paymentTipMessages.pendingMessage },
  awaiting: { title: paymentTipMessages.awaitingTitle, message: paymentTipMessages.awaitingMessage },
  failed: { title: paymentTipMessages.failedTitle, message: paymentTipMessages.failedMessage },
  paid: { title: paymentTipMessages.paidTitle, message: paymentTipMessages.paidMessage },
  closed: { title: paymentTipMessages.closedTitle, message: paymentTipMessages.closedMessage },
} as const;

/** Helping a payer finish: the payment result page's tip, and the instructions again by email. */
export function paymentTipHandlers(services: ServerServices) {
  const { db, clock, sessions, outbox, config, text } = services;

  return defineHandlers({
    async getPaymentTip({ query, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await loadOwnOrder(db, accountUid, query.orderId);
      const kind =
        order.status === 'PAYMENT_FAILED'
          ? 'failed'
          : awaitsCustomerMoney({ status: order.status, paymentType: order.payment_type })
            ? 'awaiting'
            : openStatuses.includes(order.status)
              ? 'pending'
              : paidStatuses.includes(order.status)
                ? 'paid'
                : 'closed';
      const tip = tipMessages[kind];
      return {
        orderId: order.id,
        status: order.status,
        ...(order.payment_type ? { paymentType: order.payment_type } : {}),
        title: text(tip.title, ctx.lang),
        message: text(tip.message, ctx.lang),
        amount: order.total,
        currency: order.currency,
        ...(order.pay_by && (kind === 'pending' || kind === 'awaiting') ? { expiresAt: new Date(order.pay_by).getTime() } : {}),
      };
    },

    /** Emails how to finish paying an open order: 1001 not the caller's, 1040 not open, -3031 within a minute. */
    async remindOrder({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await loadOwnOrder(db, accountUid, body.orderId);
      if (!openStatuses.includes(order.status)) throw new ApiRefusal(PayErr.paymentInfoNotFound);
      const now = clock.now();
      // Only to an address the customer already gave for this: the account's own or the order's
      // payment email (docs/decisions/035). Any other would let a signed-in caller mail strangers
      // through the portal's sender, 1 message a minute per open order.
      const to = body.email ? await givenAddress(db, accountUid, order.email, body.email) : order.email;
      if (!to) throw new ApiRefusal(PayErr.invalidRequest, 200, 'a reminder goes to the account or the order email only');
      await db.transaction(async (tx) => {
        if (!(await claimReminder(tx, order.id, now, REMIND_AFTER_S))) throw new ApiRefusal(PayErr.tooFrequent, 429);
        const account = await accountGreeting(tx, accountUid);
        const currency = await currencyFormat(tx, order.currency);
        await outbox.send(tx, {
          accountUid,
          channel: 'email',
          to,
          lang: account?.language ?? ctx.lang,
          template: 'orderReminder',
          params: {
            nickname: account?.nickname ?? '',
            orderId: order.id,
            viewCode: order.view_code,
            total: order.total,
            currency: order.currency,
            symbol: currency?.symbol ?? order.currency,
            decimals: currency?.decimals ?? 2,
            // The same code, slip or details again for money the customer sends; else paying anew.
            link: `${config.publicUrl}${awaitsCustomerMoney({ status: order.status, paymentType: order.payment_type }) ? paths.paymentPix(order.id) : paths.payment({ orderId: order.id })}`,
          },
        });
      });
      return { orderId: order.id, email: maskEmail(to), resendAfter: REMIND_AFTER_S };
    },
  });
}
