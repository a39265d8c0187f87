import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import type { Queryable } from '../db/database';
import { ApiRefusal } from '../errors';
import { buildBrCode } from '../payments/pix-brcode';
import { merchantName, newTxid, PIX_CITY, PIX_PROVIDER, PIX_TTL_MS, SANDBOX_PIX_KEY } from '../payments/pix-provider';
import {
  newIdRec,
  newRecurringTxid,
  PIX_AUTOMATICO_PROVIDER,
  type PixAutomaticoEvent,
  type RecurrenceStatus,
  type RecurringChargeStatus,
} from '../payments/pix-automatico-psp';
import { setRecurrenceStatus } from '../repositories/pix-recurrence-repository';
import type { ServerServices } from '../services';
import { createFulfilment } from './fulfilment';
import { alignMandates } from './mandates';
import { lockAccount } from '../repositories/account-repository';
import { createOrder, recordAttempt, transition } from './orders';
import { acceptPayment, returnPayment } from './settlement';
import { valuate } from './pricing';

type PixAutomatico = components['schemas']['PixAutomatico'];
const DAY_MS = 86_400_000;

/** The project's codes for PIX Automático (docs/decisions/060). */
export const PixAutoErr = {
  /** Only a monthly plan with auto-renewal renews by PIX Automático. */
  planNotMonthly: 8601,
  /** An approved authorisation already renews this account. */
  alreadyAuthorised: 8602,
  /** The account has no PIX Automático authorisation. */
  notFound: 8603,
  /** The receipts of the first month and of each renewal need an email. */
  needsEmail: 8604,
  /** The authorisation already ended (cancelled, rejected or expired). */
  ended: 8605,
} as const;

/** The receiver sends each cycle's charge from 10 to 2 days before its due date (BCB rules). */
export const SCHEDULE_FROM_MS = 10 * DAY_MS;
export const SCHEDULE_UNTIL_MS = 2 * DAY_MS;
/** A failed debit may be tried again up to 3 times, one a day, within 7 days after the due date. */
export const RETRIES = 3;
export const RETRY_WINDOW_MS = 7 * DAY_MS;
/** The authorisation's end date: twelve cycles after it starts (docs/decisions/060). */
export const AUTHORISED_CYCLES = 12;

interface RecurrenceRow {
  id_rec: string;
  account_uid: number;
  plan_id: number;
  status: RecurrenceStatus;
  amount: string | number;
  max_amount: string | number;
  currency: string;
  start_at: Date;
  end_at: Date;
  first_order_id: string;
  next_due_at: Date | null;
  cancelled_by: 'payer' | 'receiver' | null;
  created_at: Date;
}
interface ChargeRow {
  txid: string;
  id_rec: string;
  due_at: Date;
  try_at: Date;
  amount: string | number;
  status: RecurringChargeStatus;
  failures: number;
}

const ms = (d: Date | null) => (d ? new Date(d).getTime() : undefined);

async function latestRecurrence(q: Queryable, accountUid: number, forUpdate = false): Promise<RecurrenceRow | undefined> {
  const [row] = await q.query<RecurrenceRow>(
    `SELECT * FROM pix_recurrences WHERE account_uid = $1 ORDER BY status IN ('CRIADA', 'APROVADA') DESC, created_at DESC, id_rec LIMIT 1${forUpdate ? ' FOR UPDATE' : ''}`,
    [accountUid],
  );
  return row;
}

