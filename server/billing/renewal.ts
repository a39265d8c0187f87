import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { CARD_PROVIDER } from '../payments/card-provider';
import { crashPoint } from '../payments/crash-point';
import type { ChargeOutcome, ChargeRequest } from '../payments/provider';
import type { ServerServices } from '../services';
import { stopRenewalOnChargedBackCard } from './chargebacks';
import { beginCharge, lockChargingAttempt, recordChargeOutcome, type ChargingAttempt } from './charging';
import { createFulfilment } from './fulfilment';
import { createOrder, loadLines, loadOrder, recordAttempt, transition, type OrderRow } from './orders';
import { runPixAutomatico } from './pix-automatico';
import { applyScheduledChange } from './plan-change';
import { valuate } from './pricing';
import { renewalPrice } from './mandates';
import { lockedState, renewalMayCharge } from './billing-rules';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A subscription is charged from this long before its next billing date (docs/decisions/010). */
export const RENEWAL_WINDOW_MS = 24 * HOUR_MS;
/** After a declined renewal, the next try comes this much later… */
export const RENEWAL_RETRY_MS = DAY_MS;
/** …and after this many declines in a row the subscription expires. */
export const RENEWAL_MAX_FAILURES = 3;
/** A claim older than this belongs to a process that died mid-renewal; another may take it. */
export const RENEWAL_CLAIM_STALE_MS = 15 * 60_000;
/** How often a server process runs a pass (RENEWAL_INTERVAL_MS; 0 turns it off). */
export const RENEWAL_INTERVAL_MS = 5 * 60_000;
export const RENEWAL_BATCH = 50;

export interface RenewalSummary {
  /** Subscriptions this pass claimed (set renewing_since on). */
  claimed: number;
  renewed: number;
  declined: number;
  expired: number;
  /** Claimed but no longer due when locked (another process renewed it first), or failed unexpectedly. */
  skipped: number;
}

interface DueRow {
  account_uid: number;
  plan_id: number;
  status: 'activated' | 'cancelled' | 'expired';
  card_id: string | null;
  currency: string;
  next_billing_at: Date;
  next_retry_at: Date | null;
  failures: number;
}

const dueCondition = `status = 'activated' AND next_billing_at <= $1 AND (next_retry_at IS NULL OR next_retry_at <= $2)`;

/**
 * One renewal pass (docs/decisions/010). Safe from several processes at once:
 * 1. a short transaction claims up to `limit` due subscriptions with `FOR UPDATE SKIP LOCKED` and
 *    sets their `renewing_since` (cancelling is refused with 6207 from then on); a claim another
 *    process holds is skipped, and one older than RENEWAL_CLAIM_STALE_MS is taken over;
 * 2. each claimed subscription is charged in two phases (docs/decisions/032): a transaction that
 *    locks its row and checks again that it is still due (so a subscription a concurrent pass
 *    already renewed or declined is not charged twice) and that no earlier renewal order of it is
 *    still `charging`, then commits the renewal order and its `charging` attempt; the card network
 *    is charged after that commit; a second transaction records the outcome: the fulfilment
 *    (entitlement, next billing date, receipt) or the decline bookkeeping. A pass that dies
 *    between leaves the attempt `charging`, which reconciliation (payment-jobs.ts) settles by
 *    asking the network; its claim goes stale after RENEWAL_CLAIM_STALE_MS;
 * 3. `renewing_since` is always cleared, even when the charge fails.
 */
