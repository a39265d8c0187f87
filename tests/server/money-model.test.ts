// Model-based tests of money across every flow (docs/decisions/069): fast-check draws sequences of
// up to 12 commands from every actor that moves money (the customer, the bank, the card network,
// the PSP and the clock, and any two of them at once) and runs them against the real server on a
// moved clock, checking every money invariant after each command (tests/helpers/money-invariants.ts).
// A failure prints its seed and the shrunk list of commands; MONEY_SEED replays it, MONEY_RUNS sets
// how many sequences run (`npm run test:money -- --runs 10000`).
import { fc, it } from '@fast-check/vitest';
import { afterAll, describe } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { moneyViolations, pocketViolation } from '../helpers/money-invariants';
import { MoneyWorld, type Customer, type Outcome, type PayMethod } from '../helpers/money-world';
import { useTestServer } from '../helpers/test-server';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const runs = Number(process.env.MONEY_RUNS ?? 100);
const seed = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : Math.floor(Math.random() * 2 ** 31);

const START = Date.UTC(2026, 0, 15, 12);
const clock = createFakeClock(START);
const server = useTestServer({}, { clock });
let world: MoneyWorld | undefined;

interface Model {
  /** The orders the customer made, in the order made (purchases, upgrades, PIX Automático's first month), and how each was last paid. */
  orders: { id: string; method: PayMethod; upgrade?: boolean }[];
  idRec: string | null;
  deleted: boolean;
}
interface Real {
  world: MoneyWorld;
  c: Customer;
}

/** What the run did, by command and answer: printed at the end, the figures of docs/security.md. */
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const answered = (what: string, o: Outcome | { status: number; body: Record<string, unknown> } | undefined) => {
  if (o === undefined) return count(`${what}: nothing to act on`);
  if ('ok' in o) return count(`${what}: ${o.ok ? 'done' : `refused ${o.errCode}`}`);
  return count(`${what}: ${o.status}${typeof o.body.result === 'string' ? ` ${o.body.result}` : ''}`);
};

async function holds(r: Real, after: string) {
  const broken = await moneyViolations(r.c);
  const pocket = await pocketViolation(r.c, r.world.paidByBank.get(r.c.uid) ?? 0);
  if (pocket) broken.push(pocket);
  if (broken.length > 0) throw new Error(`after ${after}:\n  - ${broken.join('\n  - ')}`);
}

/** A command acts, then the invariants are checked; `Both` acts two at once, then checks. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  check(m: Readonly<Model>): boolean {
    return !this.needsOrder || m.orders.length > 0;
  }
  protected needsOrder = false;
  abstract act(m: Model, r: Real): Promise<void>;
  async run(m: Model, r: Real): Promise<void> {
    await this.act(m, r);
    await holds(r, this.toString());
  }
  abstract toString(): string;
}

/** The `pick`th order of those `which` keeps (all, when none is named), counting round. */
const pickOf = (m: Readonly<Model>, pick: number, which?: PayMethod[]) => {
  const among = which ? m.orders.filter((o) => which.includes(o.method)) : m.orders;
  return among[pick % among.length]?.id;
};
const remember = (m: Model, id: string, method: PayMethod) => {
  const known = m.orders.find((o) => o.id === id);
  if (known) known.method = method;
  else m.orders.push({ id, method });
};

class Buy extends Step {
  constructor(
    readonly method: PayMethod,
    readonly plan: string,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const o = await r.c.buy(this.method, this.plan);
    answered(`customer buys by ${this.method}`, o);
    if (o.ok) remember(m, o.data.orderId, this.method);
  }
  toString() {
    return `customer buys plan ${this.plan} by ${this.method}`;
  }
}

class PayOpenOrder extends Step {
  protected override needsOrder = true;
  constructor(
    readonly pick: number,
    readonly method: PayMethod,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const id = pickOf(m, this.pick)!;
    const o = await r.c.repay(id, this.method);
    answered(`customer pays an open order by ${this.method}`, o);
    if (o.ok) remember(m, id, this.method);
  }
  toString() {
    return `customer pays order #${this.pick} again by ${this.method}`;
  }
}

class ChangePlan extends Step {
  constructor(readonly plan: string) {
    super();
  }
  async act(m: Model, r: Real) {
    const o = await r.c.changePlan(this.plan);
    answered(`customer changes plan`, o);
    if (o.ok && o.data.orderId) {
      remember(m, o.data.orderId, 'card');
      m.orders.find((x) => x.id === o.data.orderId)!.upgrade = true;
    }
  }
  toString() {
    return `customer changes to plan ${this.plan}`;
  }
}

/** The customer pays the newest upgrade on the payment page. */
class PayUpgrade extends Step {
  constructor(readonly method: PayMethod) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.orders.some((o) => o.upgrade);
  }
  async act(m: Model, r: Real) {
    const id = m.orders.filter((o) => o.upgrade).at(-1)!.id;
    const o = await r.c.repay(id, this.method);
    answered(`customer pays the upgrade by ${this.method}`, o);
    if (o.ok) remember(m, id, this.method);
  }
  toString() {
    return `customer pays the newest upgrade by ${this.method}`;
  }
}

