// The waiting plan change as the account page reads it, from the real server in-process: none
// waiting is an answer (null), not a broken one, so no toast (a scheduled change: the planChange walks).
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { signedInClient } from '../model/billing.world';
import { fetchScheduledPlanChange } from '../../src/queries/plan-change-queries';

const server = useTestServer({}, { clock: createFakeClock() });

describe('the waiting plan change', () => {
  it('none waiting: null, and the client says nothing', async () => {
    const { client } = await signedInClient(server);
    expect(await fetchScheduledPlanChange(client.api)).toBeNull();
    expect(client.effects).toEqual([]);
  });
});
