// @vitest-environment jsdom
// The test-mode band of the payment screens and the page without payment methods
// (docs/decisions/035): shown from what the server says, in the page's language.
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryCache } from '../../src/queries/query-cache';
import { useUserConfig } from '../../src/queries/site-queries';
import type { QueryServices } from '../../src/queries/query-services';
import { Methods } from '../../src/screens/payment/methods';
import { PaymentFrame } from '../../src/components/test-mode-notice';
import pt from '../../core/i18n/lang/pt.json';
import { renderScreen, reply, testApi } from '../helpers/screen-harness';

afterEach(() => cleanup());

/** The screen inside the frame, showing the same config read the band waits for, once it has answered. */
function PaymentProbe() {
  const config = useUserConfig();
  return <h1>{config.status === 'success' ? `Payment (${config.data.env})` : 'Payment'}</h1>;
}

function renderFrame(env: 'sandbox' | 'production', messages?: Record<string, string>) {
  const { api } = testApi(async (request) =>
    new URL(request.url).pathname === '/api/user/get/config/v1'
      ? reply({ code: 0, data: { brand: 'Aurora TV', brandId: 'a', vnoId: 'v', tenantId: 't', env, caffeineRegionVerify: 60 } })
      : reply({ code: 1, errCode: 5000 }),
  );
  const services = { api, queries: createQueryCache() } as unknown as QueryServices;
  renderScreen(
    services,
    '/payment',
    <Route element={<PaymentFrame />}>
      <Route path="/payment" element={<PaymentProbe />} />
    </Route>,
    { locale: messages ? 'pt' : 'en', messages },
  );
}

describe('the test-mode band', () => {
  it('says the payments are tests when the site runs the sandbox providers', async () => {
    renderFrame('sandbox');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Test mode');
    expect(note.textContent).toContain('No real money is charged.');
    expect(note.textContent).toContain('Only test cards and the sandbox bank pay here.');
    expect(screen.getByRole('heading', { name: 'Payment (sandbox)' })).toBeTruthy();
  });

  it('speaks Portuguese on a Portuguese page', async () => {
    renderFrame('sandbox', pt);
    expect((await screen.findByRole('note')).textContent).toContain('Modo de teste');
  });

  it('is not there when the money is real', async () => {
    renderFrame('production');
    // The screen shows the answer the band reads from the same cache: it has come, and no band with it.
    await screen.findByRole('heading', { name: 'Payment (production)' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('a purchase no method can take', () => {
  it('says payment is not available yet instead of an empty chooser', () => {
    render(
      <IntlProvider locale="en" defaultLocale="en" onError={() => {}}>
        <Methods methods={[]} name={(method) => method.name} selected={undefined} disabled={false} onSelect={() => {}} />
      </IntlProvider>,
    );
    expect(screen.getByText(/Payment is not available here yet/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
