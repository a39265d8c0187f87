import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../openapi/schema';
import { bankAccountPatterns, WITHDRAWAL_WINDOW_MS, WithdrawalErr, withdrawableKinds, withdrawableStatuses } from '../../core/config/withdrawal';
import type { Language } from '../../core/i18n/languages';
import { isCpf } from '../../core/validation/helpers';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { TemplateName, TemplateParams } from '../mail/templates';
import type { RefundEvent, EventResult } from '../payments/payment-events';
import type { PaymentProvider, RefundDestination, RefundResult } from '../payments/provider';
import { currencyFormat } from '../repositories/currency-repository';
import {
  idempotencyKeyOf,
  insertRefund,
  latestRefund,
  paidAttempt,
  recordProviderRef,
  refundById,
  refundByRef,
  scheduleRefundRetry,
  settleRefund,
  toRefund,
  type Refund,
  type RefundRow,
} from '../repositories/refund-repository';
import type { ServerServices } from '../services';
import { assertWithdrawalAllowed, billingState, lockedState } from './billing-rules';
import { recordReturn } from './ledger';
import { loadOrder, loadOwnOrder, transition, type OrderRow } from './orders';
import { recordIncident } from './payment-incidents';
import { reverseOrder } from './reversal';

/**
 * The 7-day withdrawal of a purchase (CDC art. 49, docs/decisions/058): the order goes
 * REFUND_PENDING and its provider is asked to refund it; the provider's answer, at once (a card
 * reversal) or later by its signed webhook (every other method), makes it REFUND_SUCCEEDED (the
 * entitlement it gave ends) or REFUND_REJECTED; a refund still pending may be withdrawn
 * (REFUND_CANCELLED). Each step e-mails the customer in the account's language.
 */

type WithdrawBody = components['schemas']['WithdrawRequest'];
type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type Deps = Pick<ServerServices, 'outbox'>;

/** The provider's reason when it refused at once without saying why. */
export const REJECT_REFUSED = 'refused_by_provider';

/** The destination a refund of `provider` needs, from the request; a refusal's code when it is missing or malformed. */
async function destinationFor(q: Queryable, provider: PaymentProvider, providerRef: string, body: WithdrawBody): Promise<RefundDestination | undefined> {
  const needs = provider.refundsTo ?? 'payer';
  if (needs === 'payer') return undefined;
  let destination: RefundDestination;
  if (needs === 'bank_account') {
    const a = body.bankAccount;
    const trimmed = a && { bank: a.bank.trim(), branch: a.branch.trim(), account: a.account.trim(), holderCpf: a.holderCpf.replace(/[.\-\s]/g, '') };
    if (
      !trimmed ||
      !bankAccountPatterns.bank.test(trimmed.bank) ||
      !bankAccountPatterns.branch.test(trimmed.branch) ||
      !bankAccountPatterns.account.test(trimmed.account)
    )
      throw new ApiRefusal(WithdrawalErr.bankAccountInvalid);
    if (!isCpf(trimmed.holderCpf)) throw new ApiRefusal(WithdrawalErr.holderCpfMismatch);
    destination = { kind: 'bank_account', ...trimmed };
  } else {
    const address = body.refundAddress?.trim();
    if (!address) throw new ApiRefusal(WithdrawalErr.refundAddressInvalid);
    destination = { kind: 'address', address };
  }
  const refused = provider.checkDestination ? await provider.checkDestination(q, providerRef, destination) : null;
  if (refused !== null) throw new ApiRefusal(refused);
  return destination;
}

