import type { FakeClock } from '../../server/clock';
import { expireOverdue, reconcileCharging, reconcileUnknown } from '../../server/billing/payment-jobs';
import { retryUnansweredRefunds } from '../../server/billing/refund-retry';
import { runPixAutomatico } from '../../server/billing/pix-automatico';
import { runRenewals } from '../../server/billing/renewal';
import { BOLETO_PROVIDER } from '../../server/payments/boleto-provider';
import { PIX_PROVIDER } from '../../server/payments/pix-provider';
import { SANDBOX_CLOSED_ACCOUNT } from '../../server/payments/sandbox-refunds';
import { sandboxWebhookKey, WEBHOOK_SIGNATURE_HEADER } from '../../server/payments/payment-events';
import { signWebhook } from '../../server/payments/webhook-signature';
import { createTestAccount, DEFAULT_TEST_PASSWORD, sessionFor, type ServerHandle, type TestAccount } from './accounts';
import { testCard, VISA_OK } from './cards';
import type { EnvelopeBody } from './test-server';

/**
 * The money world (docs/decisions/069): one real server on a moved clock, and every actor that
 * moves money on it: a customer (through the contract's calls), the bank that pays codes and
 * slips, the card network that opens and closes disputes, the PSP that settles refunds, and the
 * clock with the jobs it wakes. The regression tests and the model-based suite
 * (tests/server/money-model.test.ts) drive it; `tests/helpers/money-invariants.ts` checks it.
 * Every call answers what the server said: a refusal is an outcome, never an exception; a 5xx or a
 * broken envelope is.
 */

export type Outcome<T = Record<string, unknown>> = { ok: true; data: T } | { ok: false; errCode: number };

export interface WorldServer extends ServerHandle {
  app: {
    inject(options: {
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: string;
    }): Promise<{ statusCode: number; json(): unknown; body: string }>;
  };
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: EnvelopeBody }>;
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: EnvelopeBody }>;
}

const DAY = 86_400_000;
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const BOLETO_PAYER = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };
/** Where a boleto's refund goes: an account of the payer's. */
export const REFUND_ACCOUNT = { bank: '001', branch: '1234', account: '12345-6', holderCpf: PAYER.cpf };

export type PayMethod = 'card' | 'pix' | 'boleto';

function envelope<T>(res: { status: number; body: EnvelopeBody }, what: string): Outcome<T> {
  if (res.status >= 500 || typeof res.body?.code !== 'number') throw new Error(`${what}: the server failed (${res.status} ${JSON.stringify(res.body)})`);
  if (res.body.code === 0) return { ok: true, data: res.body.data as T };
  if (typeof res.body.errCode !== 'number') throw new Error(`${what}: a refusal without a code (${JSON.stringify(res.body)})`);
  return { ok: false, errCode: res.body.errCode };
}

/** A customer of the world: one account, its session renewed as the clock moves. */
export class Customer {
  private token = '';
  private tokenAt = -Infinity;

  constructor(
    readonly world: MoneyWorld,
    readonly account: TestAccount,
  ) {}

  get uid(): number {
    return this.account.uid;
  }

  get db() {
    return this.world.server.db;
  }

  now(): number {
    return this.world.clock.now();
  }

  async auth(): Promise<Record<string, string>> {
    // A session lasts 10 days (spec section 4): a moved clock outlives it.
    if (this.world.clock.now() - this.tokenAt > 9 * DAY) {
      this.token = await sessionFor(this.world.server, this.account);
      this.tokenAt = this.world.clock.now();
    }
    return { Authorization: this.token, Language: 'en' };
  }

  async call<T = Record<string, unknown>>(url: string, body: unknown): Promise<Outcome<T>> {
    return envelope<T>(await this.world.server.post(url, body, await this.auth()), url);
  }

  async get<T = Record<string, unknown>>(url: string): Promise<Outcome<T>> {
    return envelope<T>(await this.world.server.get(url, await this.auth()), url);
  }

