import type { FastifyInstance } from 'fastify';
import { CARD_PROVIDER } from '../payments/card-provider';
import { disputeOutcomes, disputeReasons, stepDispute, type DisputeOutcome, type DisputeReason } from '../payments/card-disputes';
import { sandboxWebhookKey } from '../payments/payment-events';
import type { ServerServices } from '../services';
import { deliverSignedEvent } from './sandbox-bank';

/**
 * The card holder's bank disputing a charge (docs/decisions/059), outside the contract and only
 * while the sandbox providers are on (docs/decisions/035), like the sandbox bank:
 * `POST /api/sandbox/card/dispute/{charge}` with `{ outcome?, reason? }` moves the charge's dispute
 * one step (opened, under review, closed with `outcome`: `lost` by default, `won`,
 * `warning_closed`) and the network tells the portal with its signed event. `{charge}` is the
 * network's charge id or the portal's order id.
 */
export function registerSandboxCardDispute(app: FastifyInstance, services: ServerServices) {
  const { db, clock } = services;
  const key = sandboxWebhookKey(services);

  app.post<{ Params: { charge: string }; Body: { outcome?: string; reason?: string } | null }>('/api/sandbox/card/dispute/:charge', async (request, reply) => {
    const outcome = request.body?.outcome ?? 'lost';
    const reason = request.body?.reason ?? 'general';
    if (!(disputeOutcomes as readonly string[]).includes(outcome)) return reply.status(400).send({ error: `outcome is one of ${disputeOutcomes.join(', ')}` });
    if (!(disputeReasons as readonly string[]).includes(reason)) return reply.status(400).send({ error: `reason is one of ${disputeReasons.join(', ')}` });
    const now = clock.now();
    const step = await db.transaction((tx) =>
      stepDispute(tx, request.params.charge, { outcome: outcome as DisputeOutcome, reason: reason as DisputeReason }, now),
    );
    if (!step.ok) return reply.status(step.status).send({ error: step.error });
    const { dispute, status } = step.event.data;
    // Signed when sent, as a network signs: a clock move while the dispute was stepped would
    // otherwise leave the signature older than the receiver's 300 s and the event refused as stale.
    return { dispute, status, type: step.event.type, ...(await deliverSignedEvent(app, key, CARD_PROVIDER, step.event, clock.now())) };
  });
}
