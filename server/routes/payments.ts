import type { FastifyReply, FastifyRequest } from 'fastify';
import { createIdempotency, type IdempotentCall } from '../billing/idempotency';
import { isTerminal, paidStatuses } from '../billing/order-status';
import { createOrder, loadOwnOrder, type OrderRow } from '../billing/orders';
import { lockAccount } from '../repositories/account-repository';
import { PayErr } from '../billing/pay-errors';
import { checkMethod, enabledMethod, inputOf, ownCard, requireDiscount } from '../billing/payment-checks';
import { answer, createPaymentPhases, lockOpenOrder } from '../billing/payment-phases';
import { assertPlanAvailable, valuate } from '../billing/pricing';
import { DiscountErr } from '../billing/discount-codes';
import { failPending, settlePending } from '../billing/settlement';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { withReceipts } from '../payments/crypto-receipts';
import { MOBILE_MONEY_OTP_TRIES, MOBILE_MONEY_PROVIDER } from '../payments/mobile-money-provider';
import { PAYPAL_PROVIDER } from '../payments/paypal-provider';
import type { PayResult } from '../payments/provider';
import { pendingAttemptWithInstructions } from '../repositories/payment-attempt-repository';
import { deriveKey } from '../security/secrets';
import type { ServerServices } from '../services';

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: unknown } | null)?.code === '23505' && (error as { constraint?: unknown }).constraint === constraint;

/** A payment request as its Idempotency-Key sees it: the key header, and answer headers on its reply. */
function keyedCall(operation: 'pay' | 'repay', accountUid: number, body: unknown, request: FastifyRequest, reply: FastifyReply): IdempotentCall {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' && header !== '' ? header : undefined;
  return { accountUid, operation, key, body, header: (name, value) => void reply.header(name, value) };
}

/**
 * Paying an order (spec section 4; docs/decisions/009 and 032): a new order, an open one again, a
 * crypto quote, the customer's steps on a pending payment, and what a pending payment shows.
 */
