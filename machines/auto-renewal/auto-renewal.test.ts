// The auto-renewal rules the graph walks cannot judge, against the real server: turning it off goes
// through the cancellation flow (its refusals are machines/cancellation's), a refusal is said once
// (by the panel, not by a toast), and each refusal lands where the server says the renewal stands.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { buyWithSavedCard, cancelRenewal, expireCard, pauseRenewal, signedInClient, subscription } from '../../tests/model/billing.world';
import { createAutoRenewalActors } from './auto-renewal.actors';
import { autoRenewalMachine } from './auto-renewal.machine';
import { selectAutoRenewalView } from './auto-renewal.selectors';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function panelOf(customer: Awaited<ReturnType<typeof signedInClient>>) {
  const actor = createActor(autoRenewalMachine.provide({ actors: createAutoRenewalActors(customer.client.api) })).start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return actor;
}
async function subscriber() {
  const customer = await signedInClient(server);
  const cardId = await buyWithSavedCard(server, customer.auth, customer.account.email!);
  return { ...customer, cardId };
}
const settled = (actor: Awaited<ReturnType<typeof panelOf>>) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('auto-renewal rules', () => {
  it('turning it off opens the cancellation flow; once that settles the panel asks where auto-renewal stands (docs/decisions/057)', async () => {
    const s = await subscriber();
    const actor = await panelOf(s);
    actor.send({ type: 'CANCEL_REQUESTED' });
    expect(selectAutoRenewalView(actor.getSnapshot())).toMatchObject({ confirmingCancel: true, canCancel: false });
    actor.send({ type: 'CANCEL_DISMISSED' });
    expect(actor.getSnapshot().value).toEqual({ activated: 'idle' });
    // The flow turned it off (here through its call): the panel reloads and shows it off.
    await cancelRenewal(server, s.auth);
    actor.send({ type: 'CANCEL_REQUESTED' });
    actor.send({ type: 'CANCELLATION_SETTLED' });
    const off = await waitFor(actor, (x) => x.matches('cancelled'));
    expect(selectAutoRenewalView(off)).toMatchObject({ status: 'cancelled', message: null, offerRepurchase: true });
  });

  it('cancelling is not offered while a renewal charge runs (6207), and is once it ends', async () => {
    const s = await subscriber();
    const renewal = await pauseRenewal(server, s.account.uid);
    const actor = await panelOf(s);
    expect(selectAutoRenewalView(actor.getSnapshot())).toMatchObject({ renewing: true, canCancel: false, canRefresh: true });
    await renewal.release();
    actor.send({ type: 'REFRESH_REQUESTED' });
    await settled(actor);
    expect(selectAutoRenewalView(actor.getSnapshot())).toMatchObject({ renewing: false, canCancel: true });
    expect(s.client.effects).toEqual([]);
  });

  it('6201: an account without auto-renewal sees it off, without an error toast', async () => {
    const c = await signedInClient(server);
    const actor = await panelOf(c);
    expect(actor.getSnapshot().value).toBe('none');
    expect(selectAutoRenewalView(actor.getSnapshot())).toMatchObject({ status: 'none', offerRepurchase: true, message: null });
    expect(c.client.effects).toEqual([]);
  });

  it('the billing card: 6206 keeps the dialog open on another choice; 2002 while renewing leaves the card as it was', async () => {
    const s = await subscriber();
    const spare = await buyWithSavedCard(server, s.auth, s.account.email!, '3', '5555555555554444');
    await expireCard(server, spare);
    const actor = await panelOf(s);
    actor.send({ type: 'CARD_CHANGE_REQUESTED' });
    await waitFor(actor, (x) => x.matches({ activated: 'choosingCard' }));
    actor.send({ type: 'CARD_CHOSEN', cardId: spare });
    const unusable = await waitFor(actor, (x) => x.matches({ activated: 'choosingCard' }) && x.context.errCode !== null);
    expect(selectAutoRenewalView(unusable)).toMatchObject({ message: 6206, cardDialog: { open: true } });
    actor.send({ type: 'CARD_CHANGE_DISMISSED' });

    const renewal = await pauseRenewal(server, s.account.uid);
    actor.send({ type: 'CARD_CHANGE_REQUESTED' });
    await waitFor(actor, (x) => x.matches({ activated: 'choosingCard' }));
    actor.send({ type: 'CARD_CHOSEN', cardId: s.cardId });
    const refused = await waitFor(actor, (x) => x.matches({ activated: 'idle' }) && x.context.errCode === 2002);
    expect(refused.context.info).toMatchObject({ renewing: true, card: { id: s.cardId } });
    expect((await subscription(server.db, s.account.uid))!.card_id).toBe(s.cardId);
    await renewal.release();
    expect(s.client.effects).toEqual([]);
  });
});
