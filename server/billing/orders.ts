import { randomBytes } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { assertTransition, openStatuses, type OrderStatus } from './order-status';
import type { Valuation } from './valuation';
import type { Language } from '../../core/i18n/languages';
import { withdrawableUntil } from '../../core/config/withdrawal';
import { lockAccount } from '../repositories/account-repository';
import { bookTransition } from './order-money';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type MethodType = Schemas['PaymentMethodType'];

/** The catalogue's codes the order module answers with (spec section 8). */
export const OrderErr = {
  orderNotFound: 1001,
  paymentError: 1015,
  paymentInfoNotFound: 1040,
  couponMaxUses: 9003,
} as const;

export interface OrderRow {
  id: string;
  account_uid: number;
  kind: 'purchase' | 'renewal' | 'upgrade';
  /** A plan change's credit for unused days inside `discount` (docs/decisions/056); 0 on other orders. */
  credit: number;
  status: OrderStatus;
  currency: string;
  base_currency: string;
  exchange_rate: string;
  subtotal: number;
  discount: number;
  interest: number;
  total: number;
  installments: number;
  installment_amount: number;
  discount_code: string | null;
  payment_method: string | null;
  payment_type: MethodType | null;
  email: string;
  scene: Schemas['Scene'];
  view_code: string;
  valid_days: number;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
  pay_by: Date | null;
  service_start: Date | null;
  service_end: Date | null;
  /** The uploaded proof of a bank transfer, once attached. */
  proof_key: string | null;
}

export interface OrderLineRow {
  order_id: string;
  line_no: number;
  plan_id: number;
  plan_name: string;
  quantity: number;
  price: number;
  subtotal: number;
  valid_days: number;
}

const orderColumns = `id, account_uid, kind, status, currency, base_currency, exchange_rate, subtotal, discount, interest, total,
  installments, installment_amount, discount_code, payment_method, payment_type, email, scene, view_code, valid_days,
  created_at, updated_at, paid_at, pay_by, service_start, service_end, proof_key, credit`;

// Crockford's base32: no I, L, O or U, so a code read aloud to support is not misheard.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function base32(bytes: number, length: number): string {
  const buf = randomBytes(bytes);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** `ORD` + 20 base32 characters (100 random bits): unguessable, so ids in URLs reveal nothing. */
export const newOrderId = () => `ORD${base32(13, 20)}`;
/** 8 base32 characters for the receipt and support; unique by the database's index. */
export const newViewCode = () => base32(5, 8);

const num = (v: unknown) => Number(v);
function normalise(row: OrderRow): OrderRow {
  return {
    ...row,
    account_uid: num(row.account_uid),
    subtotal: num(row.subtotal),
    discount: num(row.discount),
    interest: num(row.interest),
    total: num(row.total),
    credit: num(row.credit),
    installment_amount: num(row.installment_amount),
  };
}

/** An order; `forUpdate` locks its account first (`lockAccount`), then the order. */
export async function loadOrder(q: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
  if (options.forUpdate) {
    const [owner] = await q.query<{ account_uid: number }>('SELECT account_uid FROM orders WHERE id = $1', [id]);
    if (!owner) return undefined;
    await lockAccount(q, Number(owner.account_uid));
  }
  const rows = await q.query<OrderRow>(`SELECT ${orderColumns} FROM orders WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && normalise(rows[0]);
}

/** The caller's order: 1001 when there is none by that id or it is another account's (the two are not told apart). */
export async function loadOwnOrder(q: Queryable, accountUid: number, orderId: string): Promise<OrderRow> {
  const order = await loadOrder(q, orderId);
  if (!order || order.account_uid !== accountUid) throw new ApiRefusal(OrderErr.orderNotFound);
  return order;
}

export async function loadLines(q: Queryable, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await q.query<OrderLineRow>(
    'SELECT order_id, line_no, plan_id, plan_name, quantity, price, subtotal, valid_days FROM order_lines WHERE order_id = ANY($1::text[]) ORDER BY order_id, line_no',
    [orderIds],
  );
  for (const r of rows) {
    const line = { ...r, price: num(r.price), subtotal: num(r.subtotal) };
    byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), line]);
  }
  return byOrder;
}

/** The caller's orders, newest first, with their lines. */
export async function listOrders(
  q: Queryable,
  accountUid: number,
  filter: { page: number; pageSize: number; status?: OrderStatus[] | undefined; scene?: Schemas['Scene'] | undefined },
): Promise<{ items: Order[]; total: number }> {
  const where = 'account_uid = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[])) AND ($3::text IS NULL OR scene = $3)';
  const params = [accountUid, filter.status ?? null, filter.scene ?? null];
  const [{ count } = { count: 0 }] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM orders WHERE ${where}`, params);
  const rows = await q.query<OrderRow>(`SELECT ${orderColumns} FROM orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`, [
    ...params,
    filter.pageSize,
    (filter.page - 1) * filter.pageSize,
  ]);
  const lines = await loadLines(
    q,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toOrder(normalise(r), lines.get(r.id) ?? [])), total: Number(count) };
}

