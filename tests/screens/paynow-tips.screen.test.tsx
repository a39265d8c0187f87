// @vitest-environment jsdom
// /paynowTips as a view (docs/decisions/019): the tip, the pending instructions with the payment
// page's panels, the check again, the reminder email and the refusals said in place. The calls
// themselves are tested on the server (tests/server/orders.test.ts, pix-boleto.test.ts).
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { createQueryCache } from '../../src/queries/query-cache';
import type { QueryServices } from '../../src/queries/query-services';
import { PaynowTipsScreen } from '../../src/screens/paynow-tips/paynow-tips-screen';
import { renderScreen, reply, testApi } from '../helpers/screen-harness';

afterEach(() => cleanup());

type Schemas = components['schemas'];
type Answer = { code: number; errCode?: number; data?: unknown };

const pendingTip: Schemas['PaymentTip'] = {
  orderId: 'ORD1',
  status: 'PAYMENT_PENDING',
  paymentType: 'pix',
  title: 'Payment being processed',
  message: 'We are waiting for the payment to be confirmed.',
  amount: 2990,
  currency: 'BRL',
  expiresAt: Date.UTC(2026, 10, 23, 15, 0),
};
const paidTip: Schemas['PaymentTip'] = {
  ...pendingTip,
  status: 'PAYMENT_SUCCEEDED',
  title: 'Payment received',
  message: 'We received your payment.',
  expiresAt: undefined,
};
const pix: Schemas['PayResult'] = {
  next: 'pix',
  orderId: 'ORD1',
  status: 'PAYMENT_PENDING',
  brCode: '00020101021226PIXCODE6304ABCD',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  amount: 2990,
  currency: 'BRL',
  expiresAt: Date.UTC(2026, 10, 23, 15, 0),
};
const boleto: Schemas['PayResult'] = {
  next: 'boleto',
  orderId: 'ORD1',
  status: 'PAYMENT_PENDING',
  barcode: '1'.repeat(44),
  digitableLine: '23790123456789012345678901234567890123456789012',
  dueDate: '2026-11-27',
  amount: 2990,
  currency: 'BRL',
};

/** Answers per call, in order; the last one repeats. */
function renderAt(path: string, answers: { tip: Answer[]; info: Answer[]; remind?: Answer[] }) {
  const calls: string[] = [];
  const next = (list: Answer[] | undefined) => (list && list.length > 1 ? list.shift()! : (list?.[0] ?? { code: 1, errCode: 5000 }));
  const { api, effects } = testApi(async (request) => {
    const { pathname } = new URL(request.url);
    calls.push(pathname);
    if (pathname === '/api/site/theme/v1') return reply({ code: 0, data: { name: 'Aurora TV' } });
    if (pathname === '/api/bill/payment/tip/v1') return reply(next(answers.tip));
    if (pathname === '/api/bill/payment-info/detail') return reply(next(answers.info));
    if (pathname === '/api/bill/order/remind/v1') return reply(next(answers.remind));
    return reply({ code: 1, errCode: 5000 });
  });
  const services = { api, queries: createQueryCache() } as unknown as QueryServices;
  renderScreen(services, path, <Route path="/paynowTips" element={<PaynowTipsScreen />} />);
  return { calls, effects };
}

describe('/paynowTips', () => {
  it('shows a pending PIX again, copies its code, checks again and then sees it paid', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = renderAt('/paynowTips?orderId=ORD1', {
      tip: [
        { code: 0, data: pendingTip },
        { code: 0, data: pendingTip },
        { code: 0, data: paidTip },
      ],
      info: [
        { code: 0, data: pix },
        { code: 0, data: pix },
        { code: 0, data: { next: 'done', orderId: 'ORD1', status: 'PAYMENT_SUCCEEDED' } },
      ],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment being processed' })).toBeTruthy();
    expect(screen.getByText('R$ 29.90', { selector: 'dd' })).toBeTruthy();
    const panel = await screen.findByRole('region', { name: 'Pay with PIX' });
    expect(within(panel).getByRole('img', { name: 'PIX QR code' })).toBeTruthy();
    expect((within(panel).getByLabelText('PIX copy-and-paste code') as HTMLTextAreaElement).value).toBe(pix.brCode);
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(pix.brCode);
    expect(await within(panel).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay another way' }).getAttribute('href')).toBe('/payment?orderId=ORD1');
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders');

    // Not arrived yet: the page stays, and says when it looked.
    fireEvent.click(screen.getByRole('button', { name: 'I have paid, check again' }));
    expect(await screen.findByText(/^Not received yet \(checked at/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pay with PIX' })).toBeTruthy();
    expect(calls.filter((c) => c === '/api/bill/payment/tip/v1')).toHaveLength(2);
    // No email is sent by checking.
    expect(calls).not.toContain('/api/bill/order/remind/v1');

    fireEvent.click(screen.getByRole('button', { name: 'I have paid, check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('Your payment is confirmed and your plan is active.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the receipt' }).getAttribute('href')).toBe('/receipt?orderId=ORD1');
    expect(screen.queryByRole('region', { name: 'Pay with PIX' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have paid, check again' })).toBeNull();
  });

  it('while the order is open it reads the tip again by itself, quietly, and turns paid', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      renderAt('/paynowTips?orderId=ORD1', {
        tip: [
          { code: 0, data: pendingTip },
          { code: 0, data: paidTip },
        ],
        info: [{ code: 0, data: pix }],
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment being processed' })).toBeTruthy();
      vi.advanceTimersByTime(10_000);
      expect(screen.queryByText('Checking your payment…')).toBeNull();
      expect(await screen.findByRole('link', { name: 'See the receipt' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a payment slip with its grouped digitable line and due date', async () => {
    renderAt('/paynowTips?orderId=ORD1', { tip: [{ code: 0, data: { ...pendingTip, paymentType: 'boleto' } }], info: [{ code: 0, data: boleto }] });
    const panel = await screen.findByRole('region', { name: 'Pay the payment slip (boleto)' });
    expect((within(panel).getByLabelText('Digitable line') as HTMLInputElement).value).toBe('23790.12345 67890.123456 78901.234567 8 90123456789012');
    expect(within(panel).getByText(/Pay by November 27, 2026/)).toBeTruthy();
  });

  it('emails the instructions on demand, and says the once-a-minute limit in place', async () => {
    const { effects } = renderAt('/paynowTips?orderId=ORD1', {
      tip: [{ code: 0, data: pendingTip }],
      info: [{ code: 0, data: pix }],
      remind: [
        { code: 0, data: { orderId: 'ORD1', email: 'a***@example.com', resendAfter: 60 } },
        { code: 1, errCode: -3031 },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Email me these instructions' }));
    expect(await screen.findByText('We emailed the payment instructions to a***@example.com.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Email me these instructions' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Operation too frequent');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('an unknown order is said with its catalogue message, not a toast', async () => {
    const { effects } = renderAt('/paynowTips?orderId=NOPE', { tip: [{ code: 1, errCode: 1001 }], info: [{ code: 1, errCode: 1001 }] });
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('an open order with nothing left to show offers to pay another way', async () => {
    renderAt('/paynowTips?orderId=ORD1', {
      tip: [{ code: 0, data: { ...pendingTip, status: 'PAYMENT_FAILED', title: 'Payment not completed' } }],
      info: [{ code: 1, errCode: 1040 }],
    });
    expect(await screen.findByText(/There are no payment instructions left to show/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay another way' })).toBeTruthy();
  });

  it('without an order it says so', () => {
    renderAt('/paynowTips', { tip: [], info: [] });
    expect(screen.getByText('No order was given.')).toBeTruthy();
  });
});
