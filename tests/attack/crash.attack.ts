/**
 * kill -9 during checkouts (docs/decisions/032). A spawned server on PostgreSQL takes 200 card
 * checkouts from several accounts; it is SIGKILLed at random moments, and some runs start with
 * CRASH_AT=after-provider so it kills itself between the card network's answer and the record of
 * it, the worst point. After each kill it is restarted (its start-up reconciliation settles what
 * was left charging: the rows' timestamps are set back rather than waited for), and every client
 * without an answer retries with its Idempotency-Key, as the app does, until it gets one. Then:
 * every network charge has exactly one order, every order a client saw paid is paid, no order or
 * charge that no client saw, nothing left charging.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomKiller, serverOnFreshDatabase, useCleanups } from './helpers/payments';
import { payByCard, signUp, type Account } from './helpers/portal-client';

/** CRASH_CHECKOUTS: fewer for a quick local run. */
const CHECKOUTS = Number(process.env.CRASH_CHECKOUTS ?? 200);
const ACCOUNTS = 8;
const CONCURRENCY = 6;
/** Every how many runs the server starts with CRASH_AT=after-provider. */
const CRASH_AT_EVERY = 4;

interface Checkout {
  account: Account;
  key: string;
  tries: number;
  answer?: { code: number; errCode?: number; orderId?: string; status?: string };
}

describe('kill -9 during 200 card checkouts', () => {
  const defer = useCleanups();

  it('every network charge has one order, every acknowledged order is paid, nothing is charged twice', async () => {
    const env: Record<string, string> = {};
    const { server, db } = await serverOnFreshDatabase(8324, env, defer);

    const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, () => signUp(server.url)));
    const checkouts: Checkout[] = Array.from({ length: CHECKOUTS }, (_, i) => ({ account: accounts[i % ACCOUNTS]!, key: randomUUID(), tries: 0 }));
    const stats = { runs: 0, randomKills: 0, crashAtKills: 0, noAnswer: 0, retriedLater: 0 };

    /** After a kill: what a live process could still be finishing is now old enough to settle. */
    async function ageUnfinished() {
      const back = "now() - interval '10 minutes'";
      await db.query(`UPDATE payment_attempts SET created_at = created_at - interval '10 minutes', updated_at = ${back} WHERE status = 'charging'`);
      await db.query(`UPDATE idempotency_keys SET created_at = ${back} WHERE state = 'in_progress'`);
    }

    /** Sends checkouts until the server dies or none is left without an answer. */
    async function run(crashAt: boolean) {
      const queue = checkouts.filter((c) => !c.answer);
      let alive = true;
      // A random moment in the stream of answers: after 1 to 20 of them, plus up to 40 ms, so
      // requests are in flight at every stage (a fresh process's first answers are slow to come).
      const killer = randomKiller(server, 1 + Math.floor(Math.random() * 20), () => {
        alive = false;
        stats.randomKills++;
      });
      const armKiller = () => {
        if (!crashAt) killer.answered();
      };
      const worker = async () => {
        for (let c = queue.shift(); c && alive; c = queue.shift()) {
          c.tries++;
          try {
            const res = await payByCard(server.url, c.account, { idempotencyKey: c.key });
            armKiller();
            // -3031: the key (or its order) is still being worked on: ask again later.
            if (res.status === 429) stats.retriedLater++;
            else c.answer = { code: res.body.code, ...(res.body.errCode !== undefined ? { errCode: res.body.errCode } : {}), ...(res.body.data ?? {}) };
          } catch {
            stats.noAnswer++;
            alive = false;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      killer.stop();
      if (crashAt && !alive) stats.crashAtKills++;
    }

    while (checkouts.some((c) => !c.answer)) {
      stats.runs++;
      const crashAt = stats.runs % CRASH_AT_EVERY === 0;
      if (crashAt) env.CRASH_AT = 'after-provider';
      else delete env.CRASH_AT;
      if (stats.runs > 1) await server.restart();
      await run(crashAt);
      await server.kill('SIGKILL');
      await ageUnfinished();
      if (stats.runs > 200) throw new Error('checkouts still unanswered after 200 runs');
    }
    // The last start: its reconciliation settles what the last kill left.
    delete env.CRASH_AT;
    await server.restart();
    await server.kill('SIGTERM');

    const acknowledged = checkouts.filter((c) => c.answer?.code === 0 && c.answer.status === 'PAYMENT_SUCCEEDED');
    const charges = await db.query<{ reference: string; status: string }>('SELECT reference, status FROM sandbox_card_charges');
    const orders = await db.query<{ id: string; status: string }>('SELECT id, status FROM orders');
    const statusOf = new Map(orders.map((o) => [o.id, o.status]));
    const succeeded = charges.filter((c) => c.status === 'succeeded');
    const reconciled = server
      .log()
      .split('\n')
      .filter((l) => l.includes('reconciled a charge left charging')).length;
    console.log(
      `crash: ${CHECKOUTS} checkouts from ${ACCOUNTS} accounts, ${stats.runs} server runs, ${stats.randomKills} random kills + ${stats.crashAtKills} CRASH_AT=after-provider kills, ` +
        `${stats.noAnswer} requests without answer, ${stats.retriedLater} answered -3031; ${acknowledged.length} acknowledged, ${succeeded.length} network charges, ` +
        `${orders.length} orders (${orders.filter((o) => o.status === 'PAYMENT_SUCCEEDED').length} paid), ${reconciled} reconciled at start-up`,
    );

    // The kills happened, at the worst point too, and left charges to reconcile.
    expect(stats.randomKills).toBeGreaterThan(0);
    expect(stats.crashAtKills).toBeGreaterThan(0);
    expect(reconciled).toBeGreaterThan(0);
    // Every client got a final answer: paid, or (killed before the network heard of it) 2003.
    for (const c of checkouts) expect([0, 2003], JSON.stringify(c.answer)).toContain(c.answer!.code === 0 ? 0 : c.answer!.errCode);
    expect(await db.query("SELECT 1 FROM payment_attempts WHERE status = 'charging'")).toEqual([]);
    // Every charge maps to exactly one order, which is paid; no order is charged twice.
    const references = succeeded.map((c) => c.reference);
    expect(new Set(references).size).toBe(references.length);
    for (const ref of references) expect(statusOf.get(ref), `charge of ${ref}`).toBe('PAYMENT_SUCCEEDED');
    // Every order a client saw paid exists and is paid, once per checkout; no paid order no client saw.
    const seen = acknowledged.map((c) => c.answer!.orderId!);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of seen) expect(statusOf.get(id), `acknowledged ${id}`).toBe('PAYMENT_SUCCEEDED');
    expect(
      orders
        .filter((o) => o.status === 'PAYMENT_SUCCEEDED')
        .map((o) => o.id)
        .sort(),
    ).toEqual([...seen].sort());
    expect(acknowledged.length).toBe(succeeded.length);
  });
});