class Simple extends Step {
  constructor(
    readonly label: string,
    readonly what: (m: Model, r: Real) => Promise<Outcome | { status: number; body: Record<string, unknown> } | undefined>,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    answered(this.label, await this.what(m, r));
  }
  toString() {
    return this.label;
  }
}

class OnOrder extends Step {
  constructor(
    readonly label: string,
    readonly pick: number,
    readonly what: (orderId: string, r: Real) => Promise<Outcome | { status: number; body: Record<string, unknown> } | undefined>,
    /** The orders it acts on, by how they were paid (all when none is named). */
    readonly which?: PayMethod[],
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return pickOf(m, this.pick, this.which) !== undefined;
  }
  async act(m: Model, r: Real) {
    const id = pickOf(m, this.pick, this.which);
    answered(this.label, id === undefined ? undefined : await this.what(id, r));
  }
  toString() {
    return `${this.label} (order #${this.pick}${this.which ? ` of those paid by ${this.which.join(' or ')}` : ''})`;
  }
}

class StartPixAutomatico extends Step {
  constructor(readonly plan: string) {
    super();
  }
  async act(m: Model, r: Real) {
    const o = await r.c.startPixAutomatico(this.plan);
    answered('customer starts PIX Automático', o);
    if (!o.ok) return;
    m.idRec = o.data.idRec;
    const [rec] = await r.world.server.db.query<{ first_order_id: string }>('SELECT first_order_id FROM pix_recurrences WHERE id_rec = $1', [o.data.idRec]);
    if (rec) remember(m, rec.first_order_id, 'pix');
  }
  toString() {
    return `customer starts PIX Automático for plan ${this.plan}`;
  }
}

class ApprovePixAutomatico extends Step {
  override check(m: Readonly<Model>) {
    return m.idRec !== null;
  }
  async act(m: Model, r: Real) {
    answered('payer’s bank approves PIX Automático', await r.world.approvePixAutomatico(m.idRec!));
  }
  toString() {
    return 'payer’s bank approves PIX Automático';
  }
}

class DeleteAccount extends Step {
  async act(m: Model, r: Real) {
    const o = await r.c.deleteAccount();
    answered('customer deletes the account', o);
    if (o.ok) m.deleted = true;
  }
  toString() {
    return 'customer deletes the account';
  }
}

/** The clock moves, the jobs run, the bank debits what PIX Automático scheduled; a card renewal charges what the account page showed. */
class Clock extends Step {
  constructor(readonly ms: number) {
    super();
  }
  async act(_m: Model, r: Real) {
    const shown = await r.c.renewInfo();
    const from = r.world.clock.now();
    for (const debit of await r.world.advance(this.ms, r.c.uid)) answered('bank debits PIX Automático', debit);
    count(`clock moves ${this.toString().slice(12)}`);
    const renewals = await r.world.server.db.query<{ id: string; total: number }>(
      "SELECT id, total::int AS total FROM orders WHERE account_uid = $1 AND kind = 'renewal' AND payment_type = 'card' AND created_at > $2",
      [r.c.uid, new Date(from)],
    );
    for (const renewal of renewals) {
      count('card renewal charged');
      if (!shown.ok || shown.data.status !== 'activated' || renewal.total !== shown.data.amount)
        throw new Error(`the renewal ${renewal.id} charged ${renewal.total}, the account page showed ${JSON.stringify(shown)}`);
    }
  }
  toString() {
    return `clock moves ${this.ms >= DAY ? `${this.ms / DAY} d` : `${this.ms / HOUR} h`}`;
  }
}

class Both extends Step {
  constructor(
    readonly a: Step,
    readonly b: Step,
  ) {
    super();
  }
  override check(m: Readonly<Model>) {
    return this.a.check(m) && this.b.check(m);
  }
  async act(m: Model, r: Real) {
    count('two at once');
    await Promise.all([this.a.act(m, r), this.b.act(m, r)]);
  }
  toString() {
    return `at once: [${this.a.toString()}] and [${this.b.toString()}]`;
  }
}

const plan = fc.constantFrom('1', '1', '2', '2', '3', '6');
const method = fc.constantFrom<PayMethod>('card', 'card', 'card', 'pix', 'pix', 'boleto');
const pick = fc.nat(11);

