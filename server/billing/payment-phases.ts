import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../core/i18n/languages';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { crashPoint } from '../payments/crash-point';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, PayResult } from '../payments/provider';
import { dropCard } from '../repositories/card-repository';
import { chargingAttemptId, lastAttempt, pendingAttemptAt } from '../repositories/payment-attempt-repository';
import type { PaymentMethodRow } from '../repositories/payment-method-repository';
import type { ServerServices } from '../services';
import { beginCharge, isCharging, lockChargingAttempt, recordChargeOutcome, type ChargingAttempt } from './charging';
import { DiscountErr, redeemDiscountCode } from './discount-codes';
import { createFulfilment } from './fulfilment';
import { openStatuses, paidStatuses } from './order-status';
import { loadLines, loadOrder, revalue, type OrderRow } from './orders';
import { PayErr } from './pay-errors';
import { checkMethod, enabledMethod, ownCard, requireDiscount, type PayInput } from './payment-checks';
import { settleChargingAttempt } from './payment-jobs';
import { askReturnedRefunds } from './refund-retry';
import { upgradeValuation } from './plan-change';
import { assertUpgradeAllowed, lockedState } from './billing-rules';
import { grantCredit, reverseAllCredit } from './ledger';
import { assertPlanAvailable, valuate } from './pricing';
import { cancelPendingAttempts, holdsDiscountUse } from './settlement';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type ChargeResult = { ok: true; result: PayResult } | { ok: false; errCode: number };

/**
 * What a payment's first transaction leaves: a settled result (a refusal, or a provider whose
 * records live in the order's transaction), or a card charge to make once it has committed
 * (docs/decisions/032). `dropCard`: a card kept for this payment only, removed if it fails.
 */
export type FirstPhase =
  { done: ChargeResult } | { charging: { order: OrderRow; attempt: ChargingAttempt; provider: PaymentProvider; charge: ChargeRequest; dropCard?: string } };

/** Refusals decided inside the transaction leave it committed (the failed order stays). */
export function answer(result: ChargeResult): PayResult {
  if (!result.ok) throw new ApiRefusal(result.errCode, 200, 'payment refused');
  return result.result;
}

/**
 * An order whose last charge got no answer (NETWORK_ERROR) may have been charged: paying it
 * again before reconciliation asks the network could charge the customer twice. It answers
 * what its own payment answered, 1015 ("Payment error, refresh"), which the client already
 * takes for "being confirmed, do not pay again" (docs/decisions/036). A business refusal, so
 * an Idempotency-Key replays it; the customer's next attempt comes with a new key.
 */
export function assertOutcomeKnown(order: OrderRow) {
  if (order.status === 'NETWORK_ERROR') throw new ApiRefusal(PayErr.paymentError, 200, `order ${order.id} awaits reconciliation`);
}

/** The caller's open order, locked for this payment: 1001 when missing, another's, or not open; 1015 its outcome unknown. */
export async function lockOpenOrder(tx: Queryable, accountUid: number, orderId: string): Promise<OrderRow> {
  const order = await loadOrder(tx, orderId, { forUpdate: true });
  if (!order || order.account_uid !== accountUid) throw new ApiRefusal(PayErr.orderNotFound);
  if (!openStatuses.includes(order.status)) throw new ApiRefusal(PayErr.orderNotFound, 200, `order ${orderId} is ${order.status}`);
  assertOutcomeKnown(order);
  // Before the two phases, a second payment waited for the first's transaction; now it is told
  // to retry, as a repeated Idempotency-Key is, until the first's outcome is recorded.
  if (await isCharging(tx, order.id)) throw new ApiRefusal(PayErr.tooFrequent, 429, `order ${orderId} is being charged`);
  return order;
}

/**
 * Charging an order in its phases (docs/decisions/032), the answers a payment gives, and the
 * steps a customer takes on a pending one.
 */
