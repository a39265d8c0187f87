// PIX Automático rules the graph walks leave out, against the real server (docs/decisions/060): the
// QR asked for twice is the same QR (one order), approving in the bank app is seen on "I have
// approved it", and a cancellation in the bank app is shown as the payer's.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { PixAutomaticoWorld } from '../../tests/model/pix-automatico.world';
import { createPixAutomaticoActors } from './pix-automatico.actors';
import { pixAutomaticoMachine } from './pix-automatico.machine';
import { selectPixAutomaticoView } from './pix-automatico.selectors';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function customerWithPlan() {
  const world = new PixAutomaticoWorld(server);
  await world.setUp();
  const actor = createActor(pixAutomaticoMachine.provide({ actors: createPixAutomaticoActors(world.customer.client.api) })).start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return { world, actor };
}
const settled = (actor: Awaited<ReturnType<typeof customerWithPlan>>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));
const sandbox = (path: string) => server.app.inject({ method: 'POST', url: `/api/sandbox/pix-automatico/${path}` });

describe('PIX Automático rules', () => {
  it('the QR asked for again is the same one; approving in the bank app shows once the customer says so', async () => {
    const { world, actor } = await customerWithPlan();
    expect(selectPixAutomaticoView(actor.getSnapshot())).toMatchObject({ status: 'offered', canStart: true, info: null });
    actor.send({ type: 'START_REQUESTED', planId: '1' });
    const first = selectPixAutomaticoView(await settled(actor)).info!;
    expect(first).toMatchObject({ status: 'CRIADA', frequency: 'MONTHLY' });
    expect(first.qr?.brCode).toContain(first.idRec);

    // Another tab asks again: the same authorisation and QR, not a second order.
    const again = await server.post('/api/job/pixAutomatico/start/v1', { planId: '1' }, world.customer.auth);
    expect(again.body.data).toMatchObject({ idRec: first.idRec, qr: { orderId: first.qr!.orderId } });

    expect((await sandbox(`rec/${first.idRec}/approve`)).statusCode).toBe(200);
    expect(selectPixAutomaticoView(actor.getSnapshot()).status).toBe('awaitingApproval');
    actor.send({ type: 'REFRESH_REQUESTED' });
    const view = selectPixAutomaticoView(await settled(actor));
    expect(view).toMatchObject({ status: 'authorised', canCancel: true, canStart: false, info: { status: 'APROVADA', idRec: first.idRec } });
    expect(view.info?.qr).toBeUndefined();
  });

  it('cancelled in the bank app while the customer confirms: refused with 8605, then shown as the payer’s', async () => {
    const { world, actor } = await customerWithPlan();
    actor.send({ type: 'START_REQUESTED', planId: '1' });
    const { idRec } = selectPixAutomaticoView(await settled(actor)).info!;
    await sandbox(`rec/${idRec}/approve`);
    actor.send({ type: 'CANCEL_REQUESTED' });
    expect(selectPixAutomaticoView(actor.getSnapshot())).toMatchObject({ status: 'confirmingCancel', dialogOpen: true });
    await sandbox(`rec/${idRec}/cancel`);
    actor.send({ type: 'CANCEL_CONFIRMED' });
    expect(selectPixAutomaticoView(await settled(actor))).toMatchObject({ status: 'refused', message: 8605, dialogOpen: false });
    expect(world.customer.client.effects.filter((e) => e[0] === 'toast')).toEqual([]);
    actor.send({ type: 'REFRESH_REQUESTED' });
    expect(selectPixAutomaticoView(await settled(actor))).toMatchObject({
      status: 'ended',
      canStart: true,
      info: { status: 'CANCELADA', cancelledBy: 'payer' },
    });
  });
});
