// The real world the repay walks (a) and (b) arrange: a customer with an order to pay again, made
// for real (declined by the sandbox card network, or paid, for one that can no longer be paid), and
// each answer after: the sandbox cards, PayPal, a PIX left unpaid, a request lost on the network.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PayDetails } from '../../machines/payment/payment.types';
import type { FakeClock } from '../../server/clock';
import { createTestAccount, loginBody } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import type { FlowPath } from './harness';
import { card, detailsFor, letPixExpire, lossyClient, PIX_PAYER, type Expect } from './payment-world';
import { AnswerGate } from './real-server';

type Server = ReturnType<typeof useTestServer>;

export class RepayWorld {
  api!: ReturnType<typeof lossyClient>['api'];
  /** The customer's client (its store holds the log-in; a screens walk's page runs on it). */
  client!: ReturnType<typeof lossyClient>;
  orderId = '';
  private lose!: Set<string>;
  /** What the next payment answer was arranged to be. */
  outcome = 'paid';
  /** Holds answers while a screens walk looks at a state that waits for one. */
  readonly gate = new AnswerGate();

  constructor(
    private readonly server: Server,
    private readonly clock: FakeClock,
    /** The plan of the order: 1 (monthly, in full) or 3 (180 days, in instalments). */
    private readonly planId: '1' | '3' = '1',
  ) {}

  /**
   * The order to repay: declined by the card network, or, when the path's first answer says so,
   * paid, charged with its answer lost (NETWORK_ERROR, 4000 0000 0000 1117), or paid by a PIX
   * code left unpaid (PAYMENT_PENDING).
   */
  async setUp(path: FlowPath<never>, expect: Expect) {
    const account = await createTestAccount(this.server);
    const login = await this.server.post('/api/user/login/v1', loginBody(account));
    const auth = { Authorization: (login.body.data as { token: string }).token, Language: 'en' };
    this.client = lossyClient(this.server.app, login.body.data, this.gate);
    ({ api: this.api, lose: this.lose } = this.client);
    const first = (path.steps[1]?.event as { output?: { status?: string } }).output;
    const number = first?.status === 'PAYMENT_SUCCEEDED' ? '4242424242424242' : first?.status === 'NETWORK_ERROR' ? '4000000000001117' : '4000000000000002';
    const method = first?.status === 'PAYMENT_PENDING' ? { method: 'pix', payer: PIX_PAYER } : { method: 'card', ...card(number) };
    await this.server.post('/api/bill/pay/v1', { planId: this.planId, currency: 'BRL', country: 'BR', email: account.account, ...method }, auth);
    const [order] = await this.server.db.query<{ id: string; status: string }>('SELECT id, status FROM orders WHERE account_uid = $1', [account.uid]);
    expect(order?.status).toBe(first?.status ?? 'PAYMENT_FAILED');
    this.orderId = order!.id;
  }

  get input() {
    return { orderId: this.orderId, country: 'BR', defaultInstallments: 3 };
  }

  async arrange(event: EventObject) {
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    if (kind === 'error') this.lose.add(id === 'loadOrder' ? `/api/bill/order/v1/${this.orderId}` : '/api/bill/payment/methods/v1');
    if (id === 'payment') {
      this.outcome = String((event as { output?: { kind?: string } }).output?.kind);
      if (this.outcome === 'failed') this.lose.add('/api/bill/repay/v1');
    }
  }

  details(): PayDetails {
    return detailsFor(this.outcome);
  }

  async whilePaying(payment: { getSnapshot(): AnyMachineSnapshot } | undefined, simulated: { increment(ms: number): void }) {
    if (this.outcome === 'closed' && payment) await letPixExpire(payment, this.server, this.clock, simulated);
  }

  /** The order's payment attempts still waiting for the customer's money. */
  private async pendingAttempts() {
    const rows = await this.server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1 AND status = 'pending'", [
      this.orderId,
    ]);
    return rows[0]?.n;
  }

  private async status() {
    return (await this.server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [this.orderId]))[0]?.status;
  }

  async checkServer(reached: AnyMachineSnapshot, event: EventObject, expect: Expect) {
    const c = reached.context as { order?: { id: string }; payErrCode?: number; outcome?: { url?: string }; error?: unknown };
    if (event.type.startsWith('xstate.error')) expect(c.error).toMatchObject({ kind: 'network' });
    switch (JSON.stringify(reached.value)) {
      case '"awaitingMoney"':
        // Asking replaced nothing: the order still waits for its PIX code.
        expect(await this.status()).toBe('PAYMENT_PENDING');
        expect(await this.pendingAttempts()).toBe(1);
        break;
      case '"resuming"':
        expect(c.outcome).toEqual({ kind: 'resume', orderId: this.orderId });
        expect(await this.pendingAttempts()).toBe(1);
        break;
      case '"editing"':
        expect(c.order?.id).toBe(this.orderId);
        expect(['PAYMENT_FAILED', 'NETWORK_ERROR', 'PAYMENT_PENDING']).toContain(await this.status());
        if (event.type === 'xstate.done.actor.payment' && this.outcome === 'declined') expect(c.payErrCode).toBe(301);
        break;
      case '"paid"':
        expect(await this.status()).toBe('PAYMENT_SUCCEEDED');
        expect(c.outcome).toEqual({ kind: 'paid', orderId: this.orderId });
        break;
      case '"closed"':
        expect(['PAYMENT_SUCCEEDED', 'PAYMENT_CANCELLED']).toContain(await this.status());
        break;
      case '"pending"':
        expect(await this.status()).toBe('NETWORK_ERROR');
        expect(c.outcome).toEqual({ kind: 'pending', orderId: this.orderId });
        break;
      case '"redirected"':
        expect(c.outcome?.url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
        break;
    }
  }
}
