import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { cancelAuthorisation, createPixAutomaticoApplier, loadAuthorisation, startAuthorisation } from '../billing/pix-automatico';
import { lockAccount } from '../repositories/account-repository';
import { defineHandlers } from '../openapi/bind';
import { sandboxWebhookKey, WEBHOOK_SIGNATURE_HEADER } from '../payments/payment-events';
import { PIX_AUTOMATICO_PROVIDER, verifyPixAutomaticoWebhook, type PixAutomaticoEvent } from '../payments/pix-automatico-psp';
import { PIX_PROVIDER } from '../payments/pix-provider';
import { signWebhook } from '../payments/webhook-signature';
import { WEBHOOK_PATH } from '../payments/webhooks';
import type { ServerServices } from '../services';

/** The account page's PIX Automático (docs/decisions/060): see it, start it by the composite QR, cancel it. */
export function pixAutomaticoHandlers(services: ServerServices) {
  const { db, clock, sessions } = services;
  return defineHandlers({
    async getPixAutomatico({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return loadAuthorisation(db, accountUid, ctx.lang);
    },
    async startPixAutomatico({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return db.transaction((tx) => startAuthorisation(tx, services, { accountUid, planId: body.planId, lang: ctx.lang, now: clock.now() }));
    },
    async cancelPixAutomatico({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return db.transaction(async (tx) => {
        await lockAccount(tx, accountUid);
        return cancelAuthorisation(tx, accountUid, ctx.lang, clock.now());
      });
    },
  });
}

const SANDBOX = '/api/sandbox/pix-automatico';
const WEBHOOK = `${WEBHOOK_PATH}/${PIX_AUTOMATICO_PROVIDER}`;

/**
 * The sandbox PSP and the portal's receiver of its webhooks, only while the sandbox providers are
 * on (docs/decisions/035). The sandbox plays the payer's bank app (approve or reject the composite
 * QR, cancel the authorisation later) and the settlement of each scheduled charge (paid or failed);
 * each sends a signed event, applied once per event id.
 */
export function registerPixAutomatico(app: FastifyInstance, services: ServerServices) {
  if (!services.payments.sandbox) return;
  const { db, clock } = services;
  const key = sandboxWebhookKey(services);
  const apply = createPixAutomaticoApplier(services);

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const check = verifyPixAutomaticoWebhook(key, raw, request.headers, clock.now());
      if (!check.ok) {
        request.log.warn({ provider: PIX_AUTOMATICO_PROVIDER, reason: check.reason }, 'webhook refused');
        return reply.status(check.status).send({ received: false, reason: check.reason });
      }
      return { received: true, result: await apply(check.event, clock.now(), request.log) };
    });
  });

  async function deliver(type: PixAutomaticoEvent['type'], data: Record<string, unknown>) {
    const now = clock.now();
    const raw = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, type, data });
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(key, raw, now) },
      payload: raw,
    });
    return { delivered: res.statusCode, ...(res.json() as Record<string, unknown>) };
  }
  const recurrence = async (idRec: string) =>
    (await db.query<{ status: string; amount: string; first_order_id: string; end_at: Date }>('SELECT * FROM pix_recurrences WHERE id_rec = $1', [idRec]))[0];

  void app.register(async (scope) => {
    // What the payer's bank reads at the QR's field 80: the recurrence's terms.
    scope.get<{ Params: { idRec: string } }>(`${SANDBOX}/rec/:idRec`, async (request, reply) => {
      const rec = await recurrence(request.params.idRec);
      if (!rec) return reply.status(404).send({ error: 'unknown idRec' });
      return {
        idRec: request.params.idRec,
        status: rec.status,
        valor: { valorRec: Number(rec.amount) },
        calendario: { periodicidade: 'MENSAL', dataFinal: rec.end_at },
      };
    });

    // The payer scans the composite QR: the bank pays the first month and approves the recurrence.
    scope.post<{ Params: { idRec: string } }>(`${SANDBOX}/rec/:idRec/approve`, async (request, reply) => {
      const rec = await recurrence(request.params.idRec);
      if (!rec) return reply.status(404).send({ error: 'unknown idRec' });
      if (rec.status !== 'CRIADA') return reply.status(409).send({ error: 'not awaiting approval', status: rec.status });
      const [attempt] = await db.query<{ provider_ref: string }>(
        "SELECT provider_ref FROM payment_attempts WHERE order_id = $1 AND provider = $2 AND status = 'pending' ORDER BY id DESC LIMIT 1",
        [rec.first_order_id, PIX_PROVIDER],
      );
      if (!attempt) return reply.status(409).send({ error: 'the first month is no longer payable' });
      const paid = await app.inject({ method: 'POST', url: `/api/sandbox/pix/pay/${attempt.provider_ref}` });
      if (paid.statusCode !== 200) return reply.status(paid.statusCode).send(paid.json());
      return deliver('rec.approved', { idRec: request.params.idRec });
    });

    for (const [action, type] of [
      ['reject', 'rec.rejected'],
      ['cancel', 'rec.cancelled'],
    ] as const) {
      scope.post<{ Params: { idRec: string } }>(`${SANDBOX}/rec/:idRec/${action}`, async (request, reply) => {
        if (!(await recurrence(request.params.idRec))) return reply.status(404).send({ error: 'unknown idRec' });
        return deliver(type, { idRec: request.params.idRec });
      });
    }

    // The scheduled day: the payer's bank debits the charge, or cannot.
    scope.post<{ Params: { txid: string } }>(`${SANDBOX}/cobr/:txid/settle`, async (request, reply) => {
      const [charge] = await db.query<{ amount: string; status: string }>('SELECT amount, status FROM pix_recurring_charges WHERE txid = $1', [
        request.params.txid,
      ]);
      if (!charge) return reply.status(404).send({ error: 'unknown txid' });
      // A PSP debits only a charge still scheduled: one settled, lapsed or withdrawn is not debited again.
      if (charge.status !== 'ATIVA') return reply.status(409).send({ error: 'not scheduled', status: charge.status });
      return deliver('cobr.settled', { txid: request.params.txid, amount: Number(charge.amount), paidAt: clock.now() });
    });
    scope.post<{ Params: { txid: string } }>(`${SANDBOX}/cobr/:txid/fail`, async (request, reply) => {
      const [charge] = await db.query('SELECT 1 FROM pix_recurring_charges WHERE txid = $1', [request.params.txid]);
      if (!charge) return reply.status(404).send({ error: 'unknown txid' });
      return deliver('cobr.failed', { txid: request.params.txid, reason: 'SALDO_INSUFICIENTE' });
    });
  });
}
