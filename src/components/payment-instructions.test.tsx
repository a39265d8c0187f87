// @vitest-environment jsdom
// The crypto panel of a quote paid in part (docs/decisions/050): the received/remaining line shows
// only while something arrived and something is left, the quote in the same column of decimals.
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayResultOf } from '../../machines/payment/payment.types';
import { CryptoPanel, sameDecimals } from './payment-instructions';

afterEach(() => cleanup());

const quote: PayResultOf<'crypto'> = {
  next: 'crypto',
  orderId: 'ORD0001',
  status: 'PAYMENT_PENDING',
  coin: 'BTC',
  network: 'bitcoin',
  address: 'tb1qexampleaddress',
  coinAmount: '0.003',
  amount: 2990,
  currency: 'BRL',
  expiresAt: Date.UTC(2026, 10, 26, 14, 32),
};
// English from the messages' defaults: the missing-translation notices are not this test's concern.
const show = (q: PayResultOf<'crypto'>) =>
  render(
    <IntlProvider locale="en-GB" defaultLocale="en" timeZone="UTC" onError={() => undefined}>
      <CryptoPanel crypto={q} />
    </IntlProvider>,
  );

describe('CryptoPanel, underpaid', () => {
  it('says what arrived and what is left, until when, with the rest to copy', () => {
    show({ ...quote, coinReceived: '0.00120000', coinRemaining: '0.00180000' });
    const line = screen.getByRole('status');
    expect(line.querySelector('#crypto-underpaid')?.textContent).toBe(
      'Received 0.00120000 BTC of 0.00300000 BTC. Send the remaining 0.00180000 BTC to the same address before 14:32.',
    );
    expect(screen.getByRole('button', { name: 'Copy', description: 'Remaining amount' })).toBeTruthy();
  });

  it('keeps an empty live region before anything arrived and once nothing is left', () => {
    show(quote);
    expect(screen.getByRole('status').textContent).toBe('');
    cleanup();
    show({ ...quote, coinReceived: '0.00300000', coinRemaining: '0.00000000' });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('writes the quote with the decimals of what arrived, and never drops digits', () => {
    expect(sameDecimals('0.003', '0.00120000')).toBe('0.00300000');
    expect(sameDecimals('12', '0.50')).toBe('12.00');
    expect(sameDecimals('0.123456789', '0.1')).toBe('0.123456789');
  });
});
