// Changing plan from the account page (docs/decisions/056), against the real server in-process with
// the moved clock: an upgrade is quoted with its credit for the unused days, becomes an order the
// payment page pays (repay) and starts the new plan that day; a downgrade is scheduled for the
// renewal, undone, or applied by the renewal job.
import { describe, expect, it } from 'vitest';
import { RENEWAL_WINDOW_MS, runRenewals } from '../../server/billing/renewal';
import { createFakeClock } from '../../server/clock';
import { testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;
const QUOTE = '/api/bill/planChange/quote/v1';
const CHANGE = '/api/bill/planChange/v1';
const SCHEDULED = '/api/bill/planChange/scheduled/v1';
const UNDO = '/api/bill/planChange/undo/v1';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

type Auth = Record<string, string>;

/** A customer who bought `planId` by card (saved, so a monthly plan renews itself). */
async function buyer(planId: string) {
  const c = await loggedInCustomer(server);
  const paid = await server.postChecked(
    '/api/bill/pay/v1',
    { planId, method: 'card', currency: 'BRL', email: c.account.email, card: card(VISA_OK, { save: true }) },
    c.auth,
  );
  expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
  const [saved] = (await server.postChecked('/api/bill/listCard', {}, c.auth)).body.data as { id: string }[];
  return { ...c, uid: c.account.uid, cardId: saved!.id };
}

/** A session opened now: a moved clock outlives the 10-day session (spec section 4). */
async function fresh(b: Awaited<ReturnType<typeof buyer>>): Promise<Auth> {
  const res = await server.post('/api/user/login/v1', loginBody(b.account));
  return { Authorization: res.body.data.token as string, Language: 'en' };
}

const data = async (url: string, body: unknown, auth: Auth) => {
  const res = await server.postChecked(url, body, auth);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};
const errCode = async (url: string, body: unknown, auth: Auth) => (await server.post(url, body, auth)).body.errCode as number | undefined;
const entitlement = async (uid: number) => {
  const [e] = await server.db.query<{ plan_id: number; device_count: number; expires_at: Date }>(
    'SELECT plan_id, device_count, expires_at FROM entitlements WHERE account_uid = $1',
    [uid],
  );
  return { planId: Number(e!.plan_id), devices: Number(e!.device_count), expiresAt: new Date(e!.expires_at).getTime() };
};
const subscriptionPlan = async (uid: number) =>
  Number((await server.db.query<{ plan_id: number }>('SELECT plan_id FROM subscriptions WHERE account_uid = $1', [uid]))[0]!.plan_id);

describe('changing plan (docs/decisions/056)', () => {
  it('an upgrade is quoted with the credit for the unused days, paid on the payment page, and starts the new plan today', async () => {
    const b = await buyer('1'); // monthly, one screen, R$ 29,90
    clock.advance(9 * DAY);
    // 21 of 30 days unused: 2990 × 21 ÷ 30 = 2093; four screens cost 4990.
    const quote = await data(QUOTE, { planId: '2' }, b.auth);
    expect(quote).toMatchObject({ kind: 'upgrade', when: 'now', currentPlanId: '1', planId: '2', price: 4990, credit: 2093, due: 2897, currency: 'BRL' });
    expect([quote.unusedDays, quote.periodDays]).toEqual([21, 30]);

    const { when, orderId } = await data(CHANGE, { planId: '2' }, b.auth);
    expect(when).toBe('now');
    // Asked again (another tab): the same open order.
    expect((await data(CHANGE, { planId: '2' }, b.auth)).orderId).toBe(orderId);
    const order = await server.get(`/api/bill/order/v1/${orderId}`, b.auth);
    expect(order.body.data).toMatchObject({ status: 'SUBMITTED', subtotal: 4990, discount: 2093, total: 2897 });
    // The payment page prices it the same way, with any method.
    const priced = await data('/api/bill/goodsValuation', { planId: '2', orderId, method: 'card' }, b.auth);
    expect(priced).toMatchObject({ price: 4990, credit: 2093, discount: 2093, total: 2897 });

    // Paid a day later: the credit is the days left then (20: 1993.33…, half-up to 1993).
    clock.advance(DAY);
    const auth = await fresh(b);
    const paid = await data('/api/bill/repay/v1', { orderId, method: 'card', card: { savedCardId: b.cardId } }, auth);
    expect(paid).toMatchObject({ status: 'PAYMENT_SUCCEEDED' });
    const after = await server.get(`/api/bill/order/v1/${orderId}`, auth);
    expect(after.body.data).toMatchObject({ subtotal: 4990, discount: 1993, total: 2997 });
    expect(await entitlement(b.uid)).toEqual({ planId: 2, devices: 4, expiresAt: clock.now() + 30 * DAY });
    // The auto-renewal goes on with the new plan.
    expect(await subscriptionPlan(b.uid)).toBe(2);

    // A later upgrade counts the upgrade's own period (worth 4990: 2997 paid + 1993 credit), not the first order again.
    clock.advance(15 * DAY);
    const next = await data(QUOTE, { planId: '4' }, await fresh(b));
    expect(next).toMatchObject({ kind: 'upgrade', credit: 2495, price: 26990, due: 24495, unusedDays: 15 });
  });

  it('a downgrade waits for the renewal, can be undone, and the renewal job applies it', async () => {
    const b = await buyer('2'); // monthly, four screens, auto-renewal on the saved card
    const { expiresAt } = await entitlement(b.uid);
    const quote = await data(QUOTE, { planId: '1' }, b.auth);
    expect(quote).toMatchObject({ kind: 'downgrade', when: 'renewal', credit: 0, due: 0, price: 2990, appliesAt: expiresAt });

    const scheduled = await data(CHANGE, { planId: '1' }, b.auth);
    expect(scheduled).toMatchObject({ when: 'renewal', scheduled: { fromPlanId: '2', toPlanId: '1', appliesAt: expiresAt } });
    expect(await data(SCHEDULED, {}, b.auth)).toMatchObject({ fromPlanId: '2', toPlanId: '1', appliesAt: expiresAt });
    // The auto-renewal says what the renewal will charge: the plan it changes to, at its price.
    expect(await data('/api/job/renewInfo/v1', {}, b.auth)).toMatchObject({ status: 'activated', planId: '1', planName: 'Monthly · 1 screen', amount: 2990 });
    // The running plan is untouched, and buying the one-screen plan outright is still refused (spec section 6).
    expect(await entitlement(b.uid)).toMatchObject({ planId: 2, devices: 4 });
    expect(await errCode('/api/bill/pay/v1', { planId: '1', method: 'card', currency: 'BRL', email: b.account.email, card: card(VISA_OK) }, b.auth)).toBe(6000);

    expect(await data(UNDO, {}, b.auth)).toBeNull();
    expect(await data(SCHEDULED, {}, b.auth)).toBeNull();
    expect(await data('/api/job/renewInfo/v1', {}, b.auth)).toMatchObject({ planId: '2', amount: 4990 });
    expect(await errCode(UNDO, {}, b.auth)).toBe(8205);

    await data(CHANGE, { planId: '1' }, b.auth);
    clock.set(expiresAt - RENEWAL_WINDOW_MS + 1000);
    const summary = await runRenewals(server.services, { now: clock.now(), limit: 100 });
    expect(summary.renewed).toBeGreaterThanOrEqual(1);
    const [renewal] = await server.db.query<{ total: number; plan_id: number }>(
      "SELECT o.total, l.plan_id FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.account_uid = $1 AND o.kind = 'renewal'",
      [b.uid],
    );
    expect([Number(renewal!.total), Number(renewal!.plan_id)]).toEqual([2990, 1]);
    expect(await entitlement(b.uid)).toEqual({ planId: 1, devices: 1, expiresAt: expiresAt + 30 * DAY });
    expect(await subscriptionPlan(b.uid)).toBe(1);
    const later = await fresh(b);
    expect(await data(SCHEDULED, {}, later)).toBeNull();
    expect(await errCode(UNDO, {}, later)).toBe(8205);
  });

  it('refusals: the plan itself, no running plan, no renewal to change, a credit worth the whole plan, an unknown plan', async () => {
    const monthly = await buyer('1');
    expect(await errCode(QUOTE, { planId: '1' }, monthly.auth)).toBe(8201);
    expect(await errCode(QUOTE, { planId: '999' }, monthly.auth)).toBe(6001);
    const none = await loggedInCustomer(server);
    expect(await errCode(QUOTE, { planId: '2' }, none.auth)).toBe(8202);
    expect(await errCode(CHANGE, { planId: '2' }, none.auth)).toBe(8202);
    // A six-month plan does not renew itself: going to the monthly one waits for a renewal that never comes.
    const halfYear = await buyer('3');
    expect(await data(QUOTE, { planId: '1' }, halfYear.auth)).toMatchObject({ kind: 'downgrade', when: 'renewal' });
    expect(await errCode(CHANGE, { planId: '1' }, halfYear.auth)).toBe(8203);
    // A yearly plan just bought is worth more than a month on four screens.
    const yearly = await buyer('5');
    expect(await errCode(QUOTE, { planId: '2' }, yearly.auth)).toBe(8206);
    expect((await server.post(QUOTE, { planId: '2' }, { Language: 'en' })).body.errCode).toBe(-24020);
  });

  it('with the site’s upgradePolicy off, an upgrade waits for the renewal too', async () => {
    const b = await buyer('1');
    await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', 'false') WHERE key = 'siteConfig'`);
    try {
      expect(await data(QUOTE, { planId: '2' }, b.auth)).toMatchObject({ kind: 'upgrade', when: 'renewal', credit: 0, due: 0 });
      expect(await data(CHANGE, { planId: '2' }, b.auth)).toMatchObject({ when: 'renewal', scheduled: { toPlanId: '2' } });
      expect(await entitlement(b.uid)).toMatchObject({ planId: 1 });
    } finally {
      await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', 'true') WHERE key = 'siteConfig'`);
    }
  });
});
