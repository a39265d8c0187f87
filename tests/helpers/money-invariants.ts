import { paidStatuses } from '../../core/config/order-status';
import { RENEWAL_MAX_FAILURES, RENEWAL_RETRY_MS } from '../../server/billing/renewal';
import { RETRY_WINDOW_MS } from '../../server/billing/pix-automatico';
import type { Queryable } from '../../server/db/database';
import type { Outcome } from './money-world';

/** Whose money is checked: an account, its database, its clock and what the API shows it. */
export interface MoneySubject {
  uid: number;
  db: Queryable;
  now(): number;
  orders(): Promise<Outcome<{ items: { id: string; status: string; total: number }[] }>>;
  info(): Promise<Outcome<{ expiredTime?: number }>>;
}

/**
 * The invariants money keeps across every flow (docs/decisions/069, docs/security.md), read from
 * the database and through the API after each command of the model-based suite and each step of
 * the regression tests. Each answers what it found wrong, in words a reader of a failed run can
 * act on; none is computed by the code it checks: the sums are taken here from the rows.
 *
 * Figures are per account, in minor units:
 * - cash: what the ledger says the customer paid less what went back (refunds, chargebacks);
 * - kept orders: paid ones whose money was not given back (core's paidStatuses);
 * - service granted: for each kept order, its total plus the credit it consumed less the credit it
 *   gave; credit open: what open upgrades hold; owed: payments being returned.
 */

interface OrderFacts {
  id: string;
  kind: string;
  status: string;
  total: number;
  interest: number;
  start: number | null;
  end: number | null;
  planId: number | null;
}

interface Facts {
  now: number;
  orders: Map<string, OrderFacts>;
  ledger: { id: number; order_id: string; kind: string; amount: number; returns_entry_id: number | null; source_order_id: string | null }[];
  refunds: { id: number; order_id: string; kind: string; status: string; amount: number }[];
  entitlement: { plan_id: number; expires_at: number } | undefined;
  subscription: { status: string; plan_id: number; failures: number } | undefined;
  recurrence: { status: string; plan_id: number } | undefined;
  deleted: boolean;
  /** The plans that renew themselves (the monthly ones). */
  renewing: Set<number>;
}

async function facts(customer: MoneySubject): Promise<Facts> {
  const db = customer.db;
  const uid = customer.uid;
  const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());
  const orders = await db.query<{
    id: string;
    kind: string;
    status: string;
    total: number;
    interest: number;
    service_start: Date | null;
    service_end: Date | null;
    plan_id: number | null;
  }>(
    `SELECT o.id, o.kind, o.status, o.total::int AS total, o.interest::int AS interest, o.service_start, o.service_end,
            (SELECT l.plan_id FROM order_lines l WHERE l.order_id = o.id ORDER BY l.line_no DESC LIMIT 1) AS plan_id
     FROM orders o WHERE o.account_uid = $1`,
    [uid],
  );
  const ledger = await db.query<Facts['ledger'][number]>(
    'SELECT id::int AS id, order_id, kind, amount::int AS amount, returns_entry_id::int AS returns_entry_id, source_order_id FROM ledger_entries WHERE account_uid = $1 ORDER BY id',
    [uid],
  );
  const refunds = await db.query<Facts['refunds'][number]>(
    'SELECT r.id::int AS id, r.order_id, r.kind, r.status, r.amount::int AS amount FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.account_uid = $1',
    [uid],
  );
  const [e] = await db.query<{ plan_id: number; expires_at: Date }>('SELECT plan_id, expires_at FROM entitlements WHERE account_uid = $1', [uid]);
  const [s] = await db.query<{ status: string; plan_id: number; failures: number }>(
    'SELECT status, plan_id, failures FROM subscriptions WHERE account_uid = $1',
    [uid],
  );
  const [r] = await db.query<{ status: string; plan_id: number }>(
    "SELECT status, plan_id FROM pix_recurrences WHERE account_uid = $1 AND status IN ('CRIADA', 'APROVADA')",
    [uid],
  );
  const [a] = await db.query<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM accounts WHERE uid = $1', [uid]);
  const renewing = await db.query<{ id: number }>('SELECT id FROM plans WHERE auto_renew');
  return {
    now: customer.now(),
    orders: new Map(
      orders.map((o) => [
        o.id,
        {
          id: o.id,
          kind: o.kind,
          status: o.status,
          total: Number(o.total),
          interest: Number(o.interest),
          start: ms(o.service_start),
          end: ms(o.service_end),
          planId: o.plan_id === null ? null : Number(o.plan_id),
        },
      ]),
    ),
    ledger: ledger.map((l) => ({
      ...l,
      id: Number(l.id),
      amount: Number(l.amount),
      returns_entry_id: l.returns_entry_id === null ? null : Number(l.returns_entry_id),
    })),
    refunds: refunds.map((x) => ({ ...x, amount: Number(x.amount) })),
    entitlement: e && { plan_id: Number(e.plan_id), expires_at: new Date(e.expires_at).getTime() },
    subscription: s && { status: s.status, plan_id: Number(s.plan_id), failures: Number(s.failures) },
    recurrence: r && { status: r.status, plan_id: Number(r.plan_id) },
    deleted: a?.deleted ?? false,
    renewing: new Set(renewing.map((p) => Number(p.id))),
  };
}