/** The caller's newest order that can still be paid (spec section 4: it prompts them to finish). */
export async function ongoingOrder(q: Queryable, accountUid: number): Promise<OrderRow | undefined> {
  const rows = await q.query<OrderRow>(
    `SELECT ${orderColumns} FROM orders WHERE account_uid = $1 AND status = ANY($2::text[]) ORDER BY created_at DESC, id DESC LIMIT 1`,
    [accountUid, openStatuses],
  );
  return rows[0] && normalise(rows[0]);
}

/**
 * Orders with their plans named in `lang`, the language on screen, not the one each was bought in
 * (a customer who switches to English reads English plan names in the list, the prompt and the
 * receipt); the lines keep the name as sold, which a plan without a text in any language falls
 * back to.
 */
export async function namedIn<T extends Order>(
  orders: T[],
  lang: Language,
  plans: { namesIn(planIds: number[], lang: Language): Promise<Map<number, string>> },
): Promise<T[]> {
  const ids = [...new Set(orders.flatMap((o) => o.items.map((i) => Number(i.planId))))];
  if (ids.length === 0) return orders;
  const names = await plans.namesIn(ids, lang);
  return orders.map((o) => ({ ...o, items: o.items.map((i) => ({ ...i, planName: names.get(Number(i.planId)) ?? i.planName })) }));
}

/** The order as the contract shows it. */
export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  const until = withdrawableUntil({ status: row.status, kind: row.kind, ...(row.paid_at ? { paidAt: new Date(row.paid_at).getTime() } : {}) });
  return {
    id: row.id,
    createdAt: new Date(row.created_at).getTime(),
    updatedAt: new Date(row.updated_at).getTime(),
    ...(row.paid_at ? { paidAt: new Date(row.paid_at).getTime() } : {}),
    status: row.status,
    ...(row.payment_type ? { paymentType: row.payment_type } : {}),
    ...(row.payment_method ? { paymentMethod: row.payment_method } : {}),
    items: lines.map((l) => ({
      planId: String(l.plan_id),
      planName: l.plan_name,
      quantity: l.quantity,
      price: l.price,
      subtotal: l.subtotal,
      validDays: l.valid_days,
    })),
    quantity: Math.max(quantity, 1),
    discount: row.discount,
    ...(row.discount_code ? { discountCode: row.discount_code } : {}),
    subtotal: row.subtotal,
    interest: row.interest,
    total: row.total,
    currency: row.currency,
    baseCurrency: row.base_currency,
    exchangeRate: row.exchange_rate,
    validDays: row.valid_days,
    installments: row.installments,
    ...(row.installments > 1 ? { installmentAmount: row.installment_amount } : {}),
    viewCode: row.view_code,
    email: row.email,
    scene: row.scene,
    ...(until !== null ? { withdrawableUntil: until } : {}),
  };
}

/**
 * The order's line from a valuation: one plan, `quantity` periods. The valuation's subtotal is
 * price × quantity; anything else would not add up on the receipt, so it is refused loudly.
 */
function lineOf(v: Valuation) {
  const quantity = v.price > 0 && v.subtotal % v.price === 0 && v.subtotal / v.price >= 1 ? v.subtotal / v.price : 1;
  const price = v.subtotal / quantity;
  if (!Number.isInteger(price)) throw new Error(`valuation subtotal ${v.subtotal} is not a whole number of ${v.price}`);
  return { planId: Number(v.planId), planName: v.planName, quantity, price, subtotal: v.subtotal, validDays: v.validDays };
}

