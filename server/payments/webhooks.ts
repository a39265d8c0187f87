import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { openStatuses } from '../billing/order-status';
import { redeemDiscountCode } from '../billing/discount-codes';
import { createFulfilment } from '../billing/fulfilment';
import { loadOrder } from '../billing/orders';
import { valuate } from '../billing/pricing';
import { settlePending } from '../billing/settlement';
import type { ServerServices } from '../services';
import { verifyWebhook } from './webhook-signature';
import { deriveKey } from '../security/secrets';

/**
 * Where every provider tells the portal that a pending payment was paid (docs/payments.md):
 * `POST /api/payments/webhooks/:provider`, `:provider` being the provider's name. The provider's
 * own `webhook.verify` checks the request is really from it and turns its event into a
 * `PaymentEvent`; everything after that is the same for every provider: each event id is applied
 * once, an amount or currency that is not the order's is refused, and the order is settled
 * PAYMENT_SUCCEEDED with what it gives (entitlement, receipt).
 */
export const WEBHOOK_PATH = '/api/payments/webhooks';

/** The one event the portal acts on, in its own words: whatever the provider's format, a live adapter's `verify` maps to this. */
export interface PaymentEvent {
  /** The provider's event id: a redelivery carries the same one. */
  id: string;
  type: 'payment.succeeded';
  /** `reference`: the provider's reference of the attempt (the `providerRef` its `charge` answered). */
  data: { reference: string; amount: number; currency: string; paidAt: number };
}

export type WebhookCheck = { ok: true; event: PaymentEvent } | { ok: false; status: 400 | 401; reason: string };

/** A provider's side of its webhooks: authenticity (signature, source) and its event format. */
export interface WebhookVerifier {
  verify(rawBody: string, headers: IncomingHttpHeaders, now: number): WebhookCheck;
}

export type EventResult = 'applied' | 'duplicate' | 'mismatch' | 'ignored';

export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** The sandbox providers' signing key: their side signs with it (the sandbox bank), ours checks (the registry). */
export const sandboxWebhookKey = (services: Pick<ServerServices, 'secret'>) => deriveKey(services.secret, 'sandbox-webhook');

/**
 * The sandbox providers' webhooks: the portal's own event format, signed the way Stripe signs
 * (`webhook-signature: t=…,v1=…`, HMAC-SHA256, 300 s tolerance, webhook-signature.ts).
 */
export function signedEventVerifier(key: Buffer): WebhookVerifier {
  return {
    verify(rawBody, headers, now) {
      const header = headers[WEBHOOK_SIGNATURE_HEADER];
      const check = verifyWebhook(key, rawBody, typeof header === 'string' ? header : undefined, now);
      if (!check.ok) return { ok: false, status: 401, reason: check.reason };
      const event = parseEvent(rawBody);
      return event ? { ok: true, event } : { ok: false, status: 400, reason: 'malformed event' };
    },
  };
}

export function parseEvent(raw: string): PaymentEvent | undefined {
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
export function createEventApplier(services: Pick<ServerServices, 'db' | 'clock' | 'outbox'>) {
  const { db, clock, outbox } = services;
  const fulfil = createFulfilment({ outbox, valuate });
  return async function apply(provider: string, event: PaymentEvent, log: FastifyInstance['log']): Promise<EventResult> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const fresh = await tx.query(
        'INSERT INTO webhook_events (provider, event_id, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
        [provider, event.id, new Date(now)],
      );
      if (fresh.length === 0) return 'duplicate';
      const [found] = await tx.query<{ order_id: string }>('SELECT order_id FROM payment_attempts WHERE provider = $1 AND provider_ref = $2', [
        provider,
        event.data.reference,
      ]);
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
      if (
        event.data.amount !== Number(attempt.amount) ||
        event.data.currency !== attempt.currency ||
        event.data.amount !== order.total ||
        event.data.currency !== order.currency
      ) {
        log.warn({ provider, eventId: event.id, orderId: order.id }, 'webhook amount or currency differs from the order; not fulfilled');
        return 'mismatch';
      }
      if (attempt.status !== 'pending' || !openStatuses.includes(order.status)) {
        log.warn({ provider, eventId: event.id, orderId: order.id, status: order.status, attempt: attempt.status }, 'webhook for a payment no longer open');
        return 'ignored';
      }
      await settlePending(tx, order, attempt.id, { fulfil, redeem: redeemDiscountCode, log }, `${provider}: paid (${event.id})`, now);
      return 'applied';
    });
  };
}

/**
 * The receiver: 404 for a provider that is not configured or has no webhooks, 401 for a request
 * its provider does not recognise as its own, 400 for an event it cannot read.
 */
export function registerWebhookReceiver(app: FastifyInstance, services: ServerServices) {
  const apply = createEventApplier(services);
  void app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept as text here.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(`${WEBHOOK_PATH}/:provider`, async (request, reply) => {
      const { provider } = request.params;
      const verifier = services.payments.webhookOf(provider);
      if (!verifier) return reply.status(404).send({ received: false, reason: 'unknown provider' });
      const raw = typeof request.body === 'string' ? request.body : '';
      const check = verifier.verify(raw, request.headers, services.clock.now());
      if (!check.ok) {
        request.log.warn({ provider, reason: check.reason }, 'webhook refused');
        return reply.status(check.status).send({ received: false, reason: check.reason });
      }
      return { received: true, result: await apply(provider, check.event, request.log) };
    });
  });
}
