/**
 * kill -9 across every flow that moves money (docs/decisions/069 and 032): nothing is half-written
 * after a failure. A spawned server on PostgreSQL with the test clock (TEST_CLOCK=on) takes random
 * sequences of money actions from several accounts at once, over HTTP: purchases by saved card and
 * by PIX paid by the sandbox bank, upgrades paid by card or PIX, withdrawals, disputes the card
 * network loses, refunds the PSP settles, and the clock moving (which runs the payment jobs and the
 * renewals). It is SIGKILLed at random moments while requests are in flight, and some runs start
 * with CRASH_AT=after-provider, as in crash.attack.ts. After each kill what the dead process held
 * is aged rather than waited for, the server starts again on the same database (its start-up
 * reconciliation runs), every request without an answer is sent again as its client would (a
 * payment with its Idempotency-Key; a provider's event delivered again, helpers/money-parties.ts),
 * and one clock move of two minutes runs the payment jobs and the refund retries. Then every
 * account's money invariants hold (tests/helpers/money-invariants.ts), and nothing is left
 * unfinished: no charge in flight, no key claimed, no refund that nobody will ask again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxWebhookKey } from '../../server/payments/payment-events';
import { moneyViolations, pocketViolation } from '../helpers/money-invariants';
import { MoneyClient, shown, type Session } from './helpers/money-client';
import {
  accountRows,
  chargesBooked,
  moneyFigures,
  NoAnswer,
  pendingPixCode,
  serverNow,
  settleOrTellAgain,
  tellDisputeAgain,
  type Sent,
} from './helpers/money-parties';
import { ageUnfinished, deadSessionsEnded, randomKiller, serverOnFreshDatabase, useCleanups } from './helpers/payments';
import { signUp, testCard, type Answer } from './helpers/portal-client';

/** MONEY_CRASH_ACTIONS, _ACCOUNTS and _KILLS size the run; the defaults take about a minute on two cores. */
const ACTIONS = Number(process.env.MONEY_CRASH_ACTIONS ?? 160);
const ACCOUNTS = Number(process.env.MONEY_CRASH_ACCOUNTS ?? 6);
const KILLS = Number(process.env.MONEY_CRASH_KILLS ?? 14);
/** Actions one account runs in a row; an account runs one sequence at a time. */
const SEQUENCE_LENGTH = 8;
const CONCURRENCY = 4;
/** Every how many runs the server starts with CRASH_AT=after-provider. */
const CRASH_AT_EVERY = 4;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Within a PIX code's life, past it, past the 7 days of a withdrawal, past a month's renewal. */
const CLOCK_MOVES = [HOUR, DAY, 3 * DAY, 8 * DAY, 31 * DAY];
/** After a restart: past the reconciliation grace and the first refund retry (payment-jobs.ts, refund-retry.ts). */
const SETTLE_MS = 2 * MINUTE;
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const EMAIL = 'money-crash@example.com';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/** The actions, and how often each is drawn: weighted towards what moves money. */
const weights = { 'buy by card': 4, 'buy by PIX': 3, upgrade: 3, withdraw: 2, dispute: 2, 'refunds settled': 2, 'clock moves': 1.5 };
type Kind = keyof typeof weights;
const kinds = Object.keys(weights) as Kind[];

/** The run stopped (the server is being killed): the request was never sent. */
class Stopped extends Error {}

interface Holder extends Session {
  savedCard?: string;
  orders: { id: string; method: 'card' | 'pix' }[];
  /** What the sandbox bank paid for the account: its side of the pocket (money-invariants.ts). */
  paidByBank: number;
  busy: boolean;
  /** What the account did and was answered, for the report of a broken invariant. */
  trail: string[];
}

