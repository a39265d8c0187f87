import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BOLETO_PROVIDER, createBoletoProvider } from '../payments/boleto-provider';
import { parseBrCode } from '../payments/pix-brcode';
import { createPixProvider, merchantName, PIX_PROVIDER } from '../payments/pix-provider';
import { TRANSFER_PROVIDER } from '../payments/bank-transfer-provider';
import { coinQuoteDecimals, CRYPTO_PROVIDER, formatCoinAmount, parseCoinAmount } from '../payments/crypto-provider';
import { EWALLET_PROVIDER } from '../payments/ewallet-provider';
import type { HostedCheckout } from '../payments/hosted-checkout';
import type { SandboxProviders } from '../payments/registry';
import { formatMoney } from '../mail/templates';
import { currencyFormat } from '../repositories/currency-repository';
import { attemptByReference } from '../repositories/payment-attempt-repository';
import { checkoutPage } from './sandbox-pages';
import { signWebhook } from '../payments/webhook-signature';
import { sandboxWebhookKey, WEBHOOK_SIGNATURE_HEADER, type PaymentEvent, type ProviderEvent } from '../payments/payment-events';
import { WEBHOOK_PATH } from '../payments/webhooks';
import type { ServerServices } from '../services';

/**
 * The sandbox bank, chain and hosted pages (outside the contract, only while the sandbox
 * providers are on, docs/decisions/035). `POST /api/sandbox/pix/pay/:txid` and
 * `POST /api/sandbox/boleto/pay/:barcode` play the payer's bank: they read the amount from the
 * code itself, as a bank does, and the sandbox provider tells the portal with a signed event at
 * the receiver every provider uses, `POST /api/payments/webhooks/:provider` (webhooks.ts).
 */

type WebhookProvider = typeof PIX_PROVIDER | typeof BOLETO_PROVIDER | typeof EWALLET_PROVIDER | typeof CRYPTO_PROVIDER | typeof TRANSFER_PROVIDER;

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** A sandbox provider's side: signs its event and delivers it to the portal's webhook receiver. */
export async function deliverSignedEvent(app: FastifyInstance, key: Buffer, provider: string, event: ProviderEvent, now: number) {
  const raw = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: `${WEBHOOK_PATH}/${provider}`,
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(key, raw, now) },
    payload: raw,
  });
  return { eventId: event.id, delivered: res.statusCode, ...(res.json() as Record<string, unknown>) };
}

