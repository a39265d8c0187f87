import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { billingHistory, ms, num, optionalMs, present } from './personal-data-billing';

type PersonalData = components['schemas']['PersonalData'];

/**
 * The account's personal data, read for "Download my data" and erased by "Delete my account"
 * (docs/decisions/061). Every table of server/db/migrations that names a person is listed here,
 * once for the export (the self-service flows' tables through personal-data-billing.ts) and once
 * for the erasure, so the two cannot drift apart unnoticed: the server test checks that nothing
 * the export showed is left after the erasure.
 */

/** Orders awaiting their payment: nothing may be erased while money may still move (docs/decisions/061). */
const AWAITING_PAYMENT = `o.status IN ('SUBMITTED', 'NETWORK_ERROR', 'PAYMENT_PENDING')
  OR EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status IN ('charging', 'pending', 'unknown'))`;
const REFUND_OPEN = `o.status IN ('REFUND_PENDING', 'CHARGEBACK_PENDING')`;

/** Why the account cannot be deleted yet, or undefined when it can. */
export async function deletionBlocker(q: Queryable, uid: number): Promise<'paymentPending' | 'refundOpen' | undefined> {
  const [row] = await q.query<{ pending: boolean; refund: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM orders o WHERE o.account_uid = $1 AND (${AWAITING_PAYMENT})) AS pending,
            EXISTS (SELECT 1 FROM orders o WHERE o.account_uid = $1 AND ${REFUND_OPEN}) AS refund`,
    [uid],
  );
  if (row?.pending) return 'paymentPending';
  if (row?.refund) return 'refundOpen';
  return undefined;
}

/** Everything the portal holds on the account, as the contract's PersonalData (no card number, hash, token or code). */
export async function personalData(q: Queryable, uid: number, now: number): Promise<PersonalData | undefined> {
  const [a] = await q.query<Record<string, unknown>>(
    `SELECT uid::text AS uid, type, email, area_code, phone, nickname, language, ${ms('created_at')} AS created_at,
            ${ms('verified_at')} AS verified_at, google_sub IS NOT NULL AS google_linked, login_app, subscribe_email,
            ${ms('terms_accepted_at')} AS terms_accepted_at
       FROM accounts WHERE uid = $1 AND deleted_at IS NULL`,
    [uid],
  );
  if (!a) return undefined;
  const [plan] = await q.query<Record<string, unknown>>(
    `SELECT plan_id, device_count, ${ms('expires_at')} AS expires_at FROM entitlements WHERE account_uid = $1`,
    [uid],
  );
  const [renewal] = await q.query<Record<string, unknown>>(
    `SELECT plan_id, status, amount, currency, ${ms('next_billing_at')} AS next_billing_at FROM subscriptions WHERE account_uid = $1`,
    [uid],
  );
  const devices = await q.query<Record<string, unknown>>(
    `SELECT device, model, ip, scene, login_type, ${ms('created_at')} AS time, ${ms('revoked_at')} AS ended_at
       FROM sessions WHERE account_uid = $1 ORDER BY created_at DESC, id DESC`,
    [uid],
  );
  const orders = await q.query<Record<string, unknown>>(
    `SELECT o.id, o.view_code, o.kind, o.status, ${ms('o.created_at')} AS created_at, ${ms('o.paid_at')} AS paid_at, o.currency,
            o.subtotal, o.discount, o.credit, o.interest, o.total, o.installments, o.email, o.payment_method,
            (SELECT COALESCE(json_agg(json_build_object('planName', l.plan_name, 'quantity', l.quantity, 'subtotal', l.subtotal) ORDER BY l.line_no), '[]'::json)
               FROM order_lines l WHERE l.order_id = o.id) AS items
       FROM orders o WHERE o.account_uid = $1 ORDER BY o.created_at DESC, o.id`,
    [uid],
  );
  const payments = await q.query<Record<string, unknown>>(
    `SELECT pa.order_id, pa.method, pa.status, pa.amount, pa.currency, ${ms('pa.created_at')} AS created_at
       FROM payment_attempts pa JOIN orders o ON o.id = pa.order_id WHERE o.account_uid = $1 ORDER BY pa.created_at DESC, pa.id DESC`,
    [uid],
  );
  // Brand and last 4 digits at most: the provider keeps the card; its token is a secret, never shown.
  const cards = await q.query<Record<string, unknown>>(
    `SELECT brand, last4, exp_month, exp_year, holder, ${ms('created_at')} AS created_at, deleted_at IS NOT NULL AS removed
       FROM cards WHERE account_uid = $1 ORDER BY created_at DESC`,
    [uid],
  );
  const payers = await q.query<Record<string, unknown>>(
    `SELECT s.order_id, s.payer_name, s.payer_document, s.payer_address
       FROM sandbox_boleto_slips s JOIN orders o ON o.id = s.order_id WHERE o.account_uid = $1 ORDER BY s.created_at DESC`,
    [uid],
  );
  // The messages' contents stay out: they carry codes and links that must not outlive their use.
  const messages = await q.query<Record<string, unknown>>(
    `SELECT channel, recipient, template, ${ms('created_at')} AS created_at, ${ms('sent_at')} AS sent_at
       FROM outbox WHERE account_uid = $1 ORDER BY id DESC`,
    [uid],
  );
  const recordings = await q.query<Record<string, unknown>>(
    `SELECT title, channel_name, ${ms('recorded_at')} AS recorded_at, duration_seconds FROM cloud_recordings WHERE account_uid = $1 ORDER BY recorded_at DESC`,
    [uid],
  );
  const uploads = await q.query<Record<string, unknown>>(
    `SELECT content_type, size, ${ms('created_at')} AS created_at FROM uploads WHERE account_uid = $1 ORDER BY created_at DESC`,
    [uid],
  );

  return {
    generatedAt: now,
    profile: present({
      uid: String(a.uid),
      type: a.type as PersonalData['profile']['type'],
      email: a.email as string | undefined,
      areaCode: a.area_code as string | undefined,
      phone: a.phone as string | undefined,
      nickname: String(a.nickname),
      language: a.language as PersonalData['profile']['language'],
      createdAt: num(a.created_at),
      verifiedAt: optionalMs(a.verified_at),
      googleLinked: Boolean(a.google_linked),
      appLogin: Boolean(a.login_app),
    }),
    consents: [
      present({ kind: 'terms' as const, given: a.terms_accepted_at !== null, at: optionalMs(a.terms_accepted_at) }),
      { kind: 'marketingEmail' as const, given: Boolean(a.subscribe_email) },
    ],
    ...(plan ? { plan: { planId: num(plan.plan_id), deviceCount: num(plan.device_count), expiresAt: num(plan.expires_at) } } : {}),
    ...(renewal
      ? {
          renewal: {
            planId: num(renewal.plan_id),
            status: renewal.status as NonNullable<PersonalData['renewal']>['status'],
            amount: num(renewal.amount),
            currency: String(renewal.currency),
            nextBillingAt: num(renewal.next_billing_at),
          },
        }
      : {}),
    devices: devices.map((d) =>
      present({
        device: String(d.device),
        model: String(d.model),
        ip: String(d.ip),
        scene: String(d.scene),
        loginType: String(d.login_type),
        time: num(d.time),
        endedAt: optionalMs(d.ended_at),
      }),
    ),
    orders: orders.map((o) =>
      present({
        id: String(o.id),
        viewCode: String(o.view_code),
        kind: o.kind as PersonalData['orders'][number]['kind'],
        status: String(o.status),
        createdAt: num(o.created_at),
        paidAt: optionalMs(o.paid_at),
        currency: String(o.currency),
        subtotal: num(o.subtotal),
        discount: num(o.discount),
        credit: num(o.credit) > 0 ? num(o.credit) : undefined,
        interest: num(o.interest),
        total: num(o.total),
        installments: num(o.installments),
        email: String(o.email),
        paymentMethod: (o.payment_method as string | null) ?? undefined,
        items: (o.items as { planName: string; quantity: number; subtotal: number }[]).map((i) => ({
          ...i,
          quantity: num(i.quantity),
          subtotal: num(i.subtotal),
        })),
      }),
    ),
    payments: payments.map((p) => ({
      orderId: String(p.order_id),
      method: String(p.method),
      status: String(p.status),
      amount: num(p.amount),
      currency: String(p.currency),
      createdAt: num(p.created_at),
    })),
    cards: cards.map((c) => ({
      brand: String(c.brand),
      last4: String(c.last4),
      expMonth: num(c.exp_month),
      expYear: num(c.exp_year),
      holder: String(c.holder),
      createdAt: num(c.created_at),
      removed: Boolean(c.removed),
    })),
    payerDetails: payers.map((p) =>
      present({
        orderId: String(p.order_id),
        name: String(p.payer_name),
        document: String(p.payer_document),
        address: (p.payer_address as string | null) ?? undefined,
      }),
    ),
    messages: messages.map((m) =>
      present({
        channel: m.channel as 'email' | 'sms',
        to: String(m.recipient),
        template: String(m.template),
        createdAt: num(m.created_at),
        sentAt: optionalMs(m.sent_at),
      }),
    ),
    recordings: recordings.map((r) => ({
      title: String(r.title),
      channelName: String(r.channel_name),
      recordedAt: num(r.recorded_at),
      durationSeconds: num(r.duration_seconds),
    })),
    uploads: uploads.map((u) => ({ contentType: String(u.content_type), size: num(u.size), createdAt: num(u.created_at) })),
    ...(await billingHistory(q, uid)),
  };
}

/**
 * Erases the account's personal data in the caller's transaction (docs/decisions/061): every
 * session and code ends, the renewal is cancelled, and the account row stays as a tombstone with no
 * name or contact, so its orders keep the uid, date, amounts, plan and status tax law requires and
 * lose the payer's e-mail, proof files and slips. The account's unpaid, failed orders are cancelled:
 * nobody can pay them any more.
 */
export async function eraseAccount(tx: Queryable, uid: number, now: number): Promise<void> {
  const at = new Date(now);
  const ownOrders = 'SELECT id FROM orders WHERE account_uid = $1';
  // The provider's copies of the payer (the sandboxes stand for the providers here): a request
  // to erase them goes with the account's.
  await tx.query(`DELETE FROM sandbox_boleto_slips WHERE order_id IN (${ownOrders})`, [uid]);
  await tx.query(`DELETE FROM sandbox_mobile_money WHERE reference IN (SELECT pa.provider_ref FROM payment_attempts pa WHERE pa.order_id IN (${ownOrders}))`, [
    uid,
  ]);
  await tx.query(`DELETE FROM sandbox_card_customers WHERE customer_id IN (SELECT customer_id FROM payment_customers WHERE account_uid = $1)`, [uid]);
  await tx.query('DELETE FROM payment_customers WHERE account_uid = $1', [uid]);

  // The renewal ends with the card it would have charged.
  await tx.query(`UPDATE subscriptions SET status = 'cancelled', card_id = NULL, next_retry_at = NULL, updated_at = $2 WHERE account_uid = $1`, [uid, at]);
  await tx.query(`UPDATE payment_attempts SET card_id = NULL, instructions = NULL WHERE order_id IN (${ownOrders})`, [uid]);
  await tx.query('DELETE FROM cards WHERE account_uid = $1', [uid]);

  const failed = await tx.query<{ id: string }>(
    `UPDATE orders SET status = 'PAYMENT_CANCELLED', updated_at = $2 WHERE account_uid = $1 AND status = 'PAYMENT_FAILED' RETURNING id`,
    [uid, at],
  );
  for (const { id } of failed)
    await tx.query(
      `INSERT INTO order_events (order_id, from_status, to_status, reason, at) VALUES ($1, 'PAYMENT_FAILED', 'PAYMENT_CANCELLED', 'account_deleted', $2)`,
      [id, at],
    );
  // Where past refunds went (a bank account and its holder's CPF, a refund address), at the portal
  // and at the provider: deletion waits for open ones (REFUND_OPEN), so these are settled.
  await tx.query(`UPDATE refunds SET destination = NULL WHERE order_id IN (${ownOrders})`, [uid]);
  await tx.query(
    `UPDATE sandbox_refunds SET destination = NULL WHERE payment_ref IN (SELECT pa.provider_ref FROM payment_attempts pa WHERE pa.order_id IN (${ownOrders}))`,
    [uid],
  );
  // A standing PIX Automático authorisation ends with the account (docs/decisions/060), as the
  // receiver's cancellation; what the customer wrote as a reason for cancelling goes, the counted
  // reason stays for the product owner's report, no longer anyone's (docs/decisions/057).
  await tx.query(
    `UPDATE pix_recurrences SET status = 'CANCELADA', cancelled_by = 'receiver', updated_at = $2 WHERE account_uid = $1 AND status IN ('CRIADA', 'APROVADA')`,
    [uid, at],
  );
  await tx.query(
    `UPDATE pix_recurring_charges c SET status = 'CANCELADA', updated_at = $2 FROM pix_recurrences r WHERE c.id_rec = r.id_rec AND r.account_uid = $1 AND c.status IN ('CRIADA', 'ATIVA')`,
    [uid, at],
  );
  await tx.query('UPDATE cancellation_reasons SET other_text = NULL WHERE account_uid = $1', [uid]);
  await tx.query('DELETE FROM retention_discounts WHERE account_uid = $1', [uid]);
  // A downgrade waiting for the renewal goes with the renewal (docs/decisions/056).
  await tx.query("UPDATE plan_changes SET status = 'undone' WHERE account_uid = $1 AND status = 'scheduled'", [uid]);

  // What tax law keeps (order id, dates, amounts, plan, status) stays; who paid goes.
  await tx.query(`UPDATE orders SET email = '', proof_key = NULL, discount_code = NULL, anonymised_at = $2 WHERE account_uid = $1`, [uid, at]);
  await tx.query('DELETE FROM uploads WHERE account_uid = $1', [uid]);
  await tx.query('DELETE FROM discount_codes WHERE account_uid = $1', [uid]);

  for (const table of [
    'sessions',
    'auth_failures',
    'account_lockouts',
    'verification_codes',
    'email_tokens',
    'sso_logins',
    'outbox',
    'tracking_events',
    'idempotency_keys',
    'entitlements',
    'account_plan_prices',
    'cloud_recordings',
  ])
    await tx.query(`DELETE FROM ${table} WHERE account_uid = $1`, [uid]);

  await tx.query(
    `UPDATE accounts SET email = NULL, area_code = NULL, phone = NULL, nickname = '', password_hash = NULL, google_sub = NULL,
            status = 'login_not_allowed', subscribe_email = false, login_app = false, deleted_at = $2
      WHERE uid = $1`,
    [uid, at],
  );
}
