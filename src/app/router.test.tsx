// The start-up fetches the code of the screen a path shows before React renders (docs/decisions/028).
import { describe, expect, it } from 'vitest';
import { preloadScreen, routedPaths } from './router';

describe('preloadScreen', () => {
  it('downloads the screen a path shows, through its guards', async () => {
    expect(await preloadScreen('/plan-details/2', false)).toEqual([{ status: 'fulfilled', value: { default: expect.any(Function) } }]);
    expect(await preloadScreen('/orders', true)).toHaveLength(1);
  });

  it("leaves an account's page alone without a session, and paths with no lazy screen", async () => {
    expect(await preloadScreen('/payment', false)).toEqual([]);
    expect(await preloadScreen('/pricing-table', false)).toEqual([]);
    expect(await preloadScreen('/nowhere', false)).toEqual([]);
  });
});

describe('routedPaths', () => {
  it('holds every routed path, its parameters left out', () => {
    expect([...routedPaths].sort()).toEqual(
      [
        '/pricing-table',
        '/help',
        '/privacy',
        '/terms',
        '/account-deleted',
        '/404',
        '/500',
        '/resend-confirm',
        '/notice',
        '/login',
        '/register',
        '/forgot-password',
        '/lost-password',
        '/reset-password',
        '/account',
        '/orders',
        '/payment',
        '/paymentResult',
        '/payment-redirect',
        '/payment-pix',
        '/receipt',
        '/settings',
        '/coupons',
        '/my-cloud',
        '/plan-details',
        '/paynowTips',
        '/paymentCaishen',
        '/caishenRepay',
        '/stb-orders',
        '/flows',
      ].sort(),
    );
  });
});
