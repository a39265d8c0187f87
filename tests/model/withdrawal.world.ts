// The real server state behind each answer of the withdrawal walks (docs/decisions/058): a
// customer who bought plan 1 by the method the path's answers need (a card is refunded or refused
// at once; PIX, a boleto and crypto wait for their provider), and what happens meanwhile: the
// 7 days pass, another tab withdraws first, the card holder's bank disputes the charge, the card
// network has already returned part of the charge, the sandbox bank makes the refund before the
// customer cancels it, the site restarts with no provider for the method that paid, a storage fault.
// Shared by walks (a), (b) and (c).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { WithdrawalErr, withdrawableStatuses } from '../../core/config/withdrawal';
import { refusals } from '../../machines/withdrawal/withdrawal.actors';
import type { WithdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import type { RefundBankAccount, WithdrawDetails } from '../../machines/withdrawal/withdrawal.types';
import { buildApp } from '../../server/app';
import type { FakeClock } from '../../server/clock';
import { testCard, VISA_OK } from '../helpers/cards';
import type { useTestServer } from '../helpers/test-server';
import { signedInClient } from './billing.world';
import { storageFault } from './faults';
import type { FlowPath } from './harness';
import type { WithdrawalStart } from './withdrawal.model';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;
type Method = 'card' | 'pix' | 'boleto' | 'crypto';

const DAY = 86_400_000;
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const BOLETO_PAYER = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };
/** The slip's payer's own account: the payout the sandbox bank makes. */
export const BANK_ACCOUNT: RefundBankAccount = { bank: '001', branch: '1234', account: '12345-6', holderCpf: '123.456.789-09' };
/** What the customer types for each refusal of the destination: a 1-digit bank code, someone else's CPF, a mistyped address. */
export const MISTYPED: Record<number, WithdrawDetails> = {
  [WithdrawalErr.bankAccountInvalid]: { bankAccount: { ...BANK_ACCOUNT, bank: '1' } },
  [WithdrawalErr.holderCpfMismatch]: { bankAccount: { ...BANK_ACCOUNT, holderCpf: '529.982.247-25' } },
  [WithdrawalErr.refundAddressInvalid]: { refundAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy' },
};
/** A bitcoin testnet address (BIP 173's example): where the chain transfer goes. */
export const REFUND_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

/** The answers only a card gives (at once), and only a pending refund's provider (later). */
const cardAnswers = ['succeeded', 'rejected'];

/** Which method pays the path's purchase: the one whose refund answers as the path's answers do. */
export function methodOf(path: FlowPath<WithdrawalMachine>): Method {
  const start = path.start as WithdrawalStart;
  if (start === 'bankAccount') return 'boleto';
  if (start === 'address') return 'crypto';
  if (start === 'refundPending') return 'pix';
  const kinds = path.steps.map((s) => (s.event as { output?: Output }).output?.kind).filter(Boolean);
  const waits = kinds.includes('pending') || path.steps.some((s) => s.event.type.endsWith('.cancelRefund'));
  if (waits && kinds.some((k) => cardAnswers.includes(k!))) throw new Error(`no method answers both at once and later: ${JSON.stringify(kinds)}`);
  return waits ? 'pix' : 'card';
}

export class WithdrawalWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  orderId = '';
  email = '';
  /** What the customer types on the confirmation next (a refusal's mistake, or the right details). */
  details: WithdrawDetails = {};
  private repairs: Array<() => Promise<void>> = [];
  private paidVia: Method = 'card';
  /** The site as restarted under the customer's open page, while it runs (`restartWithPaymentsOff`). */
  private restarted: FastifyInstance | undefined;

  constructor(
    private server: Server,
    private clock: FakeClock,
    /** How the path starts, and the method that pays its purchase (`methodOf`). */
    private how: { start: WithdrawalStart; method: Method },
  ) {}

  /** The world of a graph path: paid by the method its answers need. */
  static of(server: Server, clock: FakeClock, path: FlowPath<WithdrawalMachine>) {
    return new WithdrawalWorld(server, clock, { start: path.start as WithdrawalStart, method: methodOf(path) });
  }

  async setUp() {
    const { method, start } = this.how;
    this.paidVia = method;
    this.customer = await signedInClient(this.server, () => this.restarted ?? this.server.app);
    this.email = `withdrawal-${this.customer.account.uid}@example.com`;
    const extra =
      method === 'card'
        ? { currency: 'BRL', country: 'BR', card: testCard(VISA_OK) }
        : method === 'crypto'
          ? { currency: 'USD', crypto: { coin: 'BTC' } }
          : { currency: 'BRL', country: 'BR', payer: method === 'pix' ? PAYER : BOLETO_PAYER };
    const res = await this.server.post('/api/bill/pay/v1', { planId: '1', method, email: this.email, ...extra }, this.customer.auth);
    const data = res.body.data as { orderId: string; address?: string };
    this.orderId = data.orderId;
    if (method !== 'card') {
      const [attempt] = await this.server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_attempts WHERE order_id = $1', [this.orderId]);
      const ref = method === 'crypto' ? data.address : attempt!.provider_ref;
      expect((await this.server.app.inject({ method: 'POST', url: `/api/sandbox/${method}/pay/${ref}` })).json()).toMatchObject({ result: 'applied' });
    }
    expect(await this.status()).toBe('PAYMENT_SUCCEEDED');
    this.details = this.rightDetails();
    if (start === 'refundPending') expect((await this.withdrawElsewhere()).data).toMatchObject({ status: 'pending' });
  }

  /** The details the refund needs, right. */
  private rightDetails(): WithdrawDetails {
    if (this.paidVia === 'boleto') return { bankAccount: BANK_ACCOUNT };
    return this.paidVia === 'crypto' ? { refundAddress: REFUND_ADDRESS } : {};
  }

  /** The same customer withdraws from another tab (or had, before opening this page). */
  private async withdrawElsewhere() {
    const res = await this.server.post('/api/bill/order/withdraw/v1', { orderId: this.orderId, ...this.rightDetails() }, this.customer.auth);
    return res.body as { code: number; data?: { status: string } };
  }

  status = async () => (await this.server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [this.orderId]))[0]!.status;
  private refundStatus = async () =>
    (await this.server.db.query<{ status: string }>('SELECT status FROM refunds WHERE order_id = $1 ORDER BY id DESC LIMIT 1', [this.orderId]))[0]?.status ??
    null;
  mails = async () => (await this.server.services.outbox.list({ to: this.email })).map((m) => m.template).reverse();

  /**
   * The operator restarts the site with payments off (`PAYMENTS=off`, docs/decisions/035: a demo
   * or staging site on the sandbox, turned off until a live adapter is configured) while the
   * customer's page is open: the same code, database, secret and clock, so the session holds and
   * the order stays paid, but no provider collects the method that paid any more, and a
   * withdrawal is support's (8407, docs/decisions/058). Of the ways to meet 8407 this one writes
   * nothing itself: renaming the paid attempt's provider, as if an earlier gateway had taken it,
   * would be the walk's word on what paid, not the site's; and the registry has no setting to
   * move one method, only this configuration (server/payments/registry.ts).
   */
  private async restartWithPaymentsOff() {
    const { app, services } = this.server;
    const restarted = await buildApp({
      config: { ...app.config, payments: 'off' },
      db: this.server.db,
      clock: this.clock,
      hasher: services.hasher,
      logger: false,
    });
    await restarted.ready();
    expect(restarted.services.payments.has(this.paidVia)).toBe(false);
    this.restarted = restarted;
    return async () => {
      this.restarted = undefined;
      await restarted.close();
    };
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: Output }).output;
    this.details = this.rightDetails();
    if (event.type.startsWith('xstate.error.actor.')) return void this.repairs.push(await storageFault(this.server, 'refunds'));
    if (event.type === 'xstate.done.actor.withdraw' && output?.kind === 'refused') {
      const code = output.errCode!;
      if (MISTYPED[code]) this.details = MISTYPED[code];
      // The 7 days pass while the page is open.
      else if (code === WithdrawalErr.windowPassed) this.clock.advance(8 * DAY);
      // Another tab withdrew first: the card was refunded there.
      else if (code === WithdrawalErr.notWithdrawable) expect((await this.withdrawElsewhere()).data).toMatchObject({ status: 'succeeded' });
      // The site is restarted without the provider that took the payment while the page is open.
      else if (code === WithdrawalErr.refundUnavailable) this.repairs.push(await this.restartWithPaymentsOff());
      // The card holder's bank disputes the charge while the page is open (docs/decisions/069).
      else if (code === WithdrawalErr.disputeOpen)
        expect((await this.server.app.inject({ method: 'POST', url: `/api/sandbox/card/dispute/${this.orderId}`, payload: {} })).json()).toMatchObject({
          result: 'applied',
        });
      return;
    }
    // The card network already returned a cent of the charge (a partial refund): the whole amount
    // can no longer go back, and the network refuses the refund.
    if (event.type === 'xstate.done.actor.withdraw' && output?.kind === 'rejected') {
      const [attempt] = await this.server.db.query<{ provider_ref: string }>(
        "SELECT provider_ref FROM payment_attempts WHERE order_id = $1 AND status = 'succeeded'",
        [this.orderId],
      );
      const made = await this.server.services.payments.card!.refund!(this.server.db, {
        providerRef: attempt!.provider_ref,
        amount: 1,
        reason: 'duplicate',
        idempotencyKey: `walk-partial:${this.orderId}`,
        now: this.clock.now(),
      });
      return void expect(made.status).toBe('succeeded');
    }
    // The sandbox bank makes the refund before the customer's cancellation arrives.
    if (event.type === 'xstate.done.actor.cancelRefund' && output?.kind === 'refused') {
      const pending = (await this.server.app.inject({ method: 'GET', url: `/api/sandbox/refunds/pending/${this.orderId}` })).json() as {
        refunds: { refundId: string }[];
      };
      const settled = await this.server.app.inject({ method: 'POST', url: `/api/sandbox/refunds/settle/${pending.refunds[0]!.refundId}` });
      expect(settled.json()).toMatchObject({ status: 'succeeded', result: 'applied' });
    }
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) await this.repair();
    expectNoToastOf(this.customer.client, refusals);
    // While a call runs, the server is as arranged for its answer (a fault may be in place).
    if (reached.hasTag('busy')) return;
    const [status, refund, mails] = [await this.status(), await this.refundStatus(), await this.mails()];
    const { errCode, error } = reached.context;
    // The server's own code, the one the path asked for (a closing refusal's state is the same for each).
    const output = (event as { output?: Output }).output;
    if (output?.kind === 'refused') expect(errCode).toBe(output.errCode);
    if (reached.matches('idle') || reached.matches('confirming')) {
      // Nothing asked yet (or again, after a refused or cancelled refund), or refused for what was
      // typed: the purchase stands as it was, and no refund is under way.
      expect(withdrawableStatuses).toContain(status);
      expect(['pending', 'succeeded']).not.toContain(refund);
      if (event.type === 'xstate.done.actor.withdraw')
        expect([status, Object.keys(MISTYPED).map(Number).includes(errCode)]).toEqual(['PAYMENT_SUCCEEDED', true]);
      else expect(errCode).toBeNull();
    }
    if (reached.matches('pending')) expect([status, refund, mails.at(-1)]).toEqual(['REFUND_PENDING', 'pending', 'refundRequested']);
    if (reached.matches('refunded'))
      // A card refunded at once gets the one e-mail that says so (docs/decisions/058).
      expect([status, refund, mails.slice(-2)]).toEqual(['REFUND_SUCCEEDED', 'succeeded', ['receipt', 'refundSucceeded']]);
    if (reached.matches('rejected')) expect([status, refund, mails.at(-1)]).toEqual(['REFUND_REJECTED', 'rejected', 'refundRejected']);
    if (reached.matches('cancelled')) expect([status, refund, mails.at(-1)]).toEqual(['REFUND_CANCELLED', 'cancelled', 'refundCancelled']);
    if (reached.matches('closed')) {
      // Refused for good: past the 7 days, or where support must refund, nothing changed; under a
      // chargeback the card network decides; otherwise the money already went back.
      const kept: Record<number, string> = {
        [WithdrawalErr.windowPassed]: 'PAYMENT_SUCCEEDED',
        [WithdrawalErr.refundUnavailable]: 'PAYMENT_SUCCEEDED',
        [WithdrawalErr.disputeOpen]: 'CHARGEBACK_PENDING',
      };
      expect(status).toBe(kept[errCode!] ?? 'REFUND_SUCCEEDED');
      if (kept[errCode!]) expect(['pending', 'succeeded']).not.toContain(refund);
    }

    if (reached.matches('failure')) {
      expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
      // Nothing was written: the purchase stands, or its refund stays pending.
      if (reached.context.refundPending) expect(status).toBe('REFUND_PENDING');
      else expect(withdrawableStatuses).toContain(status);
    }
  }
}
