import type { Queryable } from '../db/database';
import type { RecurrenceStatus } from '../payments/pix-automatico-psp';

/** PIX Automático's authorisations as the portal keeps them (`pix_recurrences`, migration 029; docs/decisions/060). */

/** A new status for an authorisation; one that ends withdraws the charge it had scheduled. */
export async function setRecurrenceStatus(tx: Queryable, idRec: string, status: RecurrenceStatus, by: 'payer' | 'receiver' | null, now: number) {
  await tx.query('UPDATE pix_recurrences SET status = $2, cancelled_by = COALESCE($3, cancelled_by), updated_at = $4 WHERE id_rec = $1', [
    idRec,
    status,
    by,
    new Date(now),
  ]);
  if (status !== 'APROVADA' && status !== 'CRIADA')
    await tx.query("UPDATE pix_recurring_charges SET status = 'CANCELADA', updated_at = $2 WHERE id_rec = $1 AND status = 'ATIVA'", [idRec, new Date(now)]);
}

export interface LiveRecurrence {
  idRec: string;
  planId: number;
  status: 'CRIADA' | 'APROVADA';
  amount: number;
  nextDueAt: number | null;
}

/** The account's authorisation awaiting the payer or approved, if any (one at most: pix_recurrences_live). */
export async function liveRecurrence(q: Queryable, accountUid: number): Promise<LiveRecurrence | undefined> {
  const [r] = await q.query<{ id_rec: string; plan_id: number; status: 'CRIADA' | 'APROVADA'; amount: string; next_due_at: Date | null }>(
    "SELECT id_rec, plan_id, status, amount::text, next_due_at FROM pix_recurrences WHERE account_uid = $1 AND status IN ('CRIADA', 'APROVADA') FOR UPDATE",
    [accountUid],
  );
  return (
    r && {
      idRec: r.id_rec,
      planId: Number(r.plan_id),
      status: r.status,
      amount: Number(r.amount),
      nextDueAt: r.next_due_at ? new Date(r.next_due_at).getTime() : null,
    }
  );
}