/** The sandbox bank, chain and hosted pages, whose payments reach the portal as the providers' signed events. */
export function registerSandboxBank(app: FastifyInstance, services: ServerServices, sandbox: SandboxProviders) {
  const { db, clock } = services;
  const key = sandboxWebhookKey(services);
  const pix = createPixProvider();
  const boleto = createBoletoProvider();

  /** The provider's side: sign the event and deliver it to the portal's webhook receiver. */
  async function deliver(provider: WebhookProvider, reference: string, amount: number, currency: string, coinAmount?: string) {
    const now = clock.now();
    const data = { reference, amount, currency, paidAt: now, ...(coinAmount === undefined ? {} : { coinAmount }) };
    const event: PaymentEvent = { id: newEventId(), type: 'payment.succeeded', data };
    return deliverSignedEvent(app, key, provider, event, now);
  }

  const pendingInstructions = (provider: string, reference: string) => attemptByReference(db, provider, reference);

  /**
   * The provider's approval page and its form. Approving PayPal sends the payer back with
   * `token` and `PayerID` (the portal then captures); approving the wallet completes the payment,
   * whose webhook settles the order, then sends the payer back. Cancelling voids the checkout.
   */
  function hostedPages(
    scope: FastifyInstance,
    path: string,
    provider: 'PayPal' | 'Wallet',
    idField: 'token' | 'id',
    checkout: HostedCheckout,
    onApproved: (row: { id: string; reference: string; amount: number; currency: string }) => Promise<unknown>,
  ) {
    scope.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
      const id = request.query[idField] ?? '';
      const row = await checkout.find(db, id);
      const now = clock.now();
      const currency = row ? await currencyFormat(db, row.currency) : undefined;
      const closed = !row
        ? 'unknown checkout'
        : row.status !== 'CREATED'
          ? `it is ${row.status.toLowerCase()}`
          : now >= new Date(row.expires_at).getTime()
            ? 'it expired'
            : undefined;
      const html = checkoutPage({
        provider,
        idField,
        id,
        merchant: await merchantName(db),
        amount: row ? `${formatMoney(row.amount, currency ?? { symbol: row.currency, decimals: 2 }, 'en')} ${row.currency}` : '',
        closed,
        buyer: 'buyer@sandbox.example',
        action: path,
      });
      return reply
        .status(row ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    });

    scope.post<{ Body: Record<string, string | undefined> }>(path, async (request, reply) => {
      const id = request.body?.[idField] ?? '';
      const now = clock.now();
      const back = (url: string, extra: Record<string, string>) => {
        const target = new URL(url);
        for (const [k, v] of Object.entries(extra)) target.searchParams.set(k, v);
        return reply.redirect(target.toString(), 303);
      };
      if (request.body?.decision === 'cancel') {
        const row = await db.transaction((tx) => checkout.void(tx, id, now));
        if (!row) return reply.status(404).send({ error: 'unknown checkout' });
        return back(row.cancel_url, { [idField]: id });
      }
      const approved = await db.transaction((tx) => checkout.approve(tx, id, now, provider === 'Wallet'));
      if (!approved.ok) return reply.status(409).send({ error: approved.reason });
      await onApproved(approved.row);
      return back(approved.row.return_url, idField === 'token' ? { token: id, PayerID: approved.row.payer_id ?? '' } : { [idField]: id });
    });
  }

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    hostedPages(scope, '/sandbox/paypal/checkoutnow', 'PayPal', 'token', sandbox.paypal.checkout, async () => undefined);
    hostedPages(scope, '/sandbox/wallet/checkout', 'Wallet', 'id', sandbox.ewallet.checkout, (row) =>
      deliver(EWALLET_PROVIDER, row.id, row.amount, row.currency),
    );
  });

  void app.register(async (scope) => {
    scope.post<{ Params: { txid: string } }>('/api/sandbox/pix/pay/:txid', async (request, reply) => {
      const { txid } = request.params;
      const attempt = await pendingInstructions(PIX_PROVIDER, txid);
      if (!attempt?.instructions) return reply.status(404).send({ error: 'unknown txid' });
      const status = await pix.status(db, txid, clock.now());
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
      const status = await boleto.status(db, barcode, clock.now());
      if (status !== 'pending') return reply.status(409).send({ error: 'not payable', status });
      // The amount is printed in the barcode (positions 10-19, centavos).
      return deliver(BOLETO_PROVIDER, barcode, Number(barcode.slice(9, 19)), 'BRL');
    });

    // The chain sees a transfer of `coinAmount` (the quoted amount when absent) to the address;
    // the provider reports it with its fiat worth at the quote; the portal adds the transfers up
    // and the order is paid once they reach the quote (docs/decisions/050).
    scope.post<{ Params: { address: string }; Querystring: { coinAmount?: string } }>('/api/sandbox/crypto/pay/:address', async (request, reply) => {
      const { address } = request.params;
      const attempt = await pendingInstructions(CRYPTO_PROVIDER, address);
      const quote = attempt?.instructions;
      if (!quote || typeof quote.coinAmount !== 'string' || typeof quote.amount !== 'number') return reply.status(404).send({ error: 'unknown address' });
      const decimals = (await coinQuoteDecimals(db, String(quote.coin))) ?? 8;
      const quoted = parseCoinAmount(quote.coinAmount, decimals);
      const sent = parseCoinAmount(request.query.coinAmount ?? quote.coinAmount, decimals);
      if (quoted === undefined || sent === undefined || sent === 0n)
        return reply.status(400).send({ error: `coinAmount is a positive decimal with at most ${decimals} decimals` });
      const worth = sent >= quoted ? quote.amount : Number((BigInt(quote.amount) * sent) / quoted);
      return deliver(CRYPTO_PROVIDER, address, worth, attempt.currency, formatCoinAmount(sent, decimals));
    });

    // A statement line of the receiving account quoting the transfer's reference.
    scope.post<{ Params: { reference: string }; Querystring: { amount?: string } }>('/api/sandbox/transfer/receive/:reference', async (request, reply) => {
      const { reference } = request.params;
      const attempt = await pendingInstructions(TRANSFER_PROVIDER, reference);
      const expected = attempt?.instructions?.amount;
      if (!attempt || typeof expected !== 'number') return reply.status(404).send({ error: 'unknown reference' });
      const amount = request.query.amount === undefined ? expected : Number(request.query.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0) return reply.status(400).send({ error: 'amount is a positive number of minor units' });
      return deliver(TRANSFER_PROVIDER, reference, amount, attempt.currency);
    });
  });
}
