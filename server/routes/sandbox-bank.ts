import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { openStatuses } from '../billing/order-status';
import { createFulfilment, loadOrder, releaseDiscountUse, transition } from '../billing/orders';
import { redeemDiscountCode, valuate } from '../billing/pricing';
import { BOLETO_PROVIDER, createBoletoProvider } from '../payments/boleto-provider';
import { parseBrCode } from '../payments/pix-brcode';
import { createPixProvider, PIX_PROVIDER } from '../payments/pix-provider';
import { signWebhook, verifyWebhook } from '../payments/webhook-signature';
import { deriveKey } from '../security/secrets';
import type { ServerServices } from '../services';

/**
 * The sandbox bank and the sandbox PIX/boleto providers' webhooks (outside the contract, never in
 * production). `POST /api/sandbox/pix/pay/:txid` and `POST /api/sandbox/boleto/pay/:barcode` play
 * the payer's bank: they read the amount from the code itself, as a bank does, and the provider
 * tells the portal with a signed event at `POST /api/sandbox/webhooks/:provider`. That receiver
 * is what a real provider calls: it checks the signature (401 when bad or older than 300 s),
 * applies each event id once, refuses an amount or currency that is not the order's, and settles
 * the order PAYMENT_SUCCEEDED with what it gives (entitlement, receipt).
 */

export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded';
  data: { reference: string; amount: number; currency: string; paidAt: number };
}

export type EventResult = 'applied' | 'duplicate' | 'mismatch' | 'ignored';

const webhookProviders = [PIX_PROVIDER, BOLETO_PROVIDER] as const;
type WebhookProvider = (typeof webhookProviders)[number];
const isWebhookProvider = (p: string): p is WebhookProvider => (webhookProviders as readonly string[]).includes(p);

export const sandboxWebhookKey = (services: Pick<ServerServices, 'secret'>) => deriveKey(services.secret, 'sandbox-webhook');

function parseEvent(raw: string): PaymentEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const e = value as Partial<PaymentEvent> | null;
  const d = e?.data;
  if (!e || typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 128 || e.type !== 'payment.succeeded' || !d) return undefined;
  if (typeof d.reference !== 'string' || !Number.isSafeInteger(d.amount) || typeof d.currency !== 'string' || typeof d.paidAt !== 'number') return undefined;
  return e as PaymentEvent;
}

/** Applies one verified provider event, once per event id, in one transaction. */
export function createEventApplier(services: ServerServices) {
  const { db, clock, outbox } = services;
  const fulfil = createFulfilment({ outbox, valuate });
  return async function apply(provider: WebhookProvider, event: PaymentEvent, log: FastifyInstance['log']): Promise<EventResult> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const fresh = await tx.query('INSERT INTO webhook_events (provider, event_id, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id', [
        provider,
        event.id,
        new Date(now),
      ]);
      if (fresh.length === 0) return 'duplicate';
      const [found] = await tx.query<{ order_id: string }>('SELECT order_id FROM payment_attempts WHERE provider = $1 AND provider_ref = $2', [provider, event.data.reference]);
      if (!found) {
        log.warn({ provider, eventId: event.id }, 'webhook for an unknown payment');
        return 'ignored';
      }
      // The order first, then its attempt: the same lock order as paying and expiring.
      const order = await loadOrder(tx, found.order_id, { forUpdate: true });
      const [attempt] = await tx.query<{ id: number; status: string; amount: string | number; currency: string }>(
        'SELECT id, status, amount, currency FROM payment_attempts WHERE provider = $1 AND provider_ref = $2',
        [provider, event.data.reference],
      );
      if (!order || !attempt) return 'ignored';
      if (event.data.amount !== Number(attempt.amount) || event.data.currency !== attempt.currency || event.data.amount !== order.total || event.data.currency !== order.currency) {
        log.warn({ provider, eventId: event.id, orderId: order.id }, 'webhook amount or currency differs from the order; not fulfilled');
        return 'mismatch';
      }
      if (attempt.status !== 'pending' || !openStatuses.includes(order.status)) {
        log.warn({ provider, eventId: event.id, orderId: order.id, status: order.status, attempt: attempt.status }, 'webhook for a payment no longer open');
        return 'ignored';
      }
      // A pending order holds its discount code's use; one that failed meanwhile gave it back.
      if (order.status !== 'PAYMENT_PENDING' && order.discount_code) await redeemDiscountCode(tx, order.discount_code);
      await tx.query("UPDATE payment_attempts SET status = 'succeeded', updated_at = $2 WHERE id = $1", [attempt.id, new Date(now)]);
      const paid = await transition(tx, order, 'PAYMENT_SUCCEEDED', `${provider}: paid (${event.id})`, now);
      await fulfil(tx, paid, { now, cardId: null });
      return 'applied';
    });
  };
}

/**
 * Cancels the PIX and boleto orders whose payment window closed (pay_by passed): the order
 * becomes PAYMENT_CANCELLED, its pending attempts cancelled, its discount code's use given back.
 * Answers how many were cancelled.
 */