/** One e-mail of a withdrawal's step, to the order's address, in the account's language (ADR 049). */
async function mailStep<T extends Extract<TemplateName, `refund${string}` | 'paymentReturned'>>(
  deps: Deps,
  tx: Queryable,
  order: OrderRow,
  refund: RefundRow,
  template: T,
  extra: Omit<TemplateParams[T], keyof TemplateParams['refundSucceeded']>,
) {
  const [account] = await tx.query<{ nickname: string; language: Language }>('SELECT nickname, language FROM accounts WHERE uid = $1', [order.account_uid]);
  const money = (await currencyFormat(tx, refund.currency)) ?? { symbol: refund.currency, decimals: 2 };
  const params = {
    nickname: account?.nickname ?? '',
    orderId: order.id,
    viewCode: order.view_code,
    amount: refund.amount,
    currency: refund.currency,
    symbol: money.symbol,
    decimals: money.decimals,
    ...extra,
  } as TemplateParams[T];
  await deps.outbox.send(tx, { accountUid: order.account_uid, channel: 'email', to: order.email, lang: account?.language ?? 'pt', template, params });
}

/**
 * Settles a pending refund, once only (a refund no longer pending is left as it is, and answers
 * false). A withdrawal's order follows it, under the account's lock: refunded, its money booked
 * and what it gave taken back (reversal.ts); refused or withdrawn, it stays paid, and goes to
 * CHARGEBACK_PENDING when a dispute waited for the refund's answer (docs/decisions/069). A payment
 * returned has no order to move: its money is booked when it goes back, and a refusal is support's.
 */
async function settle(
  deps: Deps,
  tx: Queryable,
  refund: RefundRow,
  outcome: { status: 'succeeded' } | { status: 'rejected'; reason: string } | { status: 'cancelled' },
  why: string,
  now: number,
): Promise<boolean> {
  const order = await loadOrder(tx, refund.order_id, { forUpdate: true });
  if (!order) return false;
  if (refund.kind === 'returned') return settleReturned(deps, tx, order, refund, outcome, why, now);
  if (order.status !== 'REFUND_PENDING') return false;
  if (!(await settleRefund(tx, refund.id, outcome.status, outcome.status === 'rejected' ? outcome.reason : null, now))) return false;
  if (outcome.status === 'succeeded') {
    const refunded = await transition(tx, order, 'REFUND_SUCCEEDED', why, now);
    await reverseOrder(tx, refunded, now, 'stop');
    await mailStep(deps, tx, order, refund, 'refundSucceeded', {});
    return true;
  }
  const kept =
    outcome.status === 'rejected' ? await transition(tx, order, 'REFUND_REJECTED', why, now) : await transition(tx, order, 'REFUND_CANCELLED', why, now);
  if (outcome.status === 'rejected') await mailStep(deps, tx, order, refund, 'refundRejected', { reason: outcome.reason });
  else await mailStep(deps, tx, order, refund, 'refundCancelled', {});
  // A dispute the card network opened while the refund was asked for (it refused the refund for it).
  const [dispute] = await tx.query<{ dispute_id: string }>(
    "SELECT dispute_id FROM order_disputes WHERE order_id = $1 AND status IN ('needs_response', 'under_review') LIMIT 1",
    [order.id],
  );
  if (dispute) await transition(tx, kept, 'CHARGEBACK_PENDING', `dispute ${dispute.dispute_id} opened while the refund was asked for`, now);
  return true;
}

async function settleReturned(
  deps: Deps,
  tx: Queryable,
  order: OrderRow,
  refund: RefundRow,
  outcome: { status: 'succeeded' } | { status: 'rejected'; reason: string } | { status: 'cancelled' },
  why: string,
  now: number,
): Promise<boolean> {
  if (!(await settleRefund(tx, refund.id, outcome.status, outcome.status === 'rejected' ? outcome.reason : null, now))) return false;
  if (outcome.status === 'succeeded') {
    await recordReturn(tx, 'refund', order, {
      amount: refund.amount,
      currency: refund.currency,
      provider: refund.provider,
      providerRef: refund.refund_ref ?? `refund:${refund.id}`,
      returnsEntryId: refund.charge_entry_id!,
      attemptId: refund.attempt_id,
      reason: `payment returned: ${why}`,
      now,
    });
    // The customer paid for nothing: told once the money is on its way back.
    if (order.email) await mailStep(deps, tx, order, refund, 'paymentReturned', {});
  } else {
    await recordIncident(tx, {
      kind: 'payment_returned',
      orderId: order.id,
      subject: `refund:${refund.id}:${outcome.status}`,
      detail: { provider: refund.provider, amount: refund.amount, currency: refund.currency, refund: outcome.status, why },
      now,
    });
  }
  return true;
}