export function paymentHandlers(services: ServerServices) {
  const { db, clock, sessions, payments: providers } = services;
  const phases = createPaymentPhases(services);
  const idempotent = createIdempotency({ db, clock, key: deriveKey(services.secret, 'idempotency') });

  return defineHandlers({
    async pay({ body, ctx, request, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return idempotent(
        keyedCall('pay', accountUid, body, request, reply),
        async (link) => {
          const now = clock.now();
          const input = inputOf(body);
          const installments = body.installments ?? 1;
          const method = await enabledMethod(db, body.method);
          const provider = await checkMethod(db, providers, method, { currency: body.currency, country: body.country, installments }, input);
          const discountCode = body.discountCode ? body.discountCode.toUpperCase() : null;
          const first = await db.transaction(async (tx) => {
            await lockAccount(tx, accountUid);
            if (input.card && 'savedCardId' in input.card) await ownCard(tx, accountUid, input.card.savedCardId);
            await assertPlanAvailable(tx, { accountUid, planId: body.planId, now });
            const v = await valuate(tx, {
              accountUid,
              planId: body.planId,
              currency: body.currency,
              ...(discountCode ? { discountCode } : {}),
              installments,
              method: method.code,
              lang: ctx.lang,
              now,
            });
            requireDiscount(v, discountCode);
            let order: OrderRow;
            try {
              order = await createOrder(tx, { accountUid, valuation: v, discountCode, method, email: body.email, scene: ctx.scene, now });
            } catch (error) {
              // Another open order of the account took the code between the valuation and here.
              if (isUniqueViolation(error, 'orders_open_code')) throw new ApiRefusal(DiscountErr.boundToAnotherOrder, 200, 'discount code bound meanwhile');
              throw error;
            }
            await link(tx, order.id);
            return phases.chargeOrder(tx, order, provider, method, input, request.log, now);
          });
          return answer(await phases.completeCharge(first, request.log));
        },
        async (orderId) => answer(await phases.answerOfOrder(orderId, request.log)),
      );
    },

    async repay({ body, ctx, request, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return idempotent(
        keyedCall('repay', accountUid, body, request, reply),
        async (link) => {
          const now = clock.now();
          const first = await db.transaction(async (tx) => {
            const order = await lockOpenOrder(tx, accountUid, body.orderId);
            await link(tx, order.id);
            return phases.repayInTx(tx, accountUid, order, body.method, {
              installments: body.installments,
              email: body.email,
              input: inputOf(body),
              lang: ctx.lang,
              log: request.log,
              now,
            });
          });
          return answer(await phases.completeCharge(first, request.log));
        },
        async (orderId) => answer(await phases.answerOfOrder(orderId, request.log)),
      );
    },

    /**
     * Captures an order's PayPal payment once the payer approved it (the browser is back on
     * /payment-redirect). Capturing twice answers the settled order again; not approved yet
     * answers the approval page again; cancelled or expired at PayPal fails the order (2003)
     * so it can be paid another way. 1001 not the caller's order, 1040 no PayPal payment.
     */
    async capturePaypalPayment({ params, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return phases.onPendingAttempt(accountUid, params.id, PAYPAL_PROVIDER, async (tx, order, attempt, now) => {
        const capture = await phases.sandboxProvider().paypal.capture(tx, attempt.provider_ref, now);
        switch (capture.status) {
          case 'completed':
          case 'already_completed': {
            const paid = await settlePending(
              tx,
              order,
              attempt.id,
              { ...phases.settleDeps, log: request.log },
              `${PAYPAL_PROVIDER}: captured ${capture.captureId}`,
              now,
            );
            return 'paid' in paid ? { ok: true, result: { next: 'done', orderId: order.id, status: paid.paid.status } } : { ok: false, errCode: paid.code };
          }
          case 'not_approved':
            return { ok: true, result: { next: 'redirect', orderId: order.id, status: order.status, url: capture.approveUrl } };
          case 'voided':
            await failPending(tx, order, attempt.id, PayErr.paymentFailed, `${PAYPAL_PROVIDER}: not approved by the payer`, now);
            return { ok: false, errCode: PayErr.paymentFailed };
          case 'unknown':
            throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, 'PayPal does not know the order');
        }
      });
    },

    /**
     * Confirms a mobile-money debit with the code the operator texted. A wrong code answers
     * -3033 and uses one of 3 tries; the third fails the order (17). An expired code answers
     * -3032 (the order is cancelled when its window closes). An empty wallet fails it (302).
     */
    async confirmLiquidoOtp({ body, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return phases.onPendingAttempt(accountUid, body.orderId, MOBILE_MONEY_PROVIDER, async (tx, order, attempt, now) => {
        const outcome = await phases.sandboxProvider().mobileMoney.confirm(tx, attempt.provider_ref, body.otp, now);
        switch (outcome.status) {
          case 'succeeded': {
            const paid = await settlePending(
              tx,
              order,
              attempt.id,
              { ...phases.settleDeps, log: request.log },
              `${MOBILE_MONEY_PROVIDER}: code confirmed`,
              now,
            );
            return 'paid' in paid ? { ok: true, result: { next: 'done', orderId: order.id, status: paid.paid.status } } : { ok: false, errCode: paid.code };
          }
          case 'declined':
            await failPending(tx, order, attempt.id, outcome.errCode, `${MOBILE_MONEY_PROVIDER}: declined ${outcome.errCode}`, now);
            return { ok: false, errCode: outcome.errCode };
          case 'too_many_attempts':
            await failPending(tx, order, attempt.id, PayErr.tooManyAttempts, `${MOBILE_MONEY_PROVIDER}: wrong code ${MOBILE_MONEY_OTP_TRIES} times`, now);
            return { ok: false, errCode: PayErr.tooManyAttempts };
          case 'wrong_code':
            return { ok: false, errCode: PayErr.wrongCode };
          case 'expired':
            return { ok: false, errCode: PayErr.codeExpired };
          case 'closed':
            throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, 'the collection is closed');
        }
      });
    },

    /**
     * Quotes an open order in a coin (another coin than the one chosen at pay, or a fresh quote
     * after the first expired): a new address and amount; the earlier quote is cancelled.
     */
    async createCryptoPayment({ body, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      const first = await db.transaction(async (tx) => {
        const order = await lockOpenOrder(tx, accountUid, body.orderId);
        const method = order.payment_type === 'crypto' && order.payment_method ? order.payment_method : 'crypto';
        const crypto = { coin: body.coin, ...(body.network ? { network: body.network } : {}) };
        return phases.repayInTx(tx, accountUid, order, method, { input: { crypto }, lang: ctx.lang, log: request.log, now });
      });
      const paid = answer(await phases.completeCharge(first, request.log));
      if (paid.next !== 'crypto') throw new Error(`the crypto provider answered ${paid.next}`);
      return paid;
    },

    /** The payment state of an order to show again: done when final, the pending instructions, else 1040. */
    async getPaymentInfoDetail({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await loadOwnOrder(db, accountUid, body.orderId);
      if (paidStatuses.includes(order.status) || isTerminal(order.status)) return { next: 'done' as const, orderId: order.id, status: order.status };
      const pending = await pendingAttemptWithInstructions(db, order.id);
      if (!pending) throw new ApiRefusal(PayErr.paymentInfoNotFound);
      return { ...(await withReceipts(db, pending)), orderId: order.id, status: order.status } as PayResult;
    },
  });
}
