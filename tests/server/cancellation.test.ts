// Turning auto-renewal off with a reason and a retention offer (docs/decisions/057), against the
// real server in-process: which offer a reason is shown, accepting it (a discount the next renewal
// charges less by, a pause that moves the next billing date), declining it (off, with the end of
// the period paid), the reasons stored for the product owner, and the refusals.
import { describe, expect, it } from 'vitest';
import { runRenewals } from '../../server/billing/renewal';
import { pausedUntil } from '../../core/config/retention';
import { createFakeClock } from '../../server/clock';
import { otherTexts, reasonCounts } from '../../server/repositories/cancellation-repository';
import { testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const OFFER = '/api/job/cancellation/offer/v1';
const CANCEL = '/api/job/cancellation/v1';
const ACCEPT = '/api/job/cancellation/accept/v1';
const DAY = 86_400_000;

const clock = createFakeClock();
const server = useTestServer({}, { clock });
type Auth = Record<string, string>;
const post = (url: string, body: unknown, auth: Auth) => server.postChecked(url, body, auth);

/** A customer who bought plan 1 (monthly, auto-renew) with a saved card. */
async function subscriber() {
  const c = await loggedInCustomer(server);
  const paid = await post(
    '/api/bill/pay/v1',
    { planId: '1', method: 'card', currency: 'BRL', email: c.account.email, card: card(VISA_OK, { save: true }) },
    c.auth,
  );
  expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
  return { ...c, uid: c.account.uid };
}
const sub = async (uid: number) =>
  (await server.db.query<{ status: string; next_billing_at: Date }>('SELECT status, next_billing_at FROM subscriptions WHERE account_uid = $1', [uid]))[0]!;
const expiry = async (uid: number) =>
  new Date((await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [uid]))[0]!.expires_at).getTime();
async function setOffers(offers: unknown[] | undefined) {
  await server.db.query(
    offers === undefined
      ? "UPDATE site_settings SET value = value - 'retentionOffers' WHERE key = 'siteConfig'"
      : "UPDATE site_settings SET value = jsonb_set(value, '{retentionOffers}', $1::jsonb) WHERE key = 'siteConfig'",
    offers === undefined ? [] : [JSON.stringify(offers)],
  );
}
const demoOffers = [
  { kind: 'discount', percent: 30 },
  { kind: 'pause', months: 2 },
];