/** The authorisation as the account page shows it: its terms, the QR while it awaits the payer, the next charge. */
export async function authorisationView(q: Queryable, rec: RecurrenceRow, lang: Language): Promise<PixAutomatico> {
  const [plan] = await q.query<{ name: string }>('SELECT name FROM plan_texts WHERE plan_id = $1 ORDER BY lang = $2 DESC, lang = $3 DESC LIMIT 1', [
    rec.plan_id,
    lang,
    'en',
  ]);
  const [qr] =
    rec.status === 'CRIADA'
      ? await q.query<{ instructions: { brCode: string; qrSvg: string; expiresAt: number } }>(
          "SELECT instructions FROM payment_attempts WHERE order_id = $1 AND provider = $2 AND status = 'pending' ORDER BY id DESC LIMIT 1",
          [rec.first_order_id, PIX_PROVIDER],
        )
      : [];
  const [charge] = await q.query<ChargeRow>('SELECT * FROM pix_recurring_charges WHERE id_rec = $1 ORDER BY due_at DESC LIMIT 1', [rec.id_rec]);
  const nextDueDate = rec.status === 'APROVADA' ? ms(rec.next_due_at) : undefined;
  return {
    idRec: rec.id_rec,
    status: rec.status,
    planId: String(rec.plan_id),
    planName: plan?.name ?? String(rec.plan_id),
    amount: Number(rec.amount),
    maxAmount: Number(rec.max_amount),
    currency: rec.currency,
    frequency: 'MONTHLY',
    startDate: ms(rec.start_at)!,
    endDate: ms(rec.end_at)!,
    ...(nextDueDate !== undefined ? { nextDueDate } : {}),
    ...(rec.cancelled_by ? { cancelledBy: rec.cancelled_by } : {}),
    ...(qr ? { qr: { orderId: rec.first_order_id, brCode: qr.instructions.brCode, qrSvg: qr.instructions.qrSvg, expiresAt: qr.instructions.expiresAt } } : {}),
    ...(charge ? { charge: { dueDate: ms(charge.due_at)!, tryDate: ms(charge.try_at)!, status: charge.status, failures: Number(charge.failures) } } : {}),
  };
}

/** The account's latest authorisation, or 8603. */
export async function loadAuthorisation(q: Queryable, accountUid: number, lang: Language): Promise<PixAutomatico> {
  const rec = await latestRecurrence(q, accountUid);
  if (!rec) throw new ApiRefusal(PixAutoErr.notFound);
  return authorisationView(q, rec, lang);
}

/** Where receipts go: the last paid order's email (phone accounts may have none), else the account's. */
async function receiptEmail(q: Queryable, accountUid: number): Promise<string | undefined> {
  const [row] = await q.query<{ email: string | null }>(
    `SELECT COALESCE((SELECT email FROM orders WHERE account_uid = $1 AND status = 'PAYMENT_SUCCEEDED' ORDER BY paid_at DESC NULLS LAST LIMIT 1),
       (SELECT email FROM accounts WHERE uid = $1)) AS email`,
    [accountUid],
  );
  return row?.email ?? undefined;
}

/**
 * Journey 3: one composite QR pays the first month now (a dynamic PIX charge of a new order, which
 * the ordinary PIX webhook settles) and carries the recurrence the payer's bank approves with it
 * (field 80). A QR still awaiting the payer is offered again rather than replaced.
 */