  /** Buys `planId` by `method`: a card is saved, so a monthly plan renews itself. */
  buy(method: PayMethod, planId: string): Promise<Outcome<{ orderId: string; status: string }>> {
    const base = { planId, method, currency: 'BRL', country: 'BR', email: this.account.email };
    if (method === 'card') return this.call('/api/bill/pay/v1', { ...base, card: testCard(VISA_OK, { save: true }) });
    return this.call('/api/bill/pay/v1', { ...base, payer: method === 'pix' ? PAYER : BOLETO_PAYER });
  }

  /** Pays an open order again: by the saved card (or a new one), by PIX, or by slip. */
  async repay(orderId: string, method: PayMethod): Promise<Outcome<{ orderId: string; status: string }>> {
    if (method === 'card') {
      const saved = await this.savedCard();
      return this.call('/api/bill/repay/v1', { orderId, method, card: saved ? { savedCardId: saved } : testCard(VISA_OK, { save: true }) });
    }
    return this.call('/api/bill/repay/v1', { orderId, method, email: this.account.email, payer: method === 'pix' ? PAYER : BOLETO_PAYER });
  }

  async savedCard(): Promise<string | undefined> {
    const cards = await this.call<{ id: string }[]>('/api/bill/listCard', {});
    return cards.ok ? cards.data[0]?.id : undefined;
  }

  changePlan(planId: string): Promise<Outcome<{ when: 'now' | 'renewal'; orderId?: string }>> {
    return this.call('/api/bill/planChange/v1', { planId });
  }

  quote(planId: string): Promise<Outcome<{ kind: string; when: string; credit: number; due: number; price: number }>> {
    return this.call('/api/bill/planChange/quote/v1', { planId });
  }

  undoPlanChange(): Promise<Outcome> {
    return this.call('/api/bill/planChange/undo/v1', {});
  }

  cancelRenewal(): Promise<Outcome> {
    return this.call('/api/job/updateRenewStatus/v1', { status: 'cancelled' });
  }

  renewInfo(): Promise<Outcome<{ status: string; planId: string; amount: number; nextBillingDate?: number }>> {
    return this.call('/api/job/renewInfo/v1', {});
  }

  withdraw(orderId: string): Promise<Outcome<{ status: string }>> {
    return this.call('/api/bill/order/withdraw/v1', { orderId, bankAccount: REFUND_ACCOUNT });
  }

  /** The boleto and transfer refunds need an account; a card's or a PIX's goes back the way it came and takes none. */
  withdrawAsTheFormDoes(orderId: string, paymentType: string | undefined): Promise<Outcome<{ status: string }>> {
    const needsAccount = paymentType === 'boleto' || paymentType === 'bank_transfer';
    return this.call('/api/bill/order/withdraw/v1', { orderId, ...(needsAccount ? { bankAccount: REFUND_ACCOUNT } : {}) });
  }

  /** A withdrawal of a slip payment to an account the bank will find closed: the PSP refuses the payout (docs/decisions/058). */
  withdrawToClosedAccount(orderId: string): Promise<Outcome<{ status: string }>> {
    return this.call('/api/bill/order/withdraw/v1', { orderId, bankAccount: { ...REFUND_ACCOUNT, account: SANDBOX_CLOSED_ACCOUNT } });
  }

  cancelWithdrawal(orderId: string): Promise<Outcome> {
    return this.call('/api/bill/order/withdraw/cancel/v1', { orderId });
  }

  startPixAutomatico(planId: string): Promise<Outcome<{ idRec: string; status: string }>> {
    return this.call('/api/job/pixAutomatico/start/v1', { planId });
  }

  cancelPixAutomatico(): Promise<Outcome> {
    return this.call('/api/job/pixAutomatico/cancel/v1', {});
  }

  deleteAccount(): Promise<Outcome> {
    return this.call('/api/user/account/delete/v1', { password: DEFAULT_TEST_PASSWORD });
  }

  orders(): Promise<Outcome<{ items: { id: string; status: string; total: number; paymentType?: string }[]; total: number }>> {
    return this.call('/api/bill/orders/v1', { page: 1, pageSize: 50 });
  }

  order(orderId: string): Promise<Outcome<{ id: string; status: string; total: number; paymentType?: string; withdrawableUntil?: number }>> {
    return this.get(`/api/bill/order/v1/${orderId}`);
  }

