// @vitest-environment jsdom
// The withdrawal on the routed receipt page (docs/decisions/058), signed in as a real customer of
// the real server in-process: a card purchase withdrawn shows "Refunded"; a boleto purchase asks
// for the bank account and says a refused one beside the fields; a pending refund is cancelled.
import '../model/node-realm';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { useTestServer } from '../helpers/test-server';
import { WithdrawalWorld } from '../model/withdrawal.world';
import { renderSignedIn } from '../model/router-bridge';

// The page compares the deadline with the browser’s clock: the server’s starts at the same time.
const clock = createFakeClock(Date.now());
const server = useTestServer({}, { clock });
afterEach(() => cleanup());

async function receiptOfPaid(method: 'card' | 'pix' | 'boleto') {
  const world = new WithdrawalWorld(server, clock, { method, start: 'payer' });
  await world.setUp();
  const page = await renderSignedIn(world.customer.client, {
    url: `/receipt?orderId=${world.orderId}`,
    actorOptions: { clock: new SimulatedClock(), inspect: () => {} },
    now: () => clock.now(),
  });
  const section = await screen.findByRole('region', { name: 'Withdraw from this purchase' });
  return { orderId: world.orderId, page, section: within(section) };
}

describe('withdrawing on the receipt page', () => {
  it('by card: offered with its deadline, confirmed, then "Refunded"', async () => {
    const { section, page } = await receiptOfPaid('card');
    expect(section.getByText(/you can withdraw: the order is cancelled/)).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Withdraw (cancel and refund)' }));
    fireEvent.click(section.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(screen.getByText('Refunded: the money went back and the plan this order gave has ended.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Withdraw (cancel and refund)' })).toBeNull();
    page.stop();
  });

  it('by boleto: the bank account is asked for; a malformed one is refused beside the fields', async () => {
    const { section, page } = await receiptOfPaid('boleto');
    fireEvent.click(section.getByRole('button', { name: 'Withdraw (cancel and refund)' }));
    fireEvent.change(section.getByLabelText('Bank code (3 digits)'), { target: { value: '1' } });
    fireEvent.change(section.getByLabelText('Branch (4 digits)'), { target: { value: '1234' } });
    fireEvent.change(section.getByLabelText('Account number with check digit'), { target: { value: '12345-6' } });
    fireEvent.change(section.getByLabelText('Account holder’s CPF'), { target: { value: '123.456.789-09' } });
    fireEvent.click(section.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(section.getByRole('alert').textContent).toMatch(/3-digit bank code/));
    fireEvent.change(section.getByLabelText('Bank code (3 digits)'), { target: { value: '001' } });
    fireEvent.click(section.getByRole('button', { name: 'Confirm withdrawal' }));
    // Each answer reads the order again: the page is drawn anew, so the section is looked up again.
    // While a refund is asked for, it is headed "Refund".
    const current = () => within(screen.getByRole('region', { name: /^(Withdraw from this purchase|Refund)$/ }));
    await waitFor(() => expect(current().getByRole('button', { name: 'Cancel the refund request' })).toBeTruthy());
    expect(current().getByText(/Refund pending/)).toBeTruthy();
    fireEvent.click(current().getByRole('button', { name: 'Cancel the refund request' }));
    await waitFor(() => expect(current().getByText('You cancelled the refund request. The purchase stays paid.')).toBeTruthy());
    page.stop();
  });
});