export async function startAuthorisation(
  tx: Queryable,
  services: Pick<ServerServices, 'config'>,
  input: { accountUid: number; planId: string; lang: Language; now: number },
): Promise<PixAutomatico> {
  const { accountUid, lang, now } = input;
  const [plan] = await tx.query<{ id: number; auto_renew: boolean }>('SELECT id, auto_renew FROM plans WHERE id::text = $1 AND active', [input.planId]);
  if (!plan?.auto_renew) throw new ApiRefusal(PixAutoErr.planNotMonthly);
  await tx.query('SELECT 1 FROM accounts WHERE uid = $1 FOR UPDATE', [accountUid]);
  const live = await latestRecurrence(tx, accountUid, true);
  if (live?.status === 'APROVADA') throw new ApiRefusal(PixAutoErr.alreadyAuthorised);
  if (live?.status === 'CRIADA') {
    if (now < new Date(live.created_at).getTime() + PIX_TTL_MS && live.plan_id === plan.id) return authorisationView(tx, live, lang);
    await setRecurrenceStatus(tx, live.id_rec, 'EXPIRADA', null, now);
  }
  const email = await receiptEmail(tx, accountUid);
  if (!email) throw new ApiRefusal(PixAutoErr.needsEmail);

  const valuation = await valuate(tx, { accountUid, planId: String(plan.id), currency: 'BRL', installments: 1, method: 'pix', lang, now });
  const created = await createOrder(tx, { accountUid, valuation, discountCode: null, method: { code: 'pix', type: 'pix' }, email, scene: 'WEB', now });
  const order = await transition(tx, created, 'PAYMENT_PENDING', 'PIX Automático: first month by the composite QR', now);
  const idRec = newIdRec(now);
  const txid = newTxid();
  const host = services.config.publicUrl.replace(/^https?:\/\//, '');
  const brCode = buildBrCode({
    key: SANDBOX_PIX_KEY,
    merchantName: await merchantName(tx),
    merchantCity: PIX_CITY,
    amountMinor: order.total,
    txid,
    recurrenceUrl: `${host}/api/sandbox/pix-automatico/rec/${idRec}`,
  });
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(brCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const expiresAt = now + PIX_TTL_MS;
  await recordAttempt(tx, {
    orderId: order.id,
    method: 'pix',
    provider: PIX_PROVIDER,
    providerRef: txid,
    status: 'pending',
    amount: order.total,
    currency: order.currency,
    errCode: null,
    instructions: { next: 'pix', brCode, qrSvg, amount: order.total, currency: order.currency, expiresAt },
    now,
  });
  const periodMs = order.valid_days * DAY_MS;
  const [rec] = await tx.query<RecurrenceRow>(
    `INSERT INTO pix_recurrences (id_rec, account_uid, plan_id, status, amount, max_amount, currency, start_at, end_at, first_order_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'CRIADA', $4, $4, 'BRL', $5, $6, $7, $5, $5) RETURNING *`,
    [idRec, accountUid, plan.id, order.total, new Date(now), new Date(now + AUTHORISED_CYCLES * periodMs), order.id],
  );
  return authorisationView(tx, rec!, lang);
}

/** The customer cancels on the account page: renewal ends and a scheduled charge is withdrawn. */
export async function cancelAuthorisation(tx: Queryable, accountUid: number, lang: Language, now: number): Promise<PixAutomatico> {
  const rec = await latestRecurrence(tx, accountUid, true);
  if (!rec) throw new ApiRefusal(PixAutoErr.notFound);
  if (rec.status !== 'CRIADA' && rec.status !== 'APROVADA') throw new ApiRefusal(PixAutoErr.ended);
  await setRecurrenceStatus(tx, rec.id_rec, 'CANCELADA', 'receiver', now);
  return authorisationView(tx, { ...rec, status: 'CANCELADA', cancelled_by: 'receiver' }, lang);
}

export type PixAutomaticoResult = 'applied' | 'duplicate' | 'ignored' | 'mismatch';

/** Applies one verified PSP event, once per event id, in one transaction. */
export function createPixAutomaticoApplier(services: Pick<ServerServices, 'db' | 'outbox'>) {
  const fulfil = createFulfilment({ outbox: services.outbox, valuate });
  return (event: PixAutomaticoEvent, now: number, log: Pick<FastifyBaseLogger, 'warn'>): Promise<PixAutomaticoResult> =>
    services.db.transaction(async (tx) => {
      const fresh = await tx.query(
        'INSERT INTO webhook_events (provider, event_id, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
        [PIX_AUTOMATICO_PROVIDER, event.id, new Date(now)],
      );
      if (fresh.length === 0) return 'duplicate';
      // The account first, as every flow that moves its money locks it (docs/decisions/069).
      const [owner] = await tx.query<{ account_uid: number }>(
        'SELECT r.account_uid FROM pix_recurrences r WHERE r.id_rec = $1 OR r.id_rec = (SELECT c.id_rec FROM pix_recurring_charges c WHERE c.txid = $2)',
        ['idRec' in event.data ? event.data.idRec : '', 'txid' in event.data ? event.data.txid : ''],
      );
      if (owner) await lockAccount(tx, Number(owner.account_uid));
      if (event.type === 'rec.approved' || event.type === 'rec.rejected' || event.type === 'rec.cancelled') {
        const [rec] = await tx.query<RecurrenceRow>('SELECT * FROM pix_recurrences WHERE id_rec = $1 FOR UPDATE', [event.data.idRec]);
        const awaiting = rec?.status === 'CRIADA';
        if (!rec || (event.type === 'rec.cancelled' ? !awaiting && rec.status !== 'APROVADA' : !awaiting)) {
          log.warn({ eventId: event.id, idRec: event.data.idRec, status: rec?.status }, 'PIX Automático event for no live recurrence');
          return 'ignored';
        }
        if (event.type === 'rec.rejected') await setRecurrenceStatus(tx, rec.id_rec, 'REJEITADA', null, now);
        if (event.type === 'rec.cancelled') await setRecurrenceStatus(tx, rec.id_rec, 'CANCELADA', 'payer', now);
        if (event.type === 'rec.approved') {
          // The first month was paid by the same QR: the next cycle falls due when it runs out.
          const [ent] = await tx.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [rec.account_uid]);
          await tx.query("UPDATE pix_recurrences SET status = 'APROVADA', next_due_at = $2, updated_at = $3 WHERE id_rec = $1", [
            rec.id_rec,
            new Date(Math.max(now, ms(ent?.expires_at ?? null) ?? now)),
            new Date(now),
          ]);
          // PIX Automático renews instead of the card: one renewal, not two.
          await tx.query(
            "UPDATE subscriptions SET status = 'cancelled', next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1 AND status = 'activated'",
            [rec.account_uid, new Date(now)],
          );
          // Approved for a plan that no longer runs (its first month went back meanwhile): it ends at once.
          await alignMandates(tx, Number(rec.account_uid), now, { stop: false });
        }
        return 'applied';
      }
      const [charge] = await tx.query<ChargeRow>('SELECT * FROM pix_recurring_charges WHERE txid = $1 FOR UPDATE', [event.data.txid]);
      if (!charge || charge.status !== 'ATIVA') {
        log.warn({ eventId: event.id, txid: event.data.txid, status: charge?.status }, 'PIX Automático event for no scheduled charge');
        return 'ignored';
      }
      const [rec] = await tx.query<RecurrenceRow>('SELECT * FROM pix_recurrences WHERE id_rec = $1 FOR UPDATE', [charge.id_rec]);
      if (!rec) return 'ignored';
      if (event.type === 'cobr.failed') {
        const failures = Number(charge.failures) + 1;
        const nextTry = new Date(charge.try_at).getTime() + DAY_MS;
        if (failures <= RETRIES && nextTry <= new Date(charge.due_at).getTime() + RETRY_WINDOW_MS) {
          // A retry ("tentativa") the next day, as the rules allow.
          await tx.query('UPDATE pix_recurring_charges SET failures = $2, try_at = $3, updated_at = $4 WHERE txid = $1', [
            charge.txid,
            failures,
            new Date(nextTry),
            new Date(now),
          ]);
          return 'applied';
        }
        // No try left: the charge lapses and renewal ends, as three declined cards end it.
        await tx.query("UPDATE pix_recurring_charges SET status = 'EXPIRADA', failures = $2, updated_at = $3 WHERE txid = $1", [
          charge.txid,
          failures,
          new Date(now),
        ]);
        await setRecurrenceStatus(tx, rec.id_rec, 'CANCELADA', 'receiver', now);
        return 'applied';
      }
      if (event.data.amount !== Number(charge.amount)) {
        log.warn({ eventId: event.id, txid: charge.txid }, 'PIX Automático settlement of another amount; not fulfilled');
        return 'mismatch';
      }
      return settleCharge(tx, rec, charge, now, log);
    });

  async function settleCharge(tx: Queryable, rec: RecurrenceRow, charge: ChargeRow, now: number, log: Pick<FastifyBaseLogger, 'warn'>) {
    const uid = Number(rec.account_uid);
    const [account] = await tx.query<{ language: Language }>('SELECT language FROM accounts WHERE uid = $1', [uid]);
    const valuation = await valuate(tx, {
      accountUid: uid,
      planId: String(rec.plan_id),
      currency: 'BRL',
      installments: 1,
      method: 'pix',
      lang: account?.language ?? 'pt',
      now,
    });
    const email = (await receiptEmail(tx, uid)) ?? '';
    let order = await createOrder(tx, { accountUid: uid, valuation, discountCode: null, method: { code: 'pix', type: 'pix' }, email, scene: 'WEB', now });
    await tx.query("UPDATE orders SET kind = 'renewal' WHERE id = $1", [order.id]);
    order = { ...order, kind: 'renewal' };
    const [attempt] = await tx.query<{ id: number }>(
      `INSERT INTO payment_attempts (order_id, method, provider, provider_ref, status, amount, currency, created_at, updated_at)
       VALUES ($1, 'pix', $2, $3, 'pending', $4, 'BRL', $5, $5) RETURNING id`,
      [order.id, PIX_AUTOMATICO_PROVIDER, charge.txid, Number(charge.amount), new Date(now)],
    );
    const money = {
      attemptId: Number(attempt!.id),
      provider: PIX_AUTOMATICO_PROVIDER,
      providerRef: charge.txid,
      amount: Number(charge.amount),
      currency: 'BRL',
    };
    await tx.query("UPDATE pix_recurring_charges SET status = 'CONCLUIDA', order_id = $2, updated_at = $3 WHERE txid = $1", [
      charge.txid,
      order.id,
      new Date(now),
    ]);
    if (valuation.total !== Number(charge.amount)) {
      // A fixed-amount authorisation cannot follow a new price: the debit is returned and the
      // authorisation ends, so the customer authorises the new price (docs/decisions/060, 069).
      log.warn({ txid: charge.txid, idRec: rec.id_rec }, 'plan price moved since the authorisation; the debit is returned');
      await returnPayment(tx, order, { ...money, why: 'the plan’s price moved since the authorisation' }, log, now);
      await setRecurrenceStatus(tx, rec.id_rec, 'CANCELADA', 'receiver', now);
      return 'mismatch' as const;
    }
    const accepted = await acceptPayment(tx, order, money, { fulfil, log }, { reason: `PIX Automático: ${charge.txid} settled`, now });
    if (!('paid' in accepted)) return 'mismatch' as const;
    const [paid] = await tx.query<{ service_end: Date }>('SELECT service_end FROM orders WHERE id = $1', [order.id]);
    await tx.query('UPDATE pix_recurrences SET next_due_at = $2, updated_at = $3 WHERE id_rec = $1', [rec.id_rec, paid!.service_end, new Date(now)]);
    return 'applied' as const;
  }
}

export interface PixAutomaticoSummary {
  expired: number;
  scheduled: number;
  ended: number;
}

/**
 * The renewal job's PIX Automático part: QRs nobody approved lapse; each approved authorisation
 * whose next due date is 10 days or less away gets that cycle's charge, scheduled for the due date
 * (or 2 days from now, the earliest the rules allow, when a pass comes late); one whose end date
 * has come ends. Off when the sandbox payments are (docs/decisions/035).
 */
export async function runPixAutomatico(services: Pick<ServerServices, 'db' | 'payments'>, options: { now: number }): Promise<PixAutomaticoSummary> {
  const summary: PixAutomaticoSummary = { expired: 0, scheduled: 0, ended: 0 };
  if (!services.payments.sandbox) return summary;
  const { now } = options;
  const at = new Date(now);
  return services.db.transaction(async (tx) => {
    const lapsed = await tx.query(
      "UPDATE pix_recurrences SET status = 'EXPIRADA', updated_at = $2 WHERE status = 'CRIADA' AND created_at <= $1 RETURNING id_rec",
      [new Date(now - PIX_TTL_MS), at],
    );
    summary.expired = lapsed.length;
    const due = await tx.query<RecurrenceRow>(
      `SELECT r.* FROM pix_recurrences r
       WHERE r.status = 'APROVADA' AND r.next_due_at <= $1
         AND NOT EXISTS (SELECT 1 FROM pix_recurring_charges c WHERE c.id_rec = r.id_rec AND c.due_at = r.next_due_at)
       ORDER BY r.next_due_at FOR UPDATE SKIP LOCKED`,
      [new Date(now + SCHEDULE_FROM_MS)],
    );
    for (const rec of due) {
      const dueAt = new Date(rec.next_due_at!).getTime();
      if (dueAt > new Date(rec.end_at).getTime()) {
        await setRecurrenceStatus(tx, rec.id_rec, 'EXPIRADA', null, now);
        summary.ended++;
        continue;
      }
      await tx.query(
        `INSERT INTO pix_recurring_charges (txid, id_rec, due_at, try_at, amount, status, failures, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'ATIVA', 0, $6, $6)`,
        [newRecurringTxid(), rec.id_rec, new Date(dueAt), new Date(Math.max(dueAt, now + SCHEDULE_UNTIL_MS)), rec.amount, at],
      );
      summary.scheduled++;
    }
    return summary;
  });
}