  info(): Promise<Outcome<{ planId?: string; expiredTime?: number; bizRemainingDays: number }>> {
    return this.call('/api/user/queryInfo/v1', {});
  }
}

/** What the bank or a sandbox route answered: its status and body. */
export interface SandboxAnswer {
  status: number;
  body: Record<string, unknown>;
}

export class MoneyWorld {
  /** What the bank paid for each account (codes, slips, PIX Automático debits): its side of the pocket (money-invariants.ts). */
  readonly paidByBank = new Map<number, number>();

  constructor(
    readonly server: WorldServer,
    readonly clock: FakeClock,
  ) {}

  private async owner(orderId: string): Promise<number> {
    const [o] = await this.server.db.query<{ account_uid: number }>('SELECT account_uid FROM orders WHERE id = $1', [orderId]);
    return Number(o!.account_uid);
  }

  /** Money the bank sent: once the provider delivered its event (any answer but a redelivery's), it has left the payer. */
  private async counted(orderId: string, amount: number, answer: SandboxAnswer): Promise<SandboxAnswer> {
    if (answer.status === 200 && answer.body.delivered === 200 && answer.body.result !== 'duplicate') {
      const uid = await this.owner(orderId);
      this.paidByBank.set(uid, (this.paidByBank.get(uid) ?? 0) + amount);
    }
    return answer;
  }

  async customer(): Promise<Customer> {
    return new Customer(this, await createTestAccount(this.server));
  }

