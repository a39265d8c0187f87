// The plan change rules the graph walks leave out, against the real server: a plan the server
// refuses unexpectedly (8201, the running plan itself) is toasted and the flow says nothing changed;
// the same upgrade asked twice opens the same order; a refusal the flow expects is the view's alone.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type EventObject } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { PlanChangeWorld, SMALL_UPGRADE_PLAN, UPGRADE_PLAN } from '../../tests/model/plan-change.world';
import { createPlanChangeActors } from './plan-change.actors';
import { planChangeMachine } from './plan-change.machine';
import { selectPlanChangeView } from './plan-change.selectors';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function customer() {
  const world = new PlanChangeWorld(server);
  await world.setUp();
  const opened: string[] = [];
  const start = () =>
    createActor(
      planChangeMachine.provide({
        actors: createPlanChangeActors(world.customer.client.api),
        actions: { openPayment: (_, { orderId }) => void opened.push(orderId) },
      }),
    ).start();
  return { world, opened, start };
}

const toasts = (world: PlanChangeWorld) => world.customer.client.effects.filter((e) => e[0] === 'toast').map((e) => e[2]);

describe('plan change rules', () => {
  it('the running plan itself is refused by the server: toasted, and the flow says nothing changed', async () => {
    const { world, start } = await customer();
    const actor = start();
    actor.send({ type: 'PLAN_CHOSEN', planId: '1' });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(selectPlanChangeView(after)).toMatchObject({ status: 'failure', quote: null, canChoose: true, canUndo: true });
    expect(toasts(world)).toContain(8201);
  });

  it('the same upgrade confirmed twice opens the same order, for the amount the quote said', async () => {
    const { world, opened, start } = await customer();
    for (let i = 0; i < 2; i++) {
      const actor = start();
      actor.send({ type: 'PLAN_CHOSEN', planId: UPGRADE_PLAN });
      const quoted = await waitFor(actor, (s) => !s.hasTag('busy'));
      const view = selectPlanChangeView(quoted);
      expect(view).toMatchObject({ status: 'reviewing', canConfirm: true, canUndo: false, quote: { kind: 'upgrade', when: 'now' } });
      expect(view.quote!.due).toBe(view.quote!.price - view.quote!.credit);
      actor.send({ type: 'CHANGE_CONFIRMED' });
      await waitFor(actor, (s) => s.status === 'done');
    }
    const orders = await world.upgradeOrders();
    expect(orders).toHaveLength(1);
    expect(opened).toEqual([orders[0]!.id, orders[0]!.id]);
  });

  it('an expected refusal is said by the view alone, never by a toast', async () => {
    const { world, start } = await customer();
    await world.arrange({ type: 'xstate.done.actor.quote', output: { kind: 'refused', errCode: 8206 } } as EventObject);
    const actor = start();
    actor.send({ type: 'PLAN_CHOSEN', planId: SMALL_UPGRADE_PLAN });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(selectPlanChangeView(after)).toMatchObject({ status: 'refused', message: 8206, answered: true });
    expect(toasts(world)).not.toContain(8206);
  });
});
