// The real world the checkout walks (a) and (b) arrange: a signed-in customer, and every answer
// made to happen for real: a running multi-screen plan (6000), a plan that does not exist (6001),
// an account flagged to reset its password (-2500), an unfinished order (the cart),
// another unpaid order holding the code (9004, or one that cannot be cancelled: 1003), the sandbox
// cards, PayPal, a PIX left unpaid until its window closed, a request lost on the network.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PayDetails } from '../../machines/payment/payment.types';
import type { FakeClock } from '../../server/clock';
import { createTestAccount, loginBody, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { card, detailsFor, letPixExpire, lossyClient, PIX_PAYER, type Expect } from './payment-world';
import { AnswerGate } from './real-server';
import { shapedDiscountCode } from '../../core/validation/helpers';

type Server = ReturnType<typeof useTestServer>;

/** The call each invocation makes, whose request is lost when its error is arranged. */
const routes: Record<string, string> = {
  checkAvailability: '/api/site/checkPlanAvailable/v1',
  loadCart: '/api/bill/query/cart',
  loadMethods: '/api/bill/payment/methods/v1',
  valuate: '/api/bill/goodsValuation',
  findRefusedOrder: '/api/bill/query/cart',
};

export class CheckoutWorld {
  account!: TestAccount;
  api!: ReturnType<typeof lossyClient>['api'];
  /** The customer's client (its store holds the log-in; a screens walk's page runs on it). */
  client!: ReturnType<typeof lossyClient>;
  private lose!: Set<string>;
  private auth: Record<string, string> = {};
  /** What the next payment, code and unbinding answers were arranged to be, and the availability check's refusal. */
  readonly plan: { payment: string; code: string; unbinding: string; unavailable?: number } = { payment: 'paid', code: 'applied', unbinding: '' };
  /** Whether the customer has typed a code yet. */
  private typed = false;
  /** Whether another unpaid order already holds the code typed last. */
  private holderMade = false;

  constructor(
    private readonly server: Server,
    private readonly clock: FakeClock,
    /** The single-screen plan bought: plan 1 (monthly, paid in full) or plan 3 (180 days, in instalments). */
    private readonly planId: '1' | '3' = '1',
  ) {}

  /** Holds answers while a screens walk looks at a state that waits for one. */
  readonly gate = new AnswerGate();

  async setUp() {
    this.account = await createTestAccount(this.server);
    const login = await this.server.post('/api/user/login/v1', loginBody(this.account));
    this.auth = { Authorization: (login.body.data as { token: string }).token, Language: 'en' };
    this.client = lossyClient(this.server.app, login.body.data, this.gate);
    ({ api: this.api, lose: this.lose } = this.client);
  }

  /** The plan the customer chose: one that does not exist (a stale link) when the check is to answer 6001. */
  get input() {
    const planId = this.plan.unavailable === 6001 ? '999999' : this.planId;
    return { planId, currency: 'BRL', country: 'BR', defaultInstallments: 3, email: this.account.account };
  }

  private pay(body: Record<string, unknown>) {
    return this.server.post('/api/bill/pay/v1', { planId: this.planId, currency: 'BRL', country: 'BR', email: this.account.account, ...body }, this.auth);
  }

  openOrders() {
    return this.server.db.query<{ id: string; status: string }>(
      "SELECT id, status FROM orders WHERE account_uid = $1 AND status NOT IN ('PAYMENT_SUCCEEDED', 'PAYMENT_CANCELLED') ORDER BY created_at DESC",
      [this.account.uid],
    );
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: Record<string, unknown> | null }).output;
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    if (kind === 'error' && routes[id ?? '']) return void this.lose.add(routes[id!]!);
    switch (id) {
      case 'checkAvailability': {
        const errCode = output?.kind === 'refused' ? (output.errCode as number) : undefined;
        this.plan.unavailable = errCode;
        // Spec section 6: a running multi-screen plan; a single-screen plan may not be bought.
        if (
          errCode === 6000 &&
          !(await this.server.db.query('SELECT 1 FROM entitlements WHERE account_uid = $1 AND device_count > 1', [this.account.uid])).length
        ) {
          await this.pay({ planId: '2', method: 'card', ...card('4242424242424242') });
        }
        // The account was flagged by the system upgrade: its password must be reset before buying.
        if (errCode === -2500) await this.server.db.query('UPDATE accounts SET must_reset_password = true WHERE uid = $1', [this.account.uid]);
        return;
      }
      case 'loadCart':
        // An unfinished order: a PIX code not paid yet.
        if (output && (await this.openOrders()).length === 0) await this.pay({ method: 'pix', payer: PIX_PAYER });
        return;
      case 'valuate': {
        const code = (output as { discountCode?: { applied: boolean; errCode?: number } } | undefined)?.discountCode;
        this.plan.code = !code ? 'none' : code.applied ? 'applied' : code.errCode === 9004 ? 'bound' : 'refused';
        return;
      }
      case 'unbinding':
        this.plan.unbinding = String(output?.kind);
        return;
      case 'payment':
        this.plan.payment = String(output?.kind);
        if (this.plan.payment === 'failed') this.lose.add('/api/bill/pay/v1');
        return;
    }
  }

  /**
   * The code the customer types: DESCONTO5, or PAUSADO (switched off: 9000). When the code is to
   * be held by another order, that order is made first: a PIX code, or a card charge whose answer
   * was lost (NETWORK_ERROR), which cannot be cancelled (1003).
   */
  async code(): Promise<string> {
    this.holderMade = false;
    if (this.plan.code === 'bound') await this.makeHolder();
    this.typed = true;
    return this.plan.code === 'refused' ? 'PAUSADO' : 'DESCONTO5';
  }

  /**
   * The customer picks another method or instalment count, with a code on the form: when that
   * price is to find the code held (9004), the other order takes it now.
   */
  async picked(): Promise<void> {
    if (this.plan.code === 'bound' && this.typed && !this.holderMade) await this.makeHolder();
  }

  /** Another unpaid order of the account takes DESCONTO5: a PIX code, or a card charge that cannot be cancelled (1003). */
  private async makeHolder() {
    const other = this.plan.unbinding === 'cannotRemove' ? { method: 'card', ...card('4000000000001117') } : { method: 'pix', payer: PIX_PAYER };
    await this.pay({ ...other, discountCode: 'DESCONTO5' });
    this.holderMade = true;
  }

  /** What the customer types for a CODE_APPLIED of the graph: a code of no coupon's shape as it is, else the code arranged. */
  async typedCode(event: EventObject): Promise<string> {
    const typed = (event as { code?: string }).code ?? '';
    return shapedDiscountCode(typed) ? this.code() : typed;
  }

  /** What the customer pays with, for the payment answer arranged. */
  details(): PayDetails {
    return detailsFor(this.plan.payment);
  }

  /** After the checkout started paying a PIX that is to be left unpaid: its window closes. */
  async whilePaying(payment: { getSnapshot(): AnyMachineSnapshot } | undefined, simulated: { increment(ms: number): void }) {
    if (this.plan.payment === 'closed' && payment) await letPixExpire(payment, this.server, this.clock, simulated);
  }

  /** What the server says in each state. */
  async checkServer(reached: AnyMachineSnapshot, event: EventObject, expect: Expect) {
    const c = reached.context as {
      outcome?: { kind: string; orderId?: string; url?: string };
      cart?: { id: string };
      orderId?: string;
      valuation?: { planId: string };
      codeErrCode?: number;
      error?: unknown;
    };
    if (event.type.startsWith('xstate.error')) expect(c.error).toMatchObject({ kind: 'network' });
    const orders = await this.openOrders();
    const has = async (id: string | undefined, status: string) =>
      (await this.server.db.query('SELECT 1 FROM orders WHERE id = $1 AND status = $2', [id, status])).length;
    switch (JSON.stringify(reached.value)) {
      case '"unavailable"':
        expect(c.outcome).toEqual({ kind: 'unavailable', errCode: this.plan.unavailable });
        break;
      case '"passwordResetNeeded"':
        expect(this.plan.unavailable).toBe(-2500);
        expect(c.outcome).toEqual({ kind: 'resetPassword' });
        break;
      case '"cartFound"':
        expect(orders.map((o) => o.id)).toContain(c.cart?.id);
        break;
      case '"finishingOrder"':
        expect(c.outcome).toEqual({ kind: 'finishOrder', orderId: c.cart?.id });
        break;
      case '"editing"':
        expect(c.valuation?.planId).toBe(this.planId);
        if (this.plan.code === 'refused' && event.type === 'xstate.done.actor.valuate') expect(c.codeErrCode).toBe(9000);
        // Only a code of no coupon's shape stays on the form: refused without a call.
        if (event.type === 'CODE_APPLIED') expect(c.codeErrCode).toBe(9001);
        if (c.orderId) expect(orders.map((o) => o.id)).toContain(c.orderId);
        if (event.type === 'xstate.done.actor.findRefusedOrder') expect(orders.find((o) => o.id === c.orderId)?.status).toBe('PAYMENT_FAILED');
        break;
      case '"paid"':
        expect(await has(c.outcome?.orderId, 'PAYMENT_SUCCEEDED')).toBe(1);
        break;
      case '"pending"':
        expect(orders.some((o) => o.status === 'NETWORK_ERROR')).toBe(true);
        break;
      case '"redirected"':
        expect(c.outcome?.url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
        break;
      case '"closed"':
        expect(await has(c.outcome?.orderId, 'PAYMENT_CANCELLED')).toBe(1);
        break;
    }
    if (event.type === 'xstate.done.actor.unbinding' && this.plan.unbinding === 'unbound') {
      // The other order was cancelled; the code now applies here.
      expect(
        (
          await this.server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND discount_code = 'DESCONTO5' AND status = 'PAYMENT_CANCELLED'", [
            this.account.uid,
          ])
        ).length,
      ).toBe(1);
    }
  }
}