const isKept = (o: OrderFacts | undefined) => o !== undefined && (paidStatuses as readonly string[]).includes(o.status);
const isOpen = (o: OrderFacts | undefined) => o !== undefined && ['SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING', 'PAYMENT_FAILED'].includes(o.status);
const money = (n: number) => `R$ ${(n / 100).toFixed(2)}`;

/** The money invariants; answers each one broken (empty when all hold). */
export async function moneyViolations(customer: MoneySubject): Promise<string[]> {
  const f = await facts(customer);
  const broken: string[] = [];

  // Charges, and what returned each of them.
  const charges = f.ledger.filter((l) => l.kind === 'charge');
  for (const c of charges) {
    const returns = f.ledger.filter((l) => l.returns_entry_id === c.id);
    const sum = returns.reduce((n, l) => n + l.amount, 0);
    if (sum > c.amount) broken.push(`charge ${c.id} of ${c.order_id} (${money(c.amount)}) had ${money(sum)} returned`);
    if (returns.some((l) => l.kind === 'refund') && returns.some((l) => l.kind === 'chargeback'))
      broken.push(`charge ${c.id} of ${c.order_id} was both refunded and charged back`);
    if (returns.filter((l) => l.kind === 'refund').length > 1) broken.push(`charge ${c.id} of ${c.order_id} was refunded more than once`);
  }
  for (const l of f.ledger)
    if ((l.kind === 'refund' || l.kind === 'chargeback') && !charges.some((c) => c.id === l.returns_entry_id))
      broken.push(`${l.kind} ${l.id} returns no charge of the account`);

  // Each order's money: a kept order holds its total; any other holds nothing but a payment being returned.
  const cashOf = (orderId: string) =>
    f.ledger
      .filter((l) => l.order_id === orderId)
      .reduce((n, l) => n + (l.kind === 'charge' ? l.amount : l.kind === 'refund' || l.kind === 'chargeback' ? -l.amount : 0), 0);
  const owedOf = (orderId: string) =>
    f.refunds
      .filter((r) => r.order_id === orderId && r.kind === 'returned' && (r.status === 'pending' || r.status === 'rejected'))
      .reduce((n, r) => n + r.amount, 0);
  for (const o of f.orders.values()) {
    const held = cashOf(o.id) - owedOf(o.id);
    const expected = isKept(o) ? o.total : 0;
    if (held !== expected) broken.push(`order ${o.id} (${o.kind}, ${o.status}) holds ${money(held)} of the customer's money, not ${money(expected)}`);
  }

  // Credit: every live link joins a kept source to a kept upgrade that spent it, or to an open one holding it.
  const links = new Map<string, { consumer: string; source: string; net: number; consumed: boolean }>();
  for (const l of f.ledger.filter((x) => x.source_order_id !== null)) {
    const key = `${l.order_id}←${l.source_order_id}`;
    const link = links.get(key) ?? { consumer: l.order_id, source: l.source_order_id!, net: 0, consumed: false };
    if (l.kind === 'credit_granted') link.net += l.amount;
    if (l.kind === 'credit_reversed') link.net -= l.amount;
    if (l.kind === 'credit_consumed') link.consumed = true;
    links.set(key, link);
  }
  let serviceGranted = 0;
  let creditOpen = 0;
  for (const o of f.orders.values()) if (isKept(o)) serviceGranted += o.total;
  for (const link of links.values()) {
    if (link.net < 0) broken.push(`credit ${link.consumer}←${link.source} was taken back beyond what it granted`);
    if (link.net <= 0) continue;
    const source = f.orders.get(link.source);
    const consumer = f.orders.get(link.consumer);
    const sourceLive = link.source === link.consumer || isKept(source);
    if (!sourceLive) broken.push(`credit ${money(link.net)} of ${link.consumer} still comes from ${link.source}, whose money went back (${source?.status})`);
    if (isKept(consumer) && !link.consumed) broken.push(`paid upgrade ${link.consumer} holds credit it never spent`);
    else if (isOpen(consumer) && link.consumed) broken.push(`open upgrade ${link.consumer} spent its credit`);
    else if (!isKept(consumer) && !isOpen(consumer)) broken.push(`credit ${money(link.net)} is still held by ${link.consumer}, which is ${consumer?.status}`);
    if (isKept(consumer)) serviceGranted += link.net;
    if (isOpen(consumer)) creditOpen += link.net;
    if (isKept(source) && link.source !== link.consumer) serviceGranted -= link.net;
  }
  const bySource = new Map<string, number>();
  for (const link of links.values()) if (link.net > 0 && link.source !== link.consumer) bySource.set(link.source, (bySource.get(link.source) ?? 0) + link.net);
  for (const [sourceId, given] of bySource) {
    const source = f.orders.get(sourceId)!;
    const taken = [...links.values()].filter((l) => l.consumer === sourceId && l.consumed && l.net > 0).reduce((n, l) => n + l.net, 0);
    if (given > source.total - source.interest + taken) broken.push(`${sourceId} gave ${money(given)} of credit, more than it was worth`);
  }

  // The account's sum: what the customer paid less what came back is the service granted, the credit open and what is being returned.
  const cash = [...f.orders.keys()].reduce((n, id) => n + cashOf(id), 0);
  const owed = [...f.orders.keys()].reduce((n, id) => n + owedOf(id), 0);
  if (cash !== serviceGranted + creditOpen + owed)
    broken.push(
      `paid less returned ${money(cash)} ≠ service granted ${money(serviceGranted)} + credit open ${money(creditOpen)} + being returned ${money(owed)}`,
    );

  // Days of service: the paid orders not reversed lay out the entitlement, one period after another.
  if (!f.deleted) {
    const kept = [...f.orders.values()].filter((o) => isKept(o) && o.start !== null && o.end !== null);
    const future = kept.filter((o) => o.end! > f.now).sort((a, b) => a.start! - b.start! || a.end! - b.end!);
    for (let i = 1; i < future.length; i++) {
      const prev = future[i - 1]!;
      const next = future[i]!;
      if (Math.max(next.start!, f.now) < prev.end!) broken.push(`the periods of ${prev.id} and ${next.id} overlap`);
    }
    const last = future.reduce<OrderFacts | undefined>((best, o) => (!best || o.end! > best.end! ? o : best), undefined);
    const expiry = f.entitlement?.expires_at;
    if (last) {
      if (expiry !== last.end) broken.push(`the plan ends ${iso(expiry)}, but the paid periods end ${iso(last.end)} (${last.id})`);
      else if (f.entitlement!.plan_id !== last.planId)
        broken.push(`the running plan is ${f.entitlement!.plan_id}, but the last paid period is plan ${last.planId}`);
    } else if (expiry !== undefined && expiry > f.now) broken.push(`the plan runs until ${iso(expiry)} with no paid period behind it`);
    for (const o of f.orders.values())
      if ((o.status === 'REFUND_SUCCEEDED' || o.status === 'CHARGEBACK_SUCCEEDED') && o.end !== null && o.end > Math.max(o.start ?? 0, f.now))
        broken.push(`${o.id} was reversed but still gives service until ${iso(o.end)}`);

    // Mandates renew the plan that runs, and only while it runs.
    // The plan running, as a renewal may renew it: itself when it renews itself (a monthly plan),
    // else any (the renewal resumes its own monthly plan after a 6-month or yearly one).
    const renewable = (plan: number, windowMs: number) =>
      f.entitlement !== undefined && f.entitlement.expires_at > f.now - windowMs && (f.entitlement.plan_id === plan || !f.renewing.has(f.entitlement.plan_id));
    if (f.subscription?.status === 'activated' && !renewable(f.subscription.plan_id, RENEWAL_RETRY_MS * RENEWAL_MAX_FAILURES))
      broken.push(`the card renewal renews plan ${f.subscription.plan_id}, but the plan running is ${describePlan(f)}`);
    if (f.recurrence?.status === 'APROVADA' && !renewable(f.recurrence.plan_id, RETRY_WINDOW_MS))
      broken.push(`PIX Automático renews plan ${f.recurrence.plan_id}, but the plan running is ${describePlan(f)}`);
    if (f.subscription?.status === 'activated' && f.recurrence?.status === 'APROVADA') broken.push('both a card renewal and PIX Automático renew the plan');

    // What the customer reads agrees with the rows.
    const listed = await customer.orders();
    if (!listed.ok) broken.push(`the orders list answered ${listed.errCode}`);
    else
      for (const item of listed.data.items) {
        const row = f.orders.get(item.id);
        if (!row || row.status !== item.status || row.total !== item.total)
          broken.push(`the orders list shows ${item.id} as ${item.status} ${money(item.total)}`);
      }
    const info = await customer.info();
    if (info.ok && f.entitlement && info.data.expiredTime !== f.entitlement.expires_at)
      broken.push(`the account page says the plan ends ${iso(info.data.expiredTime)}, not ${iso(f.entitlement.expires_at)}`);
  }
  return broken;
}

