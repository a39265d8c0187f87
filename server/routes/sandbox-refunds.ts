import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sandboxWebhookKey, WEBHOOK_SIGNATURE_HEADER, type RefundEvent } from '../payments/payment-events';
import { settleSandboxRefund } from '../payments/sandbox-refunds';
import { signWebhook } from '../payments/webhook-signature';
import { WEBHOOK_PATH } from '../payments/webhooks';
import type { ServerServices } from '../services';

/**
 * The sandbox bank settles a refund it was asked for (outside the contract, only while the
 * sandbox providers are on, docs/decisions/035 and 058): `POST /api/sandbox/refunds/settle/:refundId`
 * pays it out, or refuses a payout to the closed account (SANDBOX_CLOSED_ACCOUNT), and the
 * provider tells the portal with a signed `refund.succeeded` or `refund.failed` event at the
 * receiver every provider uses. A refund stays pending until then, as a bank's does until its
 * clearing. The contract does not show the provider's refund id, so the sandbox lists an order's
 * pending ones (`GET /api/sandbox/refunds/pending/:orderId`). `POST /api/sandbox/refunds/outage`
 * makes the next refund calls go unanswered.
 */
export function registerSandboxRefunds(app: FastifyInstance, services: ServerServices, options: { outage: boolean }) {
  const { db, clock } = services;
  const key = sandboxWebhookKey(services);
  const outage = services.payments.sandbox!.refundOutage;

  void app.register(async (scope) => {
    scope.post<{ Params: { refundId: string } }>('/api/sandbox/refunds/settle/:refundId', async (request, reply) => {
      const now = clock.now();
      const settled = await settleSandboxRefund(db, request.params.refundId, now);
      if (!settled) return reply.status(404).send({ error: 'no pending refund by that id' });
      const event: RefundEvent = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        type: settled.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
        data: {
          reference: settled.refund_id,
          amount: settled.amount,
          currency: settled.currency,
          settledAt: now,
          ...(settled.reject_reason ? { failureReason: settled.reject_reason } : {}),
        },
      };
      const raw = JSON.stringify(event);
      const res = await app.inject({
        method: 'POST',
        url: `${WEBHOOK_PATH}/${settled.provider}`,
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(key, raw, now) },
        payload: raw,
      });
      return { eventId: event.id, status: settled.status, delivered: res.statusCode, ...(res.json() as Record<string, unknown>) };
    });

    // The next refund calls get no answer (server/payments/sandbox-refund-outage.ts): what the
    // retries of docs/decisions/058 are for. `{ "fault": "unavailable" | "answer_lost", "calls": n }`.
    // Not on a production demo site: anyone could stop its refunds.
    if (options.outage)
      scope.post<{ Body: { fault?: unknown; calls?: unknown } }>('/api/sandbox/refunds/outage', async (request, reply) => {
        const { fault, calls } = request.body ?? {};
        if ((fault !== 'unavailable' && fault !== 'answer_lost') || !Number.isInteger(calls) || (calls as number) < 0 || (calls as number) > 100)
          return reply.status(400).send({ error: 'fault must be unavailable or answer_lost, calls a whole number from 0 to 100' });
        outage.arrange(fault, calls as number);
        return { fault, calls: outage.remaining() };
      });

    // The refunds the sandbox bank has not settled yet for an order, for testers and the e2e journeys.
    scope.get<{ Params: { orderId: string } }>('/api/sandbox/refunds/pending/:orderId', async (request) => {
      const rows = await db.query<{ refund_id: string; provider: string }>(
        "SELECT s.refund_id, s.provider FROM sandbox_refunds s JOIN refunds r ON r.provider = s.provider AND r.refund_ref = s.refund_id WHERE r.order_id = $1 AND s.status = 'pending'",
        [request.params.orderId],
      );
      return { refunds: rows.map((r) => ({ refundId: r.refund_id, provider: r.provider })) };
    });
  });
}
