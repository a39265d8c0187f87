/**
 * A renewal pass killed half-way, then restarted, charges each due subscription once
 * (docs/decisions/010 and 032). A spawned server on PostgreSQL runs its renewal job every
 * RENEWAL_INTERVAL_MS; it is SIGKILLed while a pass is charging (once at a random moment, once by
 * CRASH_AT=after-provider between the network's answer and its record), and restarted with the
 * claims' and attempts' timestamps set back (the 15-minute stale takeover and the 60-second
 * reconciliation grace, rather than waiting). Then every subscription was charged exactly once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serverOnFreshDatabase, useCleanups, waitUntilDown } from './helpers/payments';
import { post, signUp, testCard } from './helpers/portal-client';

const SUBSCRIBERS = 40;

describe('renewal: a pass killed half-way, then restarted', () => {
  const defer = useCleanups();

  it('charges each due subscription once', async () => {
    const env: Record<string, string> = { RENEWAL_INTERVAL_MS: '0' };
    const { server, db } = await serverOnFreshDatabase(8325, env, defer);

    // Subscribers: plan 1 (monthly, auto-renew) bought with a card kept for the renewals.
    const uids: number[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const account = await signUp(server.url);
      const paid = await post(
        server.url,
        '/api/bill/pay/v1',
        { planId: '1', method: 'card', currency: 'BRL', email: 'renewal@example.com', card: { ...testCard, save: true } },
        {
          Authorization: account.token,
          'Idempotency-Key': randomUUID(),
        },
      );
      expect(paid.body.code).toBe(0);
      uids.push(Number(account.uid));
    }
    await server.kill('SIGTERM');
    const due = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM subscriptions WHERE status = 'activated' AND next_billing_at <= now() + interval '1 day'",
          )
        )[0]!.n,
      );
    await db.query("UPDATE subscriptions SET next_billing_at = now() - interval '1 hour' WHERE account_uid = ANY($1)", [uids]);
    expect(await due()).toBe(SUBSCRIBERS);

    const renewalCharges = () =>
      db.query<{ account_uid: number; status: string }>(
        "SELECT o.account_uid, c.status FROM sandbox_card_charges c JOIN orders o ON o.id = c.reference WHERE o.kind = 'renewal'",
      );
    const kills = { random: 0, crashAt: 0 };
    /** Attempts a kill left charging, summed over the kills (each settled at the next start). */
    let leftCharging = 0;

    /** A run with the job on, killed as soon as the pass has charged `after` renewals (or by CRASH_AT). */
    async function killedRun(after: number, crashAt: boolean) {
      env.RENEWAL_INTERVAL_MS = '300';
      if (crashAt) env.CRASH_AT = 'after-provider';
      else delete env.CRASH_AT;
      await server.restart();
      const before = (await renewalCharges()).length;
      while ((await renewalCharges()).length - before < after) {
        if ((await due()) === 0) throw new Error('the pass finished before it could be killed');
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 40));
      }
      // CRASH_AT: the process killed itself right after the network's answer.
      if (crashAt && !(await waitUntilDown(server.url))) throw new Error('CRASH_AT=after-provider did not stop the server');
      await server.kill('SIGKILL');
      if (crashAt) kills.crashAt++;
      else kills.random++;
      leftCharging += Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_attempts WHERE status = 'charging'"))[0]!.n);
      // What the dead pass held: its claims stale (15 min), its attempts past the grace (60 s).
      await db.query("UPDATE subscriptions SET renewing_since = renewing_since - interval '16 minutes' WHERE renewing_since IS NOT NULL");
      await db.query(
        "UPDATE payment_attempts SET created_at = created_at - interval '2 minutes', updated_at = updated_at - interval '2 minutes' WHERE status = 'charging'",
      );
    }

    await killedRun(5, false);
    await killedRun(1, true);
    await killedRun(5 + Math.floor(Math.random() * 10), false);

    // The last run: start-up reconciliation, then passes until nothing is due.
    delete env.CRASH_AT;
    await server.restart();
    const deadline = Date.now() + 120_000;
    while ((await due()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await server.kill('SIGTERM');

    const charges = await renewalCharges();
    const succeeded = charges.filter((c) => c.status === 'succeeded');
    const perAccount = new Map<number, number>();
    for (const c of succeeded) perAccount.set(Number(c.account_uid), (perAccount.get(Number(c.account_uid)) ?? 0) + 1);
    const paidRenewals = await db.query<{ account_uid: number }>("SELECT account_uid FROM orders WHERE kind = 'renewal' AND status = 'PAYMENT_SUCCEEDED'");
    const reconciled = server
      .log()
      .split('\n')
      .filter((l) => l.includes('reconciled a charge left charging')).length;
    console.log(
      `renewal crash: ${SUBSCRIBERS} due subscriptions, ${kills.random} random kills + ${kills.crashAt} CRASH_AT=after-provider kill mid-pass, ` +
        `${leftCharging} attempts left charging, ${reconciled} reconciled, ${succeeded.length} renewal charges, ${paidRenewals.length} paid renewal orders, ` +
        `${[...perAccount.values()].filter((n) => n > 1).length} subscriptions charged twice`,
    );

    expect(kills.crashAt).toBe(1);
    expect(leftCharging).toBeGreaterThan(0);
    expect(reconciled).toBe(leftCharging);
    expect(await due()).toBe(0);
    expect(await db.query("SELECT 1 FROM payment_attempts WHERE status = 'charging'")).toEqual([]);
    for (const uid of uids) expect(perAccount.get(uid) ?? 0, `subscription of ${uid} charged`).toBe(1);
    expect(paidRenewals.map((r) => Number(r.account_uid)).sort()).toEqual([...uids].sort());
    expect(await db.query('SELECT 1 FROM subscriptions WHERE renewing_since IS NOT NULL')).toEqual([]);
  });
});