export async function runRenewals(
  services: Pick<ServerServices, 'db' | 'outbox' | 'payments'>,
  options: { now: number; limit?: number; log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
): Promise<RenewalSummary> {
  const { db, outbox } = services;
  const { now, limit = RENEWAL_BATCH, log } = options;
  const at = new Date(now);
  const dueBy = new Date(now + RENEWAL_WINDOW_MS);
  const summary: RenewalSummary = { claimed: 0, renewed: 0, declined: 0, expired: 0, skipped: 0 };
  // With payments off (docs/decisions/035) no card network is there to charge: subscriptions stay
  // due, untouched, until a provider is configured, rather than being declined for the operator's choice.
  const network = services.payments.card;
  if (!network) return summary;
  const card = network;

  const claimed = await db.transaction(async (tx) => {
    const rows = await tx.query<{ account_uid: number }>(
      `SELECT account_uid FROM subscriptions
       WHERE ${dueCondition} AND (renewing_since IS NULL OR renewing_since <= $3)
       ORDER BY next_billing_at, account_uid LIMIT $4 FOR UPDATE SKIP LOCKED`,
      [dueBy, at, new Date(now - RENEWAL_CLAIM_STALE_MS), limit],
    );
    const uids = rows.map((r) => Number(r.account_uid));
    if (uids.length > 0) await tx.query('UPDATE subscriptions SET renewing_since = $2, updated_at = $2 WHERE account_uid = ANY($1::bigint[])', [uids, at]);
    return uids;
  });
  summary.claimed = claimed.length;

  const fulfil = createFulfilment({ outbox, valuate });

  for (const uid of claimed) {
    try {
      const first = await db.transaction((tx) => renewOne(tx, uid));
      const outcome = typeof first === 'string' ? first : await chargeRenewal(first);
      summary[outcome]++;
      if (outcome !== 'skipped') log?.info({ accountUid: uid, outcome }, 'subscription renewal');
    } catch (error) {
      summary.skipped++;
      log?.error({ err: error, accountUid: uid }, 'subscription renewal failed; it is tried again on the next pass');
    } finally {
      // Only this pass's own claim is released (a stale claim taken over by another pass is theirs).
      await db.query('UPDATE subscriptions SET renewing_since = NULL WHERE account_uid = $1 AND renewing_since = $2', [uid, at]);
    }
  }
  return summary;

  type Outcome = 'renewed' | 'declined' | 'expired' | 'skipped';
  interface Charging {
    sub: DueRow;
    order: OrderRow;
    attempt: ChargingAttempt;
    request: ChargeRequest;
  }

  async function renewOne(tx: Queryable, uid: number): Promise<Outcome | Charging> {
    // Rule `renewal-waits-for-reversals` (docs/decisions/069): not while a refund or a chargeback is
    // under way; and once the plan it would renew has ended meanwhile, the renewal ends with it
    // (rule `mandate-follows-plan`): the customer buys again once it is settled.
    const state = await lockedState(tx, uid, now);
    if (!renewalMayCharge(state)) {
      if (state.running) return 'skipped';
      const ended = await tx.query(
        "UPDATE subscriptions SET status = 'expired', next_retry_at = NULL, renewing_since = NULL, updated_at = $2 WHERE account_uid = $1 AND status = 'activated' RETURNING account_uid",
        [uid, at],
      );
      return ended.length > 0 ? 'expired' : 'skipped';
    }
    const [sub] = await tx.query<DueRow>(
      `SELECT account_uid, plan_id, status, card_id, currency, next_billing_at, next_retry_at, failures
       FROM subscriptions WHERE account_uid = $3 AND ${dueCondition} FOR UPDATE`,
      [dueBy, at, uid],
    );
    if (!sub) return 'skipped';
    // A card whose payment the holder charged back is not charged again (docs/decisions/059).
    if (await stopRenewalOnChargedBackCard(tx, uid, now)) return 'expired';
    // A renewal a dead pass left charging is settled by reconciliation before another is tried.
    const unsettled = await tx.query(
      "SELECT 1 FROM orders o JOIN payment_attempts a ON a.order_id = o.id WHERE o.account_uid = $1 AND o.kind = 'renewal' AND a.status = 'charging' LIMIT 1",
      [uid],
    );
    if (unsettled.length > 0) return 'skipped';
    sub.plan_id = await applyScheduledChange(tx, uid, sub.plan_id, now);

    const [account] = await tx.query<{ email: string | null; language: Language }>('SELECT email, language FROM accounts WHERE uid = $1', [uid]);
    const lang: Language = account?.language ?? 'pt';
    // The receipt goes where the last paid order's receipt went (phone accounts may have no email).
    const [last] = await tx.query<{ email: string }>(
      "SELECT email FROM orders WHERE account_uid = $1 AND status = 'PAYMENT_SUCCEEDED' ORDER BY paid_at DESC NULLS LAST, created_at DESC LIMIT 1",
      [uid],
    );
    const email = last?.email ?? account?.email;

    let price;
    try {
      // Rule `one-renewal-price`: what the account page said the renewal costs (mandates.ts).
      price = await renewalPrice(tx, uid, sub, lang, now);
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      // The plan or the currency is no longer sold: nothing can be renewed.
      await tx.query("UPDATE subscriptions SET status = 'expired', next_retry_at = NULL, renewing_since = NULL, updated_at = $2 WHERE account_uid = $1", [
        uid,
        at,
      ]);
      log?.warn({ accountUid: uid, errCode: error.errCode }, 'subscription expired: its plan can no longer be valued');
      return 'expired';
    }
    if (!email) throw new Error(`account ${uid} has no email for the renewal receipt`);

    let order = await createOrder(tx, {
      accountUid: uid,
      valuation: price.valuation,
      discountCode: null,
      method: { code: 'card', type: 'card' },
      email,
      scene: 'WEB',
      now,
    });
    await price.bind(order.id);
    await tx.query("UPDATE orders SET kind = 'renewal' WHERE id = $1", [order.id]);
    order = { ...order, kind: 'renewal' };
    const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];

    if (!sub.card_id) {
      await recordAttempt(tx, {
        orderId: order.id,
        method: 'card',
        provider: CARD_PROVIDER,
        amount: order.total,
        currency: order.currency,
        providerRef: null,
        status: 'failed',
        errCode: -2511,
        now,
      });
      return declined(tx, sub, await transition(tx, order, 'PAYMENT_FAILED', 'renewal declined: -2511', now));
    }
    const attempt = await beginCharge(tx, {
      orderId: order.id,
      method: 'card',
      provider: CARD_PROVIDER,
      amount: order.total,
      currency: order.currency,
      cardId: sub.card_id,
      now,
    });
    const request: ChargeRequest = {
      orderId: order.id,
      accountUid: uid,
      amount: order.total,
      currency: order.currency,
      installments: 1,
      email,
      description: lines.map((l) => l.plan_name).join(', '),
      input: { card: { savedCardId: sub.card_id } },
      now,
    };
    return { sub, order, attempt, request };
  }

  /** The network charged on its own connection, after the renewal order committed; then the outcome. */
  async function chargeRenewal({ sub, order, attempt, request }: Charging): Promise<Outcome> {
    let charged: ChargeOutcome;
    try {
      charged = await card.charge(db, request);
    } catch (error) {
      log?.error({ err: error, accountUid: sub.account_uid, orderId: order.id }, 'renewal charge failed at the provider');
      charged = { status: 'unknown' };
    }
    crashPoint('after-provider');
    return db.transaction(async (tx) => {
      const locked = await loadOrder(tx, order.id, { forUpdate: true });
      const open = locked && (await lockChargingAttempt(tx, attempt.id));
      // Reconciliation settled it meanwhile (this pass outlived RECONCILE_AFTER_MS).
      if (!locked || !open) return 'skipped';
      await tx.query('SELECT 1 FROM subscriptions WHERE account_uid = $1 FOR UPDATE', [Number(sub.account_uid)]);
      if (charged.status === 'succeeded') {
        // Fulfilment extends the entitlement, moves next_billing_at to its new end, refreshes the
        // amount, clears failures, retry and renewing_since, and sends the receipt.
        await recordChargeOutcome(tx, locked, open, charged, { fulfil }, now);
        return 'renewed';
      }
      // A saved card's charge is answered at once by the sandbox; a gateway that does not answer
      // (`unknown`) is recorded as a failed attempt here and retried on the schedule.
      const failure = charged.status === 'failed' ? charged : ({ status: 'failed', providerRef: null, errCode: -2499 } as const);
      const recorded = await recordChargeOutcome(tx, locked, open, failure, { fulfil }, now);
      return declined(tx, sub, recorded.order);
    });
  }

  /** A renewal that was not paid: its order closed, the decline counted, the next try scheduled. */
  async function declined(tx: Queryable, sub: DueRow, failed: OrderRow): Promise<Outcome> {
    const uid = Number(sub.account_uid);
    // An automatic attempt is not left open for the customer to finish (it would be their cart).
    await transition(tx, failed, 'PAYMENT_CANCELLED', 'renewal attempt closed', now);
    const failures = sub.failures + 1;
    if (failures >= RENEWAL_MAX_FAILURES) {
      await tx.query(
        "UPDATE subscriptions SET status = 'expired', failures = $2, next_retry_at = NULL, renewing_since = NULL, updated_at = $3 WHERE account_uid = $1",
        [uid, failures, at],
      );
      return 'expired';
    }
    await tx.query('UPDATE subscriptions SET failures = $2, next_retry_at = $3, renewing_since = NULL, updated_at = $4 WHERE account_uid = $1', [
      uid,
      failures,
      new Date(now + RENEWAL_RETRY_MS),
      at,
    ]);
    return 'declined';
  }
}

