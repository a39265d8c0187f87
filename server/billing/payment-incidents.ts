import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';

/**
 * What the payment jobs and settlements found wrong and set right, kept where an operator reads
 * it (`payment_incidents`, migration 018; docs/decisions/036) and logged as a warning: nothing of
 * the kind may happen silently. Rows hold ids and amounts, never card data.
 */
export type IncidentKind =
  | 'duplicate_charge'
  | 'discount_over_limit'
  | 'refund_unanswered'
  // docs/decisions/069
  | 'payment_returned'
  | 'dispute_after_refund'
  | 'chargeback_after_refund';

export type IncidentLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Records one incident, once: the same kind, order and subject found again (the next pass,
 * another process) is not a second row. Answers whether this call recorded it, so that only
 * the finder logs it.
 */
export async function recordIncident(
  q: Queryable,
  incident: { kind: IncidentKind; orderId: string; subject: string; detail: Record<string, unknown>; now: number },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO payment_incidents (kind, order_id, subject, detail, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kind, order_id, subject) DO NOTHING RETURNING id`,
    [incident.kind, incident.orderId, incident.subject, JSON.stringify(incident.detail), new Date(incident.now)],
  );
  return rows.length > 0;
}
