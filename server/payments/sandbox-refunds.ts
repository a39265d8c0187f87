import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { RefundDestination, RefundRequest, RefundResult, RefundsTo } from './provider';

/**
 * The refunds of the sandbox providers other than the card network (which keeps its own,
 * card-provider.ts): each provider's record of a refund it was asked for, in `sandbox_refunds`
 * (migration 027). A refund is asked with an idempotency key, so a repeat answers the first one;
 * it stays `pending` until the sandbox bank settles it (server/routes/sandbox-refunds.ts), whose
 * signed webhook then tells the portal, as the providers do (docs/decisions/058).
 */

/** The sandbox bank refuses a payout to this account: it is closed (the REFUND_REJECTED case). */
export const SANDBOX_CLOSED_ACCOUNT = '99999-9';
export const REJECT_ACCOUNT_CLOSED = 'account_closed';

export interface SandboxRefundProtocol {
  provider: string;
  /** The provider's own id for a new refund (a PIX devolução id, a PayPal refund id, a payout id). */
  newRefundId: () => string;
  refundsTo: RefundsTo;
  /** The payment the provider refunds, from the attempt's reference (PayPal refunds the capture, not the order). */
  paymentRef?: (q: Queryable, providerRef: string) => Promise<string | undefined>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** `length` random capitals and digits (ids in the providers' own formats). */
export function refundId(prefix: string, length: number): string {
  return prefix + [...randomBytes(length)].map((b) => ALNUM[b % 36]).join('');
}

/** A provider's `refund`, `cancelRefund` and `refundsTo`, following `protocol`. */
export function sandboxRefunds(protocol: SandboxRefundProtocol) {
  async function refund(q: Queryable, request: RefundRequest): Promise<RefundResult> {
    const [prior] = await q.query<{ refund_id: string; status: string }>('SELECT refund_id, status FROM sandbox_refunds WHERE idempotency_key = $1', [
      request.idempotencyKey,
    ]);
    if (prior) return prior.status === 'rejected' ? { status: 'rejected', refundRef: null } : { status: 'pending', refundRef: prior.refund_id };
    const paymentRef = protocol.paymentRef ? await protocol.paymentRef(q, request.providerRef) : request.providerRef;
    const needsDestination = protocol.refundsTo !== 'payer';
    if (!paymentRef || !Number.isInteger(request.amount) || request.amount <= 0 || (needsDestination && request.destination?.kind !== protocol.refundsTo))
      return { status: 'rejected', refundRef: null };
    // What is left of the payment: partial refunds (a second charge) add up to the amount paid at most.
    const [paid] = await q.query<{ amount: string; currency: string }>(
      'SELECT amount, currency FROM payment_attempts WHERE provider = $1 AND provider_ref = $2',
      [protocol.provider, request.providerRef],
    );
    const [returned] = await q.query<{ sum: string | null }>(
      "SELECT sum(amount) AS sum FROM sandbox_refunds WHERE provider = $1 AND payment_ref = $2 AND status IN ('pending', 'succeeded')",
      [protocol.provider, paymentRef],
    );
    if (!paid || Number(returned?.sum ?? 0) + request.amount > Number(paid.amount)) return { status: 'rejected', refundRef: null };
    const id = protocol.newRefundId();
    const [made] = await q.query<{ refund_id: string }>(
      `INSERT INTO sandbox_refunds (refund_id, provider, payment_ref, amount, currency, reason, status, destination, idempotency_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9) ON CONFLICT (idempotency_key) DO NOTHING RETURNING refund_id`,
      [
        id,
        protocol.provider,
        paymentRef,
        request.amount,
        paid.currency,
        request.reason,
        request.destination ?? null,
        request.idempotencyKey,
        new Date(request.now),
      ],
    );
    // Lost a race with the same key: the winner's refund is the answer.
    return made ? { status: 'pending', refundRef: made.refund_id } : refund(q, request);
  }

  return {
    refundsTo: protocol.refundsTo,
    refund,

    async cancelRefund(q: Queryable, refundRef: string, now: number): Promise<boolean> {
      const rows = await q.query(
        "UPDATE sandbox_refunds SET status = 'cancelled', settled_at = $3 WHERE provider = $1 AND refund_id = $2 AND status = 'pending' RETURNING refund_id",
        [protocol.provider, refundRef, new Date(now)],
      );
      return rows.length > 0;
    },
  };
}

export interface SandboxRefundRow {
  refund_id: string;
  provider: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'rejected' | 'cancelled';
  reject_reason: string | null;
}

/**
 * The sandbox bank settles a pending refund: paid out, unless it goes to the closed account
 * (rejected, `account_closed`). Undefined for a refund it does not know or has settled.
 */
export async function settleSandboxRefund(q: Queryable, refundRef: string, now: number): Promise<SandboxRefundRow | undefined> {
  const [row] = await q.query<{ destination: RefundDestination | null }>(
    "SELECT destination FROM sandbox_refunds WHERE refund_id = $1 AND status = 'pending'",
    [refundRef],
  );
  if (!row) return undefined;
  const closed = row.destination?.kind === 'bank_account' && row.destination.account === SANDBOX_CLOSED_ACCOUNT;
  const [settled] = await q.query<SandboxRefundRow>(
    `UPDATE sandbox_refunds SET status = $2, reject_reason = $3, settled_at = $4 WHERE refund_id = $1 AND status = 'pending'
     RETURNING refund_id, provider, amount::int AS amount, currency, status, reject_reason`,
    [refundRef, closed ? 'rejected' : 'succeeded', closed ? REJECT_ACCOUNT_CLOSED : null, new Date(now)],
  );
  return settled;
}