/** The provider that took the order's payment, if it refunds. */
export function refunderOf(payments: ServerServices['payments'], method: string | null, providerName: string): PaymentProvider | undefined {
  const provider = method ? payments.forMethod(method) : undefined;
  return provider?.refund && provider.name === providerName ? provider : undefined;
}

/**
 * The provider's answer to a refund asked for (at once or by a retry, refund-retry.ts): its
 * reference recorded, and the refund settled when the answer is final.
 */
export async function applyRefundAnswer(deps: Deps & Pick<ServerServices, 'db' | 'clock'>, pending: RefundRow, providerName: string, result: RefundResult) {
  await deps.db.transaction(async (tx) => {
    if (result.status === 'pending') return recordProviderRef(tx, pending.id, result.refundRef);
    if (result.status === 'succeeded') {
      await recordProviderRef(tx, pending.id, result.refundRef);
      const settled = (await refundById(tx, pending.id))!;
      return settle(deps, tx, settled, { status: 'succeeded' }, `${providerName}: refunded (${result.refundRef})`, deps.clock.now());
    }
    const reason = ('reason' in result && result.reason) || REJECT_REFUSED;
    return settle(deps, tx, pending, { status: 'rejected', reason }, `${providerName}: refund refused (${reason})`, deps.clock.now());
  });
}

