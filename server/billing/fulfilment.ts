import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import type { Outbox } from '../mail/outbox';
import type { ReceiptParams } from '../mail/templates';
import { loadLines, type OrderRow } from './orders';
import { consumeCredit, creditLinksOf } from './ledger';
import { liveRecurrence } from '../repositories/pix-recurrence-repository';
import { alignMandates } from './mandates';
import { afterUpgradePaid } from './plan-change';
import { convertRemainder, keptPeriods } from './service-periods';
import { cancelOpenUpgrades } from './upgrades';
import type { PricingInput } from './pricing';
import type { Valuation } from './valuation';

const DAY_MS = 86_400_000;

export interface FulfilOptions {
  now: number;
  /** The saved card that paid, if any: an auto-renew plan then gets its subscription on it. */
  cardId: string | null;
}

/**
 * What a paid order gives, in the transaction that marked it PAYMENT_SUCCEEDED: the account's
 * entitlement runs validDays longer (from now, or from the current expiry if that is later), the
 * order remembers that period, an auto-renew plan paid with a saved card starts its subscription
 * (next billing at the new expiry; a running one moves its next billing there), and a receipt goes to the order's email through the outbox.
 * The discount code's use was already taken (`redeemDiscountCode`, discount-codes.ts), before the charge.
 */
export function createFulfilment(deps: { outbox: Outbox; valuate: (q: Queryable, input: PricingInput) => Promise<Valuation> }) {
  return async function fulfil(tx: Queryable, order: OrderRow, options: FulfilOptions): Promise<{ start: number; end: number }> {
    const { now } = options;
    const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
    const planId = lines.at(-1)?.plan_id;
    if (planId === undefined) throw new Error(`order ${order.id} has no lines`);
    const [plan] = await tx.query<{ device_count: number; auto_renew: boolean }>('SELECT device_count, auto_renew FROM plans WHERE id = $1', [planId]);
    if (!plan) throw new Error(`plan ${planId} vanished`);

    const [current] = await tx.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1 FOR UPDATE', [order.account_uid]);
    // An upgrade starts today for its full period: the unused days it replaces were its credit (docs/decisions/056).
    const start = order.kind === 'upgrade' ? now : Math.max(now, current ? new Date(current.expires_at).getTime() : 0);
    const end = start + order.valid_days * DAY_MS;
    await tx.query('UPDATE orders SET service_start = $2, service_end = $3 WHERE id = $1', [order.id, new Date(start), new Date(end)]);
    // What an upgrade's credit was made of ends today, and the ledger spends the credit (docs/decisions/069).
    const expiresAt = order.kind === 'upgrade' ? await takeCreditSources(tx, order, end, now) : end;
    await tx.query(
      `INSERT INTO entitlements (account_uid, plan_id, device_count, expires_at, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_uid) DO UPDATE SET plan_id = $2, device_count = $3, expires_at = $4, updated_at = $5`,
      [order.account_uid, planId, plan.device_count, new Date(expiresAt), new Date(now)],
    );
    // Rule `one-open-upgrade`: an upgrade still open was quoted on the days before these.
    if (order.kind !== 'upgrade') await cancelOpenUpgrades(tx, order.account_uid, `${order.id} was paid meanwhile`, now);

    const [account] = await tx.query<{ nickname: string; language: Language }>('SELECT nickname, language FROM accounts WHERE uid = $1', [order.account_uid]);
    const lang: Language = account?.language ?? 'pt';

    // An approved PIX Automático already renews the plan: a card that paid once does not add a second renewal (docs/decisions/060).
    const byPix = (await liveRecurrence(tx, order.account_uid))?.status === 'APROVADA';
    if (plan.auto_renew && options.cardId && !byPix) {
      // The renewal charges the plan's price as it will then be, without this order's coupon.
      const renewal = await deps.valuate(tx, {
        accountUid: order.account_uid,
        planId: String(planId),
        currency: order.currency,
        installments: 1,
        method: order.payment_method ?? undefined,
        lang,
        now,
      });
      await tx.query(
        `INSERT INTO subscriptions (account_uid, plan_id, status, card_id, amount, currency, next_billing_at, renewing_since, failures, next_retry_at, updated_at)
         VALUES ($1, $2, 'activated', $3, $4, $5, $6, NULL, 0, NULL, $7)
         ON CONFLICT (account_uid) DO UPDATE SET plan_id = $2, status = 'activated', card_id = $3, amount = $4, currency = $5,
           next_billing_at = $6, renewing_since = NULL, failures = 0, next_retry_at = NULL, updated_at = $7`,
        [order.account_uid, planId, options.cardId, renewal.total, renewal.currency, new Date(end), new Date(now)],
      );
    }
    if (order.kind === 'upgrade') await afterUpgradePaid(tx, order.account_uid, now);
    // Rule `mandate-follows-plan` (docs/decisions/069): a running auto-renewal renews the plan that
    // now runs, when these longer days run out; one for a plan that does not renew itself ends.
    await alignMandates(tx, order.account_uid, now, { stop: false });

    const [currency] = await tx.query<{ symbol: string; decimals: number }>('SELECT symbol, decimals FROM currencies WHERE code = $1', [order.currency]);
    const money = { symbol: currency?.symbol ?? order.currency, decimals: currency?.decimals ?? 2 };
    await deps.outbox.send(tx, {
      accountUid: order.account_uid,
      channel: 'email',
      to: order.email,
      lang,
      template: 'receipt',
      params: receiptParams(order, {
        nickname: account?.nickname ?? '',
        items: lines.map((l) => ({ name: l.plan_name, quantity: l.quantity, amount: l.subtotal })),
        ...money,
        validFrom: start,
        validTo: end,
      }),
    });
    return { start, end };
  };
}
export type Fulfil = ReturnType<typeof createFulfilment>;

/**
 * An upgrade paid: each order its credit came from ends today, the unused service it had is kept
 * with the spent credit (given back should the upgrade's money go back, reversal.ts), and any other
 * period still to come follows the upgrade's. Answers when the account's service now ends.
 */
async function takeCreditSources(tx: Queryable, order: OrderRow, end: number, now: number): Promise<number> {
  const unused = new Map<string, number>();
  for (const link of await creditLinksOf(tx, order.id))
    if (link.net > 0 && !link.consumed) unused.set(link.sourceOrderId, await convertRemainder(tx, link.sourceOrderId, now));
  await consumeCredit(tx, order, unused, `upgrade ${order.id} paid`, now);
  let cursor = end;
  for (const p of await keptPeriods(tx, order.account_uid)) {
    if (p.orderId === order.id || p.end <= now) continue;
    const length = p.end - Math.max(p.start, now);
    await tx.query('UPDATE orders SET service_start = $2, service_end = $3 WHERE id = $1', [p.orderId, new Date(cursor), new Date(cursor + length)]);
    cursor += length;
  }
  return cursor;
}

/**
 * The emailed receipt of a paid order: its figures as stored, with what the caller knows of the
 * rest (the reader's name, the lines named in the reader's language, the currency's format, the period).
 */
export function receiptParams(
  order: OrderRow,
  rest: Pick<ReceiptParams, 'nickname' | 'items' | 'symbol' | 'decimals' | 'validFrom' | 'validTo' | 'link'>,
): ReceiptParams {
  return {
    orderId: order.id,
    viewCode: order.view_code,
    subtotal: order.subtotal,
    discount: order.discount,
    interest: order.interest,
    total: order.total,
    installments: order.installments,
    installmentAmount: order.installment_amount,
    currency: order.currency,
    validDays: order.valid_days,
    ...rest,
  };
}
