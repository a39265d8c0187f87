// The six ways money was lost where two flows met (docs/decisions/069), each replayed against the
// real server on the moved clock, with every money invariant checked after every step
// (tests/helpers/money-invariants.ts). The model-based suite (money-model.test.ts) looks for the
// sequences nobody thought of; these keep the ones that were found.
import { describe, expect, it } from 'vitest';
import { RENEWAL_WINDOW_MS } from '../../server/billing/renewal';
import { createFakeClock } from '../../server/clock';
import { moneyViolations, pocketViolation } from '../helpers/money-invariants';
import { MoneyWorld, type Customer, type Outcome } from '../helpers/money-world';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const clock = createFakeClock();
const server = useTestServer({}, { clock });
let world: MoneyWorld;
const customer = async () => {
  world ??= new MoneyWorld(server, clock);
  return world.customer();
};

async function holds(c: Customer) {
  expect(await moneyViolations(c)).toEqual([]);
  expect(await pocketViolation(c, world.paidByBank.get(c.uid) ?? 0)).toBeUndefined();
}
function ok<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`refused with ${o.errCode}`);
  return o.data;
}
const statusOf = async (c: Customer, orderId: string) => ok(await c.order(orderId)).status;
const expiry = async (uid: number) => {
  const [e] = await server.db.query<{ expires_at: Date; plan_id: number }>('SELECT expires_at, plan_id FROM entitlements WHERE account_uid = $1', [uid]);
  return e ? { at: new Date(e.expires_at).getTime(), planId: Number(e.plan_id) } : null;
};

