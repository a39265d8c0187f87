/**
 * The parties to money other than the customer, as an attack suite plays them against a spawned
 * server (money-crash.attack.ts): the sandbox's routes for the bank, the card network, the PSP and
 * the clock, and what a provider does when its event got no answer: it delivers it again, as card
 * networks and PSPs do until the receiver acknowledges it. The sandbox commits a step before it
 * sends the step's event and keeps no event it could not deliver, so the suite, playing the
 * provider, rebuilds the event from the provider's row. The portal applies each dispute step and
 * each refund's settlement once, whatever the event id. Last, what the suite reads of an account
 * to report on it: its rows when an invariant breaks, the money its ledger moved.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../server/db/database';
import { CARD_PROVIDER } from '../../../server/payments/card-provider';
import { WEBHOOK_SIGNATURE_HEADER, type DisputeEvent, type RefundEvent } from '../../../server/payments/payment-events';
import { signWebhook } from '../../../server/payments/webhook-signature';
import { WEBHOOK_PATH } from '../../../server/payments/webhooks';

/** The server died under the request: nobody knows whether it was done. */
export class NoAnswer extends Error {}

export interface Sent {
  status: number;
  body: Record<string, unknown>;
}

/** A call to a route outside the contract (no session, no envelope); NoAnswer when the server died under it. */
export async function sandboxRequest(
  baseUrl: string,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Sent> {
  try {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    throw new NoAnswer(pathname);
  }
}

/** The server's clock (TEST_CLOCK=on). */
export const serverNow = async (baseUrl: string) => Number((await sandboxRequest(baseUrl, 'GET', '/api/sandbox/clock')).body.now);

const eventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** The card network's event of the last step of the order's newest dispute; undefined when none was opened. */
async function lastDisputeStep(db: Queryable, orderId: string): Promise<DisputeEvent | undefined> {
  const [d] = await db.query<{
    dispute_id: string;
    charge_id: string;
    amount: number;
    currency: string;
    reason: string;
    status: DisputeEvent['data']['status'];
    updated_at: Date;
    token: string | null;
  }>(
    `SELECT d.dispute_id, d.charge_id, d.amount::int AS amount, d.currency, d.reason, d.status, d.updated_at, c.token
     FROM sandbox_card_disputes d JOIN sandbox_card_charges c ON c.charge_id = d.charge_id WHERE c.reference = $1
     ORDER BY d.updated_at DESC, d.created_at DESC LIMIT 1`,
    [orderId],
  );
  if (!d) return undefined;
  const type = d.status === 'needs_response' ? 'charge.dispute.created' : d.status === 'under_review' ? 'charge.dispute.updated' : 'charge.dispute.closed';
  const data = { dispute: d.dispute_id, reference: d.charge_id, amount: Number(d.amount), currency: d.currency, reason: d.reason, status: d.status };
  return { id: eventId(), type, data: { ...data, paymentMethod: d.token, at: new Date(d.updated_at).getTime() } };
}

/** The PSP's event of a refund it settled, with its provider; 'pending' while it is not settled, undefined for an unknown one. */
async function refundSettlement(db: Queryable, refundId: string): Promise<{ provider: string; event: RefundEvent } | 'pending' | undefined> {
  const [r] = await db.query<{ provider: string; amount: number; currency: string; status: string; reject_reason: string | null; settled_at: Date | null }>(
    'SELECT provider, amount::int AS amount, currency, status, reject_reason, settled_at FROM sandbox_refunds WHERE refund_id = $1',
    [refundId],
  );
  if (r?.status === 'pending') return 'pending';
  if (!r || (r.status !== 'succeeded' && r.status !== 'rejected')) return undefined;
  const data = { reference: refundId, amount: Number(r.amount), currency: r.currency, settledAt: new Date(r.settled_at!).getTime() };
  return {
    provider: r.provider,
    event: {
      id: eventId(),
      type: r.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
      data: { ...data, ...(r.reject_reason ? { failureReason: r.reject_reason } : {}) },
    },
  };
}

/**
 * Delivers a provider's event to the portal's receiver, signed at the server's time. A clock moved
 * on the way makes the signature stale (401): it is signed and sent again, a few times.
 */
async function deliverAgain(baseUrl: string, key: Buffer, provider: string, event: DisputeEvent | RefundEvent): Promise<Sent> {
  const raw = JSON.stringify(event);
  for (let tries = 1; ; tries++) {
    const signature = signWebhook(key, raw, await serverNow(baseUrl));
    const sent = await sandboxRequest(baseUrl, 'POST', `${WEBHOOK_PATH}/${provider}`, raw, { [WEBHOOK_SIGNATURE_HEADER]: signature });
    if (sent.status !== 401 || tries === 5) return sent;
  }
}

/** The card network tells the last step of the order's newest dispute again (nothing when none was opened). */
export async function tellDisputeAgain(baseUrl: string, key: Buffer, db: Queryable, orderId: string): Promise<Sent | undefined> {
  const event = await lastDisputeStep(db, orderId);
  return event && deliverAgain(baseUrl, key, CARD_PROVIDER, event);
}

/** The PSP settles the refund if it has not, or tells its settlement again. */
export async function settleOrTellAgain(baseUrl: string, key: Buffer, db: Queryable, refundId: string): Promise<Sent | undefined> {
  const settled = await refundSettlement(db, refundId);
  if (settled === 'pending') return sandboxRequest(baseUrl, 'POST', `/api/sandbox/refunds/settle/${refundId}`);
  return settled && deliverAgain(baseUrl, key, settled.provider, settled.event);
}

/** An account's rows and what the server logged of its orders, for the report of a broken invariant. */
export async function accountRows(db: Queryable, uid: number, serverLog: string): Promise<string> {
  const ids = (await db.query<{ id: string }>('SELECT id FROM orders WHERE account_uid = $1', [uid])).map((o) => o.id);
  const table = async (name: string, sql: string) => `  ${name}:\n${(await db.query(sql, [uid])).map((r) => `    ${JSON.stringify(r)}`).join('\n')}`;
  const logged = serverLog
    .split('\n')
    .filter((l) => ids.some((id) => l.includes(id)) && /"level":(40|50|60)|reconcil/.test(l))
    .slice(-30)
    .map((l) => `    ${l.slice(0, 600)}`);
  return [
    await table('orders', 'SELECT id, kind, status, total, payment_type, service_start, service_end FROM orders WHERE account_uid = $1 ORDER BY created_at'),
    await table('entitlement', 'SELECT plan_id, expires_at FROM entitlements WHERE account_uid = $1'),
    await table(
      'attempts',
      'SELECT a.id, a.order_id, a.provider, a.provider_ref, a.status, a.amount FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE o.account_uid = $1 ORDER BY a.id',
    ),
    await table('ledger', 'SELECT id, order_id, kind, amount, returns_entry_id, source_order_id FROM ledger_entries WHERE account_uid = $1 ORDER BY id'),
    await table(
      'refunds',
      'SELECT r.id, r.order_id, r.kind, r.status, r.amount, r.refund_ref, r.next_attempt_at FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.account_uid = $1',
    ),
    await table(
      'card charges',
      'SELECT c.charge_id, c.reference, c.status, c.amount, c.amount_refunded, c.disputed FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.account_uid = $1',
    ),
    `  server log:\n${logged.join('\n')}`,
  ].join('\n');
}

/** The order's pending PIX code (its txid) and the amount the bank pays by it. */
export async function pendingPixCode(db: Queryable, orderId: string): Promise<{ txid: string; amount: number } | undefined> {
  const [code] = await db.query<{ txid: string; amount: number }>(
    "SELECT provider_ref AS txid, amount::int AS amount FROM payment_attempts WHERE order_id = $1 AND provider = 'sandbox-pix' AND status = 'pending' ORDER BY id DESC LIMIT 1",
    [orderId],
  );
  return code && { txid: code.txid, amount: Number(code.amount) };
}

/** How many payments the portal booked for the order (its ledger's charges). */
export const chargesBooked = async (db: Queryable, orderId: string) =>
  Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE order_id = $1 AND kind = 'charge'", [orderId]))[0]!.n);

/** The accounts' money as the ledger holds it, and the charges the server's start-ups reconciled, for a suite's summary line. */
export async function moneyFigures(db: Queryable, uids: number[], serverLog: string) {
  const [moved] = await db.query<{ charged: number; returned: number; entries: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'charge'), 0)::int AS charged,
            coalesce(sum(amount) FILTER (WHERE kind IN ('refund', 'chargeback')), 0)::int AS returned, count(*)::int AS entries
     FROM ledger_entries WHERE account_uid = ANY($1)`,
    [uids],
  );
  const [orders] = await db.query<{ n: number; paid: number }>(
    "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'PAYMENT_SUCCEEDED')::int AS paid FROM orders WHERE account_uid = ANY($1)",
    [uids],
  );
  const brl = (cents: number) => `R$ ${(Number(cents) / 100).toFixed(2)}`;
  return {
    orders: Number(orders!.n),
    paid: Number(orders!.paid),
    charged: brl(moved!.charged),
    returned: brl(moved!.returned),
    entries: Number(moved!.entries),
    reconciled: serverLog.split('\n').filter((l) => l.includes('reconciled a charge left charging')).length,
  };
}
