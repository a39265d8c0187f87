// The device sign-out rules the graph walks leave out, against the real server: "all other devices"
// followed to its end (the walks only ask it last), a retry signs out the device first chosen, and
// the view says a refusal once (not by a toast).
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { storageFault } from '../../tests/model/faults';
import { DevicesWorld, OTHER_DEVICE } from '../../tests/model/devices.world';
import { createDevicesActors } from './devices.actors';
import { devicesMachine } from './devices.machine';
import { selectDevicesView } from './devices.selectors';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function signedInOnFive() {
  const world = new DevicesWorld(server);
  await world.setUp();
  const actor = createActor(devicesMachine.provide({ actors: createDevicesActors(world.customer.client.api) })).start();
  return { world, actor };
}

describe('device sign-out rules', () => {
  it('all other devices: every other session ends, this one stays, and the view says so', async () => {
    const { world, actor } = await signedInOnFive();
    expect(await world.runningOthers()).toHaveLength(4);
    actor.send({ type: 'SIGN_OUT_OTHERS_REQUESTED' });
    expect(selectDevicesView(actor.getSnapshot())).toMatchObject({ status: 'confirming', dialogOpen: true, target: { kind: 'others' } });
    actor.send({ type: 'SIGN_OUT_CONFIRMED' });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(selectDevicesView(after)).toMatchObject({ status: 'done', answered: true, dialogOpen: false, message: null, canRequest: true });
    expect(await world.runningOthers()).toEqual([]);
    for (const token of world.others) {
      const res = await server.post('/api/user/devices/signOutOthers/v1', {}, { Authorization: token, Language: 'en' });
      expect([res.status, res.body.errCode]).toEqual([401, -24020]);
    }
  });

  it('a retry after a failure signs out the device first chosen; a refusal is the view’s, never a toast', async () => {
    const { world, actor } = await signedInOnFive();
    const [newest, second] = await world.runningOthers();
    const id = await world.targetId();
    actor.send({ type: 'SIGN_OUT_REQUESTED', id, label: OTHER_DEVICE });
    const repair = await storageFault(server, 'sessions');
    actor.send({ type: 'SIGN_OUT_CONFIRMED' });
    expect(selectDevicesView(await waitFor(actor, (s) => s.matches('failure')))).toMatchObject({ status: 'failure', canRetry: true, canRequest: true });
    await repair();
    actor.send({ type: 'RETRY_REQUESTED' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(await world.runningOthers()).toEqual(world.others.filter((t) => t !== newest).reverse());

    // The same device again, already signed out: 8101, said by the view alone.
    actor.send({ type: 'SIGN_OUT_REQUESTED', id, label: OTHER_DEVICE });
    actor.send({ type: 'SIGN_OUT_CONFIRMED' });
    const refused = await waitFor(actor, (s) => s.matches('refused'));
    expect(selectDevicesView(refused)).toMatchObject({ status: 'refused', message: 8101, answered: true });
    expect(world.customer.client.effects.filter((e) => e[0] === 'toast' && e[2] === 8101)).toEqual([]);
    expect((await world.runningOthers())[0]).toBe(second);
  });
});