async function writeLines(tx: Queryable, orderId: string, v: Valuation) {
  const l = lineOf(v);
  await tx.query('DELETE FROM order_lines WHERE order_id = $1', [orderId]);
  await tx.query(
    `INSERT INTO order_lines (order_id, line_no, plan_id, plan_name, quantity, price, subtotal, valid_days)
     VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
    [orderId, l.planId, l.planName, l.quantity, l.price, l.subtotal, l.validDays],
  );
}

/** An order's amounts from its valuation, in the order of their columns: subtotal, discount, interest, total, installments, installment_amount. */
const amountsOf = (v: Valuation) => [v.subtotal, v.discount, v.interest, v.total, v.installments, v.installmentAmount];

const isUniqueViolation = (error: unknown, constraint?: string) =>
  (error as { code?: unknown } | null)?.code === '23505' && (!constraint || (error as { constraint?: unknown }).constraint === constraint);

/**
 * Creates a SUBMITTED order from a valuation (the only source of its amounts), with its line and
 * first event. The caller's transaction decides whether it is kept.
 */
export async function createOrder(
  tx: Queryable,
  input: {
    accountUid: number;
    valuation: Valuation;
    discountCode: string | null;
    method: { code: string; type: MethodType };
    email: string;
    scene: Schemas['Scene'];
    now: number;
  },
): Promise<OrderRow> {
  const v = input.valuation;
  const at = new Date(input.now);
  for (let tries = 0; ; tries++) {
    const id = newOrderId();
    try {
      // A savepoint, so that a view-code collision (1 in 2^40 per pair) is retried without
      // losing the caller's transaction.
      await tx.query('SAVEPOINT create_order');
      await tx.query(
        `INSERT INTO orders (id, account_uid, status, currency, base_currency, exchange_rate, subtotal, discount, interest, total,
           installments, installment_amount, discount_code, payment_method, payment_type, email, scene, view_code, valid_days, created_at, updated_at, credit)
         VALUES ($1, $2, 'SUBMITTED', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20)`,
        [
          id,
          input.accountUid,
          v.currency,
          v.baseCurrency,
          v.exchangeRate,
          ...amountsOf(v),
          input.discountCode,
          input.method.code,
          input.method.type,
          input.email,
          input.scene,
          newViewCode(),
          v.validDays,
          at,
          v.credit ?? 0,
        ],
      );
      await tx.query('RELEASE SAVEPOINT create_order');
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT create_order');
      if (isUniqueViolation(error, 'orders_view_code_key') && tries < 3) continue;
      throw error;
    }
    await writeLines(tx, id, v);
    await tx.query("INSERT INTO order_events (order_id, from_status, to_status, reason, at) VALUES ($1, NULL, 'SUBMITTED', 'created', $2)", [id, at]);
    return (await loadOrder(tx, id))!;
  }
}

/** Repay: the order's amounts follow a fresh valuation (the instalment count may change). */
export async function revalue(
  tx: Queryable,
  order: OrderRow,
  v: Valuation,
  changes: { method: { code: string; type: MethodType }; email: string | undefined; now: number },
): Promise<OrderRow> {
  await tx.query(
    `UPDATE orders SET subtotal = $2, discount = $3, interest = $4, total = $5, installments = $6, installment_amount = $7,
       exchange_rate = $8, valid_days = $9, payment_method = $10, payment_type = $11, email = COALESCE($12, email), updated_at = $13, credit = $14
     WHERE id = $1`,
    [
      order.id,
      ...amountsOf(v),
      v.exchangeRate,
      v.validDays,
      changes.method.code,
      changes.method.type,
      changes.email ?? null,
      new Date(changes.now),
      v.credit ?? 0,
    ],
  );
  await writeLines(tx, order.id, v);
  return (await loadOrder(tx, order.id))!;
}

/**
 * Every status change: checked against the table, recorded as an event, and its money booked in
 * the ledger (order-money.ts), in the caller's transaction.
 */
export async function transition(tx: Queryable, order: OrderRow, to: OrderStatus, reason: string, now: number): Promise<OrderRow> {
  assertTransition(order.status, to);
  const at = new Date(now);
  await tx.query(`UPDATE orders SET status = $2, updated_at = $3, paid_at = CASE WHEN $2 = 'PAYMENT_SUCCEEDED' THEN $3 ELSE paid_at END WHERE id = $1`, [
    order.id,
    to,
    at,
  ]);
  await tx.query('INSERT INTO order_events (order_id, from_status, to_status, reason, at) VALUES ($1, $2, $3, $4, $5)', [
    order.id,
    order.status,
    to,
    reason,
    at,
  ]);
  await bookTransition(tx, order, to, reason, now);
  return { ...order, status: to, updated_at: at, ...(to === 'PAYMENT_SUCCEEDED' ? { paid_at: at } : {}) };
}

export async function recordAttempt(
  tx: Queryable,
  a: {
    orderId: string;
    method: string;
    provider: string;
    providerRef: string | null;
    status: 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'unknown';
    amount: number;
    currency: string;
    errCode: number | null;
    instructions?: Record<string, unknown> | null;
    now: number;
  },
): Promise<void> {
  const at = new Date(a.now);
  await tx.query(
    `INSERT INTO payment_attempts (order_id, method, provider, provider_ref, status, amount, currency, err_code, instructions, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [a.orderId, a.method, a.provider, a.providerRef, a.status, a.amount, a.currency, a.errCode, a.instructions ? JSON.stringify(a.instructions) : null, at],
  );
}

/** The uploaded proof of a bank transfer, attached to its order (a later one replaces it). */
export async function attachProof(tx: Queryable, orderId: string, objectKey: string): Promise<void> {
  await tx.query('UPDATE orders SET proof_key = $2 WHERE id = $1', [orderId, objectKey]);
}
