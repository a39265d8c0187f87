import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { DisputeEvent, DisputeStatus } from './payment-events';

/**
 * The sandbox card network's disputes (docs/decisions/059), modelled on Stripe's dispute object:
 * an id, the charge, the amount, the holder's reason and a status. The network moves a dispute one
 * step each time the sandbox is asked (`POST /api/sandbox/card/dispute/{charge}`), and each step is
 * a signed event: opened `needs_response` (`charge.dispute.created`), then `under_review`
 * (`charge.dispute.updated`), then closed with the outcome chosen when it was opened
 * (`charge.dispute.closed`: `lost`, `won` or `warning_closed`), so a test reaches each ending.
 */
export const disputeOutcomes = ['lost', 'won', 'warning_closed'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];
export const disputeReasons = ['fraudulent', 'product_not_received', 'unrecognized', 'duplicate', 'subscription_canceled', 'general'] as const;
export type DisputeReason = (typeof disputeReasons)[number];

interface DisputeRow {
  dispute_id: string;
  charge_id: string;
  amount: string | number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  outcome: DisputeOutcome;
  token: string | null;
}

export type DisputeStep = { ok: true; event: DisputeEvent } | { ok: false; status: 404 | 409; error: string };

/**
 * `charge`: the network's charge id (`ch_…`), or the merchant's reference (the portal's order id),
 * which names the newest successful charge of that order not refunded in full.
 */
export async function stepDispute(
  q: Queryable,
  charge: string,
  request: { outcome: DisputeOutcome; reason: DisputeReason },
  now: number,
): Promise<DisputeStep> {
  const [found] = await q.query<{ charge_id: string; amount: string | number; currency: string; refunded: boolean; token: string | null }>(
    `SELECT charge_id, amount, currency, refunded, token FROM sandbox_card_charges
     WHERE status = 'succeeded' AND (charge_id = $1 OR reference = $1) ORDER BY refunded, created_at DESC LIMIT 1 FOR UPDATE`,
    [charge],
  );
  if (!found) return { ok: false, status: 404, error: 'no successful charge by that id or order' };
  const at = new Date(now);
  const [open] = await q.query<DisputeRow>(
    "SELECT *, $2::text AS token FROM sandbox_card_disputes WHERE charge_id = $1 AND status IN ('needs_response', 'under_review')",
    [found.charge_id, found.token],
  );
  let row: DisputeRow;
  let type: DisputeEvent['type'];
  if (!open) {
    // A holder disputes money they still miss: a refunded charge has nothing to dispute. The mark
    // is set on the charge's row, which a refund changes too, so the two never both pass
    // (docs/decisions/069): a refund under way makes this wait, then refuse.
    const marked = await q.query(
      'UPDATE sandbox_card_charges SET disputed = true WHERE charge_id = $1 AND amount_refunded = 0 AND NOT disputed RETURNING charge_id',
      [found.charge_id],
    );
    if (marked.length === 0) return { ok: false, status: 409, error: 'the charge was refunded, or was disputed and lost' };
    row = {
      dispute_id: `dp_${randomBytes(12).toString('hex')}`,
      charge_id: found.charge_id,
      amount: found.amount,
      currency: found.currency,
      reason: request.reason,
      status: 'needs_response',
      outcome: request.outcome,
      token: found.token,
    };
    await q.query(
      `INSERT INTO sandbox_card_disputes (dispute_id, charge_id, amount, currency, reason, status, outcome, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [row.dispute_id, row.charge_id, row.amount, row.currency, row.reason, row.status, row.outcome, at],
    );
    type = 'charge.dispute.created';
  } else {
    const status: DisputeStatus = open.status === 'needs_response' ? 'under_review' : open.outcome;
    await q.query('UPDATE sandbox_card_disputes SET status = $2, updated_at = $3 WHERE dispute_id = $1', [open.dispute_id, status, at]);
    // Won or withdrawn, the charge stands and can be refunded again; lost, its money went back.
    if (status === 'won' || status === 'warning_closed')
      await q.query('UPDATE sandbox_card_charges SET disputed = false WHERE charge_id = $1', [open.charge_id]);
    row = { ...open, status };
    type = status === 'under_review' ? 'charge.dispute.updated' : 'charge.dispute.closed';
  }
  return {
    ok: true,
    event: {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      data: {
        dispute: row.dispute_id,
        reference: row.charge_id,
        amount: Number(row.amount),
        currency: row.currency,
        reason: row.reason,
        status: row.status,
        paymentMethod: row.token,
        at: now,
      },
    },
  };
}
