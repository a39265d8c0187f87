import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { openStatuses } from './order-status';
import { lockAccount } from '../repositories/account-repository';
import type { OrderRow } from './orders';

/**
 * One place that decides (docs/decisions/069). Each flow that moves an account's money (the
 * customer's calls, the bank's and the card network's events, the renewal and payment jobs)
 * locks the account (`lockAccount`), reads its billing state here, and asks the same rules. The
 * rules are written down once, as a table a product owner reads (docs/payments.md, drawn from
 * `billingRules` by `npm run flows`), and the functions below are the only code that applies them.
 */

/** Who acts on an account's money. */
export type MoneyActor = 'customer' | 'bank' | 'card network' | 'PSP' | 'clock';

export interface BillingRule {
  id: string;
  /** The rule's name, as a heading reads it. */
  title: string;
  /** Who makes it be asked. */
  actors: readonly MoneyActor[];
  /** When the rule is asked, and by whom. */
  when: string;
  /** What must hold, in business words. */
  rule: string;
  /** What happens when it does not. */
  otherwise: string;
  /** The codes a customer is told, when the customer asked. */
  codes: readonly number[];
}

export const billingRules = [
  {
    id: 'one-open-upgrade',
    title: 'One upgrade open at a time',
    actors: ['customer', 'clock'],
    when: 'The customer opens a plan change or buys a plan; a renewal is charged',
    rule: 'An account has at most one upgrade waiting to be paid, and its credit counts the days the account has when it is opened.',
    otherwise: 'The older upgrade is cancelled (its code can no longer be paid) and its credit goes back.',
    codes: [],
  },
  {
    id: 'upgrade-needs-running-plan',
    title: 'An upgrade needs the plan it upgrades',
    actors: ['customer', 'bank', 'card network'],
    when: 'An upgrade is opened, paid by the customer, or its payment arrives from the bank or the card network',
    rule: 'The plan being upgraded still runs.',
    otherwise: 'The customer is told 8202; money that arrives anyway is returned the way it came.',
    codes: [8202],
  },
  {
    id: 'upgrade-waits-for-reversals',
    title: 'No upgrade while money is going back',
    actors: ['customer'],
    when: 'The customer opens or pays an upgrade',
    rule: 'No refund and no chargeback of the account’s paid orders is under way: the credit would count days that may go.',
    otherwise: 'Refused with 8208 until it is settled.',
    codes: [8208],
  },
  {
    id: 'money-needs-open-order',
    title: 'Money pays only an order that can be paid',
    actors: ['bank', 'card network', 'PSP', 'clock'],
    when: 'Money arrives: a card’s answer, the bank’s or the PSP’s event, a reconciliation, a PIX Automático debit',
    rule: 'It pays an order that can still be paid, for the amount asked.',
    otherwise: 'It is booked, the order stays closed (or closes), and the money is returned the way it came; support sees a payment_returned incident.',
    codes: [1001],
  },
  {
    id: 'no-withdrawal-during-dispute',
    title: 'No withdrawal during a chargeback',
    actors: ['customer'],
    when: 'The customer withdraws from a purchase or an upgrade',
    rule: 'No chargeback of that payment is open.',
    otherwise: 'Refused with 8408; the card network decides.',
    codes: [8408],
  },
  {
    id: 'dispute-after-refund',
    title: 'A refund answers a dispute',
    actors: ['card network'],
    when: 'The card network opens a dispute',
    rule: 'A payment refunded, or being refunded, is answered by its refund (the network refuses to refund a disputed charge and to dispute a refunded one).',
    otherwise: 'The order stays as it is, the dispute is recorded as answered by the refund, and support sees a dispute_after_refund incident.',
    codes: [],
  },
  {
    id: 'reversal-unwinds-credit',
    title: 'A reversal unwinds its credit',
    actors: ['PSP', 'card network'],
    when: 'A payment goes back: a withdrawal refunded, a chargeback lost',
    rule: 'The order’s unused days end; credit it took returns to its sources as their days; credit it gave is taken back (an open upgrade is cancelled, a paid one keeps the share of its period its own money bought).',
    otherwise: 'Always applied: it is what a reversal does.',
    codes: [],
  },
  {
    id: 'mandate-follows-plan',
    title: 'A renewal renews the plan that runs',
    actors: ['customer', 'PSP', 'card network', 'clock'],
    when: 'A payment goes back, an order is paid, the plan ends',
    rule: 'A renewal (card or PIX Automático, never both) renews the plan that runs; a withdrawal ends it.',
    otherwise:
      'The card renewal moves to the monthly plan that now runs, or keeps its own after a 6-month or yearly plan; PIX Automático ends when another monthly plan runs; both end when no plan runs.',
    codes: [],
  },
  {
    id: 'one-renewal-price',
    title: 'The renewal costs what it shows',
    actors: ['customer', 'clock'],
    when: 'The account page shows the renewal; the renewal job charges it',
    rule: 'Both read the one renewal price: the plan the renewal renews, at the day’s price, less an accepted retention discount.',
    otherwise: 'Always applied: there is no other price.',
    codes: [],
  },
  {
    id: 'renewal-waits-for-reversals',
    title: 'No renewal while money is going back',
    actors: ['clock'],
    when: 'The renewal job is about to charge',
    rule: 'No refund and no chargeback of the account’s paid orders is under way.',
    otherwise: 'The renewal waits for the next pass.',
    codes: [],
  },
] as const satisfies readonly BillingRule[];

