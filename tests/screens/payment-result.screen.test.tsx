// @vitest-environment jsdom
// /paymentResult for an order awaiting confirmation (NETWORK_ERROR, docs/decisions/036): the page
// says in its own words not to pay again and when to look again, offers no "Pay this order", and
// "Check again" asks for the order once more. Where a repay of such an order lands (the repay
// machine ends `pending` for it).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { createQueryCache } from '../../src/queries/query-cache';
import type { QueryServices } from '../../src/queries/query-services';
import { PaymentResultScreen } from '../../src/screens/payment/payment-result-screen';
import { renderScreen, reply, testApi } from '../helpers/screen-harness';

afterEach(() => cleanup());

type Tip = components['schemas']['PaymentTip'];
const tip = (status: Tip['status'], title: string, message: string): Tip => ({
  orderId: 'ORD1',
  status,
  paymentType: 'card',
  title,
  message,
  amount: 2990,
  currency: 'BRL',
});
const awaiting = tip(
  'NETWORK_ERROR',
  'Payment being processed',
  'We are waiting for the payment to be confirmed. You can also finish paying from your orders.',
);
const paid = tip('PAYMENT_SUCCEEDED', 'Payment received', 'We received your payment and your access is active.');
const failed = tip('PAYMENT_FAILED', 'Payment not completed', 'The payment was not approved.');

function renderResult(answers: Tip[]) {
  const calls: string[] = [];
  const { api } = testApi(async (request) => {
    const { pathname } = new URL(request.url);
    calls.push(pathname);
    if (pathname === '/api/bill/payment/tip/v1') return reply({ code: 0, data: answers.length > 1 ? answers.shift() : answers[0] });
    return reply({ code: 1, errCode: 5000 });
  });
  renderScreen(
    { api, queries: createQueryCache() } as unknown as QueryServices,
    '/paymentResult?orderId=ORD1',
    <Route path="/paymentResult" element={<PaymentResultScreen />} />,
  );
  return { tipCalls: () => calls.filter((c) => c === '/api/bill/payment/tip/v1').length };
}

describe('/paymentResult', () => {
  it('an order awaiting confirmation: do not pay again, look again in a few minutes; "Check again" then shows it paid', async () => {
    const { tipCalls } = renderResult([awaiting, paid]);
    expect(await screen.findByRole('heading', { level: 1, name: 'We are confirming your payment' })).toBeTruthy();
    const text = screen.getByText(/not yet heard from the card network/).textContent!;
    expect(text).toContain('Please do not pay this order again, or you could be charged twice.');
    expect(text).toContain('We check every minute: look again in a few minutes.');
    // The server's general pending words ("finish paying from your orders") are not shown.
    expect(screen.queryByText(/finish paying/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay this order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My orders' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(tipCalls()).toBe(2);
    expect(screen.getByRole('link', { name: 'See the receipt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it("a failed order is still offered for paying again, in the server's words", async () => {
    renderResult([failed]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay this order' }).getAttribute('href')).toBe('/payment?orderId=ORD1');
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('a PIX left to pay later: the same code again, not a new payment that would replace it', async () => {
    renderResult([{ ...tip('PAYMENT_PENDING', 'Waiting for your payment', 'Your order is made and waits for your payment.'), paymentType: 'pix' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See how to pay' }).getAttribute('href')).toBe('/payment-pix?orderId=ORD1');
    expect(screen.queryByRole('link', { name: 'Pay this order' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See the plans' })).toBeNull();
  });
});
