// The real world the payment walks (a) and (b) arrange: a signed-in customer, the payment each
// path starts (which method, which sandbox card), and every answer made to happen for real: the
// sandbox bank, chain and statement paying, a payment window closing (the server's clock and its
// expiry job), each refusal of a new order (a sandbox card, a saved card declined, deleted or
// another's, a method, country or currency not taken, a code used up), a wrong or expired code,
// its tries used up, an empty wallet, a refused coin or file, the day's uploads used up, and a
// storage fault (a table renamed for the length of one answer).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { paymentMachine } from '../../machines/payment/payment.machine';
import type { PayDetails, PaymentInput, PayResult } from '../../machines/payment/payment.types';
import { idempotencyHash } from '../../server/billing/idempotency';
import { expireOverdue } from '../../server/billing/payment-jobs';
import type { FakeClock } from '../../server/clock';
import { deriveKey } from '../../server/security/secrets';
import { createTestAccount, loginBody, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { storageFault } from './faults';
import type { FlowPath } from './harness';
import { buyWithSavedCard, cancelRenewal, deleteCard } from './billing.world';
import {
  arrangeNewOrderRefusal,
  base,
  byCard,
  changePixMeanwhile,
  PAYER,
  PDF,
  pixChanges,
  refusedBody,
  useUpTries,
  useUpUploads,
  type PayBody,
} from './payment-refusals';
import { createClientWorld, type ClientWorld } from './real-server';

type Server = ReturnType<typeof useTestServer>;
const MINUTE = 60_000;
const DAY = 86_400_000;
const WALLET_PHONE = '712340001';
/** A sandbox wallet without funds: its number ends in 9995 (server/payments/mobile-money-provider.ts). */
const EMPTY_WALLET_PHONE = '712349995';

/** The state right before each status check: a check is arranged only once the actor waits there. */
const beforeCheck: Record<string, object> = {
  pixCheck: { pix: 'waiting' },
  boletoCheck: { boleto: 'waiting' },
  cryptoCheck: { crypto: { watching: 'waiting' } },
  transferCheck: { transfer: { awaitingProof: 'waiting' } },
  reportedCheck: { transfer: { reported: 'waiting' } },
};
const faultTables: Record<string, string> = { submit: 'plans', uploadProof: 'uploads', confirmOtp: 'sandbox_mobile_money', requote: 'crypto_coins' };
/** The submit's refusals of a request the payment page never builds: a number failing the Luhn check, no card, another account's saved card. */
const craftedRefusals: readonly number[] = [314, -2400, 1020];

/** What the customer does on the routed payment page (walk (b)) so that the path's first answer comes. */
export interface PagePurchase {
  /** Brazil and reais unless the payment asks for others, chosen on the page. */
  country: string;
  currency: string;
  method: string;
  /** A discount code typed and applied first. */
  discountCode?: string;
  /** What the method's form is filled with: a new card or the saved card the page lists, the payer's fields, the wallet, the coin. */
  details: PayDetails;
  /** A request the page never builds: handed to the checkout as a crafted client would send it. */
  crafted: boolean;
}

export class PaymentWorld {
  account!: TestAccount;
  client!: ClientWorld;
  auth: Record<string, string> = {};
  readonly key = `walk-${Math.random().toString(36).slice(2)}`;
  /** How the next user event is performed, as the answer arranged after it needs. */
  readonly next = { wrongCode: false, badProof: false };
  private restore: Array<() => Promise<void>> = [];
  private capturedOrder = '';
  /** The saved card a refused new order pays with, once arranged. */
  private savedCardId: string | undefined;
  /** Whether the next payment's key is to be claimed by another request first (-3031 met from the page). */
  private claimNext = false;

  constructor(
    private readonly server: Server,
    private readonly clock: FakeClock,
    private readonly path: FlowPath<typeof paymentMachine>,
    private readonly current: () => AnyMachineSnapshot | undefined,
  ) {}

  async setUp() {
    this.account = await createTestAccount(this.server);
    this.client = createClientWorld(this.server.app, undefined, { before: (request) => this.meanwhile(request) });
    const login = await this.server.post('/api/user/login/v1', loginBody(this.account));
    this.client.store.set('userInfo', login.body.data as never);
    this.auth = { Authorization: (login.body.data as { token: string }).token, Language: 'en' };
  }

  /** The wallet the mobile-money payment debits: one without funds when the path's code is to be refused with 302. */
  get walletPhone(): string {
    const emptyWallet = this.path.steps.some((step) => {
      const output = (step.event as { output?: { errCode?: number } }).output;
      return step.event.type === 'xstate.done.actor.confirmOtp' && output?.errCode === 302;
    });
    return emptyWallet ? EMPTY_WALLET_PHONE : WALLET_PHONE;
  }

  /** What the first answer of the path asks the payment to be: which method, which card. */
  private payBody(): PayBody {
    const out = (this.path.steps[1]?.event as { output?: { kind: string; result?: { next: PayResult['next'] }; errCode?: number } } | undefined)?.output;
    if (out?.kind === 'refused') return refusedBody(out.errCode ?? 0, this.savedCardId);
    switch (out?.result?.next) {
      case 'redirect':
        return { ...base, method: 'paypal' };
      case 'pix':
        return { ...base, method: 'pix', payer: PAYER };
      case 'boleto':
        return { ...base, method: 'boleto', payer: PAYER };
      case 'bank_transfer':
        return { ...base, method: 'bank_transfer', payer: { firstName: 'Ana', lastName: 'Souza' } };
      case 'otp':
        return {
          ...base,
          currency: 'USD',
          country: 'KE',
          method: 'mobile_money',
          payer: { areaCode: '254', phone: this.walletPhone },
          mobileMoney: { operator: 'MPesa', areaCode: '254', phone: this.walletPhone },
        };
      case 'crypto':
        return { ...base, currency: 'USD', method: 'crypto', crypto: { coin: 'BTC' } };
      default:
        return byCard('4242424242424242');
    }
  }

  get faulted() {
    return this.restore.length > 0;
  }

  orderId(result?: PayResult): string {
    return result?.orderId ?? this.current()?.context.result?.orderId ?? this.capturedOrder;
  }

  async orderStatus(id: string) {
    return (await this.server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]?.status;
  }

  private async fault(table: string) {
    this.restore.push(await storageFault(this.server, table));
  }

  async undoFaults() {
    for (const undo of this.restore.splice(0)) await undo();
  }

  /** The money arrives: the sandbox bank, chain or statement pays the pending attempt's reference. */
  private async payNow() {
    const id = this.orderId();
    const [attempt] = await this.server.db.query<{ provider_ref: string }>(
      "SELECT provider_ref FROM payment_attempts WHERE order_id = $1 AND status = 'pending' ORDER BY id DESC LIMIT 1",
      [id],
    );
    const ref = attempt!.provider_ref;
    const next = this.current()!.context.result!.next as string;
    const route = { pix: `pix/pay/${ref}`, boleto: `boleto/pay/${ref}`, crypto: `crypto/pay/${ref}`, bank_transfer: `transfer/receive/${ref}` }[next];
    const res = await this.server.app.inject({ method: 'POST', url: `/api/sandbox/${route}` });
    if ((res.json() as { result?: string }).result !== 'applied') throw new Error(`the sandbox did not pay ${id}: ${res.body}`);
  }

  /** The payment window closes: the server's clock moves past it and its expiry job runs. */
  private async closeWindow() {
    this.clock.advance(6 * DAY);
    await expireOverdue(this.server.services);
  }

  /**
   * The walker arranges the answers after a start before starting, and again right before the step
   * that leads to them: only the submit's answer is arranged before the start, and a status check
   * once the actor waits right before it.
   */
  async arrange(event: EventObject) {
    const output = (event as { output?: unknown }).output;
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    const actor = this.current();
    if (id === 'submit' ? actor !== undefined : actor === undefined) return;
    const before = beforeCheck[id ?? ''];
    if (before && !actor!.matches(before as never)) return;
    if (kind === 'error') return this.fault(faultTables[id ?? ''] ?? 'orders');
    if (id === 'submit' && (output as { errCode?: number }).errCode === -3031) {
      // The same payment, still running in another request: its claim on the key.
      const body = { ...this.payBody(), email: this.account.account };
      const hash = idempotencyHash(deriveKey(this.server.services.secret, 'idempotency'), 'pay', body);
      await this.server.db.query(
        "INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at) VALUES ($1, $2, 'pay', $3, 'in_progress', $4)",
        [this.account.uid, this.key, hash, new Date(this.clock.now())],
      );
      return;
    }
    if (id === 'submit' && (output as { kind: string }).kind === 'refused') {
      const arranged = await arrangeNewOrderRefusal(this.server, { email: this.account.account, auth: this.auth }, (output as { errCode: number }).errCode);
      this.savedCardId = arranged.savedCardId;
      if (arranged.undo) this.restore.push(arranged.undo);
      return;
    }
    if (before) {
      // The order's status, or the crypto quote's answer that carries it.
      const status = typeof output === 'string' ? output : (output as { status?: string }).status;
      if (status === 'PAYMENT_SUCCEEDED') await this.payNow();
      if (status === 'PAYMENT_CANCELLED') await this.closeWindow();
      return;
    }
    if (id === 'confirmOtp') {
      const o = output as { kind: string; errCode?: number; result?: { status: string } };
      if (o.kind === 'refused' && o.errCode === -3033) this.next.wrongCode = true;
      if (o.kind === 'refused' && o.errCode === -3032) this.clock.advance(10 * MINUTE);
      // 17: the customer's wrong code is the last of its tries; 302 needs no more than the empty wallet paid from.
      if (o.kind === 'refused' && o.errCode === 17) {
        this.next.wrongCode = true;
        await useUpTries(this.server, this.auth, this.orderId(), () => this.otp());
      }
      if (o.kind === 'result' && o.result?.status === 'PAYMENT_CANCELLED') {
        this.clock.advance(10 * MINUTE);
        await expireOverdue(this.server.services);
      }
      return;
    }
    if (id === 'requote' && (output as { kind: string }).kind === 'refused') {
      // The operator stops taking USDT just before the customer picks it: 5000, the quote stays.
      await this.server.db.query("UPDATE crypto_coins SET active = false WHERE coin = 'USDT'");
      this.restore.push(async () => void (await this.server.db.query("UPDATE crypto_coins SET active = true WHERE coin = 'USDT'")));
      return;
    }
    if (id === 'uploadProof' && (output as { kind: string }).kind === 'refused') {
      // 5000: a file that is no receipt; -3031: a good one, past the day's uploads.
      if ((output as { errCode: number }).errCode === -3031) await useUpUploads(this.server, this.auth, this.account.uid, this.clock.now());
      else this.next.badProof = true;
    }
  }

  /** The first answer of the path, when it is the submit's. */
  private get firstAnswer(): { kind: string; errCode?: number } | undefined {
    return (this.path.steps[1]?.event as { output?: { kind: string; errCode?: number } } | undefined)?.output;
  }

  /**
   * What the customer does on the routed payment page for the path's first answer: the method,
   * country, currency, code and details of `payBody`, but for the refusals met there as a race
   * (PIX changed meanwhile, `changePixMeanwhile`), and a card's expiry the form takes.
   */
  pagePurchase(): PagePurchase {
    const first = this.firstAnswer;
    const refused = first?.kind === 'refused' ? (first.errCode ?? 0) : undefined;
    if (refused !== undefined && pixChanges.includes(refused))
      return { country: 'BR', currency: 'BRL', method: 'pix', details: { payer: PAYER }, crafted: false };
    const { planId: _planId, method, currency = 'BRL', country = 'BR', discountCode, installments: _installments, ...details } = this.payBody();
    const crafted = refused !== undefined && craftedRefusals.includes(refused);
    if (!crafted && details.card && 'number' in details.card) details.card = { ...details.card, expYear: new Date(this.clock.now()).getUTCFullYear() + 5 };
    return { country, currency, method, ...(discountCode ? { discountCode } : {}), details, crafted };
  }

  /**
   * Walk (b) pays through the routed checkout: the submit's answer `event` is arranged in two
   * parts, what the page must show when it opens (a saved card), now, and what happens on the
   * server while the customer fills the form in, answered to be run right before Pay: the card
   * deleted in another tab (-2511), the code's last use taken (9003), the dollar account or PIX
   * changed by the site (-2602, 5003, -2408, 5000), the same payment running in another request
   * (-3031, claimed as the request leaves), a storage fault.
   */
  async arrangeOnPage(event: EventObject): Promise<() => Promise<void>> {
    const [, kind] = /^xstate\.(done|error)\.actor\.submit$/.exec(event.type) ?? [];
    if (kind === 'error') return () => this.fault(faultTables.submit!);
    const first = (event as { output?: { kind: string; errCode?: number } }).output;
    if (first?.kind !== 'refused') return async () => {};
    const errCode = first.errCode ?? 0;
    const customer = { email: this.account.account, auth: this.auth };
    if (errCode === -3031) return async () => void (this.claimNext = true);
    if (pixChanges.includes(errCode)) return async () => void this.restore.push(await changePixMeanwhile(this.server, errCode));
    if (errCode === -2511) {
      this.savedCardId = await buyWithSavedCard(this.server, this.auth, this.account.account);
      return async () => {
        await cancelRenewal(this.server, this.auth);
        await deleteCard(this.server, this.auth, this.savedCardId!);
      };
    }
    const arrange = async () => {
      const arranged = await arrangeNewOrderRefusal(this.server, customer, errCode);
      this.savedCardId = arranged.savedCardId ?? this.savedCardId;
      if (arranged.undo) this.restore.push(arranged.undo);
    };
    if (errCode === 9003 || errCode === -2602) return arrange;
    await arrange();
    return async () => {};
  }

  /** What happens on the server as a request of the page leaves: the payment's key claimed by another request (-3031). */
  private async meanwhile(request: Request) {
    if (!this.claimNext || request.method !== 'POST' || new URL(request.url).pathname !== '/api/bill/pay/v1') return;
    this.claimNext = false;
    const key = request.headers.get('Idempotency-Key') ?? '';
    const hash = idempotencyHash(deriveKey(this.server.services.secret, 'idempotency'), 'pay', await request.clone().json());
    await this.server.db.query(
      "INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at) VALUES ($1, $2, 'pay', $3, 'in_progress', $4)",
      [this.account.uid, key, hash, new Date(this.clock.now())],
    );
  }

  /** The payment the path starts: a new order, or the return from PayPal (approved, or expired). */
  async input(start: string): Promise<PaymentInput> {
    if (start !== 'capturePaypal') return { request: { kind: 'pay', body: { ...this.payBody(), email: this.account.account } }, idempotencyKey: this.key };
    const first = (this.path.steps[1]?.event as { output?: { kind?: string; result?: { next?: string; status?: string } } }).output;
    // The payer approved the payment, cancelled it at PayPal (2003), has not decided yet, or the order expired meanwhile.
    const decision = first?.result?.status === 'PAYMENT_SUCCEEDED' ? 'approve' : first?.kind === 'refused' ? 'cancel' : undefined;
    const res = await this.server.post('/api/bill/pay/v1', { planId: '1', method: 'paypal', currency: 'BRL', email: this.account.account }, this.auth);
    const { orderId, url } = res.body.data as { orderId: string; url: string };
    this.capturedOrder = orderId;
    if (decision) {
      const token = new URL(url).searchParams.get('token')!;
      await this.server.app.inject({
        method: 'POST',
        url: '/sandbox/paypal/checkoutnow',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${token}&decision=${decision}`,
      });
    } else if (first?.result?.next !== 'redirect') {
      this.clock.advance(3 * 3_600_000 + 1000);
      await expireOverdue(this.server.services);
    }
    return { request: { kind: 'capturePaypal', orderId }, idempotencyKey: this.key };
  }

  /** The code the operator texted to the wallet's phone (or a wrong one, when arranged). */
  async otp(): Promise<string> {
    const [sms] = await this.server.services.outbox.list({ to: `+254${this.walletPhone}` });
    const code = /\b(\d{6})\b/.exec(sms!.text)![1]!;
    return this.next.wrongCode ? (code === '000000' ? '000001' : '000000') : code;
  }

  /** The coin the customer switches to: Tether on Tron. */
  coin() {
    return { coin: 'USDT' as const, network: 'TRC20' };
  }

  /** The receipt: a PDF, or (to be refused) a file named and typed as one whose bytes are not, which only the server can tell. */
  proof(FileType: typeof File = File): File {
    return new FileType([this.next.badProof ? 'not a receipt' : PDF], 'receipt.pdf', { type: 'application/pdf' });
  }

  /** What the server says of the order in each state. */
  async checkServer(
    reached: AnyMachineSnapshot,
    event: EventObject,
    expect: (
      actual: unknown,
      message?: string,
    ) => { toBe(v: unknown): void; toContain(v: unknown): void; toMatchObject(v: object): void; toEqual(v: unknown): void },
  ) {
    // While a storage fault is in place (before the answer it was arranged for), the server cannot be read.
    if (this.faulted) return;
    const c = reached.context as { result?: PayResult; errCode?: number; error?: unknown };
    const id = this.orderId(c.result);
    if (event.type.startsWith('xstate.error')) expect(c.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
    if (reached.matches('paid')) expect(await this.orderStatus(id)).toBe('PAYMENT_SUCCEEDED');
    if (reached.matches('expired') || reached.matches('closed')) expect(await this.orderStatus(id)).toBe('PAYMENT_CANCELLED');
    if (reached.matches('declined')) expect(c.errCode).toBe((event as { output?: { errCode?: number } }).output?.errCode);
    if (reached.matches('unanswered'))
      expect((await this.server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND status = 'NETWORK_ERROR'", [this.account.uid])).length).toBe(1);
    const value = JSON.stringify(reached.value);
    // Waiting (not yet asking again): the order is still open on the server.
    if (value.includes('"waiting"') && !reached.matches({ transfer: 'reported' })) expect(await this.orderStatus(id)).toBe('PAYMENT_PENDING');
    if (reached.matches({ transfer: { reported: 'waiting' } })) expect(await this.orderStatus(id)).toBe('SUBMITTED');
    if (reached.matches({ otp: 'enteringCode' }) && event.type === 'xstate.done.actor.confirmOtp') expect(c.errCode).toBe(-3033);
    if (event.type === 'xstate.done.actor.uploadProof') {
      const o = (event as { output?: { kind?: string; errCode?: number } }).output;
      if (o?.kind === 'refused') expect(c.errCode).toBe(o.errCode);
    }
    if (event.type === 'xstate.done.actor.requote') {
      const refused = (event as { output?: { kind?: string } }).output?.kind === 'refused';
      expect(c.result).toMatchObject(refused ? { coin: 'BTC' } : { coin: 'USDT', network: 'TRC20' });
      if (refused) expect(c.errCode).toBe(5000);
    }
  }
}