  async sandbox(url: string, body?: unknown): Promise<SandboxAnswer> {
    const res = await this.server.app.inject({
      method: 'POST',
      url,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    });
    if (res.statusCode >= 500) throw new Error(`${url}: the sandbox failed (${res.statusCode} ${res.body})`);
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  /** The reference the bank pays an order by: its pending PIX code's txid or slip's barcode. */
  async pendingReference(orderId: string): Promise<{ provider: string; reference: string; amount: number } | undefined> {
    const [row] = await this.server.db.query<{ provider: string; provider_ref: string; amount: number }>(
      `SELECT provider, provider_ref, amount::int AS amount FROM payment_attempts WHERE order_id = $1 AND provider = ANY($2::text[])
       ORDER BY (status = 'pending') DESC, id DESC LIMIT 1`,
      [orderId, [PIX_PROVIDER, BOLETO_PROVIDER]],
    );
    return row && { provider: row.provider, reference: row.provider_ref, amount: Number(row.amount) };
  }

  /** The payer's bank pays the order's code or slip, as the payer's app reads it. */
  async bankPays(orderId: string): Promise<SandboxAnswer | undefined> {
    const ref = await this.pendingReference(orderId);
    if (!ref) return undefined;
    const answer = await this.sandbox(ref.provider === PIX_PROVIDER ? `/api/sandbox/pix/pay/${ref.reference}` : `/api/sandbox/boleto/pay/${ref.reference}`);
    return this.counted(orderId, ref.amount, answer);
  }

  /**
   * A bank that pays a code it was already paid, or after the portal closed it (it had read the
   * code before): the provider's signed event of a payment, with an event id of its own.
   */
  async bankPaysRegardless(orderId: string): Promise<SandboxAnswer | undefined> {
    const ref = await this.pendingReference(orderId);
    if (!ref) return undefined;
    const now = this.clock.now();
    const event = {
      id: `evt_again_${orderId}_${now}_${Math.random().toString(36).slice(2, 8)}`,
      type: 'payment.succeeded',
      data: { reference: ref.reference, amount: ref.amount, currency: 'BRL', paidAt: now },
    };
    const raw = JSON.stringify(event);
    const res = await this.server.app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/${ref.provider}`,
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(sandboxWebhookKey(this.server.services), raw, now) },
      payload: raw,
    });
    if (res.statusCode >= 500) throw new Error(`webhook: the server failed (${res.statusCode} ${res.body})`);
    return this.counted(orderId, ref.amount, { status: res.statusCode, body: { delivered: res.statusCode, ...(res.json() as Record<string, unknown>) } });
  }

  /** The card holder's bank moves its dispute of the order's charge one step (opened, under review, closed with `outcome`). */
  dispute(orderId: string, outcome: 'lost' | 'won' | 'warning_closed' = 'lost'): Promise<SandboxAnswer> {
    return this.sandbox(`/api/sandbox/card/dispute/${orderId}`, { outcome });
  }

  /** The PSP settles every refund of the order it holds pending (paid out, or refused for a closed account). */
  async pspSettlesRefunds(orderId: string): Promise<SandboxAnswer[]> {
    const res = await this.server.app.inject({ method: 'GET', url: `/api/sandbox/refunds/pending/${orderId}` });
    const { refunds } = res.json() as { refunds: { refundId: string }[] };
    const answers: SandboxAnswer[] = [];
    for (const r of refunds) answers.push(await this.sandbox(`/api/sandbox/refunds/settle/${r.refundId}`));
    return answers;
  }

  /** The next `calls` refund calls of every sandbox provider go unanswered (docs/decisions/058). */
  refundOutage(fault: 'unavailable' | 'answer_lost', calls: number): Promise<SandboxAnswer> {
    return this.sandbox('/api/sandbox/refunds/outage', { fault, calls });
  }

  /** The payer's bank approves an authorisation by its composite QR: it pays the first month and approves. */
  async approvePixAutomatico(idRec: string): Promise<SandboxAnswer> {
    const [rec] = await this.server.db.query<{ first_order_id: string }>('SELECT first_order_id FROM pix_recurrences WHERE id_rec = $1', [idRec]);
    const ref = rec && (await this.pendingReference(rec.first_order_id));
    const answer = await this.sandbox(`/api/sandbox/pix-automatico/rec/${idRec}/approve`);
    // The first month is paid by the same QR before the approval is told.
    if (rec && ref && answer.status === 200) await this.counted(rec.first_order_id, ref.amount, { status: 200, body: { delivered: 200, result: 'applied' } });
    return answer;
  }

  /** The payer's bank debits every PIX Automático charge of the account scheduled by now. */
  async bankDebitsPixAutomatico(accountUid: number): Promise<SandboxAnswer[]> {
    const due = await this.server.db.query<{ txid: string; amount: number }>(
      `SELECT c.txid, c.amount::int AS amount FROM pix_recurring_charges c JOIN pix_recurrences r ON r.id_rec = c.id_rec
       WHERE r.account_uid = $1 AND c.status = 'ATIVA' AND c.try_at <= $2`,
      [accountUid, new Date(this.clock.now())],
    );
    const answers: SandboxAnswer[] = [];
    for (const { txid, amount } of due) {
      const answer = await this.sandbox(`/api/sandbox/pix-automatico/cobr/${txid}/settle`);
      if (answer.status === 200 && answer.body.delivered === 200 && answer.body.result !== 'duplicate')
        this.paidByBank.set(accountUid, (this.paidByBank.get(accountUid) ?? 0) + Number(amount));
      answers.push(answer);
    }
    return answers;
  }

  /**
   * The clock moves, a day at most at a time, and at each step what the time wakes runs, as a
   * server's jobs would have every few minutes: the payment jobs, the renewal passes (a declined
   * card is retried the next day), the PIX Automático pass, and the payer's bank debiting what
   * that pass scheduled for `debitsOf` (an account). Answers the bank's answers to those debits.
   */
  async advance(ms: number, debitsOf?: number): Promise<SandboxAnswer[]> {
    const services = this.server.services;
    const debits: SandboxAnswer[] = [];
    for (let left = ms; left > 0; left -= DAY) {
      this.clock.advance(Math.min(left, DAY));
      // The payment jobs (payment-jobs.ts) but the card network's day of charges matched against
      // the orders: in one process nothing charges twice, and the sequences, each starting on the
      // same date, would have it compare every earlier sequence's charges at every step.
      await expireOverdue(services);
      await reconcileCharging(services, quiet);
      await reconcileUnknown(services, quiet);
      await retryUnansweredRefunds(services, quiet);
      while ((await runRenewals(services, { now: this.clock.now(), limit: 200 })).claimed === 200);
      await runPixAutomatico(services, { now: this.clock.now() });
      if (debitsOf !== undefined) debits.push(...(await this.bankDebitsPixAutomatico(debitsOf)));
    }
    return debits;
  }
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
