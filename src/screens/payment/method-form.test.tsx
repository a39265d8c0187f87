// @vitest-environment jsdom
// The saved cards on the payment page: the default one is chosen, nothing to type, also when the
// account's cards arrive after the form is drawn (the page reads them as it opens); a new card
// the customer is typing by then is kept.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../../machines/payment/payment.types';
import { MethodForm, type SavedCard } from './method-form';

afterEach(cleanup);

const method: PaymentMethod = {
  code: 'card',
  name: 'Credit card',
  type: 'card',
  installmentsAllowed: false,
  maxInstallments: 1,
  requiredFields: [],
  savedCards: true,
};
const visa: SavedCard = { id: 'card_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holder: 'ANA SOUZA', isDefault: true, usedForRenewal: true };

function renderForm(savedCards: SavedCard[]) {
  const onSubmit = vi.fn();
  const form = (cards: SavedCard[]) => (
    <IntlProvider locale="en" messages={{}} onError={() => {}}>
      <MethodForm method={method} sandbox={false} busy={false} submitLabel="Pay" onSubmit={onSubmit} savedCards={cards} />
    </IntlProvider>
  );
  const { rerender } = render(form(savedCards));
  return { onSubmit, arrive: (cards: SavedCard[]) => rerender(form(cards)) };
}

const savedRadio = () => screen.getByRole<HTMLInputElement>('radio', { name: 'VISA ending in 4242, expires 12/2030' });

describe('the saved card', () => {
  it('is chosen when the cards are there as the form is drawn', async () => {
    const { onSubmit } = renderForm([visa]);
    expect(savedRadio().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ card: { savedCardId: 'card_1' } }));
  });

  it('is chosen when the cards arrive after the form is drawn', async () => {
    const { onSubmit, arrive } = renderForm([]);
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    arrive([visa]);
    await waitFor(() => expect(savedRadio().checked).toBe(true));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ card: { savedCardId: 'card_1' } }));
  });

  it('is not chosen over a new card the customer is already typing', async () => {
    const { arrive } = renderForm([]);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    arrive([visa]);
    expect(savedRadio().checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'A new card' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('4000 0000 0000 0002');
  });
});
