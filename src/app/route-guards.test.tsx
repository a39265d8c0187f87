// @vitest-environment jsdom
// The router's two guards: an account page sends an anonymous visitor to /login and back
// (docs/decisions/020), and plan-details takes digits only (spec section 2).
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { UserInfo } from '../../core/session/store';
import { ServicesContext, type ViewServices } from '../queries/services-context';
import { RequireDigits, RequireSession } from './route-guards';

afterEach(() => cleanup());

const user: UserInfo = {
  token: 't',
  uid: '7',
  account: 'ana@example.com',
  type: 'email',
  expiration: Date.now() + 86_400_000,
  accountLoginType: 'password',
} as UserInfo;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(path: string, userInfo: UserInfo | null) {
  const session = createActor(sessionMachine, { input: { userInfo } }).start();
  render(
    <ServicesContext.Provider value={{ session } as unknown as ViewServices}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/orders"
            element={
              <RequireSession>
                <p>orders</p>
              </RequireSession>
            }
          />
          <Route
            path="/plan-details/:id"
            element={
              <RequireDigits param="id">
                <p>plan</p>
              </RequireDigits>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return session;
}

describe('route guards', () => {
  it('sends an anonymous visitor to /login with the way back, query included, saying why', () => {
    renderAt('/orders?page=2', null);
    expect(screen.getByTestId('where').textContent).toBe(`/login?redirect=${encodeURIComponent('/orders?page=2')}&reason=signInRequired`);
  });

  it('lets a signed-in visitor in', () => {
    renderAt('/orders', user);
    expect(screen.getByText('orders')).toBeTruthy();
  });

  it('plan-details takes digits only; anything else is /404', () => {
    renderAt('/plan-details/12', null);
    expect(screen.getByText('plan')).toBeTruthy();
    cleanup();
    renderAt('/plan-details/12a', null);
    expect(screen.getByTestId('where').textContent).toBe('/404');
    cleanup();
    renderAt('/plan-details/-1', null);
    expect(screen.getByTestId('where').textContent).toBe('/404');
  });
});
