import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema';
import { maskEmail } from '../auth/accounts';
import { beginCharge, isCharging, lockChargingAttempt, MAX_SAVED_CARDS, recordChargeOutcome, saveCard, type ChargingAttempt } from '../billing/charging';
import { isTerminal, openStatuses, paidStatuses } from '../billing/order-status';
import {
  createFulfilment,
  createOrder,
  failPending,
  holdsDiscountUse,
  listOrders,
  loadLines,
  loadOrder,
  ongoingOrder,
  OrderErr,
  revalue,
  settlePending,
  toOrder,
  type MethodType,
  type OrderRow,
} from '../billing/orders';
import { settleChargingAttempt } from '../billing/payment-jobs';
import { assertPlanAvailable, DiscountErr, PricingErr, redeemDiscountCode, valuate } from '../billing/pricing';
import type { Valuation } from '../billing/valuation';
import { createChangeCache } from '../db/change-cache';
import type { Queryable } from '../db/database';
import { ApiRefusal, ErrCode } from '../errors';
import type { Language } from '../../core/i18n/languages';
import { defineHandlers, type RequestContext } from '../openapi/bind';
import { CARD_PROVIDER } from '../payments/card-provider';
import { crashPoint } from '../payments/crash-point';
import { activeCoins } from '../payments/crypto-provider';
import { MOBILE_MONEY_OTP_TRIES, MOBILE_MONEY_PROVIDER, operatorsFor } from '../payments/mobile-money-provider';
import { PAYPAL_PROVIDER } from '../payments/paypal-provider';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, PayResult } from '../payments/provider';
import { deriveKey } from '../security/secrets';
import type { ServerServices } from '../services';

type Schemas = components['schemas'];

/** The catalogue's codes this module answers with (spec section 8; docs/decisions/009). */
export const PayErr = {
  ...OrderErr,
  invalidRequest: ErrCode.invalidRequest,
  tooFrequent: -3031,
  invalidCardParameters: -2400,
  methodUnsupported: -2502,
  currencyUnsupported: -2408,
  countryUnsupported: 5003,
  savedCardNotFound: -2511,
  cardUserMismatch: 1020,
  cardUsedForRenewal: 1021,
  codeUnavailable: DiscountErr.unavailable,
  paymentFailed: 2003,
  tooManyAttempts: 17,
  codeExpired: -3032,
  wrongCode: -3033,
} as const;

/** Idempotency-Key (docs/decisions/002 and 009): a key answers the same for 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/**
 * How long a claimed key may stay "in progress": longer than any payment transaction and the
 * client's 60 s timeout, so only a claim whose process died is ever taken over.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60_000;
/** One reminder email per order per minute. */
export const REMIND_AFTER_S = 60;
/** The browser SDK's token for the card fields lives 15 minutes. */
export const SDK_TOKEN_TTL_MS = 15 * 60_000;
export { MAX_SAVED_CARDS };

interface MethodRow {
  code: string;
  type: MethodType;
  names: Partial<Record<Language, string>>;
  countries: string[] | null;
  currencies: string[] | null;
  max_installments: number;
  required_fields: Schemas['PayerField'][];
}

type PayInput = Pick<Schemas['PayRequest'], 'card' | 'payer' | 'mobileMoney' | 'crypto'>;

type ChargeResult = { ok: true; result: PayResult } | { ok: false; errCode: number };

/**
 * What a payment's first transaction leaves: a settled result (a refusal, or a provider whose
 * records live in the order's transaction), or a card charge to make once it has committed
 * (docs/decisions/032). `dropCard`: a card kept for this payment only, removed if it fails.
 */
type FirstPhase = { done: ChargeResult } | { charging: { order: OrderRow; attempt: ChargingAttempt; provider: PaymentProvider; charge: ChargeRequest; dropCard?: string } };

/** Ties an idempotency key to the order its request created, in that order's transaction. */
type LinkOrder = (tx: Queryable, orderId: string) => Promise<void>;

/** JSON with object keys sorted, so a retried body hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What idempotency_keys keeps of a request: an HMAC under the server's idempotency key, never the body. */
export const idempotencyHash = (key: Buffer, operation: 'pay' | 'repay', body: unknown) =>
  createHmac('sha256', key).update(`${operation}\n${canonicalJson(body)}`).digest('base64url');

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: unknown } | null)?.code === '23505' && (error as { constraint?: unknown }).constraint === constraint;

const tipTexts: Record<Language, Record<'pending' | 'failed' | 'paid' | 'closed', { title: string; message: string }>> = {
  pt: {
    pending: { title: 'Pagamento em processamento', message: 'Estamos aguardando a confirmação do pagamento. Esta página é atualizada quando ela chegar; você também pode concluir o pagamento em Meus pedidos.' },
    failed: { title: 'Pagamento não concluído', message: 'O pagamento não foi aprovado. Tente novamente com outro cartão ou outra forma de pagamento em Meus pedidos.' },
    paid: { title: 'Pagamento recebido', message: 'Recebemos o seu pagamento e o seu acesso já está ativo. O recibo foi enviado para o seu e-mail.' },
    closed: { title: 'Pedido encerrado', message: 'Este pedido foi encerrado e não pode mais ser pago. Escolha um plano para fazer um novo pedido.' },
  },
  en: {
    pending: { title: 'Payment being processed', message: 'We are waiting for the payment to be confirmed. This page updates when it is; you can also finish paying from your orders.' },
    failed: { title: 'Payment not completed', message: 'The payment was not approved. Try again with another card or payment method from your orders.' },
    paid: { title: 'Payment received', message: 'We received your payment and your access is active. The receipt was sent to your email.' },
    closed: { title: 'Order closed', message: 'This order is closed and can no longer be paid. Choose a plan to place a new order.' },
  },
  es: {
    pending: { title: 'Pago en proceso', message: 'Estamos esperando la confirmación del pago. Esta página se actualiza cuando llegue; también puedes completar el pago desde tus pedidos.' },
    failed: { title: 'Pago no completado', message: 'El pago no fue aprobado. Inténtalo de nuevo con otra tarjeta u otro medio de pago desde tus pedidos.' },
    paid: { title: 'Pago recibido', message: 'Recibimos tu pago y tu acceso ya está activo. El recibo se envió a tu correo.' },
    closed: { title: 'Pedido cerrado', message: 'Este pedido está cerrado y ya no se puede pagar. Elige un plan para hacer un pedido nuevo.' },
  },
  ru: {
    pending: { title: 'Платёж обрабатывается', message: 'Мы ждём подтверждения платежа. Страница обновится, когда оно придёт; завершить оплату можно и в разделе заказов.' },
    failed: { title: 'Платёж не прошёл', message: 'Платёж не был одобрен. Попробуйте ещё раз с другой картой или другим способом оплаты в разделе заказов.' },
    paid: { title: 'Платёж получен', message: 'Мы получили ваш платёж, доступ уже активен. Квитанция отправлена на вашу почту.' },
    closed: { title: 'Заказ закрыт', message: 'Этот заказ закрыт, оплатить его больше нельзя. Выберите тариф, чтобы оформить новый заказ.' },
  },
};