const describePlan = (f: Facts) => (f.entitlement && f.entitlement.expires_at > f.now ? `plan ${f.entitlement.plan_id}` : 'none');

const iso = (t: number | null | undefined) => (t === null || t === undefined ? 'never' : new Date(t).toISOString());

/**
 * The money that left the customer's pocket by the providers' own records, against the ledger: the
 * card network's charges less its refunds and lost disputes, and what the bank paid (the world
 * counts it, `paidByBank`) less the PSP's refunds paid out, but for a refund whose answer was lost
 * on the way and is asked again. Answers the difference described, or undefined when they agree.
 */
export async function pocketViolation(customer: MoneySubject, paidByBank: number): Promise<string | undefined> {
  const db = customer.db;
  const [card] = await db.query<{ charged: string; refunded: string; lost: string }>(
    `SELECT coalesce(sum(c.amount), 0)::text AS charged,
            coalesce(sum((SELECT coalesce(sum(r.amount), 0) FROM sandbox_card_refunds r WHERE r.charge_id = c.charge_id AND r.status = 'succeeded')), 0)::text AS refunded,
            coalesce(sum((SELECT coalesce(sum(d.amount), 0) FROM sandbox_card_disputes d WHERE d.charge_id = c.charge_id AND d.status = 'lost')), 0)::text AS lost
     FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.account_uid = $1 AND c.status = 'succeeded'`,
    [customer.uid],
  );
  const [bank] = await db.query<{ refunded: string }>(
    `SELECT coalesce(sum(s.amount), 0)::text AS refunded FROM sandbox_refunds s
     WHERE s.status = 'succeeded' AND s.payment_ref IN (SELECT a.provider_ref FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE o.account_uid = $1)`,
    [customer.uid],
  );
  const [ledger] = await db.query<{ cash: string }>(
    "SELECT coalesce(sum(CASE kind WHEN 'charge' THEN amount WHEN 'refund' THEN -amount WHEN 'chargeback' THEN -amount ELSE 0 END), 0)::text AS cash FROM ledger_entries WHERE account_uid = $1",
    [customer.uid],
  );
  // A refund the provider made whose answer was lost (docs/decisions/058): the portal learns of it at
  // its next call under the same key, and books it then. Until then the two views differ by it.
  const [unanswered] = await db.query<{ amount: string }>(
    `SELECT coalesce(sum(x.amount), 0)::text AS amount FROM refunds r JOIN orders o ON o.id = r.order_id
     JOIN (SELECT idempotency_key, amount FROM sandbox_card_refunds WHERE status = 'succeeded'
           UNION ALL SELECT idempotency_key, amount FROM sandbox_refunds WHERE status = 'succeeded') x ON x.idempotency_key = r.idempotency_key
     WHERE o.account_uid = $1 AND r.status = 'pending' AND r.refund_ref IS NULL`,
    [customer.uid],
  );
  const pocket = Number(card!.charged) - Number(card!.refunded) - Number(card!.lost) + paidByBank - Number(bank!.refunded);
  const cash = Number(ledger!.cash) - Number(unanswered!.amount);
  return pocket === cash ? undefined : `the providers took ${money(pocket)} net from the customer, the ledger says ${money(cash)}`;
}