/** The interval between passes in a server process: RENEWAL_INTERVAL_MS, off in tests unless set. */
export function renewalIntervalMs(env: 'development' | 'production' | 'test', value = process.env.RENEWAL_INTERVAL_MS): number {
  if (value !== undefined && value.trim() !== '') {
    const ms = Number(value);
    if (!Number.isInteger(ms) || ms < 0) throw new Error('RENEWAL_INTERVAL_MS must be a whole number of milliseconds (0: off)');
    return ms;
  }
  return env === 'test' ? 0 : RENEWAL_INTERVAL_MS;
}

/**
 * Runs a pass every interval once the server is ready, one at a time per process, and stops (waiting
 * for a running pass) when the server closes. Several processes may run it: see `runRenewals`.
 */
export function registerRenewalJob(app: FastifyInstance, services: ServerServices, intervalMs = renewalIntervalMs(services.config.env)): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    const now = services.clock.now();
    running = runRenewals(services, { now, log: app.log })
      .then((s) => s.claimed > 0 && app.log.info(s, 'renewal pass'))
      // Monthly plans renewed by PIX Automático: their charges are scheduled ahead (docs/decisions/060).
      .then(() => runPixAutomatico(services, { now }))
      .then((s) => s.scheduled + s.expired + s.ended > 0 && app.log.info(s, 'PIX Automático pass'))
      .catch((error: unknown) => app.log.error({ err: error }, 'renewal pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
