// @vitest-environment jsdom
// The plan-details view: what it shows of a plan (spec section 2), in the user's language, and a
// refusal said with its catalogue message. The server's side is tested in tests/server/pricing.test.ts.
import { cleanup, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { components } from '../../openapi/schema';
import { sessionMachine } from '../../machines/session/session.machine';
import { createQueryCache } from '../../src/queries/query-cache';
import type { QueryServices } from '../../src/queries/query-services';
import type { UserInfo } from '../../core/session/store';
import { PlanDetailsScreen } from '../../src/screens/plan-details/plan-details-screen';
import { renderScreen, reply, testApi } from '../helpers/screen-harness';

afterEach(() => cleanup());

const plan: components['schemas']['Plan'] = {
  id: '2',
  name: 'Monthly · 2 screens',
  description: 'Everything in HD on two screens at once.',
  periodDays: 30,
  deviceCount: 2,
  multiDevice: true,
  prices: [{ currency: 'BRL', amount: 3990, originalAmount: 4990 }],
  installmentsAllowed: true,
  maxInstallments: 12,
  benefits: [{ discountRate: 10, periods: 3 }],
  popular: true,
  autoRenew: true,
  features: ['Live channels', 'Catch-up TV for 7 days'],
};
const user = { token: 't', uid: '7', account: 'ana@example.com', type: 'email', expiration: Date.now() + 86_400_000, accountLoginType: 'password' } as UserInfo;

type Answer = { code: number; errCode?: number; data?: unknown };

function renderAt(path: string, { answer, userInfo = null, locale = 'en' }: { answer: Answer; userInfo?: UserInfo | null; locale?: string }) {
  const seen: URL[] = [];
  const { api, effects } = testApi(
    async (request) => {
      const url = new URL(request.url);
      seen.push(url);
      if (url.pathname === '/api/site/theme/v1') return reply({ code: 0, data: { name: 'Aurora TV' } });
      if (url.pathname === '/api/site/get/config/v1')
        return reply({ code: 0, data: { payment: { defaultCurrency: 'BRL', defaultInstallment: 3 }, validRules: {} } });
      if (url.pathname.startsWith('/api/site/plan/detail/')) return reply(answer);
      return reply({ code: 1, errCode: 5000 });
    },
    { token: userInfo?.token ?? null, language: locale },
  );
  const session = createActor(sessionMachine, { input: { userInfo } }).start();
  const services = { api, queries: createQueryCache(), session, cache: { setValidRules: () => {} } } as unknown as QueryServices;
  renderScreen(services, path, <Route path="/plan-details/:id" element={<PlanDetailsScreen />} />, { locale });
  return { seen, effects };
}

describe('plan details', () => {
  it('shows the plan as the pricing table does, and more, with the way to buy it', async () => {
    renderAt('/plan-details/2', { answer: { code: 0, data: plan } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly · 2 screens' })).toBeTruthy();
    expect(screen.getByText('Most popular')).toBeTruthy();
    expect(screen.getByText('30 days')).toBeTruthy();
    expect(screen.getByText('2 screens at a time')).toBeTruthy();
    expect(screen.getByText('R$ 39.90')).toBeTruthy();
    expect(screen.getByText('R$ 49.90')).toBeTruthy();
    expect(screen.getByText('or 3x of R$ 13.30')).toBeTruthy();
    expect(screen.getByText('10% off for 3 periods')).toBeTruthy();
    expect(screen.getByText('Everything in HD on two screens at once.')).toBeTruthy();
    const features = within(screen.getByRole('region', { name: 'What you get' })).getAllByRole('listitem');
    expect(features.map((li) => li.textContent)).toEqual(['Live channels', 'Catch-up TV for 7 days']);
    expect(screen.getByRole('link', { name: 'Choose this plan' }).getAttribute('href')).toBe('/payment?planId=2');
    expect(screen.getByRole('link', { name: /All plans/ }).getAttribute('href')).toBe('/pricing-table');
    // Spec section 2: an anonymous visitor is told the prices may change after log-in.
    expect(screen.getByText(/may vary after you log in/)).toBeTruthy();
  });

  it('asks for the plan in the user language, and a signed-in customer sees no list-price notice', async () => {
    const { seen } = renderAt('/plan-details/2', { answer: { code: 0, data: plan }, userInfo: user, locale: 'es' });
    await screen.findByRole('heading', { level: 1 });
    const call = seen.find((u) => u.pathname === '/api/site/plan/detail/2');
    expect(call?.searchParams.get('language')).toBe('es');
    expect(screen.queryByText(/may vary after you log in/)).toBeNull();
  });

  it('a refusal is said with its catalogue message and a way back to the plans', async () => {
    const { effects } = renderAt('/plan-details/2', { answer: { code: 1, errCode: 5000 } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid request');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing-table');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('an unknown plan (6001) goes to /404, as the catalogue rules say (spec section 8)', async () => {
    const { effects } = renderAt('/plan-details/999', { answer: { code: 1, errCode: 6001 } });
    await screen.findByRole('alert');
    expect(effects.navigate).toHaveBeenCalledWith('/404');
  });
});
