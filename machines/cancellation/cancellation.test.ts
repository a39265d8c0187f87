// The cancellation flow's rules, against the real server (docs/decisions/057): declining turns
// auto-renewal off with the end of the period paid; accepting keeps it; an offer the site no
// longer makes is refused (8302) and the current one shown; a renewal charge running (6207) or a
// change in another tab (6204, 6202) ends the flow with the message, said once (no toast).
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { buyWithSavedCard, cancelRenewal, expireByDeclines, pauseRenewal, signedInClient, subscription } from '../../tests/model/billing.world';
import { createCancellationActors } from './cancellation.actors';
import { cancellationMachine } from './cancellation.machine';
import { selectCancellationView } from './cancellation.selectors';
import type { CancellationReason } from './cancellation.types';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function subscriber() {
  const customer = await signedInClient(server);
  await buyWithSavedCard(server, customer.auth, customer.account.email!);
  return customer;
}
function flowOf(customer: Awaited<ReturnType<typeof subscriber>>) {
  return createActor(cancellationMachine.provide({ actors: createCancellationActors(customer.client.api) })).start();
}
type Flow = ReturnType<typeof flowOf>;
const settled = (actor: Flow) => waitFor(actor, (s) => !s.hasTag('busy'));
const submit = (actor: Flow, reason: CancellationReason, otherText = '') => {
  actor.send({ type: 'REASON_SUBMITTED', reason, otherText });
  return settled(actor);
};

describe('the cancellation flow (docs/decisions/057)', () => {
  it('declining the offer turns auto-renewal off and says when the period paid ends', async () => {
    const c = await subscriber();
    const flow = flowOf(c);
    expect(selectCancellationView(await submit(flow, 'too_expensive'))).toMatchObject({ step: 'offer', offer: { kind: 'discount', percent: 30 } });
    flow.send({ type: 'OFFER_DECLINED' });
    const done = await settled(flow);
    expect(selectCancellationView(done)).toMatchObject({ step: 'confirmed', done: true });
    const [ent] = await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM entitlements WHERE account_uid = $1', [c.account.uid]);
    expect(done.context.endsAt).toBe(new Date(ent!.expires_at).getTime());
    expect((await subscription(server.db, c.account.uid))!.status).toBe('cancelled');
    expect(c.client.effects).toEqual([]);
  });

  it('accepting the pause keeps auto-renewal on, the next charge after the pause', async () => {
    const c = await subscriber();
    const flow = flowOf(c);
    await submit(flow, 'not_using');
    flow.send({ type: 'OFFER_ACCEPTED' });
    const kept = await settled(flow);
    const sub = (await subscription(server.db, c.account.uid))!;
    expect(selectCancellationView(kept)).toMatchObject({
      step: 'accepted',
      kept: { offer: { kind: 'pause', months: 2 }, nextBillingDate: sub.next_billing_at.getTime() },
    });
    expect(sub.status).toBe('activated');
  });

  it('"other" without its text is sent back with 8301; an offer the site stopped making is refused with 8302 and none is shown', async () => {
    const c = await subscriber();
    const flow = flowOf(c);
    expect(selectCancellationView(await submit(flow, 'other', '  '))).toMatchObject({ step: 'reason', message: 8301 });
    expect(selectCancellationView(await submit(flow, 'other', 'Moving abroad'))).toMatchObject({ step: 'offer', message: null });
    const before = await server.db.query<{ value: unknown }>("SELECT value FROM site_settings WHERE key = 'siteConfig'");
    await server.db.query("UPDATE site_settings SET value = value - 'retentionOffers' WHERE key = 'siteConfig'");
    try {
      flow.send({ type: 'OFFER_ACCEPTED' });
      expect(selectCancellationView(await settled(flow))).toMatchObject({ step: 'confirm', offer: null, message: 8302 });
      flow.send({ type: 'CANCEL_CONFIRMED' });
      expect(selectCancellationView(await settled(flow))).toMatchObject({ step: 'confirmed' });
    } finally {
      await server.db.query("UPDATE site_settings SET value = $1 WHERE key = 'siteConfig'", [JSON.stringify(before[0]!.value)]);
    }
    expect(c.client.effects).toEqual([]);
  });

  it('6207 while a renewal charge runs, 6204 off in another tab, 6202 expired: the flow ends with the message, auto-renewal as the server says', async () => {
    const a = await subscriber();
    const renewal = await pauseRenewal(server, a.account.uid);
    const flowA = flowOf(a);
    expect(selectCancellationView(await submit(flowA, 'technical'))).toMatchObject({ step: 'refused', message: 6207, done: true });
    expect((await subscription(server.db, a.account.uid))!.status).toBe('activated');
    await renewal.release();

    const b = await subscriber();
    const flowB = flowOf(b);
    await submit(flowB, 'switching');
    await cancelRenewal(server, b.auth);
    flowB.send({ type: 'OFFER_DECLINED' });
    expect(selectCancellationView(await settled(flowB))).toMatchObject({ step: 'refused', message: 6204 });

    const d = await subscriber();
    const flowD = flowOf(d);
    await submit(flowD, 'too_expensive');
    await expireByDeclines(server, d.account.uid);
    flowD.send({ type: 'OFFER_ACCEPTED' });
    expect(selectCancellationView(await settled(flowD))).toMatchObject({ step: 'refused', message: 6202 });
    expect([...a.client.effects, ...b.client.effects, ...d.client.effects]).toEqual([]);
  });
});