describe('turning auto-renewal off with a reason (docs/decisions/057)', () => {
  it('offers the discount for a price reason and the pause for "not now" reasons; none without configured offers', async () => {
    await setOffers(demoOffers);
    const s = await subscriber();
    const offerFor = async (reason: string, otherText?: string) => (await post(OFFER, { reason, ...(otherText ? { otherText } : {}) }, s.auth)).body.data;
    expect(await offerFor('too_expensive')).toEqual({ offer: { kind: 'discount', percent: 30 } });
    expect(await offerFor('switching')).toEqual({ offer: { kind: 'discount', percent: 30 } });
    expect(await offerFor('other', 'Moving abroad')).toEqual({ offer: { kind: 'discount', percent: 30 } });
    for (const reason of ['not_using', 'missing_content', 'technical']) expect(await offerFor(reason)).toEqual({ offer: { kind: 'pause', months: 2 } });
    // Only one kind configured: every reason gets it.
    await setOffers([{ kind: 'pause', months: 1 }]);
    expect(await offerFor('too_expensive')).toEqual({ offer: { kind: 'pause', months: 1 } });
    await setOffers(undefined);
    expect(await offerFor('too_expensive')).toEqual({});
    // Nothing was stored by asking.
    expect((await server.db.query('SELECT 1 FROM cancellation_reasons WHERE account_uid = $1', [s.uid])).length).toBe(0);
    await setOffers(demoOffers);
  });

  it('"other" needs its text (8301), at every step; a blank one counts as none', async () => {
    const s = await subscriber();
    for (const [url, extra] of [
      [OFFER, {}],
      [CANCEL, {}],
      [ACCEPT, { offer: { kind: 'discount', percent: 30 } }],
    ] as const) {
      expect((await post(url, { reason: 'other', ...extra }, s.auth)).body).toMatchObject({ code: 1, errCode: 8301 });
      expect((await post(url, { reason: 'other', otherText: '   ', ...extra }, s.auth)).body).toMatchObject({ code: 1, errCode: 8301 });
    }
    expect((await sub(s.uid)).status).toBe('activated');
  });

  it('declining: auto-renewal is off, the answer names the end of the period paid, and the reason is stored', async () => {
    const s = await subscriber();
    const res = await post(CANCEL, { reason: 'other', otherText: '  Too many ads elsewhere ', declinedOffer: { kind: 'discount', percent: 30 } }, s.auth);
    expect(res.body).toMatchObject({ code: 0, data: { status: 'cancelled', endsAt: await expiry(s.uid) } });
    expect((await sub(s.uid)).status).toBe('cancelled');
    const [row] = await server.db.query('SELECT reason, other_text, offer_kind, offer_value, outcome FROM cancellation_reasons WHERE account_uid = $1', [
      s.uid,
    ]);
    expect(row).toEqual({ reason: 'other', other_text: 'Too many ads elsewhere', offer_kind: 'discount', offer_value: 30, outcome: 'cancelled' });
    // Once off: 6204 at every step.
    for (const url of [OFFER, CANCEL]) expect((await post(url, { reason: 'not_using' }, s.auth)).body).toMatchObject({ code: 1, errCode: 6204 });
    // The text of a reason other than "other" is not kept.
    const t = await subscriber();
    await post(CANCEL, { reason: 'technical', otherText: 'ignored' }, t.auth);
    const [kept] = await server.db.query('SELECT other_text, offer_kind FROM cancellation_reasons WHERE account_uid = $1', [t.uid]);
    expect(kept).toEqual({ other_text: null, offer_kind: null });
  });

  it('a customer without auto-renewal is refused 6201', async () => {
    const none = await loggedInCustomer(server);
    for (const url of [OFFER, CANCEL]) expect((await post(url, { reason: 'not_using' }, none.auth)).body).toMatchObject({ code: 1, errCode: 6201 });
  });

  it('accepting the discount keeps auto-renewal on and the next paid renewal charges 30 % less, once', async () => {
    const s = await subscriber();
    const next = (await sub(s.uid)).next_billing_at.getTime();
    const res = await post(ACCEPT, { reason: 'too_expensive', offer: { kind: 'discount', percent: 30 } }, s.auth);
    expect(res.body).toMatchObject({ code: 0, data: { offer: { kind: 'discount', percent: 30 }, nextBillingDate: next } });
    expect((await sub(s.uid)).status).toBe('activated');
    const renewals = () =>
      server.db.query<{ total: string; discount: string; status: string }>(
        "SELECT total, discount, status FROM orders WHERE account_uid = $1 AND kind = 'renewal' ORDER BY created_at, id",
        [s.uid],
      );
    // An offer accepted within the year: no other offer, and accepting again is refused (8302).
    expect((await post(OFFER, { reason: 'too_expensive' }, s.auth)).body.data).toEqual({});
    expect((await post(ACCEPT, { reason: 'too_expensive', offer: { kind: 'discount', percent: 30 } }, s.auth)).body).toMatchObject({ errCode: 8302 });
    clock.set(next - DAY / 2);
    await runRenewals(server.services, { now: clock.now(), limit: 100 });
    // Plan 1 costs R$ 29.90: 30 % off is R$ 8.97.
    expect((await renewals()).map((o) => [Number(o.total), Number(o.discount), o.status])).toEqual([[2093, 897, 'PAYMENT_SUCCEEDED']]);
    clock.set((await sub(s.uid)).next_billing_at.getTime() - DAY / 2);
    await runRenewals(server.services, { now: clock.now(), limit: 100 });
    expect((await renewals()).map((o) => Number(o.total))).toEqual([2093, 2990]);
  });

  it('accepting the pause moves the next billing date by its months; the paid period is not lengthened', async () => {
    const s = await subscriber();
    const next = (await sub(s.uid)).next_billing_at.getTime();
    const paidUntil = await expiry(s.uid);
    const res = await post(ACCEPT, { reason: 'not_using', offer: { kind: 'pause', months: 2 } }, s.auth);
    const until = pausedUntil(next, 2);
    expect(res.body).toMatchObject({ code: 0, data: { offer: { kind: 'pause', months: 2 }, nextBillingDate: until } });
    expect([(await sub(s.uid)).status, (await sub(s.uid)).next_billing_at.getTime(), await expiry(s.uid)]).toEqual(['activated', until, paidUntil]);
    // Nothing is charged at the old date; at the pause's end the renewal restarts the service.
    const renewals = async () => (await server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND kind = 'renewal'", [s.uid])).length;
    clock.set(next);
    await runRenewals(server.services, { now: clock.now(), limit: 100 });
    expect(await renewals()).toBe(0);
    clock.set(until);
    await runRenewals(server.services, { now: clock.now(), limit: 100 });
    expect(await renewals()).toBe(1);
    expect(await expiry(s.uid)).toBeGreaterThan(until);
  });

  it('an offer other than the one the site makes for the reason is refused (8302), and nothing changes', async () => {
    const s = await subscriber();
    for (const offer of [
      { kind: 'discount', percent: 90 },
      { kind: 'pause', months: 2 },
    ])
      expect((await post(ACCEPT, { reason: 'too_expensive', offer }, s.auth)).body).toMatchObject({ code: 1, errCode: 8302 });
    expect((await post(ACCEPT, { reason: 'too_expensive', offer: { kind: 'pause', months: 4 } }, s.auth)).status).toBe(400);
    expect((await server.db.query('SELECT 1 FROM retention_discounts WHERE account_uid = $1', [s.uid])).length).toBe(0);
  });

  it('pauses keep the day of the month, or the month’s last day', () => {
    expect(new Date(pausedUntil(Date.UTC(2026, 0, 31, 10), 1)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(pausedUntil(Date.UTC(2026, 10, 15), 3)).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });

  it('the report counts per reason, kept or cancelled, and lists the "other" texts', async () => {
    const counts = await reasonCounts(server.db);
    const total = (r: string) => counts.find((c) => c.reason === r);
    expect(total('too_expensive')).toMatchObject({ kept: 1 });
    expect(total('not_using')).toMatchObject({ kept: 1 });
    expect(total('other')).toMatchObject({ cancelled: 1, kept: 0 });
    expect((await otherTexts(server.db)).map((t) => t.text)).toContain('Too many ads elsewhere');
  });
});