export async function expireOverdue(services: Pick<ServerServices, 'db' | 'clock'>, limit = 100): Promise<number> {
  const { db, clock } = services;
  const now = clock.now();
  const due = await db.query<{ id: string }>(
    "SELECT id FROM orders WHERE status = 'PAYMENT_PENDING' AND payment_type IN ('pix', 'boleto') AND pay_by IS NOT NULL AND pay_by <= $1 ORDER BY pay_by LIMIT $2",
    [new Date(now), limit],
  );
  let cancelled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await loadOrder(tx, id, { forUpdate: true });
      if (!order || order.status !== 'PAYMENT_PENDING' || !order.pay_by || new Date(order.pay_by).getTime() > now) return false;
      await tx.query("UPDATE payment_attempts SET status = 'cancelled', updated_at = $2 WHERE order_id = $1 AND status = 'pending'", [id, new Date(now)]);
      if (order.discount_code) await releaseDiscountUse(tx, order.discount_code);
      await transition(tx, order, 'PAYMENT_CANCELLED', 'payment window expired', now);
      return true;
    });
    if (done) cancelled++;
  }
  return cancelled;
}

/** Runs `expireOverdue` every `intervalMs` while the server runs; stopped (and awaited) on close. */
export function registerPaymentExpiry(app: FastifyInstance, services: ServerServices, intervalMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = running.then(() => expireOverdue(services)).catch((error: unknown) => app.log.error({ err: error }, 'payment expiry failed'));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** The sandbox bank, the sandbox providers' webhook receiver (non-production only). */
export function registerSandboxBank(app: FastifyInstance, services: ServerServices) {
  const { db, clock } = services;
  const key = sandboxWebhookKey(services);
  const apply = createEventApplier(services);
  const pix = createPixProvider();
  const boleto = createBoletoProvider();

  /** The provider's side: sign the event and deliver it to the portal's webhook receiver. */
  async function deliver(provider: WebhookProvider, reference: string, amount: number, currency: string) {
    const now = clock.now();
    const event: PaymentEvent = { id: `evt_${randomBytes(12).toString('hex')}`, type: 'payment.succeeded', data: { reference, amount, currency, paidAt: now } };
    const raw = JSON.stringify(event);
    const res = await app.inject({
      method: 'POST',
      url: `/api/sandbox/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(key, raw, now) },
      payload: raw,
    });
    return { eventId: event.id, delivered: res.statusCode, ...(res.json() as Record<string, unknown>) };
  }

  async function pendingInstructions(provider: string, reference: string) {
    const [row] = await db.query<{ instructions: Record<string, unknown> | null; currency: string }>(
      'SELECT instructions, currency FROM payment_attempts WHERE provider = $1 AND provider_ref = $2',
      [provider, reference],
    );
    return row;
  }

  void app.register(async (scope) => {
    // The receiver verifies the signature over the exact bytes sent, so JSON is kept as text here.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { txid: string } }>('/api/sandbox/pix/pay/:txid', async (request, reply) => {
      const { txid } = request.params;
      const attempt = await pendingInstructions(PIX_PROVIDER, txid);
      if (!attempt?.instructions) return reply.status(404).send({ error: 'unknown txid' });
      const status = await pix.query(db, txid, clock.now());
      if (status !== 'pending') return reply.status(409).send({ error: 'not payable', status });
      // The bank pays what the BR Code says (field 54), as the payer's app reads it.
      const amount = Math.round(Number(parseBrCode(String(attempt.instructions.brCode)).get('54')) * 100);
      return deliver(PIX_PROVIDER, txid, amount, 'BRL');
    });

    scope.post<{ Params: { barcode: string } }>('/api/sandbox/boleto/pay/:barcode', async (request, reply) => {
      const { barcode } = request.params;
      if (!/^\d{44}$/.test(barcode)) return reply.status(400).send({ error: 'a barcode is 44 digits' });
      const attempt = await pendingInstructions(BOLETO_PROVIDER, barcode);
      if (!attempt) return reply.status(404).send({ error: 'unknown slip' });
      const status = await boleto.query(db, barcode, clock.now());
      if (status !== 'pending') return reply.status(409).send({ error: 'not payable', status });
      // The amount is printed in the barcode (positions 10-19, centavos).
      return deliver(BOLETO_PROVIDER, barcode, Number(barcode.slice(9, 19)), 'BRL');
    });

    scope.post<{ Params: { provider: string } }>('/api/sandbox/webhooks/:provider', async (request, reply) => {
      const { provider } = request.params;
      if (!isWebhookProvider(provider)) return reply.status(404).send({ error: 'unknown provider' });
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      const check = verifyWebhook(key, raw, typeof header === 'string' ? header : undefined, clock.now());
      if (!check.ok) {
        request.log.warn({ provider, reason: check.reason }, 'webhook signature refused');
        return reply.status(401).send({ received: false, reason: check.reason });
      }
      const event = parseEvent(raw);
      if (!event) return reply.status(400).send({ received: false, reason: 'malformed event' });
      const result = await apply(provider, event, request.log);
      return { received: true, result };
    });
  });
}
