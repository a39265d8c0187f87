import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { RefundDestination } from '../payments/provider';

type PersonalData = components['schemas']['PersonalData'];
type BillingHistory = Pick<PersonalData, 'cancellations' | 'retentionDiscounts' | 'refunds' | 'pixAutomatico' | 'planChanges'>;

/**
 * What the self-service flows keep on an account, for "Download my data" (docs/decisions/061):
 * the reasons given on turning auto-renewal off and the retention offers taken (057), the refunds
 * of withdrawn orders and where they went (058), the PIX Automático authorisations and their
 * charges (060), and the downgrades scheduled for a renewal (056).
 */

export const ms = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;
export const num = (v: unknown) => Number(v);
export const optionalMs = (v: unknown) => (v === null || v === undefined ? undefined : num(v));

/** Drops the keys whose value is null, so optional fields are absent rather than null (the contract has no nulls). */
export function present<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined)) as T;
}

/**
 * A refund's bank account as the saved cards are shown (docs/decisions/061): the bank and branch,
 * which name no one, and the last 4 characters of the account; the holder's CPF as the Brazilian
 * government masks one it publishes (`***.456.789-**`). Enough to recognise, not to pay into.
 */
export function maskedBankAccount(a: Extract<RefundDestination, { kind: 'bank_account' }>) {
  const account = a.account.length > 4 ? `${'•'.repeat(a.account.length - 4)}${a.account.slice(-4)}` : a.account;
  const cpf = a.holderCpf.replace(/\D/g, '');
  const holderCpf = cpf.length === 11 ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : '***';
  return { bank: a.bank, branch: a.branch, account, holderCpf };
}

export async function billingHistory(q: Queryable, uid: number): Promise<BillingHistory> {
  const reasons = await q.query<Record<string, unknown>>(
    `SELECT reason, other_text, offer_kind, offer_value, outcome, ${ms('created_at')} AS created_at
       FROM cancellation_reasons WHERE account_uid = $1 ORDER BY created_at DESC, id DESC`,
    [uid],
  );
  const discounts = await q.query<Record<string, unknown>>(
    `SELECT percent, order_id, ${ms('created_at')} AS created_at FROM retention_discounts WHERE account_uid = $1 ORDER BY created_at DESC, id DESC`,
    [uid],
  );
  const refunds = await q.query<Record<string, unknown>>(
    `SELECT r.order_id, r.provider, r.status, r.amount, r.currency, r.destination, ${ms('r.requested_at')} AS requested_at,
            ${ms('r.settled_at')} AS settled_at, r.reject_reason
       FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.account_uid = $1 ORDER BY r.requested_at DESC, r.id DESC`,
    [uid],
  );
  const recurrences = await q.query<Record<string, unknown>>(
    `SELECT r.id_rec, r.plan_id, r.status, r.amount, r.max_amount, r.currency, ${ms('r.start_at')} AS start_at, ${ms('r.end_at')} AS end_at,
            ${ms('r.next_due_at')} AS next_due_at, r.cancelled_by, ${ms('r.created_at')} AS created_at,
            (SELECT COALESCE(json_agg(json_build_object('txid', c.txid, 'dueAt', ${ms('c.due_at')}, 'amount', c.amount, 'status', c.status,
                                                        'failures', c.failures, 'orderId', c.order_id) ORDER BY c.due_at DESC), '[]'::json)
               FROM pix_recurring_charges c WHERE c.id_rec = r.id_rec) AS charges
       FROM pix_recurrences r WHERE r.account_uid = $1 ORDER BY r.created_at DESC`,
    [uid],
  );
  const changes = await q.query<Record<string, unknown>>(
    `SELECT from_plan_id, to_plan_id, status, ${ms('applies_at')} AS applies_at, ${ms('created_at')} AS created_at
       FROM plan_changes WHERE account_uid = $1 ORDER BY created_at DESC, id DESC`,
    [uid],
  );

  type Refund = PersonalData['refunds'][number];
  type Recurrence = PersonalData['pixAutomatico'][number];
  return {
    cancellations: reasons.map((r) =>
      present({
        reason: r.reason as PersonalData['cancellations'][number]['reason'],
        otherText: (r.other_text as string | null) ?? undefined,
        offerKind: (r.offer_kind as 'discount' | 'pause' | null) ?? undefined,
        offerValue: r.offer_value === null ? undefined : num(r.offer_value),
        outcome: r.outcome as 'cancelled' | 'offer_accepted',
        createdAt: num(r.created_at),
      }),
    ),
    retentionDiscounts: discounts.map((d) =>
      present({ percent: num(d.percent), orderId: (d.order_id as string | null) ?? undefined, createdAt: num(d.created_at) }),
    ),
    refunds: refunds.map((r) => {
      const destination = r.destination as RefundDestination | null;
      return present({
        orderId: String(r.order_id),
        provider: String(r.provider),
        status: r.status as Refund['status'],
        amount: num(r.amount),
        currency: String(r.currency),
        refundsTo: destination?.kind ?? 'payer',
        bankAccount: destination?.kind === 'bank_account' ? maskedBankAccount(destination) : undefined,
        refundAddress: destination?.kind === 'address' ? destination.address : undefined,
        requestedAt: num(r.requested_at),
        settledAt: optionalMs(r.settled_at),
        rejectReason: (r.reject_reason as string | null) ?? undefined,
      });
    }),
    pixAutomatico: recurrences.map((r) =>
      present({
        idRec: String(r.id_rec),
        planId: num(r.plan_id),
        status: r.status as Recurrence['status'],
        amount: num(r.amount),
        maxAmount: num(r.max_amount),
        currency: String(r.currency),
        startAt: num(r.start_at),
        endAt: num(r.end_at),
        nextDueAt: optionalMs(r.next_due_at),
        cancelledBy: (r.cancelled_by as 'payer' | 'receiver' | null) ?? undefined,
        createdAt: num(r.created_at),
        charges: (r.charges as Record<string, unknown>[]).map((c) =>
          present({
            txid: String(c.txid),
            dueAt: num(c.dueAt),
            amount: num(c.amount),
            status: c.status as Recurrence['charges'][number]['status'],
            failures: num(c.failures),
            orderId: (c.orderId as string | null) ?? undefined,
          }),
        ),
      }),
    ),
    planChanges: changes.map((c) => ({
      fromPlanId: num(c.from_plan_id),
      toPlanId: num(c.to_plan_id),
      status: c.status as PersonalData['planChanges'][number]['status'],
      appliesAt: num(c.applies_at),
      createdAt: num(c.created_at),
    })),
  };
}
