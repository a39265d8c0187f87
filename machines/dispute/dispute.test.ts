// The chargeback panel's rules pinned by hand against the real server (docs/decisions/059): a
// dispute followed from opened to charged back by refreshing, and a failed read tried again.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../../tests/helpers/test-server';
import { storageFault } from '../../tests/model/faults';
import { DisputeWorld, stepDispute } from '../../tests/model/dispute.world';
import { createDisputeActors } from './dispute.actors';
import { disputeMachine } from './dispute.machine';
import { selectDisputeView } from './dispute.selectors';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

async function paidOrder() {
  const world = new DisputeWorld(server);
  await world.setUp();
  const start = () =>
    createActor(disputeMachine.provide({ actors: createDisputeActors(world.customer.client.api) }), { input: { orderId: world.orderId } }).start();
  return { world, start };
}

describe('chargeback panel rules', () => {
  it('follows an open dispute, refresh by refresh, until the bank closes it', async () => {
    const { world, start } = await paidOrder();
    await stepDispute(server, world.orderId);
    const actor = start();
    expect(selectDisputeView(await waitFor(actor, (s) => s.matches('open')))).toMatchObject({
      dispute: { status: 'CHARGEBACK_PENDING', disputeStatus: 'needs_response' },
      canRefresh: true,
    });
    await stepDispute(server, world.orderId);
    actor.send({ type: 'REFRESH_REQUESTED' });
    // While it reads again, the dispute last read stays shown.
    expect(selectDisputeView(actor.getSnapshot())).toMatchObject({ status: 'loading', busy: true, dispute: { disputeStatus: 'needs_response' } });
    expect(selectDisputeView(await waitFor(actor, (s) => s.matches('open')))).toMatchObject({ dispute: { disputeStatus: 'under_review' } });
    await stepDispute(server, world.orderId);
    actor.send({ type: 'REFRESH_REQUESTED' });
    const closed = selectDisputeView(await waitFor(actor, (s) => s.matches('closed')));
    expect(closed).toMatchObject({ canRefresh: false, dispute: { status: 'CHARGEBACK_SUCCEEDED', disputeStatus: 'lost', serviceEnded: true } });
  });

  it('a failed read is tried again; an order never disputed shows nothing, without a toast', async () => {
    const { world, start } = await paidOrder();
    const repair = await storageFault(server, 'order_disputes');
    const actor = start();
    expect(selectDisputeView(await waitFor(actor, (s) => s.matches('failure')))).toMatchObject({ canRetry: true, canRefresh: false });
    await repair();
    actor.send({ type: 'RETRY_REQUESTED' });
    expect(selectDisputeView(await waitFor(actor, (s) => s.matches('none')))).toMatchObject({ dispute: null, canRetry: false });
    expect(world.customer.client.effects.filter((e) => e[0] === 'toast' && e[2] === 8501)).toEqual([]);
  });
});
