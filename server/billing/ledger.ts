import type { Queryable } from '../db/database';

/**
 * The money ledger (docs/decisions/069, migration 033): one append-only row per movement of money
 * or credit, in integer minor units, written in the transaction that changes the order's status.
 * What an account paid, got back and holds as credit are sums over it (`accountMoney`); nothing
 * else keeps those figures.
 *
 * A credit is a link between two orders: the unused days of a paid order (the source) set against
 * an upgrade (the consumer). Its rows are granted when the upgrade is opened, consumed when it is
 * paid, and reversed (in part or whole) when either end's money goes back or the upgrade closes
 * unpaid. A link's net is what it grants less what was reversed.
 */

export type MoneyKind = 'charge' | 'refund' | 'chargeback';
export type CreditKind = 'credit_granted' | 'credit_consumed' | 'credit_reversed';

interface OrderRef {
  id: string;
  account_uid: number;
  currency: string;
}

export interface LedgerRow {
  id: number;
  account_uid: number;
  order_id: string;
  kind: MoneyKind | CreditKind;
  amount: number;
  currency: string;
  provider: string | null;
  provider_ref: string | null;
  attempt_id: number | null;
  returns_entry_id: number | null;
  source_order_id: string | null;
  service_ms: number | null;
  reason: string;
  at: Date;
}

const columns = `id, account_uid, order_id, kind, amount, currency, provider, provider_ref, attempt_id, returns_entry_id, source_order_id, service_ms, reason, at`;

function normalise(row: LedgerRow): LedgerRow {
  return {
    ...row,
    id: Number(row.id),
    account_uid: Number(row.account_uid),
    amount: Number(row.amount),
    attempt_id: row.attempt_id === null ? null : Number(row.attempt_id),
    returns_entry_id: row.returns_entry_id === null ? null : Number(row.returns_entry_id),
    service_ms: row.service_ms === null ? null : Number(row.service_ms),
  };
}

/**
 * Money taken: one row per movement (the provider's reference of it), so a movement told twice
 * (a webhook redelivered, a reconciliation after the answer) is written once. Answers the row's id.
 */
export async function recordCharge(
  tx: Queryable,
  order: OrderRef,
  m: { amount: number; currency: string; provider: string; providerRef: string; attemptId: number | null; reason: string; now: number },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, attempt_id, reason, at)
     VALUES ($1, $2, 'charge', $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id`,
    [order.account_uid, order.id, m.amount, m.currency, m.provider, m.providerRef, m.attemptId, m.reason, new Date(m.now)],
  );
  if (row) return Number(row.id);
  const existing = await entryByRef(tx, 'charge', m.provider, m.providerRef);
  return existing!.id;
}

/** Money given back (a refund) or taken back by the card holder's bank (a chargeback), of one charge row. */
export async function recordReturn(
  tx: Queryable,
  kind: 'refund' | 'chargeback',
  order: OrderRef,
  m: {
    amount: number;
    currency: string;
    provider: string;
    providerRef: string;
    returnsEntryId: number;
    attemptId?: number | null;
    reason: string;
    now: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, provider, provider_ref, attempt_id, returns_entry_id, reason, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
    [order.account_uid, order.id, kind, m.amount, m.currency, m.provider, m.providerRef, m.attemptId ?? null, m.returnsEntryId, m.reason, new Date(m.now)],
  );
}

export async function entryByRef(q: Queryable, kind: MoneyKind, provider: string, providerRef: string): Promise<LedgerRow | undefined> {
  const [row] = await q.query<LedgerRow>(`SELECT ${columns} FROM ledger_entries WHERE kind = $1 AND provider = $2 AND provider_ref = $3`, [
    kind,
    provider,
    providerRef,
  ]);
  return row && normalise(row);
}

/** The charge row of a payment attempt (the newest, should it have been paid twice), or of the order when none is named. */
export async function chargeEntryOf(q: Queryable, orderId: string, attemptId?: number | null): Promise<LedgerRow | undefined> {
  const [row] = await q.query<LedgerRow>(
    `SELECT ${columns} FROM ledger_entries WHERE order_id = $1 AND kind = 'charge' AND ($2::bigint IS NULL OR attempt_id = $2)
     ORDER BY (attempt_id IS NOT NULL) DESC, id LIMIT 1`,
    [orderId, attemptId ?? null],
  );
  return row && normalise(row);
}

export async function ledgerOf(q: Queryable, accountUid: number): Promise<LedgerRow[]> {
  const rows = await q.query<LedgerRow>(`SELECT ${columns} FROM ledger_entries WHERE account_uid = $1 ORDER BY id`, [accountUid]);
  return rows.map(normalise);
}

// ---- Credit ----

export interface CreditLink {
  sourceOrderId: string;
  /** What the link still grants: granted less reversed. */
  net: number;
  consumed: boolean;
  /** The source's unused service the credit was made of, when it was consumed. */
  serviceMs: number;
  currency: string;
}

/** The credit links of an upgrade, by source. */
export async function creditLinksOf(q: Queryable, upgradeOrderId: string): Promise<CreditLink[]> {
  return linksWhere(q, 'order_id = $1', upgradeOrderId).then((links) => links.map(({ orderId: _, ...l }) => l));
}

/** The credit links a paid order gave, by the upgrade that took them. */
export async function creditGivenBy(q: Queryable, sourceOrderId: string): Promise<(CreditLink & { orderId: string })[]> {
  return linksWhere(q, 'source_order_id = $1', sourceOrderId);
}

async function linksWhere(q: Queryable, where: string, id: string): Promise<(CreditLink & { orderId: string })[]> {
  const rows = await q.query<{ order_id: string; source_order_id: string; net: string; consumed: boolean; service_ms: string | null; currency: string }>(
    `SELECT order_id, source_order_id, currency,
            sum(CASE kind WHEN 'credit_granted' THEN amount WHEN 'credit_reversed' THEN -amount ELSE 0 END)::text AS net,
            bool_or(kind = 'credit_consumed') AS consumed,
            sum(CASE WHEN kind = 'credit_consumed' THEN service_ms ELSE 0 END)::text AS service_ms
     FROM ledger_entries WHERE ${where} AND kind LIKE 'credit\\_%'
     GROUP BY order_id, source_order_id, currency ORDER BY min(id)`,
    [id],
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    sourceOrderId: r.source_order_id,
    net: Number(r.net),
    consumed: r.consumed,
    serviceMs: Number(r.service_ms ?? 0),
    currency: r.currency,
  }));
}

async function creditRow(
  tx: Queryable,
  kind: CreditKind,
  upgrade: OrderRef,
  c: { sourceOrderId: string; amount: number; serviceMs?: number; reason: string; now: number },
): Promise<void> {
  if (c.amount <= 0) return;
  await tx.query(
    `INSERT INTO ledger_entries (account_uid, order_id, kind, amount, currency, source_order_id, service_ms, reason, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [upgrade.account_uid, upgrade.id, kind, c.amount, upgrade.currency, c.sourceOrderId, c.serviceMs ?? null, c.reason, new Date(c.now)],
  );
}

