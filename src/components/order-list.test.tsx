// @vitest-environment jsdom
// The shared order list (account screen and /stb-orders), from plain props: a text for every
// status (SUBMITTED shown as pending), the receipt or pay link each order gets, paging, the empty
// state, and the TV variant's arrow keys.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../../core/config/order-status';
import pt from '../../core/i18n/lang/pt.json';
import type { Order } from '../queries/account-queries';
import { OrderList, type OrderListProps } from './order-list';

afterEach(cleanup);

let n = 0;
function order(status: OrderStatus, extra: Partial<Order> = {}): Order {
  n += 1;
  return {
    id: `ORD${String(n).padStart(20, '0')}`,
    createdAt: Date.UTC(2026, 0, n, 12),
    status,
    items: [{ planId: '1', planName: 'Monthly · 1 screen', quantity: 1, price: 2990, subtotal: 2990, validDays: 30 }],
    quantity: 1,
    discount: 0,
    subtotal: 2990,
    interest: 0,
    total: 2990,
    currency: 'BRL',
    baseCurrency: 'BRL',
    exchangeRate: 1,
    validDays: 30,
    installments: 1,
    viewCode: `CODE${String(n).padStart(4, '0')}`,
    ...extra,
  } as Order;
}

function renderList(props: Partial<OrderListProps> & Pick<OrderListProps, 'orders'>, locale = 'en', messages: Record<string, string> = {}) {
  const onPage = vi.fn();
  render(
    <IntlProvider locale={locale} messages={messages}>
      <MemoryRouter>
        <OrderList page={1} pageCount={1} onPage={onPage} {...props} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return { onPage };
}

const rows = () => screen.getAllByRole('listitem');
const rowOf = (o: Order) => rows().find((r) => r.textContent?.includes(o.id))!;

const texts: Record<OrderStatus, string> = {
  SUBMITTED: 'Pending',
  PAYMENT_PENDING: 'Pending',
  NETWORK_ERROR: 'Awaiting confirmation',
  PAYMENT_SUCCEEDED: 'Paid',
  PAYMENT_FAILED: 'Payment failed',
  PAYMENT_CANCELLED: 'Cancelled',
  CHARGEBACK_PENDING: 'Chargeback pending',
  CHARGEBACK_SUCCEEDED: 'Charged back',
  CHARGEBACK_REJECTED: 'Chargeback rejected',
  CHARGEBACK_CANCELLED: 'Chargeback cancelled',
  REFUND_PENDING: 'Refund pending',
  REFUND_SUCCEEDED: 'Refunded',
  REFUND_REJECTED: 'Refund rejected',
  REFUND_CANCELLED: 'Refund cancelled',
};
const statuses = Object.keys(texts) as OrderStatus[];

describe('OrderList', () => {
  it('says each of the 14 statuses, SUBMITTED as pending, with the date, amount and reference', () => {
    const orders = statuses.map((s) => order(s));
    renderList({ orders });
    expect(rows()).toHaveLength(14);
    for (const o of orders) {
      const row = rowOf(o);
      expect(row.querySelector('.order-status')!.textContent, o.status).toBe(texts[o.status]);
      expect(row.textContent).toContain('Monthly · 1 screen');
      expect(row.textContent).toContain('R$ 29.90');
      expect(row.textContent).toContain(`Order ${o.id} · code ${o.viewCode}`);
      expect(within(row).getByText(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(o.createdAt))).toBeTruthy();
    }
  });

  it('links a paid order to its receipt, an unpaid or failed one to paying it, a closed one nowhere', () => {
    const paid = order('PAYMENT_SUCCEEDED');
    const refundPending = order('REFUND_PENDING');
    const submitted = order('PAYMENT_PENDING');
    const failed = order('PAYMENT_FAILED');
    const cancelled = order('PAYMENT_CANCELLED');
    const refunded = order('REFUND_SUCCEEDED');
    const reported = order('SUBMITTED');
    renderList({ orders: [paid, refundPending, submitted, failed, cancelled, refunded, reported] });
    for (const o of [paid, refundPending]) {
      const link = within(rowOf(o)).getByRole('link', { name: 'View receipt' });
      expect(link.getAttribute('href')).toBe(`/receipt?orderId=${o.id}`);
      // The link is described by the order's reference, so a list of them stays tellable apart.
      expect(document.getElementById(link.getAttribute('aria-describedby')!)!.textContent).toBe(`Order ${o.id} · code ${o.viewCode}`);
    }
    for (const o of [submitted, failed]) expect(within(rowOf(o)).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/payment?orderId=${o.id}`);
    for (const o of [cancelled, refunded]) expect(within(rowOf(o)).queryByRole('link')).toBeNull();
    // A transfer whose receipt was sent waits for the bank: not offered for paying again.
    expect(within(rowOf(reported)).queryByRole('link')).toBeNull();
    expect(rowOf(reported).querySelector('.order-note')!.textContent).toBe('Transfer reported. We confirm it as soon as it reaches our account.');
  });

  it('sends a PIX or slip still to pay to its same code or slip, and a pending card order to paying it', () => {
    const pix = order('PAYMENT_PENDING', { paymentType: 'pix' });
    const slip = order('PAYMENT_PENDING', { paymentType: 'boleto' });
    const card = order('PAYMENT_PENDING', { paymentType: 'card' });
    renderList({ orders: [pix, slip, card] });
    for (const o of [pix, slip]) expect(within(rowOf(o)).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/payment-pix?orderId=${o.id}`);
    expect(within(rowOf(card)).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/payment?orderId=${card.id}`);
  });

  it('offers no "Pay now" for an order awaiting confirmation, and says when to look again', () => {
    const unknown = order('NETWORK_ERROR');
    const failed = order('PAYMENT_FAILED');
    renderList({ orders: [unknown, failed] });
    // Its card may have been charged: paying it again could charge twice (docs/decisions/036).
    expect(within(rowOf(unknown)).queryByRole('link')).toBeNull();
    expect(rowOf(unknown).querySelector('.order-note')!.textContent).toBe('Payment being confirmed. Look again in a few minutes.');
    expect(within(rowOf(failed)).getByRole('link', { name: 'Pay now' })).toBeTruthy();
    expect(rowOf(failed).querySelector('.order-note')).toBeNull();
  });

  it('shows no date unless the timestamp has 13 digits, and the id alone without a short code', () => {
    const o = order('PAYMENT_SUCCEEDED', { createdAt: 1767225600, viewCode: undefined });
    renderList({ orders: [o] });
    expect(rowOf(o).querySelector('time')).toBeNull();
    expect(rowOf(o).querySelector('.order-ref')!.textContent).toBe(`Order ${o.id}`);
  });

  it('says so when there is no order, with a way to the plans', () => {
    renderList({ orders: [] });
    expect(screen.getByText('You have no orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing-table');
  });

  it('pages: previous and next, disabled at the ends and while a page loads', () => {
    const { onPage } = renderList({ orders: [order('PAYMENT_SUCCEEDED')], page: 1, pageCount: 3 });
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    cleanup();
    renderList({ orders: [order('PAYMENT_SUCCEEDED')], page: 3, pageCount: 3, busy: true });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('in Portuguese: SUBMITTED is "Pendente", the links and notes are translated', () => {
    const submitted = order('SUBMITTED');
    const failed = order('PAYMENT_FAILED');
    const paid = order('PAYMENT_SUCCEEDED');
    renderList({ orders: [submitted, failed, paid] }, 'pt', pt);
    expect(rowOf(submitted).querySelector('.order-status')!.textContent).toBe('Pendente');
    expect(rowOf(submitted).querySelector('.order-note')!.textContent).toBe('Transferência informada. Confirmamos assim que ela chegar à nossa conta.');
    expect(within(rowOf(failed)).getByRole('link', { name: 'Pagar agora' })).toBeTruthy();
    expect(within(rowOf(paid)).getByRole('link', { name: 'Ver o recibo' })).toBeTruthy();
    expect(rowOf(paid).textContent).toContain('R$ 29,90');
  });

  it('TV variant: starts on the first order, and the arrow keys reach every row and action', () => {
    const paid = order('PAYMENT_SUCCEEDED');
    const cancelled = order('PAYMENT_CANCELLED');
    const failed = order('PAYMENT_FAILED');
    renderList({ orders: [paid, cancelled, failed], page: 1, pageCount: 2, variant: 'tv' });
    const receipt = within(rowOf(paid)).getByRole('link', { name: 'View receipt' });
    expect(document.activeElement).toBe(receipt);
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    press('ArrowDown');
    // A row without an action is a stop of its own.
    expect(document.activeElement).toBe(rowOf(cancelled));
    press('ArrowDown');
    expect(document.activeElement).toBe(within(rowOf(failed)).getByRole('link', { name: 'Pay now' }));
    press('ArrowDown');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    press('ArrowDown');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    press('ArrowUp');
    press('ArrowUp');
    expect(document.activeElement).toBe(rowOf(cancelled));
  });
});
