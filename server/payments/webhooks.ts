import type { FastifyInstance } from 'fastify';
import { openStatuses } from '../billing/order-status';
import { redeemDiscountCode } from '../billing/discount-codes';
import { createFulfilment } from '../billing/fulfilment';
import { loadOrder } from '../billing/orders';
import { valuate } from '../billing/pricing';
import { returnPayment, settlePending } from '../billing/settlement';
import type { ServerServices } from '../services';
import { recordCryptoTransfer } from './crypto-receipts';
import { applyDisputeEvent } from '../billing/chargebacks';
import { askReturnedRefunds } from '../billing/refund-retry';
import { applyRefundEvent } from '../billing/withdrawal';
import { isDisputeEvent, type EventResult, type ProviderEvent } from './payment-events';
import { instructionsExpiry } from './pending-attempts';

/**
 * Where every provider tells the portal that a pending payment was paid (docs/payments.md):
 * `POST /api/payments/webhooks/:provider`, `:provider` being the provider's name. The provider's
 * own `webhook.verify` checks the request is really from it and turns its event into a
 * `PaymentEvent`; everything after that is the same for every provider: each event id is applied
 * once, an amount or currency that is not the order's is refused, and the order is settled
 * PAYMENT_SUCCEEDED with what it gives (entitlement, receipt).
 */
export const WEBHOOK_PATH = '/api/payments/webhooks';

/** Applies one verified provider event, once per event id, in one transaction. */
export function createEventApplier(services: Pick<ServerServices, 'db' | 'clock' | 'outbox' | 'payments'>) {
  const { db, clock, outbox } = services;
  const fulfil = createFulfilment({ outbox, valuate });
  return async function apply(provider: string, event: ProviderEvent, log: FastifyInstance['log']): Promise<EventResult> {
    const now = clock.now();
    let orderId: string | undefined;
    const result = await db.transaction(async (tx): Promise<EventResult> => {
      const fresh = await tx.query(
        'INSERT INTO webhook_events (provider, event_id, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
        [provider, event.id, new Date(now)],
      );
      if (fresh.length === 0) return 'duplicate';
      // A card network's dispute of a paid order (docs/decisions/059).
      if (isDisputeEvent(event)) return applyDisputeEvent(tx, provider, event, now, log);
      // A refund the provider settled (docs/decisions/058), by the refund's own id.
      if (event.type !== 'payment.succeeded') return applyRefundEvent({ outbox }, tx, provider, event, now);
      const [found] = await tx.query<{ order_id: string }>('SELECT order_id FROM payment_attempts WHERE provider = $1 AND provider_ref = $2', [
        provider,
        event.data.reference,
      ]);
      if (!found) {
        log.warn({ provider, eventId: event.id }, 'webhook for an unknown payment');
        return 'ignored';
      }
      orderId = found.order_id;
      // The order first, then its attempt: the same lock order as paying and expiring.
      const order = await loadOrder(tx, found.order_id, { forUpdate: true });
      const [attempt] = await tx.query<{ id: number; status: string; amount: string | number; currency: string; instructions: Record<string, unknown> | null }>(
        'SELECT id, status, amount, currency, instructions FROM payment_attempts WHERE provider = $1 AND provider_ref = $2',
        [provider, event.data.reference],
      );
      if (!order || !attempt) return 'ignored';
      const open = attempt.status === 'pending' && openStatuses.includes(order.status);
      if (event.data.coinAmount !== undefined) {
        // A chain cannot refuse a transfer: each one is kept toward its quote, a late one too, so
        // support sees what to return (docs/decisions/050). The coin, not its fiat worth, is owed.
        const transfer = await recordCryptoTransfer(tx, { id: Number(attempt.id), instructions: attempt.instructions }, event.id, event.data.coinAmount, now);
        if (!transfer.ok) {
          log.warn({ provider, eventId: event.id, orderId: order.id }, 'crypto transfer not in the quoted coin units; not fulfilled');
          return 'mismatch';
        }
        const expiresAt = attempt.instructions ? instructionsExpiry(attempt.instructions) : null;
        if (!open || (expiresAt !== null && event.data.paidAt >= expiresAt)) {
          log.warn({ provider, eventId: event.id, orderId: order.id }, 'crypto transfer after its quote closed: kept for a refund through support');
          return 'ignored';
        }
        if (transfer.received < transfer.quoted) return 'partial';
        const settled = await settlePending(tx, order, attempt.id, { fulfil, redeem: redeemDiscountCode, log }, `${provider}: paid (${event.id})`, now);
        return 'paid' in settled ? 'applied' : 'returned';
      }
      const asked =
        event.data.amount === Number(attempt.amount) &&
        event.data.currency === attempt.currency &&
        event.data.amount === order.total &&
        event.data.currency === order.currency;
      if (!asked || !open) {
        // Real money for nothing the portal can still sell (rule `money-needs-open-order`, docs/decisions/069): returned.
        const why = !asked ? 'not the amount asked' : `its payment is no longer open (${order.status}, attempt ${attempt.status})`;
        log.warn({ provider, eventId: event.id, orderId: order.id, status: order.status, attempt: attempt.status }, `webhook payment returned: ${why}`);
        const money = { attemptId: Number(attempt.id), provider, providerRef: event.id, amount: event.data.amount, currency: event.data.currency };
        await returnPayment(tx, order, { ...money, why }, log, now, { closeOrder: false });
        return asked ? 'returned' : 'mismatch';
      }
      const settled = await settlePending(tx, order, attempt.id, { fulfil, redeem: redeemDiscountCode, log }, `${provider}: paid (${event.id})`, now);
      return 'paid' in settled ? 'applied' : 'returned';
    });
    // Money returned is asked back at once, once its booking has committed.
    if (orderId && (result === 'returned' || result === 'mismatch')) await askReturnedRefunds(services, orderId, log);
    return result;
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