/** The unused days of paid orders set against an open upgrade, one link per source. */
export async function grantCredit(tx: Queryable, upgrade: OrderRef, parts: { sourceOrderId: string; amount: number }[], reason: string, now: number) {
  for (const p of parts) await creditRow(tx, 'credit_granted', upgrade, { ...p, reason, now });
}

/** Takes back `amount` of one link (all of its net when omitted). */
export async function reverseCredit(tx: Queryable, upgrade: OrderRef, sourceOrderId: string, reason: string, now: number, amount?: number) {
  const link = (await creditLinksOf(tx, upgrade.id)).find((l) => l.sourceOrderId === sourceOrderId);
  if (!link) return;
  await creditRow(tx, 'credit_reversed', upgrade, { sourceOrderId, amount: Math.min(amount ?? link.net, link.net), reason, now });
}

/** Every live link of an upgrade taken back: it closed unpaid, or its credit is being granted afresh. */
export async function reverseAllCredit(tx: Queryable, upgrade: OrderRef, reason: string, now: number) {
  for (const link of await creditLinksOf(tx, upgrade.id)) {
    if (link.net > 0) await creditRow(tx, 'credit_reversed', upgrade, { sourceOrderId: link.sourceOrderId, amount: link.net, reason, now });
  }
}

/** The upgrade was paid: each live link is spent, with the source's unused service it was made of. */
export async function consumeCredit(tx: Queryable, upgrade: OrderRef, serviceMs: ReadonlyMap<string, number>, reason: string, now: number) {
  for (const link of await creditLinksOf(tx, upgrade.id)) {
    if (link.net > 0 && !link.consumed)
      await creditRow(tx, 'credit_consumed', upgrade, {
        sourceOrderId: link.sourceOrderId,
        amount: link.net,
        serviceMs: serviceMs.get(link.sourceOrderId) ?? 0,
        reason,
        now,
      });
  }
}

// ---- Sums ----

export interface MoneySums {
  charged: number;
  refunded: number;
  chargedBack: number;
}

/** What an order's payments took and what went back, from its rows. */
export async function orderMoney(q: Queryable, orderId: string): Promise<MoneySums> {
  const [row] = await q.query<{ charged: string; refunded: string; charged_back: string }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'charge'), 0)::text AS charged,
            coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0)::text AS refunded,
            coalesce(sum(amount) FILTER (WHERE kind = 'chargeback'), 0)::text AS charged_back
     FROM ledger_entries WHERE order_id = $1`,
    [orderId],
  );
  return { charged: Number(row?.charged ?? 0), refunded: Number(row?.refunded ?? 0), chargedBack: Number(row?.charged_back ?? 0) };
}