describe('money where two flows meet (docs/decisions/069)', () => {
  it('1. an upgrade paid later at the bank does not keep a credit that was refunded: it is cancelled, and its payment returned', async () => {
    const c = await customer();
    const a = ok(await c.buy('card', '1')).orderId;
    const upgrade = ok(await c.changePlan('2')).orderId!;
    ok(await c.repay(upgrade, 'pix'));
    await holds(c);
    // The purchase the credit came from is withdrawn: its money goes back, and the upgrade quoted on it closes.
    expect(ok(await c.withdraw(a)).status).toBe('succeeded');
    expect(await statusOf(c, upgrade)).toBe('PAYMENT_CANCELLED');
    expect(await c.quote('2')).toEqual({ ok: false, errCode: 8202 });
    await holds(c);
    // The bank no longer takes the code; one that had read it before pays anyway: the money comes back.
    expect((await world.bankPays(upgrade))?.status).toBe(409);
    expect((await world.bankPaysRegardless(upgrade))?.body).toMatchObject({ result: 'returned' });
    expect(await statusOf(c, upgrade)).toBe('PAYMENT_CANCELLED');
    expect((await expiry(c.uid))!.at).toBeLessThanOrEqual(clock.now());
    await holds(c);
    await world.pspSettlesRefunds(upgrade);
    await holds(c);
    const [returned] = await server.db.query<{ kind: string; status: string; amount: number }>(
      'SELECT kind, status, amount::int AS amount FROM refunds WHERE order_id = $1',
      [upgrade],
    );
    expect(returned).toEqual({ kind: 'returned', status: 'succeeded', amount: 1750 });
    // The customer is told the money is on its way back.
    const mails = (await server.services.outbox.list({ to: c.account.email! })).map((m) => m.template);
    expect(mails).toContain('paymentReturned');
  });

  it('2. a chargeback racing a withdrawal returns the money once, in every round', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await customer();
      const a = ok(await c.buy('card', '1')).orderId;
      const [opened, withdrawn] = await Promise.all([world.dispute(a, 'lost'), c.withdraw(a)]);
      // Either the refund was made first (the network then refuses the dispute) or the dispute
      // was opened first (the network then refuses the refund, and the order follows the dispute).
      expect(opened.status === 409 || (withdrawn.ok && withdrawn.data.status === 'rejected') || !withdrawn.ok).toBe(true);
      for (let step = 0; step < 2; step++) await world.dispute(a, 'lost');
      await holds(c);
      const [money] = await server.db.query<{ back: number }>(
        "SELECT coalesce(sum(amount), 0)::int AS back FROM ledger_entries WHERE order_id = $1 AND kind IN ('refund', 'chargeback')",
        [a],
      );
      expect(money!.back).toBe(2990);
      expect(['REFUND_SUCCEEDED', 'CHARGEBACK_SUCCEEDED']).toContain(await statusOf(c, a));
    }
  });

  it('3. withdrawing the purchase after its upgrade: the upgrade keeps what its own money bought, renewal stops, and it can be withdrawn too', async () => {
    const c = await customer();
    const a = ok(await c.buy('card', '1')).orderId;
    const upgrade = ok(await c.changePlan('2')).orderId!;
    ok(await c.repay(upgrade, 'card'));
    expect(ok(await c.order(upgrade)).total).toBe(2000);
    const paidAt = clock.now();
    await holds(c);

    expect(ok(await c.withdraw(a)).status).toBe('succeeded');
    // R$ 20,00 of R$ 49,90 paid for four screens: the R$ 29,90 that went back bought 30 days × 2990 ÷ 4990 of it.
    expect(await expiry(c.uid)).toEqual({ at: paidAt + 30 * DAY - Math.floor((30 * DAY * 2990) / 4990), planId: 2 });
    expect(ok(await c.renewInfo()).status).toBe('cancelled');
    await holds(c);

    expect(ok(await c.order(upgrade)).withdrawableUntil).toBe(paidAt + 7 * DAY);
    expect(ok(await c.withdraw(upgrade)).status).toBe('succeeded');
    expect((await expiry(c.uid))!.at).toBe(clock.now());
    await holds(c);
  });

  it('4. one credit goes into one upgrade: a second plan change cancels the first, whose code can then no longer pay', async () => {
    const c = await customer();
    ok(await c.buy('card', '1'));
    const yearly = ok(await c.changePlan('6')).orderId!;
    ok(await c.repay(yearly, 'pix'));
    const monthly = ok(await c.changePlan('2')).orderId!;
    expect(await statusOf(c, yearly)).toBe('PAYMENT_CANCELLED');
    await holds(c);
    expect((await world.bankPays(yearly))?.status).toBe(409);
    expect((await world.bankPaysRegardless(yearly))?.body).toMatchObject({ result: 'returned' });
    ok(await c.repay(monthly, 'pix'));
    expect((await world.bankPays(monthly))?.body).toMatchObject({ result: 'applied' });
    expect(await expiry(c.uid)).toEqual({ at: clock.now() + 30 * DAY, planId: 2 });
    await world.pspSettlesRefunds(yearly);
    await holds(c);
  });

  it('5. PIX Automático ends with the withdrawal of its only purchase', async () => {
    const c = await customer();
    const started = ok(await c.startPixAutomatico('1'));
    expect((await world.approvePixAutomatico(started.idRec)).body).toMatchObject({ result: 'applied' });
    const [first] = await server.db.query<{ first_order_id: string }>('SELECT first_order_id FROM pix_recurrences WHERE id_rec = $1', [started.idRec]);
    await holds(c);
    expect(ok(await c.withdraw(first!.first_order_id)).status).toBe('pending');
    await world.pspSettlesRefunds(first!.first_order_id);
    expect(await statusOf(c, first!.first_order_id)).toBe('REFUND_SUCCEEDED');
    const [rec] = await server.db.query<{ status: string; cancelled_by: string }>('SELECT status, cancelled_by FROM pix_recurrences WHERE id_rec = $1', [
      started.idRec,
    ]);
    expect(rec).toEqual({ status: 'CANCELADA', cancelled_by: 'receiver' });
    await holds(c);
  });

  // Found by the crash suite (tests/attack/money-crash.attack.ts): where the days an upgrade took go
  // when its money goes back.
  it('an upgrade made of two purchases’ credit, charged back: each purchase’s days come back, one after the other', async () => {
    const c = await customer();
    ok(await c.buy('card', '1'));
    await world.advance(16 * DAY);
    ok(await c.buy('card', '1'));
    const upgrade = ok(await c.changePlan('2')).orderId!;
    ok(await c.repay(upgrade, 'card'));
    await c.cancelRenewal();
    await holds(c);
    for (let step = 0; step < 3; step++) await world.dispute(upgrade, 'lost');
    expect(await statusOf(c, upgrade)).toBe('CHARGEBACK_SUCCEEDED');
    // 14 days of the first month and 30 of the second, from now.
    expect(await expiry(c.uid)).toEqual({ at: clock.now() + 44 * DAY, planId: 1 });
    await holds(c);
  });

  it('an upgrade charged back after the plan ended: its credit’s days come back from now', async () => {
    const c = await customer();
    ok(await c.buy('card', '1'));
    await world.advance(15 * DAY);
    const upgrade = ok(await c.changePlan('2')).orderId!;
    ok(await c.repay(upgrade, 'card'));
    await c.cancelRenewal();
    await world.advance(40 * DAY);
    for (let step = 0; step < 3; step++) await world.dispute(upgrade, 'lost');
    expect(await expiry(c.uid)).toEqual({ at: clock.now() + 15 * DAY, planId: 1 });
    await holds(c);
  });

  it('an upgrade charged back while a later purchase runs: its credit’s days come after that purchase', async () => {
    const c = await customer();
    ok(await c.buy('card', '1'));
    await world.advance(10 * DAY);
    const upgrade = ok(await c.changePlan('2')).orderId!;
    ok(await c.repay(upgrade, 'card'));
    const later = ok(await c.buy('card', '2')).orderId;
    await c.cancelRenewal();
    await world.advance(35 * DAY);
    const [running] = await server.db.query<{ service_end: Date }>('SELECT service_end FROM orders WHERE id = $1', [later]);
    for (let step = 0; step < 3; step++) await world.dispute(upgrade, 'lost');
    // The purchase runs on; the 20 days the upgrade took come after it.
    expect(await expiry(c.uid)).toEqual({ at: new Date(running!.service_end).getTime() + 20 * DAY, planId: 1 });
    await holds(c);
  });

  it('6. after an upgrade the renewal shows the price it charges', async () => {
    const c = await customer();
    ok(await c.buy('card', '1'));
    const upgrade = ok(await c.changePlan('2')).orderId!;
    ok(await c.repay(upgrade, 'card'));
    const shown = ok(await c.renewInfo());
    expect(shown).toMatchObject({ status: 'activated', planId: '2', amount: 4990 });
    await holds(c);
    const end = (await expiry(c.uid))!.at;
    await world.advance(end - RENEWAL_WINDOW_MS + 60_000 - clock.now());
    const [renewal] = await server.db.query<{ total: number; status: string }>(
      "SELECT total::int AS total, status FROM orders WHERE account_uid = $1 AND kind = 'renewal'",
      [c.uid],
    );
    expect(renewal).toEqual({ total: shown.amount, status: 'PAYMENT_SUCCEEDED' });
    await holds(c);
  });
});
