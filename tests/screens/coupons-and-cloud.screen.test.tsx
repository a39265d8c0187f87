// @vitest-environment jsdom
// The coupons and my cloud views (docs/decisions/023): what each status and storage state shows,
// where "Use" goes, and the delete confirmation. The server's side is tested in
// tests/server/coupons.test.ts and tests/server/cloud.test.ts.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Outlet, Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { components } from '../../openapi/schema';
import { sessionMachine } from '../../machines/session/session.machine';
import { createQueryCache } from '../../src/queries/query-cache';
import type { QueryServices } from '../../src/queries/query-services';
import type { UserInfo } from '../../core/session/store';
import { CouponsScreen } from '../../src/screens/coupons/coupons-screen';
import { MyCloudScreen } from '../../src/screens/my-cloud/my-cloud-screen';
import { renderScreen as renderWith, reply, testApi } from '../helpers/screen-harness';

afterEach(() => cleanup());

type Schemas = components['schemas'];
type Answer = { code: number; errCode?: number; msg?: string; data?: unknown };
const user = { token: 't', uid: '7', account: 'ana@example.com', type: 'email', expiration: Date.now() + 86_400_000, accountLoginType: 'password' } as UserInfo;
const HOUR = 3600;

function renderScreen(path: string, element: ReactElement, answers: Record<string, (body: unknown) => Answer>) {
  const calls: { path: string; body: unknown }[] = [];
  const { api, effects } = testApi(
    async (request) => {
      const url = new URL(request.url);
      const body: unknown = request.method === 'POST' ? await request.json() : undefined;
      calls.push({ path: url.pathname, body });
      if (url.pathname === '/api/site/theme/v1') return reply({ code: 0, data: { name: 'Aurora TV' } });
      const answer = answers[url.pathname];
      return reply(answer ? answer(body) : { code: 1, errCode: 5000 });
    },
    { token: user.token },
  );
  const session = createActor(sessionMachine, { input: { userInfo: user } }).start();
  const services = { api, queries: createQueryCache(), session, cache: { setValidRules: () => {} } } as unknown as QueryServices;
  renderWith(
    services,
    path,
    <Route element={<Outlet context={{ language: 'en' }} />}>
      <Route path={path} element={element} />
    </Route>,
  );
  return { calls, effects };
}

const coupon = (c: Partial<Schemas['Coupon']> & Pick<Schemas['Coupon'], 'code'>): Schemas['Coupon'] => ({
  kind: 'percent',
  percent: 10,
  source: 'offered',
  status: 'available',
  yourUses: 0,
  ...c,
});