export function orderHandlers(services: ServerServices) {
  const { db, clock, sessions, outbox, config, payments: providers } = services;
  /** The order's or the account's address, as stored, when it is the one asked for (in any case). */
  async function knownAddress(accountUid: number, orderEmail: string, asked: string): Promise<string | undefined> {
    const wanted = asked.trim().toLowerCase();
    if (orderEmail.toLowerCase() === wanted) return orderEmail;
    const [account] = await db.query<{ email: string | null }>('SELECT email FROM accounts WHERE uid = $1', [accountUid]);
    return account?.email?.toLowerCase() === wanted ? account.email : undefined;
  }
  // The calls of a provider's own (the card SDK's customer and tokens, PayPal's capture, the
  // wallet's code) exist only while its sandbox is on: with payments off there is nothing to call.
  const sandboxProvider = () => {
    if (!providers.sandbox) throw new ApiRefusal(PayErr.methodUnsupported, 200, 'payments are off');
    return providers.sandbox;
  };
  const fulfil = createFulfilment({ outbox, valuate });
  const settleDeps = { fulfil, redeem: redeemDiscountCode };
  const idempotencyKey = deriveKey(services.secret, 'idempotency');
  const sdkKey = deriveKey(services.secret, 'card-sdk');
  // Order pages, kept per account until one of its orders changes (docs/decisions/027), and only
  // where every writer is this process: a buyer reads the list right after paying.
  const orderPages = createChangeCache<Awaited<ReturnType<typeof listOrders>>>(db.changes, ['orders', 'order_lines'], { localOnly: true, maxEntries: 10_000 });

  // ---- Idempotency-Key ----

  /**
   * Runs a payment once per key. The key's row is written (and committed) before any work, so
   * every process sees it: a repeat with the same body gets the first answer (a success or a
   * business refusal such as a decline); another body is refused with 5000 (HTTP 400); a repeat
   * while the first still runs is refused with -3031 (HTTP 429, Retry-After 1). The body is kept
   * only as an HMAC: it may hold a card number, and a plain hash of a 16-digit number can be
   * reversed by trying every number.
   */
  async function idempotent(
    accountUid: number,
    operation: 'pay' | 'repay',
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
    run: (link: LinkOrder) => Promise<PayResult>,
  ): Promise<PayResult> {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' && header !== '' ? header : undefined;
    if (!key) return run(async () => undefined);
    const hash = idempotencyHash(idempotencyKey, operation, body);
    const now = clock.now();
    await db.query('DELETE FROM idempotency_keys WHERE account_uid = $1 AND key = $2 AND created_at <= $3', [accountUid, key, new Date(now - IDEMPOTENCY_TTL_MS)]);
    const claimed = await db.query(
      `INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at)
       VALUES ($1, $2, $3, $4, 'in_progress', $5) ON CONFLICT (account_uid, key) DO NOTHING RETURNING key`,
      [accountUid, key, operation, hash, new Date(now)],
    );
    if (claimed.length === 0) {
      const [row] = await db.query<{ operation: string; request_hash: string; state: 'in_progress' | 'done'; response: StoredAnswer | null; order_id: string | null }>(
        'SELECT operation, request_hash, state, response, order_id FROM idempotency_keys WHERE account_uid = $1 AND key = $2',
        [accountUid, key],
      );
      if (!row) throw new ApiRefusal(PayErr.tooFrequent, 429, 'idempotency key vanished while being claimed');
      if (row.operation !== operation || row.request_hash !== hash) throw new ApiRefusal(PayErr.invalidRequest, 400, 'idempotency key reused with another request');
      if (row.state === 'in_progress' || !row.response) {
        // A claim older than the lease belongs to a process that died mid-payment: this retry
        // takes the key over instead of waiting 24 hours. If that process had committed an order
        // (and perhaps charged it), the answer is that order's, once reconciled: never a second one.
        const taken = await db.query<{ order_id: string | null }>(
          "UPDATE idempotency_keys SET created_at = $3 WHERE account_uid = $1 AND key = $2 AND state = 'in_progress' AND created_at <= $4 RETURNING order_id",
          [accountUid, key, new Date(now), new Date(now - IDEMPOTENCY_LEASE_MS)],
        );
        if (taken.length === 0) {
          void reply.header('Retry-After', '1');
          throw new ApiRefusal(PayErr.tooFrequent, 429, 'idempotent request still in progress');
        }
        const orderId = taken[0]!.order_id;
        if (orderId) return runClaimed(async () => answer(await answerOfOrder(orderId, request)));
        return runClaimed(run);
      }
      void reply.header('Idempotent-Replayed', 'true');
      if ('refusal' in row.response) throw new ApiRefusal(row.response.refusal, 200, 'idempotent replay');
      return row.response.data;
    }
    return runClaimed(run);

    async function runClaimed(work: (link: LinkOrder) => Promise<PayResult>): Promise<PayResult> {
      const settle = (answer: StoredAnswer) =>
        db.query("UPDATE idempotency_keys SET state = 'done', response = $3 WHERE account_uid = $1 AND key = $2", [accountUid, key, JSON.stringify(answer)]);
      const link: LinkOrder = async (tx, orderId) => {
        await tx.query('UPDATE idempotency_keys SET order_id = $3 WHERE account_uid = $1 AND key = $2', [accountUid, key, orderId]);
      };
      try {
        const data = await work(link);
        await settle({ data });
        return data;
      } catch (error) {
        // A business refusal is an answer and is replayed; anything else frees the key for a retry.
        if (error instanceof ApiRefusal && error.httpStatus === 200) await settle({ refusal: error.errCode });
        else await db.query('DELETE FROM idempotency_keys WHERE account_uid = $1 AND key = $2', [accountUid, key]);
        throw error;
      }
    }
  }

  // ---- Methods, cards and checks ----

  async function enabledMethod(q: Queryable, code: string): Promise<MethodRow> {
    const rows = await q.query<MethodRow>(
      'SELECT code, type, names, countries, currencies, max_installments, required_fields FROM payment_methods WHERE code = $1 AND enabled',
      [code],
    );
    const method = rows[0];
    if (!method) throw new ApiRefusal(PayErr.methodUnsupported, 200, `no enabled method ${code}`);
    return method;
  }

  /** The method's provider and the checks that need no database: -2502, -2408, 5003, 5000, -2400. */
  async function checkMethod(
    q: Queryable,
    method: MethodRow,
    order: { currency: string; country?: string | undefined; installments: number },
    input: PayInput,
  ): Promise<PaymentProvider> {
    const provider = providers.forMethod(method.code);
    if (!provider) throw new ApiRefusal(PayErr.methodUnsupported, 200, `method ${method.code} has no provider`);
    const [currency] = await q.query('SELECT 1 FROM currencies WHERE code = $1 AND active', [order.currency]);
    if (!currency || (method.currencies !== null && !method.currencies.includes(order.currency))) {
      throw new ApiRefusal(PayErr.currencyUnsupported, 200, `${method.code} does not take ${order.currency}`);
    }
    if (order.country && method.countries !== null && !method.countries.includes(order.country)) {
      throw new ApiRefusal(PayErr.countryUnsupported, 200, `${method.code} is not offered in ${order.country}`);
    }
    if (order.installments > method.max_installments) throw new ApiRefusal(PayErr.invalidRequest, 200, `${method.code} allows ${method.max_installments} instalments`);
    const missing = method.required_fields.filter((f) => input.payer?.[f] === undefined);
    if (missing.length > 0) throw new ApiRefusal(PayErr.invalidRequest, 200, `payer fields missing: ${missing.join(', ')}`);
    const refused = provider.precheck ? await provider.precheck(q, { currency: order.currency, country: order.country, input }) : null;
    if (refused !== null) throw new ApiRefusal(refused, 200, `${method.code} refused the request before any order`);
    if (method.type === 'card' && !input.card) throw new ApiRefusal(PayErr.invalidCardParameters, 200, 'card method without card');
    if (method.type !== 'card' && input.card) throw new ApiRefusal(PayErr.invalidRequest, 200, 'card details sent for a method that is not a card');
    return provider;
  }

  /** A saved card the caller may pay with: -2511 unknown (or deleted), 1020 another account's. */
  async function ownCard(q: Queryable, accountUid: number, cardId: string): Promise<void> {
    const [card] = await q.query<{ account_uid: number }>('SELECT account_uid FROM cards WHERE id = $1 AND deleted_at IS NULL', [cardId]);
    if (!card) throw new ApiRefusal(PayErr.savedCardNotFound);
    if (Number(card.account_uid) !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
  }

  /** A valuation whose discount code did not apply is refused with the code's reason. */
  function requireDiscount(v: Valuation, code: string | null | undefined) {
    if (!code) return;
    const status = v.discountCode;
    if (!status?.applied) throw new ApiRefusal(status?.errCode ?? PayErr.codeUnavailable, 200, `discount code ${code} not applied`);
  }

  // ---- Charging ----

  /**
   * The first phase of charging an order, in the caller's transaction: takes the discount code's
   * use (9003 when another order took the last one) and records a `charging` attempt. A provider
   * whose records live in the portal's transaction (PIX, boleto, redirects, codes: no money moves
   * yet) is asked now and its answer recorded with it. A card network is asked only once this
   * transaction has committed (`completeCharge`), so a charge it makes always has its order and
   * attempt to be found by (docs/decisions/032).
   */
  async function chargeOrder(
    tx: Queryable,
    order: OrderRow,
    provider: PaymentProvider,
    method: MethodRow,
    input: PayInput,
    request: FastifyRequest,
    now: number,
  ): Promise<FirstPhase> {
    // A pending order (a PIX or boleto awaiting payment) already holds its code's use: repaying it
    // another way must not take a second one.
    if (order.discount_code && !holdsDiscountUse(order) && !(await redeemDiscountCode(tx, order.discount_code))) {
      throw new ApiRefusal(DiscountErr.exhausted, 200, `discount code ${order.discount_code} used up`);
    }
    const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
    const charge: ChargeRequest = {
      orderId: order.id,
      accountUid: order.account_uid,
      amount: order.total,
      currency: order.currency,
      installments: order.installments,
      email: order.email,
      description: lines.map((l) => l.plan_name).join(', '),
      input,
      now,
    };
    const savedCardId = input.card && 'savedCardId' in input.card ? input.card.savedCardId : null;
    const attempt = await beginCharge(tx, { orderId: order.id, method: method.code, provider: provider.name, amount: order.total, currency: order.currency, cardId: savedCardId, now });
    if (provider.chargesAtOnce) return { charging: { order, attempt, provider, charge } };

    let outcome: ChargeOutcome | { status: 'error' };
    await tx.query('SAVEPOINT provider_charge');
    try {
      outcome = await provider.charge(tx, charge);
      await tx.query('RELEASE SAVEPOINT provider_charge');
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT provider_charge');
      request.log.error({ err: error, orderId: order.id, provider: provider.name }, 'payment provider failed');
      outcome = { status: 'error' };
    }
    return { done: await recordOutcome(tx, order, attempt, outcome, request) };
  }

  async function recordOutcome(tx: Queryable, order: OrderRow, attempt: ChargingAttempt, outcome: ChargeOutcome | { status: 'error' }, request: FastifyRequest): Promise<ChargeResult> {
    if (outcome.status === 'unknown') request.log.warn({ orderId: order.id, provider: attempt.provider }, 'payment provider did not answer');
    const recorded = await recordChargeOutcome(tx, order, attempt, outcome, { fulfil }, clock.now());
    if (!recorded.ok) return { ok: false, errCode: recorded.errCode };
    const { order: settled } = recorded;
    if (outcome.status === 'pending') return { ok: true, result: { ...outcome.instructions, orderId: settled.id, status: settled.status } as PayResult };
    return { ok: true, result: { next: 'done', orderId: settled.id, status: settled.status } };
  }

  /**
   * The second and third phases of a card charge, after the first transaction committed: the
   * network is asked (its own connection: a charge it makes stands, whatever happens here), then
   * its answer is recorded in a transaction of its own. If reconciliation settled the attempt
   * meanwhile (this call outlived RECONCILE_AFTER_MS), the order's state is the answer.
   */
  async function completeCharge(first: FirstPhase, request: FastifyRequest): Promise<ChargeResult> {
    if ('done' in first) return first.done;
    const { order, attempt, provider, charge, dropCard } = first.charging;
    let outcome: ChargeOutcome | { status: 'error' };
    try {
      outcome = await provider.charge(db, charge);
    } catch (error) {
      request.log.error({ err: error, orderId: order.id, provider: provider.name }, 'payment provider failed');
      outcome = { status: 'error' };
    }
    crashPoint('after-provider');
    const result = await db.transaction(async (tx): Promise<ChargeResult | undefined> => {
      const locked = await loadOrder(tx, order.id, { forUpdate: true });
      const open = locked && (await lockChargingAttempt(tx, attempt.id));
      if (!locked || !open) return undefined;
      const recorded = await recordOutcome(tx, locked, open, outcome, request);
      if (!recorded.ok && dropCard) await tx.query('DELETE FROM cards WHERE id = $1', [dropCard]);
      return recorded;
    });
    return result ?? answerOfOrder(order.id, request);
  }

  /**
   * The answer a payment of `orderId` gave, from the order as it stands (a retry whose first
   * process died, a charge reconciled meanwhile): an attempt still `charging` is settled with the
   * network first. Paid → done; pending → its instructions; otherwise the refusal it ended with.
   */
  async function answerOfOrder(orderId: string, request: FastifyRequest): Promise<ChargeResult> {
    const [charging] = await db.query<{ id: number }>("SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'charging' ORDER BY id DESC LIMIT 1", [orderId]);
    if (charging) await settleChargingAttempt(services, Number(charging.id), request.log);
    const order = await loadOrder(db, orderId);
    if (!order) throw new Error(`order ${orderId} of an idempotency key vanished`);
    if (paidStatuses.includes(order.status)) return { ok: true, result: { next: 'done', orderId, status: order.status } };
    const [last] = await db.query<{ status: string; err_code: number | null; instructions: Record<string, unknown> | null }>(
      'SELECT status, err_code, instructions FROM payment_attempts WHERE order_id = $1 ORDER BY id DESC LIMIT 1',
      [orderId],
    );
    if (order.status === 'PAYMENT_PENDING' && last?.instructions) return { ok: true, result: { ...last.instructions, orderId, status: order.status } as PayResult };
    if (order.status === 'NETWORK_ERROR') return { ok: false, errCode: PayErr.paymentError };
    if (order.status === 'PAYMENT_FAILED') return { ok: false, errCode: last?.err_code ?? PayErr.paymentFailed };
    return { ok: false, errCode: PayErr.orderNotFound };
  }

  /** An order's open attempt at one provider (the newest), to settle or fail it. */
  async function pendingAttempt(tx: Queryable, orderId: string, provider: string) {
    const [row] = await tx.query<{ id: number; provider_ref: string }>(
      "SELECT id, provider_ref FROM payment_attempts WHERE order_id = $1 AND provider = $2 AND status = 'pending' AND provider_ref IS NOT NULL ORDER BY id DESC LIMIT 1",
      [orderId, provider],
    );
    return row;
  }

  /**
   * A step the customer takes on a pending payment (capture after approval, confirm a code), on
   * the caller's order and its pending attempt at `provider`, under the order's row lock. An
   * order already settled answers its final status again (a reloaded page, a double submit);
   * 1001 not the caller's, 1040 no pending payment there. The step's outcome is committed before
   * it is answered, so a refusal (a wrong code) still counts.
   */
  async function onPendingAttempt(
    ctx: RequestContext,
    orderId: string,
    provider: string,
    step: (tx: Queryable, order: OrderRow, attempt: { id: number; provider_ref: string }, now: number) => Promise<ChargeResult>,
  ): Promise<PayResult> {
    const { accountUid } = await sessions.authenticate(ctx);
    const now = clock.now();
    const result = await db.transaction(async (tx): Promise<ChargeResult> => {
      const order = await loadOrder(tx, orderId, { forUpdate: true });
      if (!order || order.account_uid !== accountUid) throw new ApiRefusal(PayErr.orderNotFound);
      if (!openStatuses.includes(order.status)) return { ok: true, result: { next: 'done', orderId: order.id, status: order.status } };
      const attempt = await pendingAttempt(tx, order.id, provider);
      if (!attempt) throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, `order ${order.id} has no pending ${provider} payment`);
      return step(tx, order, attempt, now);
    });
    return answer(result);
  }

  /** Refusals decided inside the transaction leave it committed (the failed order stays). */
  function answer(result: ChargeResult): PayResult {
    if (!result.ok) throw new ApiRefusal(result.errCode, 200, 'payment refused');
    return result.result;
  }

  /**
   * An order whose last charge got no answer (NETWORK_ERROR) may have been charged: paying it
   * again before reconciliation asks the network could charge the customer twice. It answers
   * what its own payment answered, 1015 ("Payment error, refresh"), which the client already
   * takes for "being confirmed, do not pay again" (docs/decisions/036). A business refusal, so
   * an Idempotency-Key replays it; the customer's next attempt comes with a new key.
   */
  function assertOutcomeKnown(order: OrderRow) {
    if (order.status === 'NETWORK_ERROR') throw new ApiRefusal(PayErr.paymentError, 200, `order ${order.id} awaits reconciliation`);
  }

  /** The caller's open order, locked for this payment: 1001 when missing, another's, or not open; 1015 its outcome unknown. */
  async function lockOpenOrder(tx: Queryable, accountUid: number, orderId: string): Promise<OrderRow> {
    const order = await loadOrder(tx, orderId, { forUpdate: true });
    if (!order || order.account_uid !== accountUid) throw new ApiRefusal(PayErr.orderNotFound);
    if (!openStatuses.includes(order.status)) throw new ApiRefusal(PayErr.orderNotFound, 200, `order ${orderId} is ${order.status}`);
    assertOutcomeKnown(order);
    // Before the two phases, a second payment waited for the first's transaction; now it is told
    // to retry, as a repeated Idempotency-Key is, until the first's outcome is recorded.
    if (await isCharging(tx, order.id)) throw new ApiRefusal(PayErr.tooFrequent, 429, `order ${orderId} is being charged`);
    return order;
  }

  /**
   * Pays an existing open order again (repay, and the card SDK's confirm): the plan must still
   * be available, and the amounts follow a fresh valuation with the order's plan, currency and
   * discount code; the earlier pending attempts of the order are cancelled.
   */
  async function repayInTx(
    tx: Queryable,
    accountUid: number,
    order: OrderRow,
    methodCode: string,
    options: { installments?: number | undefined; email?: string | undefined; input: PayInput; ctx: RequestContext; request: FastifyRequest; now: number },
  ): Promise<FirstPhase> {
    const { input, ctx, now } = options;
    const method = await enabledMethod(tx, methodCode);
    const installments = options.installments ?? order.installments;
    const provider = await checkMethod(tx, method, { currency: order.currency, installments }, input);
    if (input.card && 'savedCardId' in input.card) await ownCard(tx, accountUid, input.card.savedCardId);
    const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
    const planId = String(lines[0]?.plan_id ?? '');
    await assertPlanAvailable(tx, { accountUid, planId, now });
    const v = await valuate(tx, {
      accountUid,
      planId,
      currency: order.currency,
      ...(order.discount_code ? { discountCode: order.discount_code } : {}),
      installments,
      method: method.code,
      lang: ctx.lang,
      orderId: order.id,
      now,
    });
    requireDiscount(v, order.discount_code);
    await tx.query("UPDATE payment_attempts SET status = 'cancelled', updated_at = $2 WHERE order_id = $1 AND status = 'pending'", [order.id, new Date(now)]);
    const revalued = await revalue(tx, order, v, { method, email: options.email, now });
    return chargeOrder(tx, revalued, provider, method, input, options.request, now);
  }

  const inputOf = (body: PayInput): PayInput => ({
    ...(body.card ? { card: body.card } : {}),
    ...(body.payer ? { payer: body.payer } : {}),
    ...(body.mobileMoney ? { mobileMoney: body.mobileMoney } : {}),
    ...(body.crypto ? { crypto: body.crypto } : {}),
  });

  // ---- Card customer (browser tokenisation) ----

  function sdkToken(accountUid: number, method: string, orderId: string | undefined, expiresAt: number): string {
    const payload = Buffer.from(JSON.stringify({ uid: String(accountUid), method, ...(orderId ? { orderId } : {}), exp: expiresAt })).toString('base64url');
    return `${payload}.${createHmac('sha256', sdkKey).update(payload).digest('base64url')}`;
  }

  async function paidOrOwnOrder(accountUid: number, orderId: string): Promise<OrderRow> {
    const order = await loadOrder(db, orderId);
    if (!order || order.account_uid !== accountUid) throw new ApiRefusal(PayErr.orderNotFound);
    return order;
  }

  /** The service period of a paid order, its plan named in `lang`; 1040 when it is not paid. */
  async function servicePeriod(order: OrderRow, lang: Language): Promise<components['schemas']['ServicePeriod']> {
    if (!paidStatuses.includes(order.status) || !order.service_start || !order.service_end) throw new ApiRefusal(PayErr.paymentInfoNotFound);
    const line = (await loadLines(db, [order.id])).get(order.id)?.[0];
    if (!line) throw new ApiRefusal(PayErr.paymentInfoNotFound);
    const [name] = await db.query<{ name: string }>(
      `SELECT name FROM plan_texts WHERE plan_id = $1 ORDER BY lang = $2 DESC, lang = 'en' DESC LIMIT 1`,
      [line.plan_id, lang],
    );
    return {
      orderId: order.id,
      planId: String(line.plan_id),
      planName: name?.name ?? line.plan_name,
      startTime: new Date(order.service_start).getTime(),
      endTime: new Date(order.service_end).getTime(),
      validDays: order.valid_days,
    };
  }

  return defineHandlers({
    async pay({ body, ctx, request, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return idempotent(accountUid, 'pay', body, request, reply, async (link) => {
        const now = clock.now();
        const input = inputOf(body);
        const installments = body.installments ?? 1;
        const method = await enabledMethod(db, body.method);
        const provider = await checkMethod(db, method, { currency: body.currency, country: body.country, installments }, input);
        const discountCode = body.discountCode ? body.discountCode.toUpperCase() : null;
        const first = await db.transaction(async (tx) => {
          if (input.card && 'savedCardId' in input.card) await ownCard(tx, accountUid, input.card.savedCardId);
          await assertPlanAvailable(tx, { accountUid, planId: body.planId, now });
          const v = await valuate(tx, {
            accountUid,
            planId: body.planId,
            currency: body.currency,
            ...(discountCode ? { discountCode } : {}),
            installments,
            method: method.code,
            lang: ctx.lang,
            now,
          });
          requireDiscount(v, discountCode);
          let order: OrderRow;
          try {
            order = await createOrder(tx, { accountUid, valuation: v, discountCode, method, email: body.email, scene: ctx.scene, now });
          } catch (error) {
            // Another open order of the account took the code between the valuation and here.
            if (isUniqueViolation(error, 'orders_open_code')) throw new ApiRefusal(DiscountErr.boundToAnotherOrder, 200, 'discount code bound meanwhile');
            throw error;
          }
          await link(tx, order.id);
          return chargeOrder(tx, order, provider, method, input, request, now);
        });
        return answer(await completeCharge(first, request));
      });
    },

    async repay({ body, ctx, request, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return idempotent(accountUid, 'repay', body, request, reply, async (link) => {
        const now = clock.now();
        const first = await db.transaction(async (tx) => {
          const order = await lockOpenOrder(tx, accountUid, body.orderId);
          await link(tx, order.id);
          return repayInTx(tx, accountUid, order, body.method, { installments: body.installments, email: body.email, input: inputOf(body), ctx, request, now });
        });
        return answer(await completeCharge(first, request));
      });
    },

    /** The methods offered for a plan, country and currency: enabled, with a provider, in display order. */
    async listPaymentMethods({ body, ctx }) {
      const plans = /^\d{1,9}$/.test(body.planId)
        ? await db.query<{ max_installments: number }>('SELECT max_installments FROM plans WHERE id = $1 AND active', [Number(body.planId)])
        : [];
      const plan = plans[0];
      if (!plan) throw new ApiRefusal(PricingErr.planNotFound);
      const [currency] = await db.query('SELECT 1 FROM currencies WHERE code = $1 AND active', [body.currency]);
      if (!currency) throw new ApiRefusal(PayErr.currencyUnsupported);
      const rows = await db.query<MethodRow>(
        `SELECT code, type, names, countries, currencies, max_installments, required_fields FROM payment_methods
         WHERE enabled AND (countries IS NULL OR $1 = ANY(countries)) AND (currencies IS NULL OR $2 = ANY(currencies))
         ORDER BY sort_order, code`,
        [body.country, body.currency],
      );
      const [site] = await db.query<{ lang: Language | null }>("SELECT value->>'defaultLang' AS lang FROM site_settings WHERE key = 'siteConfig'");
      const coins = rows.some((m) => m.type === 'crypto') ? await activeCoins(db) : [];
      return rows
        .filter((m) => providers.has(m.code))
        .map((m) => {
          const max = Math.max(1, Math.min(m.max_installments, plan.max_installments));
          return {
            code: m.code,
            name: m.names[ctx.lang] ?? (site?.lang ? m.names[site.lang] : undefined) ?? m.names.en ?? m.code,
            type: m.type,
            installmentsAllowed: max > 1,
            maxInstallments: max,
            requiredFields: m.required_fields,
            savedCards: m.type === 'card',
            ...(m.type === 'mobile_money' ? { mobileMoneyOperators: operatorsFor(body.country) } : {}),
            ...(m.type === 'crypto' ? { coins: coins.map((c) => c.coin) } : {}),
          };
        })
        // A wallet method without an operator in the country, or crypto without a coin, cannot be paid.
        .filter((m) => (m.mobileMoneyOperators ?? [null]).length > 0 && (m.coins ?? [null]).length > 0);
    },

    async listOrders({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? 10;
      const filter = { page, pageSize, status: body.status, scene: body.scene };
      const key = `${accountUid} ${JSON.stringify(filter)}`;
      const { items, total } = orderPages.peek(key) ?? (await orderPages.get(key, () => listOrders(db, accountUid, filter), String(accountUid)));
      return { items, total, page, pageSize };
    },

    async getOrder({ params, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await paidOrOwnOrder(accountUid, params.id);
      return toOrder(order, (await loadLines(db, [order.id])).get(order.id) ?? []);
    },

    /** The period a paid order gave (the receipt): 1001 not the caller's, 1040 not paid. */
    async getOrderServicePeriod({ params, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return servicePeriod(await paidOrOwnOrder(accountUid, params.id), ctx.lang);
    },

    /**
     * The receipt as a PDF in the request's language (docs/decisions/018): the refusals of
     * getOrder and getOrderServicePeriod (1001 not the caller's, 1040 not paid), else the bytes.
     */
    async getOrderReceiptPdf({ params, ctx, reply }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const row = await paidOrOwnOrder(accountUid, params.id);
      const period = await servicePeriod(row, ctx.lang);
      const lines = (await loadLines(db, [row.id])).get(row.id) ?? [];
      // A line keeps the plan's name as it was bought; the document names it in its own language.
      const names = await db.query<{ plan_id: number; name: string }>(
        `SELECT DISTINCT ON (plan_id) plan_id, name FROM plan_texts WHERE plan_id = ANY($1) ORDER BY plan_id, lang = $2 DESC, lang = 'en' DESC`,
        [lines.map((l) => l.plan_id), ctx.lang],
      );
      const nameOf = new Map(names.map((n) => [Number(n.plan_id), n.name]));
      const order = toOrder(row, lines.map((l) => ({ ...l, plan_name: nameOf.get(Number(l.plan_id)) ?? l.plan_name })));
      const [theme] = await db.query<{ name: string | null; color: string | null }>("SELECT value->>'name' AS name, value->>'themeColor' AS color FROM site_settings WHERE key = 'theme'");
      const [method] = row.payment_method
        ? await db.query<{ names: Record<string, string> }>('SELECT names FROM payment_methods WHERE code = $1', [row.payment_method])
        : [];
      const currencies = await db.query<{ code: string; symbol: string; decimals: number }>('SELECT code, symbol, decimals FROM currencies WHERE code = ANY($1)', [[order.currency, order.baseCurrency]]);
      const methodName = method ? (method.names[ctx.lang] ?? method.names.en) : undefined;
      // pdf-lib and its font engine take ~0.4 s to load: the first receipt pays it, not every start.
      const { receiptPdf } = await import('../billing/receipt-pdf');
      const bytes = await receiptPdf(order, period, { name: theme?.name ?? '', ...(theme?.color ? { color: theme.color } : {}) }, ctx.lang, {
        ...(methodName ? { methodName } : {}),
        currencies: Object.fromEntries(currencies.map((c) => [c.code, { symbol: c.symbol, decimals: c.decimals }])),
        issuedAt: clock.now(),
      });
      reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt-${row.id}.pdf"`)
        // A customer's own document: never kept by a shared cache.
        .header('Cache-Control', 'private, no-store');
      return bytes;
    },

    async getPaymentTip({ query, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await paidOrOwnOrder(accountUid, query.orderId);
      const kind = order.status === 'PAYMENT_FAILED' ? 'failed' : openStatuses.includes(order.status) ? 'pending' : paidStatuses.includes(order.status) ? 'paid' : 'closed';
      const text = tipTexts[ctx.lang][kind];
      return {
        orderId: order.id,
        status: order.status,
        ...(order.payment_type ? { paymentType: order.payment_type } : {}),
        title: text.title,
        message: text.message,
        amount: order.total,
        currency: order.currency,
        ...(order.pay_by && kind === 'pending' ? { expiresAt: new Date(order.pay_by).getTime() } : {}),
      };
    },

    /** Emails how to finish paying an open order: 1001 not the caller's, 1040 not open, -3031 within a minute. */
    async remindOrder({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await paidOrOwnOrder(accountUid, body.orderId);
      if (!openStatuses.includes(order.status)) throw new ApiRefusal(PayErr.paymentInfoNotFound);
      const now = clock.now();
      // Only to an address the customer already gave for this: the account's own or the order's
      // payment email (docs/decisions/035). Any other would let a signed-in caller mail strangers
      // through the portal's sender, 1 message a minute per open order.
      const to = body.email ? await knownAddress(accountUid, order.email, body.email) : order.email;
      if (!to) throw new ApiRefusal(PayErr.invalidRequest, 200, 'a reminder goes to the account or the order email only');
      await db.transaction(async (tx) => {
        const claimed = await tx.query(
          'UPDATE orders SET reminded_at = $2 WHERE id = $1 AND (reminded_at IS NULL OR reminded_at <= $3) RETURNING id',
          [order.id, new Date(now), new Date(now - REMIND_AFTER_S * 1000)],
        );
        if (claimed.length === 0) throw new ApiRefusal(PayErr.tooFrequent, 429);
        const [account] = await tx.query<{ nickname: string; language: Language }>('SELECT nickname, language FROM accounts WHERE uid = $1', [accountUid]);
        const [currency] = await tx.query<{ symbol: string; decimals: number }>('SELECT symbol, decimals FROM currencies WHERE code = $1', [order.currency]);
        await outbox.send(tx, {
          accountUid,
          channel: 'email',
          to,
          lang: account?.language ?? ctx.lang,
          template: 'orderReminder',
          params: {
            nickname: account?.nickname ?? '',
            orderId: order.id,
            viewCode: order.view_code,
            total: order.total,
            currency: order.currency,
            symbol: currency?.symbol ?? order.currency,
            decimals: currency?.decimals ?? 2,
            link: `${config.publicUrl}/payment?orderId=${encodeURIComponent(order.id)}`,
          },
        });
      });
      return { orderId: order.id, email: maskEmail(to), resendAfter: REMIND_AFTER_S };
    },

    async getCart({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await ongoingOrder(db, accountUid);
      if (!order) return null;
      return toOrder(order, (await loadLines(db, [order.id])).get(order.id) ?? []);
    },

    async listCards({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const rows = await db.query<{
        id: string;
        brand: Schemas['Card']['brand'];
        last4: string;
        exp_month: number;
        exp_year: number;
        holder: string;
        is_default: boolean;
        used_for_renewal: boolean;
      }>(
        `SELECT c.id, c.brand, c.last4, c.exp_month, c.exp_year, c.holder, c.is_default,
                EXISTS (SELECT 1 FROM subscriptions s WHERE s.card_id = c.id AND s.status = 'activated') AS used_for_renewal
         FROM cards c WHERE c.account_uid = $1 AND c.deleted_at IS NULL
         ORDER BY c.is_default DESC, c.created_at DESC, c.id LIMIT $2`,
        [accountUid, MAX_SAVED_CARDS],
      );
      return rows.map((c) => ({
        id: c.id,
        brand: c.brand,
        last4: c.last4,
        expMonth: c.exp_month,
        expYear: c.exp_year,
        holder: c.holder,
        isDefault: c.is_default,
        usedForRenewal: c.used_for_renewal,
      }));
    },

    /** -2511 unknown or already deleted, 1020 another account's, 1021 the billing card of a running auto-renewal. */
    async deleteCard({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      await db.transaction(async (tx) => {
        const [card] = await tx.query<{ account_uid: number; is_default: boolean }>('SELECT account_uid, is_default FROM cards WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [body.cardId]);
        if (!card) throw new ApiRefusal(PayErr.savedCardNotFound);
        if (Number(card.account_uid) !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
        const renewal = await tx.query("SELECT 1 FROM subscriptions WHERE card_id = $1 AND status = 'activated' FOR UPDATE", [body.cardId]);
        if (renewal.length > 0) throw new ApiRefusal(PayErr.cardUsedForRenewal);
        await tx.query('UPDATE cards SET deleted_at = $2, is_default = false WHERE id = $1', [body.cardId, new Date(clock.now())]);
        if (card.is_default) {
          await tx.query(
            `UPDATE cards SET is_default = true WHERE id = (
               SELECT id FROM cards WHERE account_uid = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 1)`,
            [accountUid],
          );
        }
      });
      return null;
    },

    /** A short-lived token for the card provider's browser SDK (card fields tokenised at the provider). */
    async getPaymentToken({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const method = await enabledMethod(db, body.method);
      if (method.type !== 'card' || !providers.has(method.code)) throw new ApiRefusal(PayErr.methodUnsupported);
      if (body.orderId) {
        const order = await paidOrOwnOrder(accountUid, body.orderId);
        if (!openStatuses.includes(order.status)) throw new ApiRefusal(PayErr.orderNotFound);
        assertOutcomeKnown(order);
      }
      const expiresAt = clock.now() + SDK_TOKEN_TTL_MS;
      return { provider: CARD_PROVIDER, token: sdkToken(accountUid, method.code, body.orderId, expiresAt), environment: providers.environment, expiresAt };
    },

    /** The account's customer at the card provider: created once, then returned (created: false). */
    async createUseepayCustomer({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      return db.transaction(async (tx) => {
        // Serialises two first calls of one account, so it gets one customer.
        await tx.query('SELECT 1 FROM accounts WHERE uid = $1 FOR UPDATE', [accountUid]);
        const [existing] = await tx.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE account_uid = $1 AND provider = $2', [accountUid, CARD_PROVIDER]);
        if (existing) return { customerId: existing.customer_id, created: false };
        const phone = body.phone ? `${body.areaCode ?? ''}${body.phone}` : undefined;
        const customerId = await sandboxProvider().card.createCustomer(tx, { email: body.email, firstName: body.firstName, lastName: body.lastName, phone }, now);
        await tx.query('INSERT INTO payment_customers (account_uid, provider, customer_id, created_at) VALUES ($1, $2, $3, $4)', [accountUid, CARD_PROVIDER, customerId, new Date(now)]);
        return { customerId, created: true };
      });
    },

    /**
     * Pays an open order with a card the provider's browser SDK tokenised for the caller's
     * customer, and keeps the card (it becomes a saved card, and the billing card of an
     * auto-renew plan). 1020: the customer or the token belongs to someone else; -2511: unknown
     * token; 1001: no open order of the caller by that id. A declined card is not kept.
     */
    async confirmUseepayPayment({ body, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      const first = await db.transaction(async (tx): Promise<FirstPhase> => {
        const [customer] = await tx.query<{ account_uid: number }>('SELECT account_uid FROM payment_customers WHERE customer_id = $1 AND provider = $2', [body.customerId, CARD_PROVIDER]);
        if (!customer || Number(customer.account_uid) !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
        const token = await sandboxProvider().card.describeToken(tx, body.paymentMethodToken);
        if (!token) throw new ApiRefusal(PayErr.savedCardNotFound);
        if (token.customerId !== null && token.customerId !== body.customerId) throw new ApiRefusal(PayErr.cardUserMismatch);
        const order = await lockOpenOrder(tx, accountUid, body.orderId);
        const [attached] = await tx.query<{ id: string; account_uid: number }>('SELECT id, account_uid FROM cards WHERE provider = $1 AND provider_token = $2 AND deleted_at IS NULL', [CARD_PROVIDER, body.paymentMethodToken]);
        if (attached && Number(attached.account_uid) !== accountUid) throw new ApiRefusal(PayErr.cardUserMismatch);
        const cardId = attached?.id ?? (await saveCard(tx, accountUid, CARD_PROVIDER, { providerToken: body.paymentMethodToken, ...token }, now));
        if (!cardId) throw new ApiRefusal(PayErr.invalidCardParameters, 200, 'too many saved cards');
        const charged = await repayInTx(tx, accountUid, order, 'card', { input: { card: { savedCardId: cardId } }, ctx, request, now });
        // A declined card is not kept (unless it was kept before).
        if ('charging' in charged) return attached ? charged : { charging: { ...charged.charging, dropCard: cardId } };
        if (!charged.done.ok && !attached) await tx.query('DELETE FROM cards WHERE id = $1', [cardId]);
        return charged;
      });
      return answer(await completeCharge(first, request));
    },

    /**
     * Captures an order's PayPal payment once the payer approved it (the browser is back on
     * /payment-redirect). Capturing twice answers the settled order again; not approved yet
     * answers the approval page again; cancelled or expired at PayPal fails the order (2003)
     * so it can be paid another way. 1001 not the caller's order, 1040 no PayPal payment.
     */
    async capturePaypalPayment({ params, ctx, request }) {
      return onPendingAttempt(ctx, params.id, PAYPAL_PROVIDER, async (tx, order, attempt, now) => {
        const capture = await sandboxProvider().paypal.capture(tx, attempt.provider_ref, now);
        switch (capture.status) {
          case 'completed':
          case 'already_completed': {
            const paid = await settlePending(tx, order, attempt.id, { ...settleDeps, log: request.log }, `${PAYPAL_PROVIDER}: captured ${capture.captureId}`, now);
            return { ok: true, result: { next: 'done', orderId: order.id, status: paid.status } };
          }
          case 'not_approved':
            return { ok: true, result: { next: 'redirect', orderId: order.id, status: order.status, url: capture.approveUrl } };
          case 'voided':
            await failPending(tx, order, attempt.id, PayErr.paymentFailed, `${PAYPAL_PROVIDER}: not approved by the payer`, now);
            return { ok: false, errCode: PayErr.paymentFailed };
          case 'unknown':
            throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, 'PayPal does not know the order');
        }
      });
    },

    /**
     * Confirms a mobile-money debit with the code the operator texted. A wrong code answers
     * -3033 and uses one of 3 tries; the third fails the order (17). An expired code answers
     * -3032 (the order is cancelled when its window closes). An empty wallet fails it (302).
     */
    async confirmLiquidoOtp({ body, ctx, request }) {
      return onPendingAttempt(ctx, body.orderId, MOBILE_MONEY_PROVIDER, async (tx, order, attempt, now) => {
        const outcome = await sandboxProvider().mobileMoney.confirm(tx, attempt.provider_ref, body.otp, now);
        switch (outcome.status) {
          case 'succeeded': {
            const paid = await settlePending(tx, order, attempt.id, { ...settleDeps, log: request.log }, `${MOBILE_MONEY_PROVIDER}: code confirmed`, now);
            return { ok: true, result: { next: 'done', orderId: order.id, status: paid.status } };
          }
          case 'declined':
            await failPending(tx, order, attempt.id, outcome.errCode, `${MOBILE_MONEY_PROVIDER}: declined ${outcome.errCode}`, now);
            return { ok: false, errCode: outcome.errCode };
          case 'too_many_attempts':
            await failPending(tx, order, attempt.id, PayErr.tooManyAttempts, `${MOBILE_MONEY_PROVIDER}: wrong code ${MOBILE_MONEY_OTP_TRIES} times`, now);
            return { ok: false, errCode: PayErr.tooManyAttempts };
          case 'wrong_code':
            return { ok: false, errCode: PayErr.wrongCode };
          case 'expired':
            return { ok: false, errCode: PayErr.codeExpired };
          case 'closed':
            throw new ApiRefusal(PayErr.paymentInfoNotFound, 200, 'the collection is closed');
        }
      });
    },

    /**
     * Quotes an open order in a coin (another coin than the one chosen at pay, or a fresh quote
     * after the first expired): a new address and amount; the earlier quote is cancelled.
     */
    async createCryptoPayment({ body, ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      const first = await db.transaction(async (tx) => {
        const order = await lockOpenOrder(tx, accountUid, body.orderId);
        const method = order.payment_type === 'crypto' && order.payment_method ? order.payment_method : 'crypto';
        const crypto = { coin: body.coin, ...(body.network ? { network: body.network } : {}) };
        return repayInTx(tx, accountUid, order, method, { input: { crypto }, ctx, request, now });
      });
      const paid = answer(await completeCharge(first, request));
      if (paid.next !== 'crypto') throw new Error(`the crypto provider answered ${paid.next}`);
      return paid;
    },

    /** The payment state of an order to show again: done when final, the pending instructions, else 1040. */
    async getPaymentInfoDetail({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const order = await paidOrOwnOrder(accountUid, body.orderId);
      if (paidStatuses.includes(order.status) || isTerminal(order.status)) return { next: 'done' as const, orderId: order.id, status: order.status };
      const [pending] = await db.query<{ instructions: Record<string, unknown> | null }>(
        "SELECT instructions FROM payment_attempts WHERE order_id = $1 AND status = 'pending' AND instructions IS NOT NULL ORDER BY id DESC LIMIT 1",
        [order.id],
      );
      if (!pending?.instructions) throw new ApiRefusal(PayErr.paymentInfoNotFound);
      return { ...pending.instructions, orderId: order.id, status: order.status } as PayResult;
    },
  });
}

type StoredAnswer = { data: PayResult } | { refusal: number };