/** Every actor's commands but the clock's and the pairs, weighted towards what moves money. */
const acts: fc.WeightedArbitrary<Step>[] = [
  // The customer.
  { weight: 6, arbitrary: fc.tuple(method, plan).map(([m, p]) => new Buy(m, p)) },
  { weight: 2, arbitrary: fc.tuple(pick, method).map(([i, m]) => new PayOpenOrder(i, m)) },
  { weight: 5, arbitrary: fc.constantFrom('2', '2', '4', '6', '1', '3').map((p) => new ChangePlan(p)) },
  { weight: 4, arbitrary: method.map((m) => new PayUpgrade(m)) },
  { weight: 1, arbitrary: fc.constant(new Simple('customer undoes the plan change', (_m, r) => r.c.undoPlanChange())) },
  { weight: 1, arbitrary: fc.constant(new Simple('customer turns auto-renewal off', (_m, r) => r.c.cancelRenewal())) },
  {
    weight: 4,
    arbitrary: pick.map(
      (i) =>
        new OnOrder('customer withdraws', i, async (orderId, r) => {
          const order = await r.c.order(orderId);
          return r.c.withdrawAsTheFormDoes(orderId, order.ok ? order.data.paymentType : undefined);
        }),
    ),
  },
  {
    weight: 1,
    arbitrary: pick.map((i) => new OnOrder('customer withdraws to a closed account', i, (orderId, r) => r.c.withdrawToClosedAccount(orderId), ['boleto'])),
  },
  { weight: 1, arbitrary: pick.map((i) => new OnOrder('customer cancels the refund', i, (orderId, r) => r.c.cancelWithdrawal(orderId))) },
  { weight: 1, arbitrary: fc.constantFrom('1', '2').map((p) => new StartPixAutomatico(p)) },
  { weight: 2, arbitrary: fc.constant(new ApprovePixAutomatico()) },
  { weight: 1, arbitrary: fc.constant(new Simple('customer cancels PIX Automático', (_m, r) => r.c.cancelPixAutomatico())) },
  { weight: 1, arbitrary: fc.constant(new DeleteAccount()) },
  // The bank.
  { weight: 5, arbitrary: pick.map((i) => new OnOrder('bank pays the code', i, (orderId, r) => r.world.bankPays(orderId), ['pix', 'boleto'])) },
  {
    weight: 2,
    arbitrary: pick.map((i) => new OnOrder('bank pays the code again, or late', i, (orderId, r) => r.world.bankPaysRegardless(orderId), ['pix', 'boleto'])),
  },
  // The card network.
  {
    weight: 4,
    arbitrary: fc
      .tuple(pick, fc.constantFrom('lost', 'lost', 'won', 'warning_closed') as fc.Arbitrary<'lost' | 'won' | 'warning_closed'>)
      .map(([i, outcome]) => new OnOrder(`card network moves a dispute (${outcome})`, i, (orderId, r) => r.world.dispute(orderId, outcome), ['card'])),
  },
  // The PSP: it pays the refunds out, or refuses a payout to a closed account.
  {
    weight: 3,
    arbitrary: fc.constant(
      new Simple('PSP settles the refunds it holds', async (m, r) => {
        const answers = (await Promise.all(m.orders.map((o) => r.world.pspSettlesRefunds(o.id)))).flat();
        for (const a of answers.slice(1)) answered('PSP settles the refunds it holds', a);
        return answers[0];
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('unavailable', 'answer_lost')
      .map(
        (fault) => new Simple(`PSP’s next refund call gets no answer (${fault})`, (_m, r) => r.world.refundOutage(fault as 'unavailable' | 'answer_lost', 1)),
      ),
  },
];

const clockMoves = fc.constantFrom(HOUR, DAY, 3 * DAY, 8 * DAY, 29 * DAY, 31 * DAY).map((ms) => new Clock(ms));
const any = fc.oneof(...acts);
const pairs = fc.tuple(any, any).map(([a, b]) => new Both(a, b));
const step = fc.oneof(...acts, { weight: 6, arbitrary: clockMoves }, { weight: 4, arbitrary: pairs });

describe('money across every flow, model-based (docs/decisions/069)', () => {
  afterAll(() => {
    const lines = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${n} × ${k}`);
    console.log(`money model: seed ${seed}, ${runs} sequences (MONEY_SEED=${seed} MONEY_RUNS=${runs} replays them)\n${lines.join('\n')}`);
  });

  it.prop([fc.array(step, { minLength: 4, maxLength: 12 })], { numRuns: runs, seed, endOnFailure: false })(
    'every invariant holds after every command of every actor, alone or two at once',
    async (cmds) => {
      world ??= new MoneyWorld(server, clock);
      const w = world;
      // Each sequence lives its own days from the same date: the accounts of earlier ones stopped
      // renewing, and cards and prices stay those of the plans' year.
      clock.set(START);
      const c = await w.customer();
      await fc.asyncModelRun(async () => ({ model: { orders: [], idRec: null, deleted: false }, real: { world: w, c } }), cmds);
      // The sequence is over: its customer stops renewing, so later sequences' clock moves do not
      // renew every earlier account too (what they do is their own, and was checked).
      await c.cancelRenewal();
      await c.cancelPixAutomatico();
    },
    Math.max(60_000, runs * 5_000),
  );
});