describe('kill -9 across every money flow', () => {
  const defer = useCleanups();

  it('the server killed mid-sequence and restarted keeps every money invariant', async () => {
    const started = performance.now();
    // The run's own APP_SECRET: the network and the PSP the suite plays sign what they deliver again with it.
    const env: Record<string, string> = { TEST_CLOCK: 'on', RENEWAL_INTERVAL_MS: '0', APP_SECRET: randomBytes(32).toString('base64url') };
    const webhookKey = sandboxWebhookKey({ secret: env.APP_SECRET! });
    const { server, db } = await serverOnFreshDatabase(8326, env, defer);

    const stats = { runs: 0, restarts: 0, randomKills: 0, crashAtKills: 0, noAnswer: 0, askedAgain: 0, toldAgain: 0, checks: 0 };
    const actions = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>;
    const client = new MoneyClient(server.url);
    const api = client.api.bind(client);
    const sandbox = client.sandbox.bind(client);
    /** What the invariants found broken after a restart, with the account's rows and trail. */
    const broken: string[] = [];
    /** The requests that got no answer, and what their client does once the server is back. */
    let unanswered: { holder: Holder; what: string; again: () => Promise<unknown> }[] = [];
    let alive = true;

    /**
     * One request of an action, sent only while the run goes on. When the server dies under it,
     * `again` is what its client does once the server is back (nothing, when undefined).
     */
    async function send<T extends Sent | Answer | undefined>(h: Holder, what: string, request: () => Promise<T>, again?: () => Promise<unknown>): Promise<T> {
      if (!alive) throw new Stopped(what);
      try {
        const answer = await request();
        h.trail.push(`${what}: ${shown(answer)}`);
        return answer;
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        alive = false;
        stats.noAnswer++;
        h.trail.push(`${what}: no answer${again ? '' : ' (not asked again)'}`);
        if (again) unanswered.push({ holder: h, what, again });
        throw error;
      }
    }

    /** A provider's event the portal did not take (no answer, or not 200) is delivered again. */
    async function toldAgain(h: Holder, what: string, tell: () => Promise<Sent | undefined>) {
      stats.toldAgain++;
      const sent = await tell();
      h.trail.push(`  ${what}, told again: ${shown(sent)}`);
      if (sent && sent.status !== 200) client.failures.push(`${what}, told again: ${shown(sent)}`);
      return sent;
    }
    const disputeToldAgain = (h: Holder, orderId: string) => toldAgain(h, `dispute ${orderId}`, () => tellDisputeAgain(server.url, webhookKey, db, orderId));
    const refundToldAgain = (h: Holder, refundId: string) => toldAgain(h, `refund ${refundId}`, () => settleOrTellAgain(server.url, webhookKey, db, refundId));

    const remember = (h: Holder, id: string | undefined, method: 'card' | 'pix') => {
      if (id && !h.orders.some((o) => o.id === id)) h.orders.push({ id, method });
    };

    /** A payment with its Idempotency-Key: without an answer it is sent again with the same key and body. */
    async function keyedPayment(h: Holder, path: string, body: Record<string, unknown>, method: 'card' | 'pix') {
      const key = randomUUID();
      const pay = async () => {
        const res = await api<{ orderId?: string }>(h, path, body, key);
        remember(h, res.body.data?.orderId, method);
        return res;
      };
      return send(h, `${path} ${JSON.stringify(body).slice(0, 80)}`, pay, async () => {
        stats.askedAgain++;
        h.trail.push(`  sent again: ${shown(await pay())}`);
      });
    }

    /**
     * The payer's bank pays the order's pending PIX code. Its money has left the payer once the
     * provider delivered the event (any answer but a redelivery's), as MoneyWorld counts it; an
     * event the portal would not take (signed before a clock move: stale) was no payment, and the
     * bank pays again. The sandbox bank keeps no record of its own, so when the answer is lost the
     * portal's booking is the only trace of a payment that went through: the bank reads it as its
     * statement after the restart, and pays again one that did not.
     */
    async function bankPays(h: Holder, orderId: string) {
      const code = await pendingPixCode(db, orderId);
      if (!code) return;
      const pay = async () => {
        for (let tries = 1; ; tries++) {
          const res = await sandbox('POST', `/api/sandbox/pix/pay/${code.txid}`);
          if (res.status === 200 && res.body.delivered === 200 && res.body.result !== 'duplicate') h.paidByBank += code.amount;
          if (res.status !== 200 || res.body.delivered === 200 || tries === 3) return res;
        }
      };
      const before = await chargesBooked(db, orderId);
      await send(h, `bank pays ${orderId} (${code.amount})`, pay, async () => {
        stats.askedAgain++;
        if ((await chargesBooked(db, orderId)) > before) {
          h.trail.push('  the portal had booked it');
          h.paidByBank += code.amount;
        } else h.trail.push(`  paid again: ${shown(await pay())}`);
      });
    }

    async function savedCardOf(h: Holder): Promise<string | undefined> {
      h.savedCard ??= (await send(h, 'list cards', () => api<{ id: string }[]>(h, '/api/bill/listCard', {}))).body.data?.[0]?.id;
      return h.savedCard;
    }

    async function act(h: Holder, kind: Kind) {
      switch (kind) {
        case 'buy by card': {
          const saved = await savedCardOf(h);
          const card = saved ? { savedCardId: saved } : { ...testCard, save: true };
          await keyedPayment(h, '/api/bill/pay/v1', { planId: pick(['1', '2'])!, method: 'card', currency: 'BRL', country: 'BR', email: EMAIL, card }, 'card');
          return;
        }
        case 'buy by PIX': {
          const body = { planId: pick(['1', '2'])!, method: 'pix', currency: 'BRL', country: 'BR', email: EMAIL, payer: PAYER };
          const res = await keyedPayment(h, '/api/bill/pay/v1', body, 'pix');
          // Now and then the code is left to expire.
          if (res.body.data?.orderId && Math.random() < 0.85) await bankPays(h, res.body.data.orderId);
          return;
        }
        case 'upgrade': {
          const change = () => api<{ orderId?: string }>(h, '/api/bill/planChange/v1', { planId: '2' });
          const orderId = (await send(h, 'plan change', change, change)).body.data?.orderId;
          if (!orderId) return;
          const saved = Math.random() < 0.6 ? await savedCardOf(h) : undefined;
          if (saved) await keyedPayment(h, '/api/bill/repay/v1', { orderId, method: 'card', card: { savedCardId: saved } }, 'card');
          else if ((await keyedPayment(h, '/api/bill/repay/v1', { orderId, method: 'pix', email: EMAIL, payer: PAYER }, 'pix')).body.code === 0)
            await bankPays(h, orderId);
          return;
        }
        case 'withdraw': {
          const order = pick(h.orders);
          const withdraw = () => api(h, '/api/bill/order/withdraw/v1', { orderId: order!.id });
          if (order) await send(h, `withdraw ${order.id}`, withdraw, withdraw);
          return;
        }
        case 'dispute': {
          // The holder's bank disputes a card charge; the network loses it at the third step.
          const order = pick(h.orders.filter((o) => o.method === 'card'));
          for (let step = 0; order && step < 3; step++) {
            const again = () => disputeToldAgain(h, order.id);
            const res = await send(h, `dispute ${order.id}`, () => sandbox('POST', `/api/sandbox/card/dispute/${order.id}`, { outcome: 'lost' }), again);
            if (res.status !== 200) return;
            if (res.body.delivered !== 200) await send(h, `dispute ${order.id} not taken`, again, again);
          }
          return;
        }
        case 'refunds settled': {
          const order = pick(h.orders);
          if (!order) return;
          const pending = await send(h, `pending refunds of ${order.id}`, () => sandbox('GET', `/api/sandbox/refunds/pending/${order.id}`));
          for (const { refundId } of (pending.body.refunds ?? []) as { refundId: string }[]) {
            const again = () => refundToldAgain(h, refundId);
            const res = await send(h, `PSP settles ${refundId}`, () => sandbox('POST', `/api/sandbox/refunds/settle/${refundId}`), again);
            if (res.status === 200 && res.body.delivered !== 200) await send(h, `refund ${refundId} not taken`, again, again);
          }
          return;
        }
        case 'clock moves':
          // Not asked again: the move after the restart runs the jobs anyway.
          await send(h, 'clock', () => sandbox('POST', '/api/sandbox/clock', { advanceMs: pick(CLOCK_MOVES)! }));
          return;
      }
    }

    const totalWeight = kinds.reduce((n, k) => n + weights[k], 0);
    const drawKind = (): Kind => {
      let r = Math.random() * totalWeight;
      return kinds.find((k) => (r -= weights[k]) < 0) ?? kinds[0]!;
    };

    const holders: Holder[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await signUp(server.url);
      holders.push({ account, uid: Number(account.uid), token: account.token, orders: [], paidByBank: 0, busy: false, trail: [] });
    }
    const sequences = Array.from({ length: Math.ceil(ACTIONS / SEQUENCE_LENGTH) }, (_, i) => ({
      holder: holders[i % ACCOUNTS]!,
      left: Math.min(SEQUENCE_LENGTH, ACTIONS - i * SEQUENCE_LENGTH),
    }));
    const sequenceCount = sequences.length;

    /** Runs sequences until the server dies or none is left. */
    async function run(crashAt: boolean) {
      alive = true;
      // A random moment in the stream of answers, so requests are in flight at every stage: the
      // run's answers spread over the kills.
      const killAfter = 1 + Math.floor(Math.random() * 2 * Math.max(3, Math.round(ACTIONS / KILLS)));
      const killsLeft = stats.randomKills + stats.crashAtKills < KILLS;
      const killer = randomKiller(server, killAfter, () => {
        alive = false;
        stats.randomKills++;
      });
      client.onAnswer = () => {
        if (!crashAt && killsLeft) killer.answered();
      };
      const worker = async () => {
        while (alive) {
          const i = sequences.findIndex((s) => !s.holder.busy);
          if (i < 0 && sequences.length === 0) return;
          if (i < 0) {
            await sleep(10);
            continue;
          }
          const seq = sequences.splice(i, 1)[0]!;
          seq.holder.busy = true;
          try {
            while (alive && seq.left > 0) {
              const kind = drawKind();
              seq.left--;
              actions[kind]++;
              await act(seq.holder, kind);
            }
          } catch (error) {
            if (!(error instanceof NoAnswer) && !(error instanceof Stopped)) throw error;
          } finally {
            seq.holder.busy = false;
            if (seq.left > 0) sequences.push(seq);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      killer.stop();
      client.onAnswer = () => undefined;
      if (crashAt && !alive) stats.crashAtKills++;
    }

    /** The account's rows and what it did, for the report of a broken invariant. */
    const report = async (h: Holder) => `\n${await accountRows(db, h.uid, server.log())}\n  trail:\n    ${h.trail.join('\n    ')}`;

    /** Every account's invariants, at a quiet moment: nothing is being asked of the server. */
    async function check(when: string) {
      const now = await serverNow(server.url);
      for (const h of holders) {
        const subject = client.subject(h, db, now);
        const found = await moneyViolations(subject);
        const pocket = await pocketViolation(subject, h.paidByBank);
        if (pocket) found.push(pocket);
        stats.checks++;
        if (found.length > 0) broken.push(`${when}, account ${h.uid}:\n    - ${found.join('\n    - ')}${await report(h)}`);
      }
    }

    /** The server back after a kill: its start-up reconciliation, the clients asking again, one clock move, the invariants. */
    async function recover() {
      delete env.CRASH_AT;
      await server.restart();
      stats.restarts++;
      const todo = unanswered;
      unanswered = [];
      for (const u of todo) {
        u.holder.trail.push(`after restart ${stats.restarts}, again: ${u.what}`);
        await u.again();
      }
      await sandbox('POST', '/api/sandbox/clock', { advanceMs: SETTLE_MS });
      await check(`after restart ${stats.restarts}`);
    }

    while (sequences.length > 0) {
      stats.runs++;
      const crashAt = stats.runs % CRASH_AT_EVERY === 0 && stats.randomKills + stats.crashAtKills < KILLS;
      if (crashAt) {
        env.CRASH_AT = 'after-provider';
        await server.restart();
        stats.restarts++;
      }
      await run(crashAt);
      if (!alive) {
        await server.kill('SIGKILL');
        await deadSessionsEnded(db);
        await ageUnfinished(db);
      }
      // A run with CRASH_AT that charged no card ends alive: the next starts without it.
      if (!alive || crashAt) await recover();
      if (stats.runs > 200) throw new Error('sequences still unfinished after 200 runs');
    }
    await sandbox('POST', '/api/sandbox/clock', { advanceMs: SETTLE_MS });

    // The end: every account's invariants, each asserted on its own.
    const now = await serverNow(server.url);
    const finals: { uid: number; violations: string[]; pocket: string | undefined; rows: string }[] = [];
    for (const h of holders) {
      const subject = client.subject(h, db, now);
      const [violations, pocket] = [await moneyViolations(subject), await pocketViolation(subject, h.paidByBank)];
      finals.push({ uid: h.uid, violations, pocket, rows: violations.length > 0 || pocket ? await report(h) : '' });
      stats.checks++;
    }
    const f = await moneyFigures(
      db,
      holders.map((h) => h.uid),
      server.log(),
    );
    console.log(
      `money crash: ${sequenceCount} sequences of up to ${SEQUENCE_LENGTH} actions from ${ACCOUNTS} accounts, ${CONCURRENCY} at once ` +
        `(${kinds.map((k) => `${actions[k]} ${k}`).join(', ')}); ${stats.runs} server runs, ${stats.randomKills} random kills + ` +
        `${stats.crashAtKills} CRASH_AT=after-provider kills, ${stats.restarts} restarts; ${client.answers} answers, ${stats.noAnswer} requests without one ` +
        `(${stats.askedAgain} sent again, ${stats.toldAgain} provider events delivered again), ${client.tooFrequent} answered -3031, ` +
        `${f.reconciled} charges reconciled at start-up; ${f.orders} orders (${f.paid} paid), ${f.charged} charged and ` +
        `${f.returned} returned in ${f.entries} ledger entries; ${stats.checks} invariant checks, ${broken.length} broken; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    // The kills happened, at the worst point too.
    expect(stats.randomKills).toBeGreaterThan(0);
    expect(stats.crashAtKills).toBeGreaterThan(0);
    expect(client.failures).toEqual([]);
    expect(broken).toEqual([]);
    for (const account of finals) {
      expect(account.violations, `account ${account.uid}${account.rows}`).toEqual([]);
      expect(account.pocket, `account ${account.uid}${account.rows}`).toBeUndefined();
    }
    // Nothing a dead process began is left half-done: no charge in flight, no key claimed, no
    // answer awaited from a network, no claim on a renewal, no refund that nobody will ask again.
    expect(await db.query("SELECT id FROM payment_attempts WHERE status = 'charging'")).toEqual([]);
    expect(await db.query("SELECT key FROM idempotency_keys WHERE state = 'in_progress'")).toEqual([]);
    expect(await db.query("SELECT id FROM orders WHERE status = 'NETWORK_ERROR'")).toEqual([]);
    expect(await db.query('SELECT account_uid FROM subscriptions WHERE renewing_since IS NOT NULL')).toEqual([]);
    expect(await db.query("SELECT id, order_id FROM refunds WHERE status = 'pending' AND refund_ref IS NULL AND next_attempt_at IS NULL")).toEqual([]);
  });
});