describe('coupons', () => {
  it('lists ready codes with "Use" to the plan’s payment page or the pricing table, and the others with why', async () => {
    const items = [
      coupon({ code: 'BEMVINDO-ABC234', percent: 15, source: 'personal', validTo: Date.UTC(2026, 11, 22), usesPerAccount: 1 }),
      coupon({ code: 'ANUAL20', percent: 20, planId: '5', planName: 'Yearly · 1 screen' }),
      coupon({ code: 'DESCONTO5', kind: 'fixed', percent: undefined, amount: 500, currency: 'BRL', status: 'held', heldByOrderId: 'ord_1' }),
      coupon({ code: 'BEMVINDO10', source: 'ordered', status: 'used', yourUses: 2, usesPerAccount: 2 }),
      coupon({ code: 'EXPIRADO', status: 'expired', validTo: Date.UTC(2024, 0, 1) }),
      coupon({ code: 'UMAVEZ', percent: 50, status: 'exhausted' }),
    ];
    renderScreen('/coupons', <CouponsScreen />, { '/api/bill/coupons/v1': () => ({ code: 0, data: { items } }) });
    const ready = await screen.findByRole('region', { name: 'Ready to use' });
    const cards = within(ready).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['15% off', '20% off']);
    expect(within(cards[0]!).getByText('Just for you')).toBeTruthy();
    expect(within(cards[0]!).getByText('Valid until Dec 22, 2026')).toBeTruthy();
    expect(within(cards[0]!).getByText('Can be used once per account.')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Use this code' }).getAttribute('href')).toBe('/pricing-table?discountCode=BEMVINDO-ABC234');
    expect(within(cards[1]!).getByText('Only for Yearly · 1 screen')).toBeTruthy();
    expect(within(cards[1]!).getByRole('link', { name: 'Use this code' }).getAttribute('href')).toBe('/payment?planId=5&discountCode=ANUAL20');

    const others = within(screen.getByRole('region', { name: 'Not available now' })).getAllByRole('article');
    expect(others.map((c) => within(c).getByText(/^(In an unpaid order|Used|Expired|Used up)$/).textContent)).toEqual([
      'In an unpaid order',
      'Used',
      'Expired',
      'Used up',
    ]);
    expect(within(others[0]!).getByRole('heading').textContent).toBe('R$ 5.00 off');
    expect(within(others[0]!).getByText(/Your unpaid order ord_1 holds this code/)).toBeTruthy();
    expect(within(others[0]!).getByRole('link', { name: 'Finish paying that order' }).getAttribute('href')).toBe('/payment?orderId=ord_1');
    expect(within(others[1]!).getByText('You used this code 2 times.')).toBeTruthy();
    expect(within(others[2]!).getByText('Ended on Jan 1, 2024')).toBeTruthy();
    for (const card of others) expect(within(card).queryByRole('link', { name: 'Use this code' })).toBeNull();
  });

  it('an account without codes sees the empty state; a failed read offers a retry', async () => {
    renderScreen('/coupons', <CouponsScreen />, { '/api/bill/coupons/v1': () => ({ code: 0, data: { items: [] } }) });
    expect(await screen.findByText('You have no discount codes yet. Codes offered to you will show here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing-table');
    cleanup();
    renderScreen('/coupons', <CouponsScreen />, { '/api/bill/coupons/v1': () => ({ code: 1, errCode: 5008, msg: 'System error' }) });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

const recording = (id: string, title: string, extra: Partial<Schemas['CloudRecording']> = {}): Schemas['CloudRecording'] => ({
  id,
  channelName: 'Aurora Notícias',
  title,
  recordedAt: Date.UTC(2026, 10, 20, 21, 0),
  durationSeconds: 2 * HOUR + 10 * 60,
  sizeBytes: 3_510_000_000,
  keptUntil: Date.UTC(2027, 1, 18),
  ...extra,
});
const storage = (s: Partial<Schemas['CloudStorage']>): Schemas['CloudStorage'] => ({
  quotaSeconds: 100 * HOUR,
  usedSeconds: 0,
  usedBytes: 0,
  items: [],
  total: 0,
  page: 1,
  pageSize: 20,
  ...s,
});

describe('my cloud', () => {
  it('shows the quota as a meter with its text, and each recording with its facts', async () => {
    const items = [recording('rec_1', 'Final do Campeonato'), recording('rec_2', 'Jornal da Noite', { durationSeconds: 45 * 60, sizeBytes: 675_000_000 })];
    renderScreen('/my-cloud', <MyCloudScreen />, {
      '/api/user/cloud/v1': () => ({
        code: 0,
        data: storage({ usedSeconds: 6.5 * HOUR, usedBytes: 10_530_000_000, items, total: 2, planId: '2', planName: 'Monthly · 4 screens' }),
      }),
    });
    const meter = await screen.findByRole('meter', { name: 'Recording time used' });
    expect(meter.getAttribute('max')).toBe(String(100 * HOUR));
    expect(meter.getAttribute('value')).toBe(String(6.5 * HOUR));
    expect(screen.getByText('6.5 hours of 100 hours used')).toBeTruthy();
    expect(screen.getByText('2 recordings, 10.5 GB')).toBeTruthy();
    expect(screen.getByText('Your plan Monthly · 4 screens keeps 100 hours of recordings.')).toBeTruthy();
    const [first, second] = within(screen.getByRole('region', { name: 'Recordings' })).getAllByRole('article');
    expect(within(first!).getByText('2 hr 10 min')).toBeTruthy();
    expect(within(first!).getByText('3.5 GB')).toBeTruthy();
    expect(within(first!).getByText('Feb 18, 2027')).toBeTruthy();
    expect(within(second!).getByText('45 min')).toBeTruthy();
    expect(within(second!).getByText('675 MB')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of recordings' })).toBeNull();
  });

  it('without a plan: no meter, the way to a plan; over the quota: the warning; beyond 20 recordings: pages', async () => {
    renderScreen('/my-cloud', <MyCloudScreen />, { '/api/user/cloud/v1': () => ({ code: 0, data: storage({ quotaSeconds: 0 }) }) });
    expect(await screen.findByText(/Your account has no plan/)).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing-table');
    expect(screen.getByText('No recordings yet. Record a programme from the TV app and it shows here.')).toBeTruthy();
    cleanup();

    const { calls } = renderScreen('/my-cloud', <MyCloudScreen />, {
      '/api/user/cloud/v1': (body) => {
        const page = (body as { page: number }).page;
        return {
          code: 0,
          data: storage({ quotaSeconds: 20 * HOUR, usedSeconds: 25 * HOUR, items: [recording(`rec_p${page}`, `Page ${page} show`)], total: 41, page }),
        };
      },
    });
    expect(await screen.findByText(/Your recordings take all the time your plan keeps/)).toBeTruthy();
    expect(screen.getByRole('meter').getAttribute('value')).toBe(String(20 * HOUR));
    const pager = screen.getByRole('navigation', { name: 'Pages of recordings' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Page 2 show' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/cloud/v1').map((c) => c.body)).toEqual([
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20 },
    ]);
  });

  it('delete asks first (focused alert dialog, Escape keeps it), then deletes and reads the list again', async () => {
    let items = [recording('rec_1', 'Jornal da Noite'), recording('rec_2', 'Cozinha de Domingo')];
    const { calls } = renderScreen('/my-cloud', <MyCloudScreen />, {
      '/api/user/cloud/v1': () => ({ code: 0, data: storage({ items, total: items.length }) }),
      '/api/user/cloud/delete/v1': (body) => {
        items = items.filter((r) => r.id !== (body as { id: string }).id);
        return { code: 0, data: null };
      },
    });
    const button = await screen.findByRole('button', { name: 'Delete Jornal da Noite' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this recording?' });
    expect(document.activeElement).toBe(dialog);
    expect(dialog.textContent).toContain('“Jornal da Noite” (Aurora Notícias) will be removed from your cloud and 3.5 GB freed.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(calls.some((c) => c.path === '/api/user/cloud/delete/v1')).toBe(false);

    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The recording was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Jornal da Noite' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Cozinha de Domingo' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/cloud/delete/v1').map((c) => c.body)).toEqual([{ id: 'rec_1' }]);
  });

  it('a recording already gone (8001) is toasted by the client, the dialog closes and the list is read again', async () => {
    const { calls, effects } = renderScreen('/my-cloud', <MyCloudScreen />, {
      '/api/user/cloud/v1': () => ({ code: 0, data: storage({ items: [recording('rec_1', 'Jornal da Noite')], total: 1 }) }),
      '/api/user/cloud/delete/v1': () => ({ code: 1, errCode: 8001, msg: 'This recording was not found.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Jornal da Noite' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(effects.toast).toHaveBeenCalled();
    expect(screen.queryByText('The recording was deleted.')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/cloud/v1')).toHaveLength(2));
  });
});