export function createPaymentPhases(services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>) {
  const { db, clock, outbox, payments: providers } = services;
  const fulfil = createFulfilment({ outbox, valuate });
  /** What settling a pending payment needs: what a paid order gives, and its code's use. */
  const settleDeps = { fulfil, redeem: redeemDiscountCode };

  /**
   * The first phase of charging an order, in the caller's transaction: takes the discount code's
   * use (9003 when another order took the last one) and records a `charging` attempt. A provider
   * whose records live in the portal's transaction (PIX, boleto, redirects, codes: no money moves
   * yet) is asked now and its answer recorded with it. A card network is asked only once this
   * transaction has committed (`completeCharge`), so a charge it makes always has its order and
   * attempt to be found by (docs/decisions/032).
   */
  async function chargeOrder(
    tx: Queryable,
    order: OrderRow,
    provider: PaymentProvider,
    method: PaymentMethodRow,
    input: PayInput,
    log: Log,
    now: number,
  ): Promise<FirstPhase> {
    // A pending order (a PIX or boleto awaiting payment) already holds its code's use: repaying it
    // another way must not take a second one.
    if (order.discount_code && !holdsDiscountUse(order) && !(await redeemDiscountCode(tx, order.discount_code))) {
      throw new ApiRefusal(DiscountErr.exhausted, 200, `discount code ${order.discount_code} used up`);
    }
    const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
    const charge: ChargeRequest = {
      orderId: order.id,
      accountUid: order.account_uid,
      amount: order.total,
      currency: order.currency,
      installments: order.installments,
      email: order.email,
      description: lines.map((l) => l.plan_name).join(', '),
      input,
      now,
    };
    const savedCardId = input.card && 'savedCardId' in input.card ? input.card.savedCardId : null;
    const attempt = await beginCharge(tx, {
      orderId: order.id,
      method: method.code,
      provider: provider.name,
      amount: order.total,
      currency: order.currency,
      cardId: savedCardId,
      now,
    });
    if (provider.chargesAtOnce) return { charging: { order, attempt, provider, charge } };

    let outcome: ChargeOutcome | { status: 'error' };
    await tx.query('SAVEPOINT provider_charge');
    try {
      outcome = await provider.charge(tx, charge);
      await tx.query('RELEASE SAVEPOINT provider_charge');
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT provider_charge');
      log.error({ err: error, orderId: order.id, provider: provider.name }, 'payment provider failed');
      outcome = { status: 'error' };
    }
    return { done: await recordOutcome(tx, order, attempt, outcome, log) };
  }

  async function recordOutcome(
    tx: Queryable,
    order: OrderRow,
    attempt: ChargingAttempt,
    outcome: ChargeOutcome | { status: 'error' },
    log: Log,
  ): Promise<ChargeResult> {
    if (outcome.status === 'unknown') log.warn({ orderId: order.id, provider: attempt.provider }, 'payment provider did not answer');
    const recorded = await recordChargeOutcome(tx, order, attempt, outcome, { fulfil }, clock.now());
    if (!recorded.ok) return { ok: false, errCode: recorded.errCode };
    const { order: settled } = recorded;
    if (outcome.status === 'pending') return { ok: true, result: { ...outcome.instructions, orderId: settled.id, status: settled.status } as PayResult };
    return { ok: true, result: { next: 'done', orderId: settled.id, status: settled.status } };
  }

  /**
   * The second and third phases of a card charge, after the first transaction committed: the
   * network is asked (its own connection: a charge it makes stands, whatever happens here), then
   * its answer is recorded in a transaction of its own. If reconciliation settled the attempt
   * meanwhile (this call outlived RECONCILE_AFTER_MS), the order's state is the answer.
   */
  async function completeCharge(first: FirstPhase, log: Log): Promise<ChargeResult> {
    if ('done' in first) return first.done;
    const { order, attempt, provider, charge } = first.charging;
    let outcome: ChargeOutcome | { status: 'error' };
    try {
      outcome = await provider.charge(db, charge);
    } catch (error) {
      log.error({ err: error, orderId: order.id, provider: provider.name }, 'payment provider failed');
      outcome = { status: 'error' };
    }
    crashPoint('after-provider');
    const result = await db.transaction(async (tx): Promise<ChargeResult | undefined> => {
      const locked = await loadOrder(tx, order.id, { forUpdate: true });
      const open = locked && (await lockChargingAttempt(tx, attempt.id));
      if (!locked || !open) return undefined;
      const recorded = await recordOutcome(tx, locked, open, outcome, log);
      if (!recorded.ok && first.charging.dropCard) await dropCard(tx, first.charging.dropCard);
      return recorded;
    });
    // A charge that could no longer pay its order is returned at once (docs/decisions/069).
    if (result && !result.ok) await askReturnedRefunds(services, order.id, log);
    return result ?? answerOfOrder(order.id, log);
  }

  /**
   * The answer a payment of `orderId` gave, from the order as it stands (a retry whose first
   * process died, a charge reconciled meanwhile): an attempt still `charging` is settled with the
   * network first. Paid → done; pending → its instructions; otherwise the refusal it ended with.
   */
  async function answerOfOrder(orderId: string, log: Log): Promise<ChargeResult> {
    const charging = await chargingAttemptId(db, orderId);
    if (charging !== undefined) await settleChargingAttempt(services, charging, log);
    const order = await loadOrder(db, orderId);
    if (!order) throw new Error(`order ${orderId} of an idempotency key vanished`);
    if (paidStatuses.includes(order.status)) return { ok: true, result: { next: 'done', orderId, status: order.status } };
    const last = await lastAttempt(db, orderId);
    if (order.status === 'PAYMENT_PENDING' && last?.instructions)
      return { ok: true, result: { ...last.instructions, orderId, status: order.status } as PayResult };
    if (order.status === 'NETWORK_ERROR') return { ok: false, errCode: PayErr.paymentError };
    if (order.status === 'PAYMENT_FAILED') return { ok: false, errCode: last?.err_code ?? PayErr.paymentFailed };
    return { ok: false, errCode: PayErr.orderNotFound };
  }

  /**
   * A step the customer takes on a pending payment (capture after approval, confirm a code), on
   * the caller's order and its pending attempt at `provider`, under the order's row lock. An
   * order already settled answers its final status again (a reloaded page, a double submit);
   * 1001 not the caller's, 1040 no pending payment there. The step's outcome is committed before
   * it is answered, so a refusal (a wrong code) still counts.
   */
  async function onPendingAttempt(
    accountUid: number,
    orderId: string,
    provider: string,
    step: (tx: Queryable, order: OrderRow, attempt: { id: number; provider_ref: string }, now: number) => Promise<ChargeResult>,
  ): Promise<PayResult> {
    const now = clock.now();
    const result = await db.transaction(async (tx): Promise<ChargeResult> => {
      const order = await loadOrder(tx, orderId, { forUpdate: true });
      if (!order || order.account_uid !== accountUid) throw new ApiRefusal(PayErr.orderNotFound);
      if (!openStatuses.includes(order.status)) return { ok: true, result: { next: 'done', orderId: order.id, status: order.status } };
      const attempt = await pendingAttemptAt(tx, order.id, provider);
      if (!attempt) throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, `order ${order.id} has no pending ${provider} payment`);
      return step(tx, order, attempt, now);
    });
    return answer(result);
  }

  /**
   * Pays an existing open order again (repay, and the card SDK's confirm): the plan must still
   * be available, and the amounts follow a fresh valuation with the order's plan, currency and
   * discount code; the earlier pending attempts of the order are cancelled.
   */
  async function repayInTx(
    tx: Queryable,
    accountUid: number,
    order: OrderRow,
    methodCode: string,
    options: { installments?: number | undefined; email?: string | undefined; input: PayInput; lang: Language; log: Log; now: number },
  ): Promise<FirstPhase> {
    const { input, now } = options;
    const method = await enabledMethod(tx, methodCode);
    const installments = options.installments ?? order.installments;
    const provider = await checkMethod(tx, providers, method, { currency: order.currency, installments }, input);
    if (input.card && 'savedCardId' in input.card) await ownCard(tx, accountUid, input.card.savedCardId);
    const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
    const planId = String(lines[0]?.plan_id ?? '');
    await assertPlanAvailable(tx, { accountUid, planId, now });
    // An upgrade's credit follows the days left when it is paid (docs/decisions/056), and is
    // granted afresh from the orders it now comes from (docs/decisions/069).
    let upgrade: Awaited<ReturnType<typeof upgradeValuation>> | undefined;
    if (order.kind === 'upgrade') {
      assertUpgradeAllowed(await lockedState(tx, accountUid, now));
      upgrade = await upgradeValuation(tx, valuate, { accountUid, planId, installments, method: method.code, lang: options.lang, orderId: order.id, now });
    }
    const v =
      upgrade?.valuation ??
      (await valuate(tx, {
        accountUid,
        planId,
        currency: order.currency,
        ...(order.discount_code ? { discountCode: order.discount_code } : {}),
        installments,
        method: method.code,
        lang: options.lang,
        orderId: order.id,
        now,
      }));
    requireDiscount(v, order.discount_code);
    await cancelPendingAttempts(tx, order.id, now);
    const revalued = await revalue(tx, order, v, { method, email: options.email, now });
    if (upgrade) {
      await reverseAllCredit(tx, revalued, 'valued afresh to be paid', now);
      await grantCredit(tx, revalued, upgrade.credit, 'the unused days when it is paid', now);
    }
    return chargeOrder(tx, revalued, provider, method, input, options.log, now);
  }

  /**
   * The sandbox's own calls (the card SDK's customer and tokens, PayPal's capture, the wallet's
   * code) exist only while it is on: with payments off there is nothing to call.
   */
  function sandboxProvider() {
    if (!providers.sandbox) throw new ApiRefusal(PayErr.methodUnsupported, 200, 'payments are off');
    return providers.sandbox;
  }

  return { settleDeps, chargeOrder, completeCharge, answerOfOrder, onPendingAttempt, repayInTx, sandboxProvider };
}
export type PaymentPhases = ReturnType<typeof createPaymentPhases>;