export type BillingRuleId = (typeof billingRules)[number]['id'];

/** The project's codes for what these rules refuse (core/i18n/error-messages.ts). */
export const BillingErr = {
  noRunningPlan: 8202,
  reversalUnderWay: 8208,
  disputeOpen: 8408,
} as const;

export interface BillingState {
  now: number;
  /** The plan that runs, if any. */
  running: { planId: number; expiresAt: number } | null;
  /** Paid orders whose refund is being made. */
  refundsUnderWay: string[];
  /** Orders with a chargeback open at the card network. */
  disputesOpen: string[];
  /** Upgrades waiting to be paid. */
  openUpgrades: string[];
}

/** The account's billing state; the caller holds its lock (`lockedState`) when it acts on it. */
export async function billingState(q: Queryable, accountUid: number, now: number): Promise<BillingState> {
  const [e] = await q.query<{ plan_id: number; expires_at: Date }>('SELECT plan_id, expires_at FROM entitlements WHERE account_uid = $1', [accountUid]);
  const orders = await q.query<{ id: string; status: string; kind: string; disputed: boolean }>(
    `SELECT o.id, o.status, o.kind,
            o.status = 'CHARGEBACK_PENDING' OR EXISTS (SELECT 1 FROM order_disputes d WHERE d.order_id = o.id AND d.status IN ('needs_response', 'under_review')) AS disputed
     FROM orders o WHERE o.account_uid = $1 AND (o.status = ANY($2::text[]) OR o.status IN ('REFUND_PENDING', 'CHARGEBACK_PENDING')
       OR EXISTS (SELECT 1 FROM order_disputes d WHERE d.order_id = o.id AND d.status IN ('needs_response', 'under_review')))`,
    [accountUid, openStatuses],
  );
  const expiresAt = e ? new Date(e.expires_at).getTime() : 0;
  return {
    now,
    running: e && expiresAt > now ? { planId: Number(e.plan_id), expiresAt } : null,
    refundsUnderWay: orders.filter((o) => o.status === 'REFUND_PENDING').map((o) => o.id),
    disputesOpen: orders.filter((o) => o.disputed).map((o) => o.id),
    openUpgrades: orders.filter((o) => o.kind === 'upgrade' && (openStatuses as readonly string[]).includes(o.status)).map((o) => o.id),
  };
}

/** Locks the account and reads its state: what every deciding flow starts with. */
export async function lockedState(tx: Queryable, accountUid: number, now: number): Promise<BillingState> {
  await lockAccount(tx, accountUid);
  return billingState(tx, accountUid, now);
}

const reversalUnderWay = (s: BillingState) => s.refundsUnderWay.length > 0 || s.disputesOpen.length > 0;

/** `upgrade-needs-running-plan`, `upgrade-waits-for-reversals`: may the customer open or pay an upgrade now? */
export function assertUpgradeAllowed(s: BillingState): void {
  if (!s.running) throw new ApiRefusal(BillingErr.noRunningPlan);
  if (reversalUnderWay(s)) throw new ApiRefusal(BillingErr.reversalUnderWay);
}

/**
 * `money-needs-open-order`, `upgrade-needs-running-plan`: may money that arrived pay this order?
 * Answers null when it may; otherwise why it is returned, and the code a customer waiting for the
 * answer is told (1001: the order is no longer there to pay; 8202: the plan it upgrades ended).
 */
export function settlementRefusal(s: BillingState, order: Pick<OrderRow, 'id' | 'kind' | 'status'>): { why: string; code: number } | null {
  if (!openStatuses.includes(order.status)) return { why: `the order is ${order.status}`, code: 1001 };
  if (order.kind === 'upgrade' && !s.running) return { why: 'the plan it upgrades has ended', code: BillingErr.noRunningPlan };
  return null;
}

/** `no-withdrawal-during-dispute`. */
export function assertWithdrawalAllowed(s: BillingState, orderId: string): void {
  if (s.disputesOpen.includes(orderId)) throw new ApiRefusal(BillingErr.disputeOpen);
}

/** `renewal-waits-for-reversals`: may the renewal job charge the account now? */
export const renewalMayCharge = (s: BillingState): boolean => !reversalUnderWay(s);