export function createWithdrawals(services: Pick<ServerServices, 'db' | 'clock' | 'payments' | 'outbox'>) {
  const { db, clock, payments } = services;
  const refunder = (method: string | null, providerName: string) => refunderOf(payments, method, providerName);

  return {
    /**
     * 8402 for an order that is not a paid purchase (or whose refund is pending or made), 8401
     * past the 7 days, 8407 for a payment the portal cannot refund, 8403-8405 for a destination
     * that will not do. Answers the refund as it stands after the provider's first answer.
     */
    async request(accountUid: number, body: WithdrawBody, log: Log): Promise<Refund> {
      const order = await loadOwnOrder(db, accountUid, body.orderId);
      // Rule `no-withdrawal-during-dispute` (docs/decisions/069): the card network decides first.
      assertWithdrawalAllowed(await billingState(db, accountUid, clock.now()), order.id);
      if (!withdrawableStatuses.includes(order.status) || !withdrawableKinds.includes(order.kind) || !order.paid_at)
        throw new ApiRefusal(WithdrawalErr.notWithdrawable);
      const now = clock.now();
      if (now > new Date(order.paid_at).getTime() + WITHDRAWAL_WINDOW_MS) throw new ApiRefusal(WithdrawalErr.windowPassed);
      const attempt = await paidAttempt(db, order.id);
      const provider = attempt?.provider_ref ? refunder(attempt.method, attempt.provider) : undefined;
      if (!attempt?.provider_ref || !provider) throw new ApiRefusal(WithdrawalErr.refundUnavailable);
      const providerRef = attempt.provider_ref;
      const destination = await destinationFor(db, provider, providerRef, body);

      const pending = await db.transaction(async (tx) => {
        const locked = await loadOrder(tx, order.id, { forUpdate: true });
        assertWithdrawalAllowed(await lockedState(tx, accountUid, now), order.id);
        if (!locked || !withdrawableStatuses.includes(locked.status)) throw new ApiRefusal(WithdrawalErr.notWithdrawable);
        await transition(tx, locked, 'REFUND_PENDING', 'withdrawal within 7 days (CDC art. 49)', now);
        return insertRefund(tx, {
          orderId: order.id,
          provider: provider.name,
          amount: attempt.amount,
          currency: order.currency,
          attemptId: attempt.id,
          destination,
          now,
        });
      });
      // "Asked for" only when the money does not go back at once: a card refunded in the same
      // second gets the one e-mail that says it is done (an answer refused at once, the one saying so).
      const mailRequested = () =>
        db.transaction((tx) => mailStep(services, tx, order, pending, 'refundRequested', { destination: destination?.kind ?? 'payer' }));

      // The provider is another system: asked outside the portal's transaction (docs/decisions/032),
      // under the refund's own key, so asking again answers the same refund.
      let result: RefundResult;
      try {
        result = await provider.refund!(db, {
          providerRef,
          amount: pending.amount,
          reason: 'requested_by_customer',
          idempotencyKey: await idempotencyKeyOf(db, pending.id),
          ...(destination ? { destination } : {}),
          now: clock.now(),
        });
      } catch (error) {
        // No answer: the provider may or may not have it. The payment jobs ask again under the same
        // key (refund-retry.ts), so a refund it did make is answered, not made twice.
        await scheduleRefundRetry(db, pending.id, 1, clock.now());
        log.error({ err: error, orderId: order.id }, 'asking for a withdrawal refund got no answer; it is asked again later');
        await mailRequested();
        return toRefund(pending);
      }
      if (result.status === 'pending') await mailRequested();
      await applyRefundAnswer(services, pending, provider.name, result);
      return toRefund((await latestRefund(db, order.id))!);
    },

    /** 8406 unless the order's refund is still pending at a provider that lets it be withdrawn. */
    async cancel(accountUid: number, orderId: string): Promise<Refund> {
      const order = await loadOwnOrder(db, accountUid, orderId);
      const refund = await latestRefund(db, order.id);
      const provider = refund ? refunder(order.payment_method, refund.provider) : undefined;
      if (order.status !== 'REFUND_PENDING' || refund?.status !== 'pending' || !refund.refund_ref || !provider?.cancelRefund)
        throw new ApiRefusal(WithdrawalErr.notCancellable);
      const now = clock.now();
      if (!(await provider.cancelRefund(db, refund.refund_ref, now))) throw new ApiRefusal(WithdrawalErr.notCancellable);
      const done = await db.transaction((tx) => settle(services, tx, refund, { status: 'cancelled' }, 'withdrawal cancelled by the customer', now));
      if (!done) throw new ApiRefusal(WithdrawalErr.notCancellable);
      return toRefund((await latestRefund(db, order.id))!);
    },

    /** The order's newest refund, or null when it has none. */
    async latest(accountUid: number, orderId: string): Promise<Refund | null> {
      const order = await loadOwnOrder(db, accountUid, orderId);
      const refund = await latestRefund(db, order.id);
      return refund ? toRefund(refund) : null;
    },
  };
}

/**
 * A provider's signed refund event (webhooks.ts has checked it and applies each event id once):
 * the refund it names settles, if it is still pending and the amount is the one asked.
 */
export async function applyRefundEvent(deps: Deps, tx: Queryable, provider: string, event: RefundEvent, now: number): Promise<EventResult> {
  const refund = await refundByRef(tx, provider, event.data.reference);
  if (!refund || refund.status !== 'pending') return 'ignored';
  if (event.data.amount !== refund.amount || event.data.currency !== refund.currency) return 'mismatch';
  const outcome =
    event.type === 'refund.succeeded'
      ? ({ status: 'succeeded' } as const)
      : ({ status: 'rejected', reason: event.data.failureReason ?? REJECT_REFUSED } as const);
  const why = `${provider}: ${event.type} (${event.id})`;
  return (await settle(deps, tx, refund, outcome, why, now)) ? 'applied' : 'ignored';
}
