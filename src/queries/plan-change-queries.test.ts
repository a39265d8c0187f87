// The account page's waiting plan change (docs/decisions/056): `data: null` means none waits, and is
// read as such, without the "System internal error" toast an answer without data would raise.
import { describe, expect, it } from 'vitest';
import { reply, testApi } from '../../tests/helpers/screen-harness';
import { fetchScheduledPlanChange } from './plan-change-queries';

describe('fetchScheduledPlanChange', () => {
  it('reads data: null as no waiting change, with no toast', async () => {
    const { api, effects } = testApi(async () => reply({ code: 0, data: null }));
    expect(await fetchScheduledPlanChange(api)).toBeNull();
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('resolves the waiting change', async () => {
    const waiting = { toPlanId: '1', toPlanName: 'Monthly · 1 screen', appliesAt: Date.UTC(2026, 11, 27), price: 2990, currency: 'BRL' };
    const { api, effects } = testApi(async () => reply({ code: 0, data: waiting }));
    expect(await fetchScheduledPlanChange(api)).toEqual(waiting);
    expect(effects.toast).not.toHaveBeenCalled();
  });
});
